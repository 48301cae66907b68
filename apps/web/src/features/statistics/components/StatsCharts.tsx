import { useMemo } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TEvaluationStats } from '@hxk/contracts/statistics';
import { EChart } from '../../../components/charts/EChart.tsx';
import { ChartCard } from './ChartCard.tsx';
import { distributionOption, indicatorsOption, trendOption } from './stats-charts.ts';
import { percentText } from './format.ts';

/** Score distribution, weekly trend and indicators, each chart with its table and its note. */
export function StatsCharts({ data, scopeName, wholeSchool }: { data: TEvaluationStats; scopeName: string; wholeSchool: boolean }) {
  const { t } = useTranslation('statistics');
  const sides = useMemo(() => ({ scope: scopeName, school: wholeSchool ? null : t('side.school') }), [scopeName, wholeSchool, t]);
  const dist = useMemo(() => distributionOption(data.distribution, { ...sides, band: (b) => t(`band.${b}`) }), [data.distribution, sides, t]);
  const trend = useMemo(() => trendOption(data.trend, { ...sides, week: (w) => t('week', { week: w }), count: t('col.evaluations') }), [data.trend, sides, t]);
  const inds = useMemo(() => indicatorsOption(data.indicators, sides), [data.indicators, sides]);
  const small = { size: 'small' as const, pagination: false as const, scroll: { x: 'max-content' } };

  return (
    <>
      <ChartCard
        title={t('chart.distribution')}
        how={t('how.distribution')}
        asOf={data.asOf}
        empty={data.school.evaluations === 0}
        testId="stats-distribution"
        chart={<EChart option={dist} label={t('chart.distribution')} testId="chart-stats-distribution" />}
        table={
          <Table
            {...small}
            rowKey="band"
            dataSource={data.distribution}
            columns={[
              { title: t('col.band'), dataIndex: 'band', render: (b: string) => t(`band.${b}`) },
              { title: scopeName, dataIndex: 'count', align: 'right' },
              ...(wholeSchool ? [] : [{ title: t('side.school'), dataIndex: 'schoolCount', align: 'right' as const }]),
            ]}
          />
        }
      />
      <ChartCard
        title={t('chart.trend')}
        how={t('how.trend')}
        asOf={data.asOf}
        empty={data.trend.length === 0}
        testId="stats-trend"
        chart={<EChart option={trend} label={t('chart.trend')} testId="chart-stats-trend" />}
        table={
          <Table
            {...small}
            rowKey="week"
            dataSource={data.trend}
            pagination={data.trend.length > 8 ? { pageSize: 8, size: 'small' } : false}
            columns={[
              { title: t('col.week'), dataIndex: 'week', render: (w: number) => t('week', { week: w }) },
              { title: t('col.evaluations'), dataIndex: 'evaluations', align: 'right' },
              { title: t('col.mean'), dataIndex: 'meanPercent', align: 'right', render: percentText },
              ...(wholeSchool ? [] : [{ title: t('col.schoolMean'), dataIndex: 'schoolMeanPercent', align: 'right' as const, render: percentText }]),
            ]}
          />
        }
      />
      <ChartCard
        title={t('chart.indicators')}
        how={t('how.indicators')}
        asOf={data.asOf}
        empty={data.indicators.length === 0}
        testId="stats-indicators"
        chart={<EChart option={inds} label={t('chart.indicators')} testId="chart-stats-indicators" height={Math.max(220, 40 + data.indicators.length * 44)} />}
        table={
          <Table
            {...small}
            rowKey="key"
            dataSource={data.indicators}
            columns={[
              { title: t('col.indicator'), dataIndex: 'name' },
              { title: scopeName, dataIndex: 'percent', align: 'right', render: percentText },
              ...(wholeSchool ? [] : [{ title: t('side.school'), dataIndex: 'schoolPercent', align: 'right' as const, render: percentText }]),
              { title: t('col.evaluations'), dataIndex: 'count', align: 'right' },
            ]}
          />
        }
      />
    </>
  );
}
