import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Flex, Input, Modal, Space, Table, Typography, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TClassification, TClassificationKind } from '@hxk/contracts/catalog';
import { DeleteLink } from '../../../components/DeleteLink.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useDeleteClassifications } from '../api/delete-classifications.ts';
import { useClassifications, type ClassificationQuery } from '../api/get-classifications.ts';
import { ClassificationFormModal } from './ClassificationFormModal.tsx';

const SETUP = {
  indicator: { menu: 'indexClassification', permission: 'indexClassification:edit' },
  question: { menu: 'questionClassification', permission: 'questionClassification:edit' },
} as const;

/** Indicator or question classifications: search, paged list, add / edit in a modal, delete. */
export function ClassificationList({ kind }: { kind: TClassificationKind }) {
  const { t } = useTranslation('catalog');
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<ClassificationQuery>({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<TClassification | null>(null);
  const [open, setOpen] = useState(false);
  const page = useClassifications(kind, query);
  const remove = useDeleteClassifications();
  const { menu, permission } = SETUP[kind];
  const itemsHint = t(`classification.deleteHint.${kind}`);

  const removeIds = (ids: string[]) =>
    remove.mutateAsync({ kind, ids }).then(() => {
      toastSuccess(t('action.deleted'));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
    });
  const batchDelete = () =>
    modal.confirm({
      title: t('classification.batchDeleteConfirm', { count: selected.length }),
      content: itemsHint,
      okButtonProps: { danger: true, 'data-testid': 'classification-batch-delete-ok' } as ButtonProps,
      okText: t('action.delete'),
      cancelText: t('common:action.cancel'),
      onOk: () => removeIds(selected),
    });
  const openForm = (item: TClassification | null) => {
    setEditing(item);
    setOpen(true);
  };

  const columns: ColumnsType<TClassification> = [
    { title: t('classification.name'), dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { title: t('classification.description'), dataIndex: 'description', render: (v: string | null) => <Typography.Text type="secondary" ellipsis={{ tooltip: v }} style={{ maxWidth: 320 }}>{v || '—'}</Typography.Text> },
    { title: t('classification.sort'), dataIndex: 'sort', width: 90 },
    { title: t(`classification.itemCount.${kind}`), dataIndex: 'itemCount', width: 120 },
    { title: t('common.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v), responsive: ['lg'] },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Permission code={permission}>
          <Space size={0}>
            <Button type="link" size="small" onClick={() => openForm(r)} data-testid={`classification-edit-${r.name}`}>
              {t('action.edit')}
            </Button>
            <DeleteLink
              label={t('action.delete')}
              title={t('classification.deleteConfirm', { name: r.name })}
              description={r.itemCount > 0 ? t(`classification.deleteHintCount.${kind}`, { count: r.itemCount }) : itemsHint}
              onConfirm={() => removeIds([r.classificationId])}
              testId={`classification-delete-${r.name}`}
            />
          </Space>
        </Permission>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, menu)} data-testid={`classifications-${kind}`}>
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('classification.search')}
          style={{ maxWidth: 280 }}
          onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))}
          data-testid="classification-search"
        />
        <Permission code={permission}>
          <Space wrap>
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={batchDelete} data-testid="classification-batch-delete">
              {t('action.batchDelete')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)} data-testid="classification-add">
              {t('action.add')}
            </Button>
          </Space>
        </Permission>
      </Flex>
      <Table<TClassification>
        rowKey="classificationId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('classification.empty') }}
        onRow={(r) => ({ 'data-testid': `classification-row-${r.name}` }) as HTMLAttributes<HTMLElement>}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('common.total', { count: total }))}
      />
      <ClassificationFormModal kind={kind} open={open} item={editing} onClose={() => setOpen(false)} />
      {modalHolder}
    </Card>
  );
}
