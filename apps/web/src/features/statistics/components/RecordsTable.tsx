import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TEvaluationStatsFilters, TStatsEvaluationRow } from '@hxk/contracts/statistics';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatLessonDay } from '../../../lib/class-time.ts';
import { useMyAccess } from '../../../lib/my-access.ts';
import { useStatsRecords } from '../api/get-stats-records.ts';
import { percentText } from './format.ts';

/** The evaluations behind a teacher's figures, latest class first; anonymous ones without their evaluator. */
export function RecordsTable({ filters }: { filters: TEvaluationStatsFilters }) {
  const { t } = useTranslation('statistics');
  const navigate = useNavigate();
  const access = useMyAccess();
  const [pageQuery, setPageQuery] = useState({ pageNum: 1, pageSize: 20 });
  const page = useStatsRecords({ ...filters, ...pageQuery });
  const columns: ColumnsType<TStatsEvaluationRow> = [
    { title: t('col.lesson'), key: 'lesson', render: (_, r) => <span>{formatLessonDay(r.lessonDate)} <Typography.Text type="secondary">{t('week', { week: r.week })}</Typography.Text></span> },
    { title: t('col.course'), key: 'course', render: (_, r) => <span>{r.course.name} <Typography.Text type="secondary">{r.course.code}</Typography.Text></span> },
    { title: t('col.evaluator'), key: 'evaluator', render: (_, r) => (r.evaluator ? r.evaluator.name : <Tag>{t('anonymous')}</Tag>) },
    { title: t('col.kind'), key: 'kind', render: (_, r) => r.planName ?? t(`kind.${r.kind}`), responsive: ['md'] },
    { title: t('col.template'), dataIndex: 'templateName', responsive: ['lg'] },
    { title: t('col.score'), key: 'score', align: 'right', render: (_, r) => `${r.score} / ${r.fullScore}` },
    { title: t('col.percent'), dataIndex: 'percent', align: 'right', render: percentText },
    ...(access.can('CourseEvaluationReport')
      ? [{
          title: t('col.actions'),
          key: 'actions',
          render: (_: unknown, r: TStatsEvaluationRow) => (
            <Button type="link" size="small" onClick={() => void navigate(`/CourseEvaluationReport?evaluationId=${r.evaluationId}`)} data-testid={`stats-report-${r.evaluationId}`}>
              {t('action.report')}
            </Button>
          ),
        }]
      : []),
  ];
  return (
    <Card size="small" title={t('records.title')} data-testid="stats-records" className="print-avoid-break">
      <Table<TStatsEvaluationRow>
        rowKey="evaluationId"
        size="small"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: page.isError ? t('loadFailed') : t('empty') }}
        onRow={(r) => ({ 'data-testid': `stats-record-${r.evaluationId}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPagination(pageQuery, setPageQuery, page.data?.total, (total) => t('records.total', { count: total }))}
      />
    </Card>
  );
}
