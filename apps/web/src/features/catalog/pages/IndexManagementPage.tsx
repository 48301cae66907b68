import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Flex, Input, Modal, Select, Space, Switch, Table, Tag, Typography, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TIndicator } from '@hxk/contracts/catalog';
import { DeleteLink } from '../../../components/DeleteLink.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useDeleteIndicators } from '../api/delete-indicators.ts';
import { useIndicators, type IndicatorQuery } from '../api/get-indicators.ts';
import { useSaveIndicator } from '../api/save-indicator.ts';
import { ClassificationSelect } from '../components/ClassificationSelect.tsx';
import { useCan } from '../components/use-can.ts';

/** The indicator system: first-level indicators with their second-level ones, filters, enable / disable, delete. */
export function IndexManagementPage() {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<IndicatorQuery>({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const page = useIndicators(query);
  const remove = useDeleteIndicators();
  const save = useSaveIndicator();
  const canEdit = useCan('indicator:edit');
  const filter = (patch: Partial<IndicatorQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));

  const removeIds = (ids: string[]) =>
    remove.mutateAsync(ids).then(() => {
      toastSuccess(t('action.deleted'));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
    });
  const batchDelete = () =>
    modal.confirm({
      title: t('indicator.batchDeleteConfirm', { count: selected.length }),
      content: t('indicator.deleteHint'),
      okButtonProps: { danger: true, 'data-testid': 'indicator-batch-delete-ok' } as ButtonProps,
      okText: t('action.delete'),
      cancelText: t('common:action.cancel'),
      onOk: () => removeIds(selected),
    });
  const toggle = (r: TIndicator, enabled: boolean) =>
    save.mutate(
      {
        indicatorId: r.indicatorId, name: r.name, classificationId: r.classificationId, description: r.description ?? '', sort: r.sort, enabled,
        children: r.children.map((c) => ({ indicatorId: c.indicatorId, name: c.name, description: c.description ?? '' })),
      },
      { onSuccess: () => toastSuccess(enabled ? t('indicator.enabledOn') : t('indicator.enabledOff')) },
    );

  const columns: ColumnsType<TIndicator> = [
    Table.SELECTION_COLUMN,
    Table.EXPAND_COLUMN,
    { title: t('indicator.name'), dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { title: t('indicator.classification'), dataIndex: 'classificationName', render: (v: string | null) => (v ? <Tag>{v}</Tag> : <Typography.Text type="secondary">{t('common.unclassified')}</Typography.Text>) },
    { title: t('indicator.childCount'), key: 'children', width: 120, render: (_, r) => r.children.length },
    { title: t('indicator.questionCount'), dataIndex: 'questionCount', width: 110 },
    { title: t('indicator.sort'), dataIndex: 'sort', width: 80, responsive: ['md'] },
    {
      title: t('indicator.enabled'),
      dataIndex: 'enabled',
      width: 100,
      render: (v: boolean, r) => (
        <Switch size="small" checked={v} disabled={!canEdit} loading={save.isPending && save.variables?.indicatorId === r.indicatorId} onChange={(on) => toggle(r, on)} aria-label={`${r.name}: ${t('indicator.enabled')}`} data-testid={`indicator-enabled-${r.name}`} />
      ),
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v), responsive: ['xxl'] },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Permission code="indicator:edit">
          <Space size={0}>
            <Button type="link" size="small" onClick={() => navigate(`/back/indexAddManagement?id=${r.indicatorId}`)} data-testid={`indicator-edit-${r.name}`}>
              {t('action.edit')}
            </Button>
            <DeleteLink
              label={t('action.delete')}
              title={t('indicator.deleteConfirm', { name: r.name })}
              description={t('indicator.deleteHint')}
              onConfirm={() => removeIds([r.indicatorId])}
              testId={`indicator-delete-${r.name}`}
            />
          </Space>
        </Permission>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, 'indexManagement')} data-testid="indicators">
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Space wrap>
          <Input.Search allowClear placeholder={t('indicator.search')} style={{ width: 240 }} onSearch={(v) => filter({ keyword: v.trim() || undefined })} data-testid="indicator-search" />
          <ClassificationSelect kind="indicator" placeholder={t('indicator.classification')} style={{ width: 180 }} onChange={(v) => filter({ classificationId: v ?? undefined })} aria-label={t('indicator.classification')} data-testid="indicator-filter-classification" />
          <Select<'true' | 'false'>
            allowClear
            placeholder={t('indicator.enabled')}
            style={{ width: 140 }}
            options={[{ value: 'true', label: t('indicator.on') }, { value: 'false', label: t('indicator.off') }]}
            onChange={(v) => filter({ enabled: v === undefined ? undefined : v === 'true' })}
            aria-label={t('indicator.enabled')}
            data-testid="indicator-filter-enabled"
          />
        </Space>
        <Permission code="indicator:edit">
          <Space wrap>
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={batchDelete} data-testid="indicator-batch-delete">
              {t('action.batchDelete')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/back/indexAddManagement')} data-testid="indicator-add">
              {t('action.add')}
            </Button>
          </Space>
        </Permission>
      </Flex>
      <Table<TIndicator>
        rowKey="indicatorId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('indicator.empty') }}
        onRow={(r) => ({ 'data-testid': `indicator-row-${r.name}` }) as HTMLAttributes<HTMLElement>}
        expandable={{
          // An indicator's `children` are its second-level indicators, not tree rows of this table.
          childrenColumnName: 'noTreeRows',
          rowExpandable: (r) => r.children.length > 0,
          expandedRowRender: (r) => (
            <div style={{ paddingInlineStart: 8 }}>
              <Typography.Text type="secondary">{t('indicator.children')}</Typography.Text>
              <ol style={{ margin: '6px 0 0', paddingInlineStart: 20 }}>
                {r.children.map((c) => (
                  <li key={c.indicatorId} data-testid={`indicator-child-${c.name}`} style={{ padding: '2px 0' }}>
                    <Typography.Text>{c.name}</Typography.Text>
                    {c.description && <Typography.Text type="secondary">{` — ${c.description}`}</Typography.Text>}
                  </li>
                ))}
              </ol>
            </div>
          ),
        }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('common.total', { count: total }))}
      />
      {modalHolder}
    </Card>
  );
}
