/**
 * How far people agree with the AI (issue 15), pure on the figures: what makes a school's numbers
 * trustworthy is not the AI's own confidence but how often a person checking it comes to the same.
 *
 * - S-T: every interval a person coded is compared with the AI's code of it. The rate is the share
 *   coded alike; Cohen's kappa corrects it for the agreement two coders would reach by chance given
 *   how often each uses T and S (a lecture coded all T by both agrees 100 % but says little):
 *   κ = (p_o − p_e) / (1 − p_e), p_e = p_AI(T)·p_person(T) + p_AI(S)·p_person(S), over the pooled
 *   intervals of all corrections. κ is not defined when p_e = 1 (both only ever used one code).
 * - Attendance: the AI's figure is the lesson's average of faces counted, the person's a head count;
 *   the mean absolute difference in students, and the share within one student.
 */
import { computeSt } from '@hxk/contracts';

export type StPair = { ai: string; person: string; aiMode: string | null };
export type AttendancePair = { ai: number; person: number };

export type StAgreement = { corrections: number; intervals: number; agreed: number; rate: number | null; kappa: number | null; sameMode: number | null };
export type AttendanceAgreement = { corrections: number; meanAbsDiff: number | null; withinOne: number | null };

/** The share of a person's intervals coded as the AI coded them (null when the lengths differ). */
export function intervalAgreement(ai: string, person: string): number | null {
  if (ai.length === 0 || ai.length !== person.length) return null;
  let same = 0;
  for (let i = 0; i < ai.length; i++) if (ai[i] === person[i]) same++;
  return same / ai.length;
}

/** Cohen's kappa of a 2×2 table [[both T, AI T person S], [AI S person T, both S]]; null when undefined. */
export function cohenKappa(t: readonly [readonly [number, number], readonly [number, number]]): number | null {
  const [[tt, ts], [st, ss]] = t;
  const n = tt + ts + st + ss;
  if (n === 0) return null;
  const po = (tt + ss) / n;
  const aiT = (tt + ts) / n;
  const personT = (tt + st) / n;
  const pe = aiT * personT + (1 - aiT) * (1 - personT);
  if (pe >= 1) return null;
  return (po - pe) / (1 - pe);
}

/** S-T agreement over corrections; a pair whose lengths differ (the analysis was re-run since) is left out. */
export function stAgreement(pairs: readonly StPair[]): StAgreement {
  const table: [[number, number], [number, number]] = [[0, 0], [0, 0]];
  let corrections = 0;
  let sameMode = 0;
  for (const p of pairs) {
    if (p.ai.length === 0 || p.ai.length !== p.person.length) continue;
    corrections++;
    for (let i = 0; i < p.ai.length; i++) table[p.ai[i] === 'T' ? 0 : 1][p.person[i] === 'T' ? 0 : 1]++;
    if (p.aiMode !== null && computeSt(p.person).mode === p.aiMode) sameMode++;
  }
  const intervals = table[0][0] + table[0][1] + table[1][0] + table[1][1];
  const agreed = table[0][0] + table[1][1];
  return {
    corrections,
    intervals,
    agreed,
    rate: intervals ? agreed / intervals : null,
    kappa: cohenKappa(table),
    sameMode: corrections ? sameMode / corrections : null,
  };
}

export function attendanceAgreement(pairs: readonly AttendancePair[]): AttendanceAgreement {
  if (pairs.length === 0) return { corrections: 0, meanAbsDiff: null, withinOne: null };
  let sum = 0;
  let within = 0;
  for (const p of pairs) {
    const d = Math.abs(p.ai - p.person);
    sum += d;
    // A hair of tolerance: the AI's average is stored rounded to two decimals.
    if (d <= 1 + 1e-9) within++;
  }
  return { corrections: pairs.length, meanAbsDiff: sum / pairs.length, withinOne: within / pairs.length };
}
