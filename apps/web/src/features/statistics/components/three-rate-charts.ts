import type { TThreeRateFigures, TThreeRateStats } from '@hxk/contracts/statistics-three-rate';
import { THREE_RATES, type TThreeRate } from '@hxk/contracts/statistics-three-rate';
import type { ChartOption } from '../../../components/charts/EChart.tsx';

/** One colour per rate, the school's line dashed in the same colour. */
export const RATE_COLORS: Record<TThreeRate, string> = { attendance: '#1677ff', headUp: '#52c41a', frontRow: '#fa8c16' };

type Labels = { rate: (r: TThreeRate) => string; school: (r: TThreeRate) => string; week: (w: number) => string; withSchool: boolean };

/** Per teaching week: the scope's three rates as lines, the school's dashed beside them. */
export function threeRateTrendOption(weeks: TThreeRateStats['trend'], labels: Labels): ChartOption {
  const line = (r: TThreeRate, side: 'scope' | 'school') => ({
    type: 'line' as const,
    name: side === 'scope' ? labels.rate(r) : labels.school(r),
    data: weeks.map((w) => w[side][r]),
    connectNulls: false,
    itemStyle: { color: RATE_COLORS[r] },
    ...(side === 'school' ? { lineStyle: { type: 'dashed' as const, opacity: 0.6 }, symbol: 'none' } : {}),
  });
  return {
    grid: { left: 44, right: 16, top: labels.withSchool ? 56 : 36, bottom: 32 },
    legend: { top: 0, type: 'scroll' },
    tooltip: { trigger: 'axis', valueFormatter: (v) => (v == null ? '—' : `${String(v)}%`) },
    xAxis: { type: 'category', data: weeks.map((w) => labels.week(w.week)) },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [...THREE_RATES.map((r) => line(r, 'scope')), ...(labels.withSchool ? THREE_RATES.map((r) => line(r, 'school')) : [])],
  };
}

/** The groups' three rates as bars, one group per category. */
export function threeRateGroupsOption(rows: (TThreeRateFigures & { label: string })[], labels: { rate: (r: TThreeRate) => string }): ChartOption {
  return {
    grid: { left: 44, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => (v == null ? '—' : `${String(v)}%`) },
    xAxis: { type: 'category', data: rows.map((r) => r.label), axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0, width: 90, overflow: 'truncate' } },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: THREE_RATES.map((r) => ({ type: 'bar' as const, name: labels.rate(r), data: rows.map((g) => g[r]), itemStyle: { color: RATE_COLORS[r] } })),
  };
}
