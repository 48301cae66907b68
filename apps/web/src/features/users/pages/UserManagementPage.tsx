import { useState } from 'react';
import { Button, Card, Grid, Modal, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../components/Permission.tsx';
import { ImportExportButtons } from '../../../components/import/ImportExportButtons.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useUsers, type Member, type MemberQuery } from '../api/get-users.ts';
import { IDENTITY_COLORS, identityLabel, roleLabel } from '../components/labels.ts';
import { SsoSyncModal } from '../components/SsoSyncModal.tsx';
import { UserFormModal, type UserFormMode } from '../components/UserFormModal.tsx';
import { UserRowActions } from '../components/UserRowActions.tsx';
import { UserStatusTag } from '../components/UserStatusTag.tsx';
import { UsersToolbar, type UserFilters } from '../components/UsersToolbar.tsx';
import { PersonCell } from '../../../components/PersonCell.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';

/** The school's members: search, filter, server-side paging; add, edit, reset password, disable. */
export function UserManagementPage() {
  const { t } = useTranslation('users');
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<MemberQuery>({ pageNum: 1, pageSize: 10 });
  const [formMode, setFormMode] = useState<UserFormMode | null>(null);
  const [ssoOpen, setSsoOpen] = useState(false);
  const list = useUsers(query);
  // On a phone a fixed actions column would cover the table; the add buttons move from the title bar to the toolbar.
  const wide = Grid.useBreakpoint().md ?? true;

  const filter = (patch: UserFilters) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));

  const columns: ColumnsType<Member> = [
    {
      title: t('list.name'),
      dataIndex: 'name',
      render: (_, r) => <PersonCell name={r.name} account={r.account} />,
    },
    { title: t('list.phone'), dataIndex: 'phone', render: (v: string | null) => v || '—' },
    { title: t('list.identity'), dataIndex: 'identity', render: (_, r) => <Tag color={IDENTITY_COLORS[r.identity]}>{identityLabel(t, r.identity)}</Tag> },
    {
      title: t('list.roles'),
      dataIndex: 'roles',
      render: (_, r) =>
        r.roles.length ? (
          <Space size={[0, 4]} wrap style={{ maxWidth: 260 }}>
            {r.roles.map((role) => (
              <Tag key={role.roleId}>{roleLabel(t, role)}</Tag>
            ))}
          </Space>
        ) : (
          '—'
        ),
    },
    { title: t('list.status'), dataIndex: 'status', render: (_, r) => <UserStatusTag status={r.status} /> },
    {
      title: t('list.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      // Date and time may wrap onto two lines rather than widen the table.
      render: (v: string | null) => <div style={{ maxWidth: 100 }}>{v ? formatDateTime(v) : t('list.never')}</div>,
    },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: wide ? 'right' : undefined,
      render: (_, r) => <UserRowActions member={r} modal={modal} onEdit={() => setFormMode({ kind: 'edit', userId: r.userId })} />,
    },
  ];

  const addButtons = (
    <>
      <Permission code="user:add">
        <Button type="primary" onClick={() => setFormMode({ kind: 'add' })} data-testid="user-add">
          {t('list.add')}
        </Button>
      </Permission>
      {/* Saving an administrator needs user:add as well (the save route's own permission). */}
      <Permission code="user:add">
        <Permission code="user:addAdmin">
          <Button onClick={() => setFormMode({ kind: 'addAdmin' })} data-testid="user-add-admin">
            {t('list.addAdmin')}
          </Button>
        </Permission>
      </Permission>
      <Permission code="user:sync">
        <Button onClick={() => setSsoOpen(true)} data-testid="user-sso-sync">
          {t('list.sync')}
        </Button>
      </Permission>
      <ImportExportButtons kind="user" filters={{ keyword: query.keyword, roleId: query.roleId, identity: query.identity, status: query.status }} />
    </>
  );

  return (
    <Card title={t('list.title')} extra={wide ? <Space>{addButtons}</Space> : null} data-testid="user-management">
      <UsersToolbar onChange={filter} actions={wide ? null : addButtons} />
      <Table<Member>
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('list.empty') }}
        pagination={serverPagination(query, setQuery, list.data?.total, (total) => t('list.total', { count: total }))}
      />
      <UserFormModal mode={formMode} onClose={() => setFormMode(null)} />
      <SsoSyncModal open={ssoOpen} onClose={() => setSsoOpen(false)} />
      {modalHolder}
    </Card>
  );
}
