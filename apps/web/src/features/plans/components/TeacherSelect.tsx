import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTeacherOptions } from '../../../lib/reference/get-teacher-options.ts';
import { useDebounced } from './use-debounced.ts';

/** One teacher, searched on the server by name or account. */
export function TeacherSelect({ value, onChange, testId }: { value?: string | undefined; onChange: (v: string | undefined) => void; testId?: string }) {
  const { t } = useTranslation('plans');
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim());
  const teachers = useTeacherOptions('plan', { keyword: keyword || undefined });
  return (
    <Select<string>
      allowClear
      value={value}
      onChange={(v) => onChange(v || undefined)}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={teachers.isFetching}
      options={(teachers.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.account})` }))}
      placeholder={t('courses.teacher')}
      notFoundContent={teachers.isFetching ? t('picker.loading') : t('picker.none')}
      style={{ width: 180 }}
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}
