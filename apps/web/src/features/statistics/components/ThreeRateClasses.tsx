import { useState, type HTMLAttributes } from 'react';
import { Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TThreeRateClassRow, TThreeRateFilters } from '@hxk/contracts/statistics-three-rate';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatLessonDay } from '../../../lib/class-time.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useThreeRateClasses } from '../api/get-three-rate-classes.ts';
import { percentText } from './format.ts';

const count = (v: number | null) => (v === null ? '—' : String(v));

/** The analysed classes behind a scope's rates, latest first, each opening its AI classroom report. */
export function ThreeRateClasses({ filters }: { filters: TThreeRateFilters }) {
  const { t } = useTranslation('statistics');
  const [pageQuery, setPageQuery] = useState({ pageNum: 1, pageSize: 20 });
  const page = useThreeRateClasses({ ...filters, ...pageQuery });
  const columns: ColumnsType<TThreeRateClassRow> = [
    {
      title: t('col.lesson'),
      key: 'lesson',
      render: (_, r) => (
        <span>
          {formatLessonDay(r.lessonDate)} <Typography.Text type="secondary">{t('week', { week: r.week })} · {t('threeRate.session', { n: r.session })}</Typography.Text>
        </span>
      ),
    },
    { title: t('col.course'), key: 'course', render: (_, r) => <span>{r.course.name} <Typography.Text type="secondary">{r.course.code}</Typography.Text></span> },
    { title: t('col.teacher'), key: 'teacher', render: (_, r) => r.teacher.name },
    { title: t('threeRate.by.classroom'), key: 'room', render: (_, r) => [r.buildingName, r.classroomName].filter(Boolean).join(' · ') || '—', responsive: ['md'] },
    { title: t('threeRate.rate.attendance'), key: 'attendance', align: 'right', render: (_, r) => <span title={t('threeRate.present', { present: count(r.presentAvg), expected: count(r.expectedStudents) })}>{percentText(r.attendance)}</span> },
    { title: t('threeRate.rate.headUp'), dataIndex: 'headUp', align: 'right', render: percentText },
    { title: t('threeRate.rate.frontRow'), key: 'frontRow', align: 'right', render: (_, r) => <span title={t('threeRate.front', { actual: count(r.frontRowActual), expected: count(r.frontRowExpected) })}>{percentText(r.frontRow)}</span> },
    { title: t('threeRate.source'), key: 'source', render: (_, r) => <Tag>{t(`threeRate.sourceOf.${r.source}`)}</Tag>, responsive: ['lg'] },
    {
      title: t('col.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Link to={`${PATHS.classroomReport}?${new URLSearchParams({ courseSessionId: r.courseSessionId }).toString()}`} data-testid={`three-rate-report-${r.courseSessionId}`}>
          {t('threeRate.report')}
        </Link>
      ),
    },
  ];
  return (
    <Card size="small" title={t('threeRate.classesTitle')} data-testid="three-rate-class-list" className="print-avoid-break">
      <Table<TThreeRateClassRow>
        rowKey="courseSessionId"
        size="small"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: page.isError ? t('loadFailed') : t('threeRate.empty') }}
        onRow={(r) => ({ 'data-testid': `three-rate-class-${r.courseSessionId}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPagination(pageQuery, setPageQuery, page.data?.total, (total) => t('records.total', { count: total }))}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }}>
        <Typography.Text type="secondary" strong style={{ fontSize: 12 }}>{t('how.title')}</Typography.Text> {t('threeRate.how.classes')}
      </Typography.Paragraph>
    </Card>
  );
}
