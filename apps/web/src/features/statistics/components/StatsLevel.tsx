import { Alert, Breadcrumb, Button, Card, Flex, Space, Typography } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useEvaluationStats } from '../api/get-evaluation-stats.ts';
import { ExportButton } from './ExportButton.tsx';
import { FigureCards } from './FigureCards.tsx';
import { RecordsTable } from './RecordsTable.tsx';
import { StatsCharts } from './StatsCharts.tsx';
import { StatsFilterBar } from './StatsFilterBar.tsx';
import { GroupsTable, RankLists, SupervisorsCard } from './StatsTables.tsx';
import { filtersOf, STATS_PATHS, statsHref, useStatsUrl } from './stats-url.ts';
import '../../../components/print/print-view.css';

export type StatsLevelName = keyof typeof STATS_PATHS;
const MENU_KEY: Record<StatsLevelName, string> = { school: 'evaluateStatistics', unit: 'evaluateStatisticsDetails', teacher: 'evaluateStatisticsDetailss' };

/**
 * One level of the evaluation statistics drill-down: the school (departments), a department
 * (its teachers), a teacher (their evaluations). Filters live in the URL; going down adds the
 * department or teacher opened, going back takes it off again.
 */
export function StatsLevel({ level }: { level: StatsLevelName }) {
  const { t } = useTranslation('statistics');
  const navigate = useNavigate();
  const [url, patch] = useStatsUrl();
  const filters = filtersOf(url);
  const missing = (level === 'unit' && !url.unitId) || (level === 'teacher' && !url.teacherId);
  const groupBy = level === 'school' ? 'unit' : level === 'unit' ? 'teacher' : 'none';
  const stats = useEvaluationStats(filters && !missing ? { ...filters, groupBy } : null);
  const data = stats.data;

  const schoolHref = statsHref(STATS_PATHS.school, url, { unitId: undefined, teacherId: undefined });
  const unitHref = statsHref(STATS_PATHS.unit, url, { teacherId: undefined });
  const back = level === 'teacher' && url.unitId ? unitHref : schoolHref;
  const scopeName = data?.subject.teacher?.name ?? data?.subject.orgUnit?.name ?? t('side.scope');
  // The school page with no unit chosen, read by a whole-school reader: the scope is the school itself.
  const wholeSchool = Boolean(data && !data.subject.orgUnit && !data.subject.teacher && !data.subject.course && data.supervisors !== null);

  const crumbs = [
    { key: 'school', title: level === 'school' ? menuTitle(t, 'evaluateStatistics') : <Link to={schoolHref} data-testid="crumb-school">{menuTitle(t, 'evaluateStatistics')}</Link> },
    ...(url.unitId && level !== 'school'
      ? [{ key: 'unit', title: level === 'unit' ? (data?.subject.orgUnit?.name ?? '…') : <Link to={unitHref} data-testid="crumb-unit">{data?.subject.orgUnit?.name ?? t('crumb.unit')}</Link> }]
      : []),
    ...(level === 'teacher' ? [{ key: 'teacher', title: data?.subject.teacher?.name ?? '…' }] : []),
  ];

  return (
    <Card
      className="print-root"
      title={
        <Flex align="center" gap={8} wrap>
          {level !== 'school' ? (
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => void navigate(back)} aria-label={t('back')} data-testid="stats-back" className="print-hidden" />
          ) : null}
          <span>{menuTitle(t, MENU_KEY[level])}</span>
        </Flex>
      }
      extra={
        <Flex gap={8} wrap justify="flex-end" className="print-hidden">
          <ExportButton request={filters && !missing ? { view: 'evaluation', query: { ...filters, groupBy } } : null} />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="stats-print">{t('print')}</Button>
        </Flex>
      }
      styles={{ body: { padding: 12 } }}
      data-testid={`stats-page-${level}`}
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {level !== 'school' ? <Breadcrumb items={crumbs} data-testid="stats-crumbs" /> : null}
        <div className="print-hidden">
          <StatsFilterBar url={url} patch={patch} unitFilter={level === 'school'} />
        </div>
        {data ? (
          <Typography.Text type="secondary" data-testid="stats-scope-line">
            {url.from || url.to ? t('scopeLine.range', { semester: data.semester.name, from: url.from ?? '…', to: url.to ?? '…' }) : t('scopeLine.semester', { semester: data.semester.name })}
            {data.ownOnly ? ` ${t('ownOnly')}` : ''}
          </Typography.Text>
        ) : null}
        {missing ? <Alert type="warning" showIcon message={t('missing')} action={<Link to={schoolHref}>{menuTitle(t, 'evaluateStatistics')}</Link>} /> : null}
        {stats.isError ? <Alert type="error" showIcon message={stats.error.message} data-testid="stats-error" /> : null}
        {!data && stats.isLoading ? <PageLoading /> : null}
        {data ? (
          <>
            <FigureCards data={data} />
            {level !== 'teacher' ? (
              <GroupsTable
                data={data}
                onOpen={(row) => void navigate(level === 'school' ? statsHref(STATS_PATHS.unit, url, { unitId: row.id }) : statsHref(STATS_PATHS.teacher, url, { teacherId: row.id }))}
              />
            ) : null}
            {level !== 'teacher' ? <RankLists data={data} onOpen={(teacherId) => void navigate(statsHref(STATS_PATHS.teacher, url, { teacherId }))} /> : null}
            <StatsCharts data={data} scopeName={wholeSchool ? t('side.school') : scopeName} wholeSchool={wholeSchool} />
            {level === 'school' ? <SupervisorsCard data={data} /> : null}
            {level === 'teacher' && filters ? <RecordsTable filters={filters} /> : null}
          </>
        ) : null}
      </Space>
    </Card>
  );
}
