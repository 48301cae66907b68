import { useState } from 'react';
import { Button, Flex, Input, Modal, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IDENTITY_NAMES, type TIdentity } from '@hxk/contracts/permissions';
import { Permission } from '../../../components/Permission.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useRoleUsers, type RoleUser } from '../api/get-role-users.ts';
import { useAuthRole } from '../api/auth-role.ts';
import { useRoleList } from '../api/get-role-list.ts';
import { roleName } from './role-name.ts';
import { AddUsersModal } from './AddUsersModal.tsx';
import { PersonCell } from '../../../components/PersonCell.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';

/** The members holding a role: search, page, add more, remove some. */
export function RoleUsersPanel({ role }: { role: { roleId: string; label: string } }) {
  const { t } = useTranslation('roles');
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState({ pageNum: 1, pageSize: 10, keyword: '' });
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const users = useRoleUsers({ ...query, roleId: role.roleId });
  const assign = useAuthRole();
  // userList names roles as stored; built-in ones are shown in the interface language.
  const builtinOf = new Map((useRoleList().data ?? []).map((r) => [r.roleId, r.builtin]));

  const removeSelected = () =>
    modal.confirm({
      title: t('users.removeConfirm', { count: selected.length }),
      okButtonProps: { danger: true },
      okText: t('users.remove'),
      cancelText: t('common:action.cancel'),
      onOk: () =>
        assign.mutateAsync({ userIds: selected, roleIds: [role.roleId], mode: 'remove' }).then(() => {
          toastSuccess(t('users.removed'));
          setSelected([]);
        }),
    });

  const columns: ColumnsType<RoleUser> = [
    {
      title: t('users.name'),
      dataIndex: 'name',
      render: (_, r) => <PersonCell name={r.name} account={r.account} />,
    },
    { title: t('users.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—', responsive: ['lg'] },
    { title: t('users.identity'), dataIndex: 'identity', render: (v: number) => <Tag>{t(`common:identity.${IDENTITY_NAMES[v as TIdentity]}`)}</Tag> },
    { title: t('users.roles'), dataIndex: 'roles', responsive: ['md'], render: (_, r) => r.roles.map((x) => <Tag key={x.roleId}>{roleName(t, { name: x.name, builtin: builtinOf.get(x.roleId) ?? null })}</Tag>) },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap justify="space-between">
        <Input.Search
          allowClear
          placeholder={t('users.search')}
          style={{ maxWidth: 280 }}
          onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() }))}
          data-testid="role-users-search"
        />
        <Permission code="role:assignUsers">
          <Space wrap>
            <Button danger icon={<UserDeleteOutlined />} disabled={selected.length === 0} onClick={removeSelected} data-testid="role-users-remove">
              {t('users.remove')}
            </Button>
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)} data-testid="role-users-add">
              {t('users.add')}
            </Button>
          </Space>
        </Permission>
      </Flex>
      <Table<RoleUser>
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={users.data?.list}
        loading={users.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), getCheckboxProps: (r) => ({ name: r.account }) }}
        pagination={serverPagination(query, setQuery, users.data?.total)}
      />
      {adding && <AddUsersModal role={role} onClose={() => setAdding(false)} />}
      {modalHolder}
    </Flex>
  );
}
