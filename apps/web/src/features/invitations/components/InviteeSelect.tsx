import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInvitees } from '../api/get-invitees.ts';

export type PickedPerson = { value: string; label: string };

/** Searchable multi-select of the people I may invite; picked people keep their names across searches. */
export function InviteeSelect({ value, onChange }: { value?: PickedPerson[]; onChange?: (v: PickedPerson[]) => void }) {
  const { t } = useTranslation('invitations');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const invitees = useInvitees(keyword);
  const options = (invitees.data ?? []).map((p) => ({
    value: p.userId,
    label: p.orgUnitName ? `${p.name} (${p.account}) · ${p.orgUnitName}` : `${p.name} (${p.account})`,
  }));

  return (
    <Select<PickedPerson[]>
      mode="multiple"
      labelInValue
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={(v) => onChange?.(v)}
      onBlur={() => setTyped('')}
      loading={invitees.isFetching}
      placeholder={t('invite.inviteesPlaceholder')}
      options={options}
      notFoundContent={invitees.isFetching ? undefined : t('invite.noInvitees')}
      maxCount={20}
      style={{ width: '100%' }}
      data-testid="invite-invitees"
    />
  );
}
