import { useState, type HTMLAttributes } from 'react';
import { Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TAssignmentClassRow, TAssignmentStatsQuery } from '@hxk/contracts/statistics-assignments';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatLessonDay } from '../../../lib/class-time.ts';
import { useAssignmentClasses } from '../api/get-assignment-classes.ts';

/**
 * The classes one supervisor may attend under the tasks counted (up to today latest first, then those to come): held or not,
 * attended or not, an attended one opening its evaluation record (not an anonymous one).
 */
export function AssignmentClasses({ filters, supervisorId, title }: { filters: TAssignmentStatsQuery; supervisorId: string; title: string }) {
  const { t } = useTranslation('statistics');
  const [pageQuery, setPageQuery] = useState({ pageNum: 1, pageSize: 20 });
  const page = useAssignmentClasses({ ...filters, supervisorId, ...pageQuery });
  const state = (r: TAssignmentClassRow) => (r.attended ? 'attended' : r.held ? 'missed' : 'upcoming');
  const color = { attended: 'success', missed: 'default', upcoming: 'processing' } as const;
  const columns: ColumnsType<TAssignmentClassRow> = [
    {
      title: t('col.lesson'),
      key: 'lesson',
      render: (_, r) => `${formatLessonDay(r.lessonDate)} · ${t('assignmentCharts.periods', { from: r.sessionStart, to: r.sessionEnd, count: r.sessionEnd - r.sessionStart + 1 })}`,
    },
    { title: t('col.course'), key: 'course', render: (_, r) => <span>{r.course.name} <Typography.Text type="secondary">{r.course.code}</Typography.Text></span> },
    { title: t('col.teacher'), key: 'teacher', render: (_, r) => r.teacher.name },
    { title: t('assignmentCharts.col.task'), dataIndex: 'taskName', responsive: ['lg'] },
    { title: t('assignmentCharts.col.state'), key: 'state', render: (_, r) => <Tag color={color[state(r)]}>{t(`assignmentCharts.state.${state(r)}`)}</Tag> },
    {
      title: t('col.actions'),
      key: 'record',
      render: (_, r) => r.evaluationId
        ? <Link to={`/TeachingRecordDetail?id=${r.evaluationId}`} data-testid={`assignment-record-${r.courseSessionId}`}>{t('assignmentCharts.openRecord')}</Link>
        : r.attended ? <Typography.Text type="secondary">{t('anonymous')}</Typography.Text> : '—',
    },
  ];
  return (
    <Card size="small" title={title} data-testid="assignment-classes" className="print-avoid-break">
      <Table<TAssignmentClassRow>
        rowKey={(r) => `${r.taskId}:${r.courseSessionId}`}
        size="small"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: page.isError ? t('loadFailed') : t('assignmentCharts.noClasses') }}
        onRow={(r) => ({ 'data-testid': `assignment-class-${r.courseSessionId}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPagination(pageQuery, setPageQuery, page.data?.total, (total) => t('records.total', { count: total }))}
      />
    </Card>
  );
}
