/**
 * S-T (student–teacher) analysis, spec sections 4 and 9: one set of rules for the analysis pipeline,
 * the S-T API and the report screen.
 *
 * - Sampling: the lesson is cut into intervals of `intervalSeconds` (30 s by default). An interval is
 *   coded T when the teacher talks for more than half of it, otherwise S (students' talk, practice,
 *   silence and anything else that is not the teacher's voice count as student behaviour, as in the
 *   classical S-T method).
 * - Rt = N_T / N: the teacher's share of the intervals.
 * - Ch = (g − 1) / N, g the number of runs (maximal stretches of one letter): how often the lesson
 *   changes hands.
 * - Teaching mode, Rt rules first (thresholds inclusive): practice when Rt ≤ 0.3, lecture when
 *   Rt ≥ 0.7, otherwise dialogue when Ch ≥ 0.4, otherwise mixed.
 */
import { z } from 'zod';
import { CH_DIALOGUE_THRESHOLD, RT_THRESHOLDS } from './constants.ts';

export const ST_INTERVAL_SECONDS_DEFAULT = 30;
export const ST_LIMITS = { intervalMin: 1, intervalMax: 600, sequenceMax: 10_000 } as const;
export const TEACHING_MODES = ['practice', 'lecture', 'dialogue', 'mixed'] as const;
export type TTeachingMode = (typeof TEACHING_MODES)[number];
export type TStCode = 'S' | 'T';

export type TStResult = {
  n: number;
  nT: number;
  nS: number;
  runs: number;
  rt: number;
  ch: number;
  mode: TTeachingMode;
};

/** T when the teacher talked for more than half of the interval (the rule stated in the report). */
export function codeInterval(teacherTalkSeconds: number, intervalSeconds: number): TStCode {
  return teacherTalkSeconds * 2 > intervalSeconds ? 'T' : 'S';
}

/** The teaching mode of an Rt / Ch pair: Rt rules first, thresholds inclusive. */
export function teachingMode(rt: number, ch: number): TTeachingMode {
  if (rt <= RT_THRESHOLDS.practice) return 'practice';
  if (rt >= RT_THRESHOLDS.lecture) return 'lecture';
  if (ch >= CH_DIALOGUE_THRESHOLD) return 'dialogue';
  return 'mixed';
}

/** Rt, Ch, runs and mode of a non-empty S-T sequence (e.g. "TTSST"). */
export function computeSt(sequence: string): TStResult {
  const n = sequence.length;
  if (n === 0) throw new RangeError('an S-T sequence needs at least one interval');
  let nT = 0;
  let runs = 0;
  for (let i = 0; i < n; i++) {
    const c = sequence[i];
    if (c !== 'S' && c !== 'T') throw new RangeError(`not an S-T code: ${c}`);
    if (c === 'T') nT++;
    if (i === 0 || c !== sequence[i - 1]) runs++;
  }
  const rt = nT / n;
  const ch = (runs - 1) / n;
  return { n, nT, nS: n - nT, runs, rt, ch, mode: teachingMode(rt, ch) };
}

/** Codes consecutive intervals from the teacher's talk seconds in each (the last may be shorter). */
export function stSequence(teacherTalkPerInterval: readonly number[], intervalSeconds: number, lastIntervalSeconds = intervalSeconds): string {
  return teacherTalkPerInterval
    .map((talk, i) => codeInterval(talk, i === teacherTalkPerInterval.length - 1 ? lastIntervalSeconds : intervalSeconds))
    .join('');
}

export const ZStComputeRequest = z.object({
  sequence: z
    .string()
    .min(1, 'validation.stSequence')
    .max(ST_LIMITS.sequenceMax, 'validation.stSequence')
    .regex(/^[ST]+$/, 'validation.stSequence'),
  intervalSeconds: z.number().int().min(ST_LIMITS.intervalMin).max(ST_LIMITS.intervalMax).default(ST_INTERVAL_SECONDS_DEFAULT),
});
export type TStComputeRequest = z.infer<typeof ZStComputeRequest>;

export const ZStComputeResponse = z.object({
  n: z.number().int(),
  nT: z.number().int(),
  nS: z.number().int(),
  runs: z.number().int(),
  rt: z.number(),
  ch: z.number(),
  mode: z.enum(TEACHING_MODES),
  intervalSeconds: z.number().int(),
});
export type TStComputeResponse = z.infer<typeof ZStComputeResponse>;
