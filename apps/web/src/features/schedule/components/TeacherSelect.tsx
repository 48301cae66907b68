import { Select } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeacherOptions } from '../../../lib/reference/get-teacher-options.ts';

type Picked = { id: string; orgUnitId?: string | null | undefined };

/** A member of the school found by name or account as one types; `onPick` hears the chosen person with their department. */
export function TeacherSelect(props: { value?: string | null; onChange?: (v: string | undefined) => void; onPick?: (person: Picked) => void; placeholder?: string; 'aria-label'?: string; style?: CSSProperties; 'data-testid'?: string }) {
  const { t } = useTranslation('schedule');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  // Wait for a pause in typing before asking the server.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useTeacherOptions('course', keyword ? { keyword } : {}, { keepPrevious: true });
  // The chosen person, so an edited course shows its teacher's name even when not among the hits.
  const chosen = useTeacherOptions('course', { id: props.value ?? '' }, { enabled: !!props.value, keepPrevious: true });
  const people = [...(props.value ? (chosen.data ?? []) : []), ...(found.data ?? []).filter((p) => p.id !== props.value)];
  return (
    <Select<string>
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.isFetching}
      notFoundContent={t('common.noMatch')}
      options={people.map((p) => ({ value: p.id, label: `${p.name} (${p.account})` }))}
      value={props.value ?? undefined}
      onChange={(v) => {
        props.onChange?.(v ?? undefined);
        const person = people.find((p) => p.id === v);
        if (person) props.onPick?.(person);
      }}
      placeholder={props.placeholder}
      aria-label={props['aria-label']}
      style={props.style}
      popupMatchSelectWidth={false}
      data-testid={props['data-testid']}
    />
  );
}
