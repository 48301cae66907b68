import { useMemo, useState, type CSSProperties } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPersonRef } from '@hxk/contracts/supervision';
import { useTeacherOptions } from '../../../lib/reference/get-teacher-options.ts';
import { useDebounced } from './use-debounced.ts';

type Props = {
  mode?: 'multiple';
  value?: string | string[] | undefined;
  onChange?: (v: string | string[] | undefined) => void;
  /** People chosen before (their names show before any search). */
  known?: TPersonRef[];
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  testId?: string;
};

/** Teachers of the school searched on the server by name or account; one or several. */
export function TeacherSelect({ mode, value, onChange, known = [], placeholder, disabled, style, testId }: Props) {
  const { t } = useTranslation('questionnaires');
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim());
  const teachers = useTeacherOptions('questionnaire', { keyword: keyword || undefined });
  const [picked, setPicked] = useState<TPersonRef[]>([]);
  const byId = useMemo(() => {
    const map = new Map<string, TPersonRef>();
    for (const p of [...known, ...picked]) map.set(p.userId, p);
    for (const p of teachers.data ?? []) map.set(p.id, { userId: p.id, name: p.name, account: p.account });
    return map;
  }, [known, picked, teachers.data]);
  return (
    <Select<string | string[]>
      mode={mode}
      allowClear
      value={value}
      disabled={disabled}
      onChange={(v) => {
        const ids = Array.isArray(v) ? v : v ? [v] : [];
        setPicked((prev) => [...prev, ...ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))]);
        onChange?.(Array.isArray(v) ? v : v || undefined);
      }}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={teachers.isFetching}
      options={[...byId.values()].map((p) => ({ value: p.userId, label: `${p.name} (${p.account})` }))}
      placeholder={placeholder ?? t('editor.teacher')}
      notFoundContent={teachers.isFetching ? t('editor.searching') : t('editor.noMatch')}
      onBlur={() => setTyped('')}
      style={style}
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}
