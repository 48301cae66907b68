import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPersonRef } from '@hxk/contracts/supervision';
import { usePeople } from '../api/lookup-people.ts';
import { useDebounced } from './use-debounced.ts';

type Props = {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** People already chosen (their names show before any search). */
  known?: TPersonRef[];
  disabled?: boolean;
  'data-testid'?: string;
};

/** Supervisors of a plan: people of the school searched by name or account. */
export function PeopleSelect({ value, onChange, known = [], disabled, ...rest }: Props) {
  const { t } = useTranslation('plans');
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim());
  const people = usePeople(keyword || undefined);
  // Names of people picked earlier stay known when a new search replaces the options.
  const [picked, setPicked] = useState<TPersonRef[]>([]);
  const byId = useMemo(() => {
    const map = new Map<string, TPersonRef>();
    for (const p of [...known, ...picked, ...(people.data ?? [])]) map.set(p.userId, { userId: p.userId, name: p.name, account: p.account });
    return map;
  }, [known, picked, people.data]);
  return (
    <Select<string[]>
      mode="multiple"
      value={value}
      disabled={disabled}
      onChange={(ids) => {
        setPicked((prev) => [...prev, ...ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))]);
        onChange?.(ids);
      }}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      loading={people.isFetching}
      options={[...byId.values()].map((p) => ({ value: p.userId, label: `${p.name} (${p.account})` }))}
      placeholder={t('form.supervisorsPlaceholder')}
      notFoundContent={people.isFetching ? t('picker.loading') : t('picker.none')}
      onBlur={() => setTyped('')}
      data-testid={rest['data-testid']}
    />
  );
}
