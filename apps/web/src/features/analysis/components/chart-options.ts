import type { TClassReport } from '@hxk/contracts/analysis';
import type { ChartOption } from './EChart.tsx';
import { clock } from './moments.ts';

type Analysis = NonNullable<TClassReport['analysis']>;
export type StPoint = { x: number; y: number; t: number; code: 'S' | 'T' };

/** A tick every whole number of minutes, at most about eight of them. */
function tickSeconds(max: number | undefined): number {
  const span = max ?? 2700;
  return [60, 120, 300, 600, 900, 1200, 1800, 3600].find((s) => span / s <= 8) ?? 3600;
}
const timeAxis = (max: number | undefined) => ({
  type: 'value' as const,
  min: 0,
  ...(max ? { max } : {}),
  interval: tickSeconds(max),
  axisLabel: { formatter: (v: number) => clock(v), hideOverlap: true },
});
const percentAxis = { type: 'value' as const, min: 0, max: 100, axisLabel: { formatter: '{value}%' } };
const grid = { left: 44, right: 16, top: 36, bottom: 28 };

/** The S-T curve: from the origin, one step right for each T interval and one step up for each S, in minutes. */
export function stPoints(sequence: string, intervalSeconds: number): StPoint[] {
  const minutes = intervalSeconds / 60;
  const points: StPoint[] = [];
  let x = 0;
  let y = 0;
  [...sequence].forEach((c, i) => {
    if (c === 'T') x += minutes;
    else y += minutes;
    points.push({ x, y, t: i * intervalSeconds, code: c === 'T' ? 'T' : 'S' });
  });
  return points;
}

/** The AI's S-T curve, and people's corrected ones over it, each in its own colour (the legend's and the Rt-Ch point's). */
export const AI_ST_COLOR = '#1677ff';
const CORRECTED_COLORS = ['#fa8c16', '#eb2f96', '#13c2c2', '#722ed1', '#52c41a'];

export type StCorrectionCurve = { id: string; color: string; correction: Analysis['corrections'][number]; sequence: string };

/** People's S-T corrections of the analysis (each person's latest, as the report lists them), with their curve's colour. */
export function stCorrectionCurves(a: Pick<Analysis, 'corrections'>): StCorrectionCurve[] {
  return a.corrections
    .filter((c) => c.measure === 'st' && c.stSequence)
    .map((c, i) => ({ id: c.id, color: CORRECTED_COLORS[i % CORRECTED_COLORS.length]!, correction: c, sequence: c.stSequence! }));
}

export type StCurve = { name: string; color: string; points: StPoint[] };

/**
 * The S-T curves: the AI's first (solid, with the diagonal), then people's corrected ones dashed over
 * it, so that where they agree both stay visible. The tooltip names the curve when there are several.
 */
export function stCurveOption(curves: StCurve[], labels: { t: string; s: string; tip: (p: StPoint, curve: string | null) => string }): ChartOption {
  const end = Math.max(1, ...curves.flatMap((c) => [c.points.at(-1)?.x ?? 0, c.points.at(-1)?.y ?? 0]));
  const max = Math.ceil(end);
  return {
    grid: { left: 44, right: 16, top: 24, bottom: 40 },
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const { seriesIndex, dataIndex } = p as { seriesIndex: number; dataIndex: number };
        const curve = curves[seriesIndex];
        // The first point of a curve is the origin: it opens the first interval.
        const point = curve?.points[Math.max(0, dataIndex - 1)];
        return curve && point ? labels.tip(point, curves.length > 1 ? curve.name : null) : '';
      },
    },
    xAxis: { type: 'value', name: labels.t, nameLocation: 'middle', nameGap: 24, min: 0, max, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: labels.s, nameLocation: 'middle', nameGap: 30, min: 0, max },
    series: curves.map((c, i) => ({
      type: 'line' as const,
      name: c.name,
      color: c.color,
      data: [[0, 0], ...c.points.map((p) => [p.x, p.y])],
      showSymbol: false,
      lineStyle: { width: 2, ...(i > 0 ? { type: 'dashed' as const } : {}) },
      z: 2 + i,
      ...(i === 0 ? { markLine: { silent: true, symbol: 'none' as const, lineStyle: { type: 'dashed' as const, color: '#bbb' }, data: [[{ coord: [0, 0] }, { coord: [max, max] }]] as never } } : {}),
    })),
  };
}

/** A corrected lesson's point on the Rt-Ch diagram. */
export type RtChPoint = { rt: number; ch: number; color: string; name: string };

