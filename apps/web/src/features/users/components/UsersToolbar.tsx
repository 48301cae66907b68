import { Flex, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TIdentity } from '@hxk/contracts/permissions';
import type { MemberQuery } from '../api/get-users.ts';
import { useRoleOptions } from '../api/get-role-options.ts';
import { identityOptions, roleLabel } from './labels.ts';

export type UserFilters = Pick<MemberQuery, 'keyword' | 'identity' | 'roleId' | 'status'>;

const SEARCH_STYLE = { flex: '2 1 240px', maxWidth: 300 };
const FILTER_STYLE = { flex: '1 1 140px', maxWidth: 200 };

/** Search and filters, then `actions` (the add buttons on a phone); the controls wrap and stretch on small screens. */
export function UsersToolbar({ onChange, actions }: { onChange: (patch: UserFilters) => void; actions?: ReactNode }) {
  const { t } = useTranslation('users');
  const roles = useRoleOptions();
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={t('list.search')}
        style={SEARCH_STYLE}
        onSearch={(keyword) => onChange({ keyword: keyword.trim() || undefined })}
        data-testid="users-search"
      />
      <Select<TIdentity>
        allowClear
        placeholder={t('list.identity')}
        style={FILTER_STYLE}
        options={identityOptions(t)}
        onChange={(identity) => onChange({ identity })}
        aria-label={t('list.identity')}
        data-testid="users-filter-identity"
      />
      <Select<string>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('list.role')}
        style={FILTER_STYLE}
        loading={roles.isLoading}
        options={roles.data?.map((r) => ({ value: r.roleId, label: roleLabel(t, r) }))}
        onChange={(roleId) => onChange({ roleId })}
        aria-label={t('list.role')}
        data-testid="users-filter-role"
      />
      <Select<'approved' | 'disabled'>
        allowClear
        placeholder={t('list.status')}
        style={FILTER_STYLE}
        options={(['approved', 'disabled'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
        onChange={(status) => onChange({ status })}
        aria-label={t('list.status')}
        data-testid="users-filter-status"
      />
      {actions && <Space wrap>{actions}</Space>}
    </Flex>
  );
}
