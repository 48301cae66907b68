import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePeople } from '../api/lookup-people.ts';

/** Picks people of the school (optionally of one identity), searched on the server. */
export function PersonPicker({ value, onChange, identity, ...rest }: { value?: string[]; onChange?: (v: string[]) => void; identity?: number; 'data-testid'?: string }) {
  const { t } = useTranslation('assignments');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [labels, setLabels] = useState<Record<string, string>>({});
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const people = usePeople({ keyword: keyword || undefined, identity });
  const found = (people.data ?? []).map((p) => ({ value: p.userId, label: `${p.name} (${p.account})` }));
  const kept = (value ?? []).filter((id) => !found.some((f) => f.value === id)).map((id) => ({ value: id, label: labels[id] ?? id }));
  return (
    <Select<string[]>
      mode="multiple"
      value={value}
      onChange={(v) => {
        setLabels((l) => ({ ...l, ...Object.fromEntries(found.filter((f) => v.includes(f.value)).map((f) => [f.value, f.label])) }));
        onChange?.(v);
      }}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={people.isFetching}
      options={[...kept, ...found]}
      placeholder={t('picker.people')}
      notFoundContent={t('picker.none')}
      data-testid={rest['data-testid']}
    />
  );
}
