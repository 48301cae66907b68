import { Alert, Breadcrumb, Button, Card, Flex, Space, Typography } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TThreeRateGroupBy, TThreeRateStats } from '@hxk/contracts/statistics-three-rate';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useThreeRateStats } from '../api/get-three-rate-stats.ts';
import { ExportButton } from './ExportButton.tsx';
import { ThreeRateClasses } from './ThreeRateClasses.tsx';
import { GroupBySwitch, ThreeRateGroups, ThreeRateTrend } from './ThreeRateCharts.tsx';
import { ThreeRateFigures } from './ThreeRateFigures.tsx';
import { ThreeRateFilterBar } from './ThreeRateFilterBar.tsx';
import { DRILL_KEY, drilled, groupByOf, NO_DRILL, THREE_RATE_PATHS, threeRateFiltersOf, threeRateHref, useThreeRateUrl } from './three-rate-url.ts';
import '../../../components/print/print-view.css';

/** What the scope's subject is called, for the crumbs: the most specific place opened. */
function placeName(data: TThreeRateStats, t: (k: string, o?: Record<string, unknown>) => string, url: Record<string, string | undefined>): string {
  const s = data.subject;
  const parts = [
    s.orgUnit && url.unitId ? s.orgUnit.name : null,
    s.building?.name ?? null,
    s.classroom?.name ?? null,
    s.teacher?.name ?? null,
    s.course?.name ?? null,
    url.session ? t('threeRate.session', { n: url.session }) : null,
    url.week ? t('week', { week: url.week }) : null,
  ].filter(Boolean);
  return parts.join(' · ') || '…';
}

/**
 * Three-rate statistics: the school page (a grouping of its choice: building, classroom, department,
 * teacher, course, time slot, week) and the details page (the place opened from a group row, further
 * grouped, with the classes behind it, each opening its AI report). Filters live in the URL; going
 * down adds the place opened, going back removes it.
 */
export function ThreeRateLevel({ level }: { level: 'school' | 'details' }) {
  const { t } = useTranslation('statistics');
  const navigate = useNavigate();
  const [url, patch] = useThreeRateUrl();
  const details = level === 'details';
  const filters = threeRateFiltersOf(url, details);
  const missing = details && !drilled(url);
  const opened = (Object.keys(DRILL_KEY) as TThreeRateGroupBy[]).filter((b) => Boolean(url[DRILL_KEY[b]]));
  const groupBy = details ? groupByOf(url.detailsBy, opened.includes('teacher') ? 'course' : 'teacher') : groupByOf(url.groupBy, 'unit');
  const stats = useThreeRateStats(filters && !missing ? { ...filters, groupBy } : null);
  const data = stats.data;
  const schoolHref = threeRateHref(THREE_RATE_PATHS.school, url, { ...NO_DRILL, detailsBy: undefined });
  const wholeSchool = Boolean(data && !details && !url.orgUnitId && !data.ownOnly);

  return (
    <Card
      className="print-root"
      title={
        <Flex align="center" gap={8} wrap>
          {details ? <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => void navigate(schoolHref)} aria-label={t('back')} data-testid="three-rate-back" className="print-hidden" /> : null}
          <span>{menuTitle(t, details ? 'threeRateStatisticsDetails' : 'threeRateStatistics')}</span>
        </Flex>
      }
      extra={
        <Flex gap={8} wrap justify="flex-end" className="print-hidden">
          <ExportButton request={filters && !missing ? { view: 'threeRate', query: { ...filters, groupBy } } : null} />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="three-rate-print">{t('print')}</Button>
        </Flex>
      }
      styles={{ body: { padding: 12 } }}
      data-testid={`three-rate-page-${level}`}
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {details ? (
          <Breadcrumb
            data-testid="three-rate-crumbs"
            items={[
              { key: 'school', title: <Link to={schoolHref} data-testid="three-rate-crumb-school">{menuTitle(t, 'threeRateStatistics')}</Link> },
              { key: 'place', title: data ? placeName(data, t, url) : '…' },
            ]}
          />
        ) : null}
        <div className="print-hidden">
          <ThreeRateFilterBar url={url} patch={patch} unitFilter={!details} />
        </div>
        {data ? (
          <Typography.Text type="secondary" data-testid="three-rate-scope-line">
            {url.from || url.to ? t('scopeLine.range', { semester: data.semester.name, from: url.from ?? '…', to: url.to ?? '…' }) : t('scopeLine.semester', { semester: data.semester.name })}
            {data.ownOnly ? ` ${t('ownOnly')}` : ''} {t('threeRate.classLevel')}
          </Typography.Text>
        ) : null}
        {missing ? <Alert type="warning" showIcon message={t('threeRate.missing')} action={<Link to={schoolHref}>{menuTitle(t, 'threeRateStatistics')}</Link>} /> : null}
        {stats.isError ? <Alert type="error" showIcon message={stats.error.message} data-testid="three-rate-error" /> : null}
        {!data && stats.isLoading ? <PageLoading /> : null}
        {data ? (
          <>
            <ThreeRateFigures data={data} wholeSchool={wholeSchool} />
            <ThreeRateTrend data={data} wholeSchool={wholeSchool} />
            <div className="print-hidden">
              <GroupBySwitch value={groupBy} onChange={(by) => patch(details ? { detailsBy: by } : { groupBy: by })} hide={opened} />
            </div>
            <ThreeRateGroups
              data={data}
              onOpen={(row) => void navigate(threeRateHref(THREE_RATE_PATHS.details, url, { [DRILL_KEY[data.groupBy]]: row.key, detailsBy: undefined }))}
            />
            {details && filters ? <ThreeRateClasses filters={filters} /> : null}
          </>
        ) : null}
        {data && !details ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('threeRate.openHint')}</Typography.Text> : null}
      </Space>
    </Card>
  );
}
