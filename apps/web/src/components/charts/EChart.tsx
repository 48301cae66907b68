import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart, ScatterChart, type BarSeriesOption, type LineSeriesOption, type PieSeriesOption, type ScatterSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type MarkAreaComponentOption,
  type MarkLineComponentOption,
  type MarkPointComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the AI report, the data board and the statistics screens draw: this module is imported by
// those pages alone, so ECharts lands in their chunks (the login bundle budget,
// scripts/login-bundle-size.mjs, never sees it).
echarts.use([BarChart, LineChart, PieChart, ScatterChart, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = echarts.ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | MarkAreaComponentOption
  | MarkLineComponentOption
  | MarkPointComponentOption
  | TooltipComponentOption
>;

/**
 * One ECharts canvas. `onPick` receives the data coordinates of a click inside the plot area (the
 * caller snaps them to its nearest point), so any place on a curve opens its moment, not only the
 * point symbols.
 */
export function EChart({ option, height = 260, onPick, testId, label }: {
  option: ChartOption;
  height?: number;
  onPick?: ((x: number, y: number) => void) | undefined;
  testId?: string;
  label: string;
}) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const c = echarts.init(node, undefined, { renderer: 'canvas' });
    chart.current = c;
    c.getZr().on('click', (e) => {
      const at: [number, number] = [e.offsetX, e.offsetY];
      if (!pick.current || !c.containPixel('grid', at)) return;
      const [x, y] = c.convertFromPixel({ gridIndex: 0 }, at) as [number, number];
      pick.current(x, y);
    });
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(node);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={el}
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ width: '100%', height, cursor: onPick ? 'pointer' : undefined }}
    />
  );
}
