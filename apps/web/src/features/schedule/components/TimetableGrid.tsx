import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import type { TClassEntry, TTimetable } from '@hxk/contracts/courses';
import { CourseStateTag } from './CourseStateTag.tsx';
import { WEEKDAYS, sessionRangeText, weekdayLabel } from './labels.ts';

type Row = { sessionNo: number; start: string | null; end: string | null };

const TODAY_BG = 'var(--ant-color-primary-bg)';

function EntryCard({ e }: { e: TClassEntry }) {
  const { t } = useTranslation('schedule');
  return (
    <div style={{ border: '1px solid var(--ant-color-border-secondary)', borderRadius: 6, padding: '4px 6px', marginBottom: 4, background: 'var(--ant-color-bg-container)', minWidth: 120 }} data-testid="timetable-entry">
      <Typography.Text strong style={{ display: 'block' }}>{e.courseName}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {[e.teacherName, e.classroomName].filter(Boolean).join(' · ')}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {sessionRangeText(t, e.sessionStart, e.sessionEnd)}
        {e.startTime && e.endTime ? ` ${e.startTime}-${e.endTime}` : ''}
      </Typography.Text>
      {e.state && e.state !== 'notStarted' && <CourseStateTag state={e.state} />}
      {/* A class under way or held has its AI report (being generated while it runs). */}
      {e.state && e.state !== 'notStarted' && (
        <Link to={`${PATHS.classroomReport}?${new URLSearchParams({ courseSessionId: e.courseSessionId }).toString()}`} style={{ fontSize: 12, display: 'block' }} data-testid="timetable-ai-report">
          {t('timetable.aiReport')}
        </Link>
      )}
    </div>
  );
}

/** A teaching week: sessions down, weekdays across (today's column marked); a class sits in its first session's row. */
export function TimetableGrid({ data, loading }: { data: TTimetable | undefined; loading: boolean }) {
  const { t } = useTranslation('schedule');
  const cells = new Map((data?.cells ?? []).map((c) => [`${c.weekday}|${c.sessionStart}`, c.entries]));
  const maxUsed = Math.max(0, ...(data?.cells ?? []).map((c) => c.sessionStart));
  const rows: Row[] = (data?.sessions ?? []).map((s) => ({ sessionNo: s.sessionNo, start: s.start, end: s.end }));
  // Classes in sessions without a time set still get a row.
  for (let n = 1; n <= maxUsed; n++) if (!rows.some((r) => r.sessionNo === n)) rows.push({ sessionNo: n, start: null, end: null });
  rows.sort((a, b) => a.sessionNo - b.sessionNo);

  const columns: ColumnsType<Row> = [
    {
      title: t('timetable.session'),
      key: 'session',
      fixed: 'left',
      width: 96,
      render: (_, r) => (
        <div>
          <div>{t('slot.sessionsOne', { n: r.sessionNo })}</div>
          {r.start && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.start}-{r.end}</Typography.Text>}
        </div>
      ),
    },
    ...WEEKDAYS.map((d) => {
      const date = data?.dates[d - 1];
      const isToday = !!date && date === data?.today;
      return {
        key: `d${d}`,
        title: (
          <div data-testid={isToday ? 'timetable-today' : undefined}>
            <div>{weekdayLabel(t, d)}{isToday && <Tag color="processing" style={{ marginInlineStart: 6 }}>{t('timetable.today')}</Tag>}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{date?.slice(5)}</Typography.Text>
          </div>
        ),
        width: 160,
        onCell: () => ({ style: isToday ? { background: TODAY_BG } : {} }),
        onHeaderCell: () => ({ style: isToday ? { background: TODAY_BG } : {} }),
        render: (_: unknown, r: Row) => (cells.get(`${d}|${r.sessionNo}`) ?? []).map((e) => <EntryCard key={e.courseSessionId} e={e} />),
      };
    }),
  ];

  return (
    <Table<Row>
      rowKey="sessionNo"
      size="small"
      bordered
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('timetable.noSessionTimes') }}
      data-testid="timetable-grid"
    />
  );
}
