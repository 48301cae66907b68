import { useMemo, type HTMLAttributes } from 'react';
import { Button, Flex, Segmented, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { THREE_RATE_GROUP_BY, THREE_RATES, type TThreeRate, type TThreeRateGroupBy, type TThreeRateGroupRow, type TThreeRateStats } from '@hxk/contracts/statistics-three-rate';
import { EChart } from '../../../components/charts/EChart.tsx';
import { ChartCard } from './ChartCard.tsx';
import { percentText } from './format.ts';
import { threeRateGroupsOption, threeRateTrendOption } from './three-rate-charts.ts';

const small = { size: 'small' as const, scroll: { x: 'max-content' } };

/** The label of a group row: a session number or week in words, else its name. */
export function useGroupLabel() {
  const { t } = useTranslation('statistics');
  return (by: TThreeRateGroupBy, g: Pick<TThreeRateGroupRow, 'key' | 'name'>) =>
    by === 'session' ? t('threeRate.session', { n: g.key }) : by === 'week' ? t('week', { week: g.key }) : g.name;
}

/** The three rates per teaching week, scope against school, with the table behind the chart. */
export function ThreeRateTrend({ data, wholeSchool }: { data: TThreeRateStats; wholeSchool: boolean }) {
  const { t } = useTranslation('statistics');
  const rate = (r: TThreeRate) => t(`threeRate.rate.${r}`);
  const option = useMemo(
    () => threeRateTrendOption(data.trend, { rate, school: (r) => t('threeRate.schoolRate', { rate: rate(r) }), week: (w) => t('week', { week: w }), withSchool: !wholeSchool }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rate is derived from t
    [data.trend, wholeSchool, t],
  );
  return (
    <ChartCard
      title={t('threeRate.chart.trend')}
      how={t('threeRate.how.trend')}
      asOf={data.asOf}
      empty={data.trend.length === 0}
      emptyText={t('threeRate.empty')}
      testId="three-rate-trend"
      stacked
      chart={<EChart option={option} label={t('threeRate.chart.trend')} testId="chart-three-rate-trend" height={300} />}
      table={
        <Table
          {...small}
          rowKey="week"
          dataSource={data.trend}
          pagination={data.trend.length > 8 ? { pageSize: 8, size: 'small' } : false}
          columns={[
            { title: t('col.week'), dataIndex: 'week', render: (w: number) => t('week', { week: w }) },
            { title: t('threeRate.classes'), key: 'n', align: 'right', render: (_, w) => w.scope.classes },
            ...THREE_RATES.map((r) => ({ title: rate(r), key: r, align: 'right' as const, render: (_: unknown, w: TThreeRateStats['trend'][number]) => percentText(w.scope[r]) })),
          ]}
        />
      }
    />
  );
}

/** The grouping switch: every grouping but those already opened. */
export function GroupBySwitch({ value, onChange, hide }: { value: TThreeRateGroupBy; onChange: (by: TThreeRateGroupBy) => void; hide: TThreeRateGroupBy[] }) {
  const { t } = useTranslation('statistics');
  return (
    <Flex align="center" gap={8} wrap>
      <Typography.Text type="secondary">{t('threeRate.groupBy')}</Typography.Text>
      <Segmented<TThreeRateGroupBy>
        value={value}
        onChange={onChange}
        options={THREE_RATE_GROUP_BY.filter((b) => !hide.includes(b)).map((b) => ({ value: b, label: t(`threeRate.by.${b}`) }))}
        data-testid="three-rate-group-by"
      />
    </Flex>
  );
}

/** The scope grouped (the grouping chosen with GroupBySwitch), each row opening its classes. */
export function ThreeRateGroups({ data, onOpen }: { data: TThreeRateStats; onOpen: (row: TThreeRateGroupRow) => void }) {
  const { t } = useTranslation('statistics');
  const label = useGroupLabel();
  const rate = (r: TThreeRate) => t(`threeRate.rate.${r}`);
  const rows = useMemo(() => data.groups.map((g) => ({ ...g, label: label(data.groupBy, g) })), [data.groups, data.groupBy, label]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rate is derived from t
  const option = useMemo(() => threeRateGroupsOption(rows.slice(0, 30), { rate }), [rows, t]);
  const columns: ColumnsType<(typeof rows)[number]> = [
    {
      title: t(`threeRate.by.${data.groupBy}`),
      key: 'name',
      render: (_, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(r)} data-testid={`three-rate-open-${r.key}`}>
          {r.label}
        </Button>
      ),
    },
    ...(data.groupBy === 'classroom' || data.groupBy === 'unit' || data.groupBy === 'teacher' || data.groupBy === 'course'
      ? [{ title: t(`threeRate.detail.${data.groupBy}`), dataIndex: 'detail', render: (v: string | null) => v ?? '—', responsive: ['md' as const] }]
      : []),
    { title: t('threeRate.classes'), dataIndex: 'classes', align: 'right', sorter: (a, b) => a.classes - b.classes },
    ...THREE_RATES.map((r) => ({
      title: rate(r), key: r, align: 'right' as const, render: (_: unknown, g: TThreeRateGroupRow) => percentText(g[r]),
      sorter: (a: TThreeRateGroupRow, b: TThreeRateGroupRow) => (a[r] ?? -1) - (b[r] ?? -1),
    })),
  ];
  return (
    <ChartCard
      title={t('threeRate.chart.groups', { by: t(`threeRate.by.${data.groupBy}`) })}
      how={t('threeRate.how.groups')}
      asOf={data.asOf}
      empty={data.groups.length === 0}
      emptyText={t('threeRate.empty')}
      testId="three-rate-groups"
      stacked
      chart={<EChart option={option} label={t(`threeRate.by.${data.groupBy}`)} testId="chart-three-rate-groups" height={300} />}
      table={
        <Table
          {...small}
          rowKey="key"
          dataSource={rows}
          columns={columns}
          pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
          onRow={(r) => ({ 'data-testid': `three-rate-group-${r.key}` }) as HTMLAttributes<HTMLElement>}
        />
      }
    />
  );
}
