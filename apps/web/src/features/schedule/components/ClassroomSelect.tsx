import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useScheduleOptions } from '../api/get-schedule-options.ts';

/** A classroom, searchable by building and room name. */
export function ClassroomSelect(props: { value?: string | null; onChange?: (v: string | undefined) => void; placeholder?: string; 'aria-label'?: string; style?: CSSProperties; 'data-testid'?: string }) {
  const options = useScheduleOptions();
  return (
    <Select<string>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isLoading}
      options={options.data?.classrooms.map((c) => ({ value: c.id, label: `${c.buildingName} ${c.name}` }))}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? undefined)}
      placeholder={props.placeholder}
      aria-label={props['aria-label']}
      style={props.style}
      popupMatchSelectWidth={false}
      data-testid={props['data-testid']}
    />
  );
}
