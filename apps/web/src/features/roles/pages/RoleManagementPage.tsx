import { useState } from 'react';
import { Button, Card, Flex, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TRole } from '@hxk/contracts/roles';
import { Permission } from '../../../components/Permission.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useRolePage, type RolePageQuery } from '../api/get-role-page.ts';
import { useDeleteRoles } from '../api/delete-roles.ts';
import { RoleFormModal } from '../components/RoleFormModal.tsx';
import { roleName } from '../components/role-name.ts';
import { serverPagination } from '../../../components/server-pagination.ts';
import { DeleteLink } from '../../../components/DeleteLink.tsx';

/** The school's roles: search, add, edit, delete one or several (built-in roles stay). */
export function RoleManagementPage() {
  const { t } = useTranslation('roles');
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<RolePageQuery>({ pageNum: 1, pageSize: 10, queryName: '' });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ role: TRole | null } | null>(null);
  const page = useRolePage(query);
  const remove = useDeleteRoles();

  const removeIds = (ids: string[]) =>
    remove.mutateAsync(ids).then(() => {
      toastSuccess(t('list.deleted'));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
    });

  const batchDelete = () =>
    modal.confirm({
      title: t('list.batchDeleteConfirm', { count: selected.length }),
      okButtonProps: { danger: true },
      okText: t('list.delete'),
      cancelText: t('common:action.cancel'),
      onOk: () => removeIds(selected),
    });

  const columns: ColumnsType<TRole> = [
    {
      title: t('list.name'),
      dataIndex: 'name',
      render: (_, r) => (
        <Space>
          <Typography.Text strong>{roleName(t, r)}</Typography.Text>
          {r.builtin !== null ? <Tag color="blue">{t('list.builtin')}</Tag> : <Tag>{t('list.custom')}</Tag>}
        </Space>
      ),
    },
    { title: t('list.description'), dataIndex: 'description', render: (v: string | null) => v || '—', ellipsis: true },
    { title: t('list.userCount'), dataIndex: 'userCount', width: 100, align: 'right' },
    { title: t('list.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v), responsive: ['md'] },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Permission code="role:edit">
            <Button type="link" size="small" onClick={() => setEditing({ role: r })} data-testid={`role-edit-${r.name}`}>
              {t('list.edit')}
            </Button>
          </Permission>
          {r.builtin === null && (
            <Permission code="role:delete">
              <DeleteLink
                label={t('list.delete')}
                title={t('list.deleteConfirm', { name: r.name })}
                onConfirm={() => removeIds([r.roleId])}
                testId={`role-delete-${r.name}`}
              />
            </Permission>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, 'roleManagement')} data-testid="role-management">
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('list.search')}
          style={{ maxWidth: 280 }}
          onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, queryName: v.trim() }))}
          data-testid="role-search"
        />
        <Space wrap>
          <Permission code="role:delete">
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={batchDelete} data-testid="role-batch-delete">
              {t('list.batchDelete')}
            </Button>
          </Permission>
          <Permission code="role:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ role: null })} data-testid="role-add">
              {t('list.add')}
            </Button>
          </Permission>
        </Space>
      </Flex>
      <Table<TRole>
        rowKey="roleId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (r) => ({ disabled: r.builtin !== null, name: r.name }),
          preserveSelectedRowKeys: true,
        }}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('list.total', { count: total }))}
      />
      <RoleFormModal open={editing !== null} role={editing?.role ?? null} onClose={() => setEditing(null)} />
      {modalHolder}
    </Card>
  );
}
