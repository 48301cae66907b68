import { useState } from 'react';
import { Button, Card, Flex, Modal, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TPlanSummary } from '@hxk/contracts/plans';
import type { TPlanAction } from '@hxk/contracts/workflow';
import { Permission } from '../../../components/Permission.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useDeletePlans } from '../api/delete-plans.ts';
import { usePlans, type PlanQuery } from '../api/get-plans.ts';
import { usePublishPlans } from '../api/publish-plans.ts';
import { PlanActions } from '../components/PlanActions.tsx';
import { PlanFilters } from '../components/PlanFilters.tsx';
import { BehindTag, PhaseTag, PublishedTag } from '../components/PlanTags.tsx';
import { ProgressCell } from '../components/ProgressCell.tsx';
import { formatRange } from '../components/plan-utils.ts';
import { refusalMessage } from '../components/refusal.ts';

type Tab = NonNullable<PlanQuery['tab']>;
const TABS: Tab[] = ['all', 'mine', 'joined'];

/** Supervision plans: tabs all / created by me / joined by me, filters, paged table, row and batch actions. */
export function SupervisionSchemePage() {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<PlanQuery>({ pageNum: 1, pageSize: 10, tab: 'all' });
  const [selected, setSelected] = useState<TPlanSummary[]>([]);
  const page = usePlans(query);
  const publish = usePublishPlans();
  const remove = useDeletePlans();

  const batch = (action: Extract<TPlanAction, 'publish' | 'delete'>) => {
    const refused = selected.flatMap((p) => {
      const why = refusalMessage(p, action);
      return why ? [`${p.name}: ${why}`] : [];
    });
    if (refused.length) {
      void modal.warning({ title: t(`batch.${action}Refused`), content: refused.map((r) => <div key={r}>{r}</div>), okText: t('batch.ok') });
      return;
    }
    const ids = selected.map((p) => p.planId);
    void modal.confirm({
      title: t(`batch.${action}Confirm`, { count: ids.length }),
      content: action === 'delete' ? t('action.deleteHint') : t('batch.publishHint'),
      okButtonProps: action === 'delete' ? { danger: true } : {},
      okText: t(`action.${action}`),
      cancelText: t('common:action.cancel'),
      onOk: () =>
        (action === 'delete' ? remove : publish).mutateAsync(ids).then(() => {
          toastSuccess(t(action === 'delete' ? 'action.deleted' : 'action.published'));
          setSelected([]);
        }),
    });
  };

  const columns: ColumnsType<TPlanSummary> = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      fixed: 'left',
      render: (v: string, r) => (
        <Typography.Link strong onClick={() => navigate(`/back/supervisionSchemeDetail?id=${r.planId}`)} data-testid={`plan-row-${v}`}>
          {v}
        </Typography.Link>
      ),
    },
    { title: t('field.phase'), dataIndex: 'phase', render: (_, r) => <PhaseTag phase={r.phase} /> },
    { title: t('field.published'), dataIndex: 'published', render: (v: boolean) => <PublishedTag published={v} /> },
    {
      title: t('field.progress'),
      key: 'progress',
      render: (_, r) => (
        <Space orientation="vertical" size={2}>
          <ProgressCell done={r.attended} required={r.required} />
          {r.published && <BehindTag count={r.behind} />}
        </Space>
      ),
    },
    { title: t('field.dates'), key: 'dates', render: (_, r) => formatRange(r.startDate, r.endDate) },
    { title: t('field.courses'), dataIndex: 'courseCount', align: 'right', responsive: ['xxl'] },
    { title: t('field.supervisors'), dataIndex: 'supervisorCount', align: 'right', responsive: ['xxl'] },
    { title: t('field.evaluationType'), dataIndex: 'evaluationType', render: (v: string) => t(`evaluation:evaluationType.${v}`), responsive: ['xxl'] },
    { title: t('field.template'), key: 'template', render: (_, r) => t('field.templateVersion', { name: r.template.name, version: r.template.version }), responsive: ['xxl'] },
    { title: t('field.creator'), key: 'creator', render: (_, r) => r.creator?.name ?? '—', responsive: ['xxl'] },
    { title: t('field.actions'), key: 'actions', fixed: 'right', render: (_, r) => <PlanActions plan={r} detail onDeleted={() => setSelected((s) => s.filter((p) => p.planId !== r.planId))} /> },
  ];

  return (
    <Card title={menuTitle(t, 'supervisionScheme')} data-testid="plans-page">
      <Tabs
        activeKey={query.tab}
        onChange={(k) => setQuery((q) => ({ ...q, tab: k as Tab, pageNum: 1 }))}
        items={TABS.map((k) => ({ key: k, label: <span data-testid={`plans-tab-${k}`}>{t(`tab.${k}`)}</span> }))}
      />
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <PlanFilters onChange={(v) => setQuery((q) => ({ ...q, ...v, pageNum: 1 }))} />
        <Space wrap>
          <Permission code="plan:publish">
            <Button icon={<SendOutlined />} disabled={selected.length === 0} onClick={() => batch('publish')} data-testid="plan-batch-publish">
              {t('batch.publish')}
            </Button>
          </Permission>
          <Permission code="plan:edit">
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => batch('delete')} data-testid="plan-batch-delete">
              {t('batch.delete')}
            </Button>
          </Permission>
          <Permission code="plan:edit">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/back/supervisionSchemeAddPlan')} data-testid="plan-add">
              {t('action.add')}
            </Button>
          </Permission>
        </Space>
      </Flex>
      <Table<TPlanSummary>
        rowKey="planId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('list.empty') }}
        rowSelection={{
          selectedRowKeys: selected.map((p) => p.planId),
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) => {
            // Rows of other pages come back undefined: keep the ones already known.
            const known = new Map([...selected, ...rows.filter(Boolean)].map((p) => [p.planId, p]));
            setSelected(keys.flatMap((k) => (known.has(String(k)) ? [known.get(String(k))!] : [])));
          },
        }}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('list.total', { count: total }))}
      />
      {modalHolder}
    </Card>
  );
}
