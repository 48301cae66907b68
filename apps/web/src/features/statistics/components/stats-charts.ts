import type { TEvaluationStats } from '@hxk/contracts/statistics';
import type { ChartOption } from '../../../components/charts/EChart.tsx';

const SCOPE_COLOR = '#1677ff';
const SCHOOL_COLOR = '#bfbfbf';
const share = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 10 : 0);

/** The two sides compared; `school` null when the scope is the whole school (one series, not two alike). */
type Sides = { scope: string; school: string | null };

/** The score bands as the share of each side's evaluations, scope beside school. */
export function distributionOption(d: TEvaluationStats['distribution'], labels: Sides & { band: (b: string) => string }): ChartOption {
  const n = d.reduce((s, b) => s + b.count, 0);
  const sn = d.reduce((s, b) => s + b.schoolCount, 0);
  return {
    grid: { left: 44, right: 16, top: 36, bottom: 32 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${String(v)}%` },
    xAxis: { type: 'category', data: d.map((b) => labels.band(b.band)) },
    yAxis: { type: 'value', min: 0, axisLabel: { formatter: '{value}%' } },
    series: [
      { type: 'bar', name: labels.scope, data: d.map((b) => share(b.count, n)), itemStyle: { color: SCOPE_COLOR } },
      ...(labels.school ? [{ type: 'bar' as const, name: labels.school, data: d.map((b) => share(b.schoolCount, sn)), itemStyle: { color: SCHOOL_COLOR } }] : []),
    ],
  };
}

/** Per teaching week: the scope's evaluations as bars, the mean percent of scope and school as lines. */
export function trendOption(weeks: TEvaluationStats['trend'], labels: Sides & { week: (w: number) => string; count: string }): ChartOption {
  return {
    grid: { left: 44, right: 44, top: 36, bottom: 32 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: weeks.map((w) => labels.week(w.week)) },
    yAxis: [
      { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      { type: 'value', min: 0, minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: labels.count, yAxisIndex: 1, data: weeks.map((w) => w.evaluations), itemStyle: { color: '#d6e4ff' } },
      { type: 'line', name: labels.scope, data: weeks.map((w) => w.meanPercent), connectNulls: false, itemStyle: { color: SCOPE_COLOR } },
      ...(labels.school ? [{ type: 'line' as const, name: labels.school, data: weeks.map((w) => w.schoolMeanPercent), lineStyle: { type: 'dashed' as const }, itemStyle: { color: '#8c8c8c' } }] : []),
    ],
  };
}

/** Each indicator's percent of its full score, scope beside school. */
export function indicatorsOption(rows: TEvaluationStats['indicators'], labels: Sides): ChartOption {
  const list = [...rows].reverse();
  return {
    grid: { left: 8, right: 24, top: 36, bottom: 24, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => (v == null ? '—' : `${String(v)}%`) },
    yAxis: { type: 'category', data: list.map((r) => r.name), axisLabel: { width: 120, overflow: 'truncate' } },
    xAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      { type: 'bar', name: labels.scope, data: list.map((r) => r.percent), itemStyle: { color: SCOPE_COLOR } },
      ...(labels.school ? [{ type: 'bar' as const, name: labels.school, data: list.map((r) => r.schoolPercent), itemStyle: { color: SCHOOL_COLOR } }] : []),
    ],
  };
}

/** Per supervisor: classes attended against the plans' minimums. */
export function supervisorsOption(rows: NonNullable<TEvaluationStats['supervisors']>, labels: { attended: string; required: string }): ChartOption {
  const list = [...rows].reverse();
  return {
    grid: { left: 8, right: 24, top: 36, bottom: 24, containLabel: true },
    legend: { top: 0, data: [labels.attended, labels.required] },
    tooltip: { trigger: 'axis' },
    yAxis: { type: 'category', data: list.map((r) => r.supervisor.name), axisLabel: { width: 100, overflow: 'truncate' } },
    xAxis: { type: 'value', min: 0, minInterval: 1 },
    series: [
      { type: 'bar', name: labels.attended, data: list.map((r) => r.attended), itemStyle: { color: SCOPE_COLOR } },
      { type: 'bar', name: labels.required, data: list.map((r) => r.required), itemStyle: { color: SCHOOL_COLOR } },
    ],
  };
}
