import { useState } from 'react';
import { Button, Card, Flex, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Permission } from '../../../components/Permission.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useDeleteGroups } from '../api/delete-groups.ts';
import { useGroups, type GroupQuery, type SupervisionGroup } from '../api/get-groups.ts';
import { ScopeSummary } from '../components/ScopeSummary.tsx';
import { DeleteLink } from '../../../components/DeleteLink.tsx';

const MAX_TAGS = 4;

/** The school's supervision groups: search, paged list, add and edit (on their own page), delete. */
export function SupervisionGroupListPage() {
  const { t } = useTranslation('supervision');
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<GroupQuery>({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const page = useGroups(query);
  const remove = useDeleteGroups();

  const removeIds = (ids: string[]) =>
    remove.mutateAsync(ids).then(() => {
      toastSuccess(t('list.deleted'));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
    });
  const batchDelete = () =>
    modal.confirm({
      title: t('list.batchDeleteConfirm', { count: selected.length }),
      content: t('list.deleteHint'),
      okButtonProps: { danger: true },
      okText: t('list.delete'),
      cancelText: t('common:action.cancel'),
      onOk: () => removeIds(selected),
    });

  const columns: ColumnsType<SupervisionGroup> = [
    { title: t('list.name'), dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { title: t('list.leader'), dataIndex: 'leader', render: (_, r) => r.leader?.name ?? '—' },
    {
      title: t('list.members'),
      dataIndex: 'members',
      render: (_, r) => (
        <Space size={[0, 4]} wrap style={{ maxWidth: 280 }}>
          {r.members.slice(0, MAX_TAGS).map((m) => (
            <Tag key={m.userId}>{m.name}</Tag>
          ))}
          {r.members.length > MAX_TAGS && <Tag>{t('list.more', { count: r.members.length - MAX_TAGS })}</Tag>}
        </Space>
      ),
    },
    { title: t('list.scope'), dataIndex: 'scope', render: (_, r) => <ScopeSummary group={r} max={MAX_TAGS} /> },
    {
      title: t('list.realtimePatrol'),
      dataIndex: 'realtimePatrol',
      render: (v: boolean) => (v ? <Tag color="green">{t('list.allowed')}</Tag> : <Tag>{t('list.notAllowed')}</Tag>),
    },
    { title: t('list.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v), responsive: ['xxl'] },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Permission code="supervisionGroup:edit">
          <Space size={0}>
            <Button type="link" size="small" onClick={() => navigate(`/back/AddSGMan?id=${r.groupId}`)} data-testid={`group-edit-${r.name}`}>
              {t('list.edit')}
            </Button>
            <DeleteLink
              label={t('list.delete')}
              title={t('list.deleteConfirm', { name: r.name })}
              description={t('list.deleteHint')}
              onConfirm={() => removeIds([r.groupId])}
              testId={`group-delete-${r.name}`}
            />
          </Space>
        </Permission>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, 'SupervisionGroupManagement')} data-testid="supervision-groups">
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('list.search')}
          style={{ maxWidth: 280 }}
          onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))}
          data-testid="group-search"
        />
        <Permission code="supervisionGroup:edit">
          <Space wrap>
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={batchDelete} data-testid="group-batch-delete">
              {t('list.batchDelete')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/back/AddSGMan')} data-testid="group-add">
              {t('list.add')}
            </Button>
          </Space>
        </Permission>
      </Flex>
      <Table<SupervisionGroup>
        rowKey="groupId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('list.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('list.total', { count: total }))}
      />
      {modalHolder}
    </Card>
  );
}
