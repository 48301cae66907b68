import type { TLiveAnalysis } from '@hxk/contracts/analysis-live';
import { classClock } from '../../../components/analysis/clock.ts';

export { classClock };

/** A share (0..1) as a whole percentage; a dash when unknown. */
export const pct = (v: number | null | undefined): string => (v === null || v === undefined ? '—' : `${Math.round(v * 100)}%`);

/** Seconds as minutes and seconds of talk (e.g. 12:05). */
export const talkTime = (seconds: number): string => classClock(seconds);

/** The wall-clock instant of second `t` of the class. */
export const momentOf = (live: Pick<TLiveAnalysis, 'startedAt'>, t: number): string | null => (live.startedAt ? new Date(Date.parse(live.startedAt) + t * 1000).toISOString() : null);

/** Moments as runs no more than `gap` apart: "m:ss–m:ss" each. */
export function momentRuns(moments: readonly number[], gap: number): string[] {
  const runs: [number, number][] = [];
  for (const m of [...moments].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && m - last[1] <= gap) last[1] = m;
    else runs.push([m, m]);
  }
  return runs.map(([a, b]) => (a === b ? classClock(a) : `${classClock(a)}–${classClock(b)}`));
}

export const LEVEL_COLOR = { mild: 'gold', moderate: 'orange', severe: 'red' } as const;
export const WARNING_KINDS = ['headUpBelow', 'attendanceBelow', 'teacherAbsent', 'sensitiveWord'] as const;
/** The rule kind of an AI warning ('ai.attendanceBelow'), or null for another kind of warning. */
export function aiKind(kind: string): (typeof WARNING_KINDS)[number] | null {
  const k = kind.replace(/^ai\./, '');
  return (WARNING_KINDS as readonly string[]).includes(k) ? (k as (typeof WARNING_KINDS)[number]) : null;
}
