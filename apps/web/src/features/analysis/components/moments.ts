import { PATHS } from '../../../lib/paths.ts';
import { classClock as clock } from '../../../components/analysis/clock.ts';

/** Seconds from the start of the analysed media as m:ss (or h:mm:ss). */
export { clock };

/** The wall-clock instant of second `t` of an analysis that started at `startedAt` (ISO). */
export function momentAt(startedAt: string, t: number): string {
  return new Date(Date.parse(startedAt) + Math.round(t * 1000)).toISOString();
}

/** The class's recording, opened at a moment. */
export function recordingPath(courseSessionId: string, at: string | null): string {
  const q = new URLSearchParams({ courseSessionId });
  if (at) q.set('at', at);
  return `${PATHS.recording}?${q.toString()}`;
}

/** The sample whose t is nearest to x. */
export function nearest<T extends { t: number }>(points: readonly T[], x: number): T | undefined {
  let best: T | undefined;
  for (const p of points) if (!best || Math.abs(p.t - x) < Math.abs(best.t - x)) best = p;
  return best;
}

/** Moments (seconds) as runs of samples no more than `gap` apart: [first, last] each. */
export function momentRanges(moments: readonly number[], gap: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (const m of [...moments].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && m - last[1] <= gap) last[1] = m;
    else ranges.push([m, m]);
  }
  return ranges;
}

/** A range of moments as m:ss or m:ss–m:ss. */
export const rangeText = ([from, to]: [number, number]): string => (from === to ? clock(from) : `${clock(from)}–${clock(to)}`);

/** A share (0..1) as a whole percentage; a dash when unknown. */
export const pct = (v: number | null | undefined, digits = 0): string => (v === null || v === undefined ? '—' : `${(v * 100).toFixed(digits)}%`);
