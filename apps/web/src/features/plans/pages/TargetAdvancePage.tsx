import { useState, type HTMLAttributes } from 'react';
import { Card, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TPlanSummary } from '@hxk/contracts/plans';
import { serverPagination } from '../../../components/server-pagination.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import type { PlanQuery } from '../api/get-plans.ts';
import { useTargetPlans } from '../api/get-target-plans.ts';
import { PlanFilters } from '../components/PlanFilters.tsx';
import { BehindTag, PhaseTag } from '../components/PlanTags.tsx';
import { ProgressCell } from '../components/ProgressCell.tsx';
import { formatRange } from '../components/plan-utils.ts';

/** Published plans and how far their supervisors have come; a row opens who is behind. */
export function TargetAdvancePage() {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const [query, setQuery] = useState<PlanQuery>({ pageNum: 1, pageSize: 10 });
  const page = useTargetPlans(query);
  const open = (r: TPlanSummary) => navigate(`/back/targetAdvanceDetail?id=${r.planId}`);

  const columns: ColumnsType<TPlanSummary> = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (v: string) => (
        <Typography.Link strong data-testid={`target-row-${v}`}>
          {v}
        </Typography.Link>
      ),
    },
    { title: t('field.phase'), dataIndex: 'phase', render: (_, r) => <PhaseTag phase={r.phase} /> },
    { title: t('field.progress'), key: 'progress', render: (_, r) => <ProgressCell done={r.attended} required={r.required} /> },
    { title: t('progress.behindColumn'), dataIndex: 'behind', render: (v: number) => <BehindTag count={v} /> },
    { title: t('field.dates'), key: 'dates', render: (_, r) => formatRange(r.startDate, r.endDate) },
    { title: t('field.supervisors'), dataIndex: 'supervisorCount', align: 'right', responsive: ['xl'] },
    { title: t('field.evaluationType'), dataIndex: 'evaluationType', render: (v: string) => t(`evaluation:evaluationType.${v}`), responsive: ['xxl'] },
    { title: t('field.template'), key: 'template', render: (_, r) => t('field.templateVersion', { name: r.template.name, version: r.template.version }), responsive: ['xxl'] },
  ];

  return (
    <Card title={menuTitle(t, 'targetAdvance')} data-testid="target-page">
      <Flex style={{ marginBottom: 16 }}>
        <PlanFilters full={false} testId="target" onChange={(v) => setQuery((q) => ({ ...q, ...v, pageNum: 1 }))} />
      </Flex>
      <Table<TPlanSummary>
        rowKey="planId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('target.empty') }}
        onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' } }) as HTMLAttributes<HTMLElement>}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('list.total', { count: total }))}
      />
    </Card>
  );
}
