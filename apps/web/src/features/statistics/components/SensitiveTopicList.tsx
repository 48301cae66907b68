import { useMemo, useState, type HTMLAttributes } from 'react';
import { Alert, Button, Card, Col, Flex, Row, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WARNING_LEVEL_KEYS } from '@hxk/contracts/analysis';
import type { TSensitiveClassRow, TSensitiveFilters, TSensitiveStats } from '@hxk/contracts/statistics-sensitive';
import { EChart, type ChartOption } from '../../../components/charts/EChart.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatLessonDay } from '../../../lib/class-time.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useSensitiveClasses } from '../api/get-sensitive-classes.ts';
import { useSensitiveStats } from '../api/get-sensitive-stats.ts';
import { ChartCard } from './ChartCard.tsx';
import { ExportButton } from './ExportButton.tsx';
import { percentText } from './format.ts';
import { SEVERITY_COLOR, SEVERITY_TAG } from './severity.ts';
import { ThreeRateFilterBar } from './ThreeRateFilterBar.tsx';
import { SENSITIVE_PATHS, sensitiveFiltersOf, sensitiveHref, useSensitiveUrl, type SensitiveUrl } from './sensitive-url.ts';
import '../../../components/print/print-view.css';

function categoriesOption(rows: TSensitiveStats['categories'], level: (s: string) => string): ChartOption {
  const list = [...rows].reverse();
  return {
    grid: { left: 8, right: 24, top: 36, bottom: 16, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    yAxis: { type: 'category', data: list.map((r) => r.category), axisLabel: { width: 110, overflow: 'truncate' } },
    xAxis: { type: 'value', min: 0, minInterval: 1 },
    series: WARNING_LEVEL_KEYS.map((s) => ({ type: 'bar' as const, stack: 'hits', name: level(s), data: list.map((r) => r[s]), itemStyle: { color: SEVERITY_COLOR[s] } })),
  };
}

function Figures({ data }: { data: TSensitiveStats }) {
  const { t } = useTranslation('statistics');
  const cards = [
    { key: 'classes', value: String(data.scope.classesWithHits), extra: t('sensitive.classesOf', { n: data.scope.classesWithHits, of: data.scope.analysedClasses }), school: String(data.school.classesWithHits) },
    { key: 'share', value: percentText(data.scope.share), school: percentText(data.school.share) },
    { key: 'hits', value: String(data.scope.hits), school: String(data.school.hits) },
  ];
  return (
    <Card size="small" data-testid="sensitive-figures" className="print-avoid-break">
      <Row gutter={[16, 12]}>
        {cards.map((c) => (
          <Col xs={24} sm={8} key={c.key}>
            <Statistic title={t(`sensitive.figure.${c.key}`)} value={c.value} valueRender={() => <span data-testid={`sensitive-${c.key}`}>{c.value}</span>} />
            {c.extra ? <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>{c.extra}</Typography.Text> : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('figure.school', { value: c.school })}</Typography.Text>
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }} data-testid="sensitive-figures-how">
        <Typography.Text type="secondary" strong style={{ fontSize: 12 }}>{t('how.title')}</Typography.Text> {t('sensitive.how.figures')} {t('how.asOf', { at: formatDateTime(data.asOf) })}
      </Typography.Paragraph>
    </Card>
  );
}

function ClassList({ filters, url }: { filters: TSensitiveFilters; url: SensitiveUrl }) {
  const { t } = useTranslation('statistics');
  const [pageQuery, setPageQuery] = useState({ pageNum: 1, pageSize: 20 });
  const page = useSensitiveClasses({ ...filters, ...pageQuery });
  const columns: ColumnsType<TSensitiveClassRow> = [
    {
      title: t('col.lesson'),
      key: 'lesson',
      render: (_, r) => (
        <Link to={sensitiveHref(SENSITIVE_PATHS.details, url, { courseSessionId: r.courseSessionId })} data-testid={`sensitive-open-${r.courseSessionId}`}>
          {formatLessonDay(r.lessonDate)} · {t('threeRate.session', { n: r.session })}
        </Link>
      ),
    },
    { title: t('col.course'), key: 'course', render: (_, r) => <span>{r.course.name} <Typography.Text type="secondary">{r.course.code}</Typography.Text></span> },
    { title: t('col.teacher'), key: 'teacher', render: (_, r) => r.teacher.name },
    { title: t('threeRate.by.classroom'), key: 'room', render: (_, r) => [r.buildingName, r.classroomName].filter(Boolean).join(' · ') || '—', responsive: ['lg'] },
    { title: t('sensitive.col.hits'), dataIndex: 'hits', align: 'right' },
    { title: t('sensitive.col.severity'), key: 'severity', render: (_, r) => <Tag color={SEVERITY_TAG[r.severity]}>{t(`sensitive.level.${r.severity}`)}</Tag> },
    { title: t('sensitive.col.words'), key: 'words', render: (_, r) => r.words.join('、'), responsive: ['md'] },
  ];
  return (
    <Card size="small" title={t('sensitive.classesTitle')} data-testid="sensitive-class-list" className="print-avoid-break">
      <Table<TSensitiveClassRow>
        rowKey="courseSessionId"
        size="small"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: page.isError ? t('loadFailed') : t('sensitive.empty') }}
        onRow={(r) => ({ 'data-testid': `sensitive-class-${r.courseSessionId}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPagination(pageQuery, setPageQuery, page.data?.total, (total) => t('records.total', { count: total }))}
      />
    </Card>
  );
}

/** /back/sensitiveTopic: classes with sensitive-word hits by category and severity, and the classes themselves. */
export function SensitiveTopicList() {
  const { t } = useTranslation('statistics');
  const [url, patch] = useSensitiveUrl();
  const filters = sensitiveFiltersOf(url);
  const stats = useSensitiveStats(filters);
  const data = stats.data;
  const level = (s: string) => t(`sensitive.level.${s}`);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- level is derived from t
  const option = useMemo(() => categoriesOption(data?.categories ?? [], level), [data?.categories, t]);
  const categoryOptions = useMemo(() => {
    const names = new Set((data?.categories ?? []).map((c) => c.category));
    if (url.category) names.add(url.category);
    return [...names].sort().map((c) => ({ value: c, label: c }));
  }, [data?.categories, url.category]);

  return (
    <Card
      className="print-root"
      title={menuTitle(t, 'sensitiveTopic')}
      extra={
        <Flex gap={8} wrap justify="flex-end" className="print-hidden">
          <ExportButton request={filters ? { view: 'sensitive', query: filters } : null} />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="sensitive-print">{t('print')}</Button>
        </Flex>
      }
      styles={{ body: { padding: 12 } }}
      data-testid="sensitive-page"
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <div className="print-hidden">
          <ThreeRateFilterBar url={url} patch={patch} unitFilter resetAlso={{ category: undefined, severity: undefined }}>
            <Select
              allowClear
              style={{ flex: '0 1 160px', minWidth: 130 }}
              placeholder={t('sensitive.filter.category')}
              value={url.category ?? null}
              options={categoryOptions}
              onChange={(category?: string) => patch({ category })}
              aria-label={t('sensitive.filter.category')}
              data-testid="sensitive-category"
            />
            <Select
              allowClear
              style={{ flex: '0 1 140px', minWidth: 120 }}
              placeholder={t('sensitive.filter.severity')}
              value={url.severity ?? null}
              options={WARNING_LEVEL_KEYS.map((s) => ({ value: s, label: level(s) }))}
              onChange={(severity?: string) => patch({ severity })}
              aria-label={t('sensitive.filter.severity')}
              data-testid="sensitive-severity"
            />
          </ThreeRateFilterBar>
        </div>
        {data ? (
          <Typography.Text type="secondary">
            {url.from || url.to ? t('scopeLine.range', { semester: data.semester.name, from: url.from ?? '…', to: url.to ?? '…' }) : t('scopeLine.semester', { semester: data.semester.name })}
            {data.ownOnly ? ` ${t('ownOnly')}` : ''}
          </Typography.Text>
        ) : null}
        {stats.isError ? <Alert type="error" showIcon message={stats.error.message} data-testid="sensitive-error" /> : null}
        {!data && stats.isLoading ? <PageLoading /> : null}
        {data && filters ? (
          <>
            <Figures data={data} />
            <ChartCard
              title={t('sensitive.chart.categories')}
              how={t('sensitive.how.categories')}
              asOf={data.asOf}
              empty={data.categories.length === 0}
              emptyText={t('sensitive.empty')}
              testId="sensitive-categories"
              chart={<EChart option={option} label={t('sensitive.chart.categories')} testId="chart-sensitive-categories" height={Math.max(200, 60 + data.categories.length * 40)} />}
              table={
                <Table
                  size="small"
                  rowKey="category"
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  dataSource={data.categories}
                  columns={[
                    { title: t('sensitive.col.category'), dataIndex: 'category' },
                    { title: t('sensitive.col.classes'), dataIndex: 'classes', align: 'right' },
                    { title: t('sensitive.col.hits'), dataIndex: 'hits', align: 'right' },
                    ...WARNING_LEVEL_KEYS.map((s) => ({ title: level(s), dataIndex: s, align: 'right' as const })),
                  ]}
                />
              }
            />
            <ClassList filters={filters} url={url} />
          </>
        ) : null}
      </Space>
    </Card>
  );
}
