import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPersonRef } from '@hxk/contracts/supervision';
import { usePeople } from '../api/lookup-people.ts';

type Props = {
  value?: string | string[];
  onChange?: (value: string | string[]) => void;
  multiple?: boolean;
  /** Only people of this identity (4 = teachers). */
  identity?: number;
  /** People already chosen (their names are shown before any search). */
  known?: TPersonRef[];
  placeholder?: string;
  /** Told the people chosen, with their names (the form keeps only ids). */
  onPicked?: (people: TPersonRef[]) => void;
  'data-testid'?: string;
};

/** Picks people of the school by name or account, searched on the server. */
export function PeopleSelect({ value, onChange, multiple, identity, known = [], placeholder, onPicked, ...rest }: Props) {
  const { t } = useTranslation('supervision');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const people = usePeople({ keyword: keyword || undefined, identity });
  const byId = useMemo(() => {
    const map = new Map<string, TPersonRef>();
    for (const p of [...known, ...(people.data ?? [])]) map.set(p.userId, { userId: p.userId, name: p.name, account: p.account });
    return map;
  }, [known, people.data]);
  const options = [...byId.values()].map((p) => ({ value: p.userId, label: `${p.name} (${p.account})` }));
  return (
    <Select<string | string[]>
      mode={multiple ? 'multiple' : undefined}
      value={value}
      onChange={(v) => {
        const ids = Array.isArray(v) ? v : v ? [v] : [];
        onPicked?.(ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
        onChange?.(v);
      }}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      loading={people.isFetching}
      options={options}
      placeholder={placeholder ?? t('picker.people')}
      notFoundContent={people.isFetching ? t('picker.loading') : t('picker.none')}
      onBlur={() => setTyped('')}
      data-testid={rest['data-testid']}
    />
  );
}
