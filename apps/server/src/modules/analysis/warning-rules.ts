/**
 * AI warning rules (issue 15, /back/aiWarningSettings): which warnings a class's figures raise.
 * Pure: the pipeline feeds it the samples it has so far (live) or all of them (a recording), and
 * stores what it returns; the same figures always raise the same warnings.
 *
 * - headUpBelow: the head-up rate stays under `threshold` % for at least `minutes` (consecutive
 *   samples; minutes 0 means a single sample is enough). Samples with no measured pose break a run.
 * - attendanceBelow: the attendance rate stays under `threshold` % for at least `minutes`.
 * - teacherAbsent: the teacher camera has not seen the teacher from the start through `minutes`
 *   after it (only judged once that moment has been sampled).
 * - sensitiveWord: a lexicon word of `category` (any category when null) is heard.
 */
export type TWarningLevel = 'mild' | 'moderate' | 'severe';
export type TWarningRule =
  | { id: string; kind: 'headUpBelow' | 'attendanceBelow'; threshold: number; minutes: number; level: TWarningLevel }
  | { id: string; kind: 'teacherAbsent'; minutes: number; level: TWarningLevel }
  | { id: string; kind: 'sensitiveWord'; category: string | null; level: TWarningLevel };

export type TRateSample = { t: number; rate: number | null };
export type TPresenceSample = { t: number; present: boolean };
export type THit = { start: number; word: string; category: string };

export type TRuleInput = {
  /** Head-up rate per student-camera sample, 0..1 (null when no face had a pose). */
  headUp: TRateSample[];
  /** Attendance rate per student-camera sample, 0..1 (null when the expected number is unknown). */
  attendance: TRateSample[];
  /** Teacher seen per teacher-camera sample. */
  teacher: TPresenceSample[];
  hits: THit[];
  /** The sampling period: a run of k samples lasts k × sampleSeconds. */
  sampleSeconds: number;
};

export type TRaisedWarning = {
  ruleId: string;
  kind: TWarningRule['kind'];
  level: TWarningLevel;
  /** Seconds from the analysis's start when the rule was first met. */
  at: number;
  /** The moments it rests on (seconds). */
  moments: number[];
  figures?: Record<string, number>;
  words?: string[];
};

/** The first run of samples under the threshold lasting at least `minutes`, or null. */
function firstLowRun(samples: TRateSample[], threshold: number, minutes: number, sampleSeconds: number): TRateSample[] | null {
  const needed = Math.max(1, Math.ceil((minutes * 60) / sampleSeconds));
  let run: TRateSample[] = [];
  for (const s of [...samples].sort((a, b) => a.t - b.t)) {
    if (s.rate !== null && s.rate * 100 < threshold) {
      run.push(s);
      if (run.length >= needed) return run;
    } else {
      run = [];
    }
  }
  return null;
}

export function evaluateWarningRules(rules: readonly TWarningRule[], input: TRuleInput): TRaisedWarning[] {
  const raised: TRaisedWarning[] = [];
  for (const rule of rules) {
    switch (rule.kind) {
      case 'headUpBelow':
      case 'attendanceBelow': {
        const series = rule.kind === 'headUpBelow' ? input.headUp : input.attendance;
        const run = firstLowRun(series, rule.threshold, rule.minutes, input.sampleSeconds);
        if (run) {
          const lowest = Math.min(...run.map((s) => s.rate ?? 1));
          raised.push({
            ruleId: rule.id,
            kind: rule.kind,
            level: rule.level,
            at: run[run.length - 1]!.t,
            moments: run.map((s) => s.t),
            figures: { threshold: rule.threshold, minutes: rule.minutes, lowest: Math.round(lowest * 1000) / 10 },
          });
        }
        break;
      }
      case 'teacherAbsent': {
        const deadline = rule.minutes * 60;
        const sorted = [...input.teacher].sort((a, b) => a.t - b.t);
        const last = sorted[sorted.length - 1];
        if (!last || last.t < deadline) break; // not judged until the deadline has been sampled
        const upTo = sorted.filter((s) => s.t <= deadline);
        if (upTo.length > 0 && upTo.every((s) => !s.present)) {
          raised.push({ ruleId: rule.id, kind: rule.kind, level: rule.level, at: deadline, moments: upTo.map((s) => s.t), figures: { minutes: rule.minutes } });
        }
        break;
      }
      case 'sensitiveWord': {
        const hits = input.hits.filter((h) => rule.category === null || h.category === rule.category).sort((a, b) => a.start - b.start);
        if (hits.length > 0) {
          raised.push({ ruleId: rule.id, kind: rule.kind, level: rule.level, at: hits[0]!.start, moments: hits.map((h) => h.start), words: [...new Set(hits.map((h) => h.word))] });
        }
        break;
      }
    }
  }
  return raised;
}

/**
 * Teacher attendance for the attendance record, from the teacher camera over the class:
 * absent when never seen; late when first seen more than `graceMinutes` after the start; early
 * leave when last seen more than `graceMinutes` before the end; otherwise normal.
 */
export function teacherAttendance(samples: readonly TPresenceSample[], durationSeconds: number, graceMinutes = 5): 'normal' | 'late' | 'earlyLeave' | 'absent' {
  const seen = samples.filter((s) => s.present).map((s) => s.t);
  if (seen.length === 0) return 'absent';
  const grace = graceMinutes * 60;
  if (Math.min(...seen) > grace) return 'late';
  if (Math.max(...seen) < durationSeconds - grace) return 'earlyLeave';
  return 'normal';
}
