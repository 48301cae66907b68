import type { TDataBoard, TBoardRates } from '@hxk/contracts/analysis-board';
import type { TTeachingMode } from '@hxk/contracts/st-analysis';
import type { ChartOption } from './EChart.tsx';
import { MODE_COLOR, percentText, RATE_COLOR } from './board-format.ts';

type Rate = keyof TBoardRates;
const RATES: Rate[] = ['attendance', 'headUp', 'frontRow'];
const pct = (r: number | null) => (r === null ? null : Math.round(r * 1000) / 10);

/**
 * The three rates per day: one line each, a gap where a day has no figure, the number of classes
 * analysed in the tooltip.
 */
export function trendOption(days: TDataBoard['trend']['days'], labels: { day: (date: string) => string; axisDay: (date: string) => string; rate: Record<Rate, string>; classes: string; noValue: string }): ChartOption {
  return {
    grid: { left: 44, right: 16, top: 40, bottom: 40 },
    legend: { top: 0, data: RATES.map((r) => labels.rate[r]) },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const list = Array.isArray(params) ? params : [params];
        const day = days[list[0]?.dataIndex ?? 0];
        if (!day) return '';
        const lines = RATES.map((r) => `${labels.rate[r]}: ${percentText(day.rates[r], labels.noValue)}`);
        return [labels.day(day.date), ...lines, `${labels.classes}: ${day.classes}`].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: days.map((d) => labels.axisDay(d.date)), axisLabel: { interval: 0, lineHeight: 14 } },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: RATES.map((r) => ({
      type: 'line' as const,
      name: labels.rate[r],
      data: days.map((d) => pct(d.rates[r])),
      connectNulls: false,
      symbolSize: 7,
      itemStyle: { color: RATE_COLOR[r] },
      lineStyle: { width: 2 },
    })),
  };
}

const MODES: TTeachingMode[] = ['practice', 'lecture', 'dialogue', 'mixed'];

/** This week's analysed classes by teaching mode, as a ring. */
export function modesOption(counts: TDataBoard['modes']['counts'], labels: Record<TTeachingMode, string>): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, data: MODES.map((m) => labels[m]) },
    series: [
      {
        type: 'pie',
        radius: ['42%', '68%'],
        center: ['50%', '45%'],
        // The count on its slice; the names are the legend's (outside labels were cut short in a narrow card).
        label: { position: 'inside', formatter: '{c}', color: '#fff', fontWeight: 'bold' },
        labelLine: { show: false },
        data: MODES.filter((m) => counts[m] > 0).map((m) => ({ name: labels[m], value: counts[m], itemStyle: { color: MODE_COLOR[m] } })),
      },
    ],
  };
}
