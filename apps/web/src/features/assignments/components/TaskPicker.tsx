import { useEffect } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTaskOptions } from '../api/get-task-options.ts';

/** Chooses an assignment task; picks the newest one when nothing is chosen yet (unless `optional`). */
export function TaskPicker({ value, onChange, optional }: { value: string | undefined; onChange: (taskId: string | undefined) => void; optional?: boolean }) {
  const { t } = useTranslation('assignments');
  const tasks = useTaskOptions();
  const first = tasks.data?.[0]?.taskId;
  useEffect(() => {
    if (!optional && !value && first) onChange(first);
  }, [optional, value, first, onChange]);
  return (
    <Select<string>
      value={value}
      onChange={(v) => onChange(v)}
      allowClear={optional}
      loading={tasks.isLoading}
      placeholder={t('task.pick')}
      style={{ minWidth: 240 }}
      showSearch={{ optionFilterProp: 'label' }}
      options={tasks.data?.map((x) => ({ value: x.taskId, label: `${x.name} (${x.startDate} ~ ${x.endDate})` }))}
      notFoundContent={t('task.none')}
      aria-label={t('task.pick')}
      data-testid="task-picker"
    />
  );
}
