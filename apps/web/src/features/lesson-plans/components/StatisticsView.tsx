import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Row, Space, Statistic, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TLessonPlanStatistics } from '@hxk/contracts/lesson-plans';
import { EChart, type ChartOption } from '../../../components/charts/EChart.tsx';
import { downloadFile } from '../../../components/import/api.ts';
import { EXPORT_PATH, useStatistics } from '../api/statistics.ts';

type Teacher = TLessonPlanStatistics['byTeacher'][number];
const rate = (handedIn: number, due: number) => (due ? Math.round((handedIn / due) * 1000) / 10 : 0);

/** Hand-in rate per department and teacher, late and missing plans, the level distribution; Excel export. */
export function StatisticsView({ collectionId }: { collectionId?: string | undefined }) {
  const { t } = useTranslation('lessonPlans');
  const stats = useStatistics(collectionId);
  const [exporting, setExporting] = useState(false);
  const s = stats.data;

  const departments: ChartOption = useMemo(() => {
    const rows = s?.byDepartment ?? [];
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 32, bottom: 60 },
      xAxis: { type: 'category', data: rows.map((r) => r.name ?? t('stats.noDepartment')), axisLabel: { rotate: rows.length > 4 ? 30 : 0, interval: 0 } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { type: 'bar', stack: 'due', name: t('stats.onTime'), data: rows.map((r) => r.handedIn - r.late), itemStyle: { color: '#52c41a' } },
        { type: 'bar', stack: 'due', name: t('stats.late'), data: rows.map((r) => r.late), itemStyle: { color: '#faad14' } },
        { type: 'bar', stack: 'due', name: t('stats.missing'), data: rows.map((r) => r.missing), itemStyle: { color: '#ff4d4f' } },
      ],
    } as ChartOption;
  }, [s, t]);

  const levels: ChartOption = useMemo(() => ({
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [{
      type: 'pie', radius: ['35%', '65%'], label: { formatter: '{c} ({d}%)' },
      data: (s?.levels ?? []).map((l) => ({ name: `${t('level.label', { level: l.level })} · ${t(`level.name${l.level}`)}`, value: l.count })),
    }],
  }) as ChartOption, [s, t]);

  const columns = [
    { title: t('field.teacher'), key: 'name', render: (_: unknown, r: Teacher) => `${r.name} (${r.account})` },
    { title: t('field.department'), key: 'dept', render: (_: unknown, r: Teacher) => r.department ?? '—' },
    { title: t('stats.due'), dataIndex: 'due', key: 'due' },
    { title: t('stats.handedIn'), dataIndex: 'handedIn', key: 'handedIn' },
    { title: t('stats.late'), key: 'late', render: (_: unknown, r: Teacher) => (r.late ? <Tag color="orange">{r.late}</Tag> : 0) },
    { title: t('stats.missing'), key: 'missing', render: (_: unknown, r: Teacher) => (r.missing ? <Tag color="red">{r.missing}</Tag> : 0) },
    { title: t('stats.evaluated'), dataIndex: 'evaluated', key: 'evaluated' },
    { title: t('stats.rate'), key: 'rate', render: (_: unknown, r: Teacher) => `${rate(r.handedIn, r.due)}%` },
  ];

  const exportXlsx = () => {
    setExporting(true);
    downloadFile(EXPORT_PATH, collectionId ? { collectionId } : undefined, 'lesson-plans.xlsx').catch(() => undefined).finally(() => setExporting(false));
  };

  if (s && s.totals.due === 0) return <Empty description={t('stats.empty')} />;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="plan-statistics">
      <Row gutter={[12, 12]}>
        {(['due', 'handedIn', 'late', 'missing', 'evaluated'] as const).map((k) => (
          <Col key={k} xs={12} sm={8} md={4}>
            <Card size="small" loading={!s}><Statistic title={t(`stats.${k}`)} value={s?.totals[k] ?? 0} /></Card>
          </Col>
        ))}
        <Col xs={12} sm={8} md={4}>
          <Card size="small" loading={!s}><Statistic title={t('stats.rate')} value={s ? rate(s.totals.handedIn, s.totals.due) : 0} suffix="%" data-testid="plan-statistics-rate" /></Card>
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('stats.byDepartment')}>{s && <EChart option={departments} label={t('stats.byDepartment')} height={280} testId="plan-chart-departments" />}</Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('stats.levels')}>{s && <EChart option={levels} label={t('stats.levels')} height={280} testId="plan-chart-levels" />}</Card>
        </Col>
      </Row>
      <Card
        size="small"
        title={t('stats.byTeacher')}
        extra={<Button icon={<DownloadOutlined />} loading={exporting} onClick={exportXlsx} data-testid="plan-statistics-export">{t('stats.export')}</Button>}
      >
        <Table<Teacher> rowKey="teacherId" size="small" columns={columns} dataSource={s?.byTeacher} loading={stats.isFetching} pagination={{ pageSize: 20, hideOnSinglePage: true }} scroll={{ x: 'max-content' }} />
      </Card>
    </Space>
  );
}
