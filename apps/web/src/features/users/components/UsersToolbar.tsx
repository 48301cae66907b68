import { Flex, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TIdentity } from '@hxk/contracts/permissions';
import type { MemberQuery } from '../api/get-users.ts';
import { useRoleOptions } from '../api/get-role-options.ts';
import { identityOptions, roleLabel } from './labels.ts';

export type UserFilters = Pick<MemberQuery, 'keyword' | 'identity' | 'roleId' | 'status'>;

/** Search and filters on the left, the add buttons (`actions`) on the right; wraps on small screens. */
export function UsersToolbar({ onChange, actions }: { onChange: (patch: UserFilters) => void; actions: ReactNode }) {
  const { t } = useTranslation('users');
  const roles = useRoleOptions();
  return (
    <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('list.search')}
          style={{ width: 260 }}
          onSearch={(keyword) => onChange({ keyword: keyword.trim() || undefined })}
          data-testid="users-search"
        />
        <Select<TIdentity>
          allowClear
          placeholder={t('list.identity')}
          style={{ width: 180 }}
          options={identityOptions(t)}
          onChange={(identity) => onChange({ identity })}
          data-testid="users-filter-identity"
        />
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('list.role')}
          style={{ width: 180 }}
          loading={roles.isLoading}
          options={roles.data?.map((r) => ({ value: r.roleId, label: roleLabel(t, r) }))}
          onChange={(roleId) => onChange({ roleId })}
          data-testid="users-filter-role"
        />
        <Select<'approved' | 'disabled'>
          allowClear
          placeholder={t('list.status')}
          style={{ width: 140 }}
          options={(['approved', 'disabled'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(status) => onChange({ status })}
          data-testid="users-filter-status"
        />
      </Space>
      <Space wrap>{actions}</Space>
    </Flex>
  );
}