/** The Rt-Ch diagram: the four teaching-mode regions (Rt rules first), this lesson's point and people's corrected ones. */
export function rtChOption(rt: number | null, ch: number | null, labels: Record<'practice' | 'lecture' | 'dialogue' | 'mixed' | 'point', string>, corrected: RtChPoint[] = []): ChartOption {
  const area = (name: string, from: [number, number], to: [number, number], color: string) => [
    { name, coord: from, itemStyle: { color }, label: { position: 'inside' as const, color: '#555', fontSize: 11 } },
    { coord: to },
  ];
  return {
    grid: { left: 44, right: 16, top: 16, bottom: 40 },
    tooltip: { trigger: 'item', formatter: (p) => ((p as { seriesIndex: number }).seriesIndex === 0 ? labels.point : (p as { name: string }).name) },
    xAxis: { type: 'value', name: 'Rt', nameLocation: 'middle', nameGap: 24, min: 0, max: 1, interval: 0.1 },
    yAxis: { type: 'value', name: 'Ch', nameLocation: 'middle', nameGap: 30, min: 0, max: 1, interval: 0.2 },
    series: [
      {
        type: 'scatter',
        data: rt !== null && ch !== null ? [[rt, ch]] : [],
        symbolSize: 14,
        itemStyle: { color: '#cf1322' },
        label: { show: rt !== null, formatter: labels.point, position: 'top', fontWeight: 'bold' },
        markArea: {
          silent: true,
          data: [
            area(labels.practice, [0, 0], [0.3, 1], 'rgba(82,196,26,0.12)'),
            area(labels.lecture, [0.7, 0], [1, 1], 'rgba(22,119,255,0.12)'),
            area(labels.dialogue, [0.3, 0.4], [0.7, 1], 'rgba(250,173,20,0.14)'),
            area(labels.mixed, [0.3, 0], [0.7, 0.4], 'rgba(114,46,209,0.10)'),
          ] as never,
        },
      },
      {
        type: 'scatter',
        data: corrected.map((c) => ({ name: c.name, value: [c.rt, c.ch], itemStyle: { color: c.color, borderColor: '#fff', borderWidth: 1 } })),
        symbol: 'diamond',
        symbolSize: 13,
        z: 3,
      },
    ],
  };
}

/** A rate over the lesson (0..1 values, null gaps), with an optional reference line. */
export function rateOption(points: { t: number; value: number | null }[], opts: { duration: number | null; name: string; color: string; tip: (t: number, v: number | null) => string }): ChartOption {
  return {
    grid,
    tooltip: { trigger: 'axis', formatter: (ps) => {
      const p = (Array.isArray(ps) ? ps[0] : ps) as { data: [number, number | null] } | undefined;
      return p ? opts.tip(p.data[0], p.data[1]) : '';
    } },
    xAxis: timeAxis(opts.duration ?? undefined),
    yAxis: percentAxis,
    series: [{ type: 'line', name: opts.name, data: points.map((p) => [p.t, p.value === null ? null : Math.round(p.value * 1000) / 10]), showSymbol: points.length <= 60, symbolSize: 5, connectNulls: false, color: opts.color, areaStyle: { opacity: 0.08 } }],
  };
}

export type Peak = { type: string; t: number; value: number };

/** Local maxima of a share series at least `minHeight` high standing `minRise` above both neighbouring troughs; the highest `keep` of each. */
export function peaksOf(points: { t: number; value: number }[], type: string, minHeight = 0.2, minRise = 0.1, keep = 2): Peak[] {
  const found: Peak[] = [];
  for (let i = 0; i < points.length; i++) {
    const v = points[i]!.value;
    if (v < minHeight || (i > 0 && points[i - 1]!.value >= v) || (i < points.length - 1 && points[i + 1]!.value > v)) continue;
    let left = v;
    for (let k = i - 1; k >= 0 && points[k]!.value <= v; k--) left = Math.min(left, points[k]!.value);
    let right = v;
    for (let k = i + 1; k < points.length && points[k]!.value <= v; k++) right = Math.min(right, points[k]!.value);
    const base = i === 0 ? right : i === points.length - 1 ? left : Math.max(left, right);
    if (v - base >= minRise || points.length === 1) found.push({ type, t: points[i]!.t, value: v });
  }
  return found.sort((a, b) => b.value - a.value).slice(0, keep).sort((a, b) => a.t - b.t);
}

export const EXPRESSION_COLORS: Record<string, string> = {
  joy: '#52c41a',
  calm: '#1677ff',
  surprise: '#faad14',
  sadness: '#722ed1',
  anger: '#f5222d',
  fear: '#13c2c2',
  disgust: '#8c8c8c',
};

export function expressionOption(a: Analysis, types: readonly string[], names: Record<string, string>, peaks: Peak[]): ChartOption {
  return {
    grid: { ...grid, top: 56 },
    legend: { type: 'plain', top: 0, itemWidth: 14, itemHeight: 8, textStyle: { fontSize: 11 } },
    tooltip: { trigger: 'axis', valueFormatter: (v) => (typeof v === 'number' ? `${v}%` : '—') },
    xAxis: timeAxis(a.durationSeconds ?? undefined),
    yAxis: percentAxis,
    series: types.map((type) => ({
      type: 'line' as const,
      name: names[type] ?? type,
      color: EXPRESSION_COLORS[type] ?? '#999',
      showSymbol: false,
      data: a.samples.map((s) => [s.t, Math.round((s.expressions[type as keyof typeof s.expressions] ?? 0) * 1000) / 10]),
      markPoint: {
        symbolSize: 34,
        label: { fontSize: 10 },
        data: peaks.filter((p) => p.type === type).map((p) => ({ name: names[type] ?? type, coord: [p.t, Math.round(p.value * 1000) / 10], value: Math.round(p.value * 100) })),
      },
    })),
  };
}
