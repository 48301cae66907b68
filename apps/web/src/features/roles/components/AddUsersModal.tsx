import { useState } from 'react';
import { Input, Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { IDENTITY_NAMES, type TIdentity } from '@hxk/contracts/permissions';
import { toastSuccess } from '../../../lib/toast.ts';
import { useRoleUsers, type RoleUser } from '../api/get-role-users.ts';
import { useAuthRole } from '../api/auth-role.ts';

/** Picks members of the school to give a role (those who hold it already cannot be picked). */
export function AddUsersModal({ role, onClose }: { role: { roleId: string; label: string }; onClose: () => void }) {
  const { t } = useTranslation('roles');
  const [query, setQuery] = useState({ pageNum: 1, pageSize: 10, keyword: '' });
  const [selected, setSelected] = useState<string[]>([]);
  const users = useRoleUsers(query);
  const assign = useAuthRole();

  const ok = () =>
    assign.mutate(
      { userIds: selected, roleIds: [role.roleId], mode: 'add' },
      {
        onSuccess: () => {
          toastSuccess(t('users.added'));
          onClose();
        },
      },
    );

  return (
    <Modal
      open
      width={760}
      title={t('users.pickTitle', { role: role.label })}
      onCancel={onClose}
      onOk={ok}
      okButtonProps={{ disabled: selected.length === 0, loading: assign.isPending, 'data-testid': 'add-users-ok' } }
      cancelText={t('common:action.cancel')}
    >
      <Input.Search
        allowClear
        placeholder={t('users.search')}
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() }))}
        data-testid="add-users-search"
      />
      <Table<RoleUser>
        rowKey="userId"
        size="small"
        dataSource={users.data?.list}
        loading={users.isFetching}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (r) => ({ disabled: r.roles.some((x) => x.roleId === role.roleId), name: r.account }),
        }}
        columns={[
          { title: t('users.name'), dataIndex: 'name' },
          { title: t('users.account'), dataIndex: 'account' },
          { title: t('users.identity'), dataIndex: 'identity', render: (v: number) => <Tag>{t(`common:identity.${IDENTITY_NAMES[v as TIdentity]}`)}</Tag> },
        ]}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: users.data?.total ?? 0,
          size: 'small',
          onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
        }}
      />
    </Modal>
  );
}
