import { useState } from 'react';
import { Button, Card, Flex, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SAME_HOST_APPLICATION_PARENT_ID } from '@hxk/contracts/constants';
import type { TApplicationEntry } from '@hxk/contracts/settings';
import { Permission } from '../../../components/Permission.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useApplications, type ApplicationsQuery } from '../api/get-applications.ts';
import { useDeleteApplication } from '../api/delete-application.ts';
import { ApplicationFormModal } from './ApplicationFormModal.tsx';
import { ApplicationIcon } from './ApplicationIcon.tsx';
import { DeleteLink } from '../../../components/DeleteLink.tsx';

/** The entries of the application dialog: list, add, edit, delete (application:edit). */
export function ApplicationsSection() {
  const { t } = useTranslation('settings');
  const [query, setQuery] = useState<ApplicationsQuery>({ pageNum: 1, pageSize: 10, queryName: '' });
  const [editing, setEditing] = useState<{ entry: TApplicationEntry | null } | null>(null);
  const list = useApplications(query, true);
  const remove = useDeleteApplication();
  const rows = (list.data?.list ?? []).flatMap((g) => g.applicationRes);

  const columns: ColumnsType<TApplicationEntry> = [
    { title: t('apps.name'), dataIndex: 'name', render: (_, e) => <Space><ApplicationIcon icon={e.icon} /><Typography.Text strong>{e.name}</Typography.Text></Space> },
    { title: t('apps.category'), dataIndex: 'category' },
    {
      title: t('apps.webPath'),
      dataIndex: 'webPath',
      ellipsis: true,
      render: (v: string, e) => (
        <Space>
          <Typography.Text code>{v}</Typography.Text>
          {e.parentId === SAME_HOST_APPLICATION_PARENT_ID && <Tag color="blue">{t('apps.sameHostTag')}</Tag>}
        </Space>
      ),
    },
    { title: t('apps.sort'), dataIndex: 'sort', width: 80, align: 'right', responsive: ['md'] },
    {
      title: t('apps.actions'),
      key: 'actions',
      render: (_, e) => (
        <Permission code="application:edit">
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ entry: e })} data-testid={`app-edit-${e.name}`}>
              {t('apps.edit')}
            </Button>
            <DeleteLink
              label={t('apps.delete')}
              title={t('apps.deleteConfirm', { name: e.name })}
              onConfirm={() => remove.mutateAsync(e.id).then(() => toastSuccess(t('apps.deleted')))}
              testId={`app-delete-${e.name}`}
            />
          </Space>
        </Permission>
      ),
    },
  ];

  return (
    <Card title={t('apps.section')} data-testid="settings-apps">
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('apps.search')}
          style={{ maxWidth: 280 }}
          onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, queryName: v.trim() }))}
        />
        <Permission code="application:edit">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ entry: null })} data-testid="app-add">
            {t('apps.add')}
          </Button>
        </Permission>
      </Flex>
      <Table<TApplicationEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        locale={{ emptyText: t('apps.empty') }}
        scroll={{ x: 'max-content' }}
        pagination={serverPagination(query, setQuery, list.data?.total, (total) => t('apps.total', { count: total }))}
      />
      <ApplicationFormModal open={editing !== null} entry={editing?.entry ?? null} onClose={() => setEditing(null)} />
    </Card>
  );
}
