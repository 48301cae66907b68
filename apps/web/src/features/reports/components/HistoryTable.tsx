import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TReportEvaluationRow } from '@hxk/contracts/reports';
import { classTime, periodsOnly } from '../../../lib/class-time.ts';
import { percentText, recordPath } from './format.ts';

/** Every evaluation of the course over the semester (the reply holds them all: one semester's worth). */
export function HistoryTable({ history, highlight }: { history: TReportEvaluationRow[]; highlight: string | null }) {
  const { t } = useTranslation('reports');
  const score = (v: number | null, full: number) => (v === null ? '—' : t('history.scoreValue', { score: v, full }));
  const columns: ColumnsType<TReportEvaluationRow> = [
    { title: t('history.date'), key: 'date', render: (_, r) => classTime(t, periodsOnly(r), true) },
    { title: t('history.week'), dataIndex: 'week', align: 'right', render: (w: number) => t('history.weekValue', { week: w }) },
    {
      title: t('history.plan'),
      key: 'plan',
      // Plain text: the report prints.
      render: (_, r) => `${r.planName ?? t(`evaluations:kind.${r.kind}`)}${r.byPatrol ? ` · ${t('evaluations:byPatrol')}` : ''}`,
      className: 'report-hide-narrow',
    },
    {
      title: t('history.evaluator'),
      key: 'evaluator',
      render: (_, r) => (r.evaluator ? r.evaluator.name : <Typography.Text type="secondary">{t('history.anonymous')}</Typography.Text>),
    },
    { title: t('history.score'), key: 'score', align: 'right', render: (_, r) => score(r.score, r.fullScore) },
    { title: t('history.scoreAfter'), key: 'after', align: 'right', render: (_, r) => score(r.scoreAfterAppeal, r.fullScore) },
    { title: t('history.percent'), key: 'percent', align: 'right', render: (_, r) => <Typography.Text strong>{percentText(r.percent)}</Typography.Text> },
    {
      title: t('history.record'),
      key: 'record',
      className: 'print-hidden',
      render: (_, r) => (
        <Link to={recordPath(r.evaluationId)} data-testid={`report-record-${r.evaluationId}`}>
          {t('history.view')}
        </Link>
      ),
    },
  ];
  return (
    <Table<TReportEvaluationRow>
      rowKey="evaluationId"
      size="small"
      columns={columns}
      dataSource={history}
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowClassName={(r) => (r.evaluationId === highlight ? 'ant-table-row-selected' : '')}
      locale={{ emptyText: t('history.empty') }}
      data-testid="report-history"
    />
  );
}
