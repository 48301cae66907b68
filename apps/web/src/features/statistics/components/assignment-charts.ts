import type { ChartOption } from '../../../components/charts/EChart.tsx';

const ATTENDED = '#1677ff';
const SHORT = '#ffccc7';
const BEYOND = '#95de64';

/**
 * Per row (a task or a supervisor): credited attendance (up to the minimum) and what is still
 * missing stack to the requirement; attendance beyond it shows as its own segment, so a bar's
 * length is max(attended, required) and its blue part is what counts.
 */
export function progressOption(
  rows: { label: string; attended: number; required: number; credited: number }[],
  labels: { credited: string; missing: string; beyond: string },
): ChartOption {
  const list = [...rows].reverse();
  return {
    grid: { left: 8, right: 24, top: 36, bottom: 16, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    yAxis: { type: 'category', data: list.map((r) => r.label), axisLabel: { width: 120, overflow: 'truncate' } },
    xAxis: { type: 'value', min: 0, minInterval: 1 },
    series: [
      { type: 'bar', stack: 'p', barMaxWidth: 28, name: labels.credited, data: list.map((r) => r.credited), itemStyle: { color: ATTENDED } },
      { type: 'bar', stack: 'p', name: labels.missing, data: list.map((r) => r.required - r.credited), itemStyle: { color: SHORT } },
      { type: 'bar', stack: 'p', name: labels.beyond, data: list.map((r) => r.attended - r.credited), itemStyle: { color: BEYOND } },
    ],
  };
}

/** The bar chart's height for n rows (at least the other charts' height). */
export const barsHeight = (n: number) => Math.max(240, 60 + n * 28);
