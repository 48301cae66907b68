/**
 * Talk time and the S-T sequence from per-channel speech segments (issue 15); pure.
 *
 * With two channels the teacher's lapel microphone decides: wherever it carries speech it is the
 * teacher's talk, because the teacher's voice also reaches the room microphone and the room channel
 * alone cannot tell whose voice it hears. Room speech while the lapel is silent is students' talk.
 * Both at once is reported as `overlap` and stays teacher talk: it is "the room heard speech while
 * the teacher spoke", which includes the teacher's own voice in the room, so it is an upper bound of
 * students talking over the teacher, not a measure of it. Neither is silence.
 *
 * The two microphones' detectors disagree by a window or two at the teacher's edges (the room hears
 * the end of a word the lapel's detector already closed); room-only fragments shorter than
 * `edgeToleranceSeconds` that touch teacher talk are such edges, not students, and count as silence.
 *
 * With one channel (the room only) all speech is `unknown` talk: no teacher/student split and no S-T
 * sequence, rather than a guess.
 *
 * S-T coding follows packages/contracts/src/st-analysis.ts: intervals of `intervalSeconds` from the
 * start of the audio; a last partial interval is kept when it lasts at least MIN_LAST_INTERVAL_SECONDS
 * (a few trailing milliseconds of a file are not an interval).
 */
import { computeSt, ST_INTERVAL_SECONDS_DEFAULT, stSequence, type TStResult } from '@hxk/contracts';

export type Segment = { start: number; end: number };

export const MIN_LAST_INTERVAL_SECONDS = 1;
export const EDGE_TOLERANCE_SECONDS = 0.3;

export type TalkInput = {
  /** Speech on the teacher's lapel channel; null for a room-only (one-channel) recording. */
  teacher: readonly Segment[] | null;
  /** Speech on the room channel. */
  room: readonly Segment[];
  durationSeconds: number;
  intervalSeconds?: number;
  edgeToleranceSeconds?: number;
};

export type TalkTotals = { teacher: number; student: number; overlap: number; silence: number };

export type StAnalysis = TStResult & {
  sequence: string;
  intervalSeconds: number;
  lastIntervalSeconds: number;
  /** The teacher's talk seconds in each interval, the figures behind each letter. */
  teacherSecondsPerInterval: number[];
};

export type TalkAnalysis =
  | {
      speakers: 'separated';
      durationSeconds: number;
      teacher: Segment[];
      student: Segment[];
      /** Both channels active: part of `teacher` (see above). */
      overlap: Segment[];
      silence: Segment[];
      totals: TalkTotals;
      /** Fractions of the duration: teacher + student + silence = 1 (overlap lies within teacher). */
      shares: TalkTotals & { teacherOfTalk: number };
      st: StAnalysis | null;
    }
  | {
      speakers: 'unknown';
      durationSeconds: number;
      unknown: Segment[];
      silence: Segment[];
      totals: { unknown: number; silence: number };
      shares: { unknown: number; silence: number };
      st: null;
    };

/** Sorted, clipped to [0, duration], overlapping or touching segments joined, empty ones dropped. */
export function normalize(segments: readonly Segment[], durationSeconds: number): Segment[] {
  const sorted = segments
    .map((s) => ({ start: Math.max(0, s.start), end: Math.min(durationSeconds, s.end) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  const out: Segment[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push(s);
  }
  return out;
}

/** a ∩ b of two normalized lists. */
export function intersect(a: readonly Segment[], b: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    const start = Math.max(x.start, y.start);
    const end = Math.min(x.end, y.end);
    if (end > start) out.push({ start, end });
    if (x.end < y.end) i++;
    else j++;
  }
  return out;
}

/** a − b of two normalized lists. */
export function subtract(a: readonly Segment[], b: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  let j = 0;
  for (const x of a) {
    let start = x.start;
    while (j < b.length && b[j]!.end <= start) j++;
    for (let k = j; k < b.length && b[k]!.start < x.end; k++) {
      if (b[k]!.start > start) out.push({ start, end: b[k]!.start });
      start = Math.max(start, b[k]!.end);
    }
    if (start < x.end) out.push({ start, end: x.end });
  }
  return out;
}

/** [0, duration] minus a normalized list. */
export function complement(a: readonly Segment[], durationSeconds: number): Segment[] {
  return subtract([{ start: 0, end: durationSeconds }], a);
}

export function totalSeconds(segments: readonly Segment[]): number {
  return segments.reduce((sum, s) => sum + (s.end - s.start), 0);
}

/** Seconds of `segments` (normalized) inside each interval; the last interval may be shorter. */
export function secondsPerInterval(segments: readonly Segment[], intervalSeconds: number, count: number, durationSeconds: number): number[] {
  const out = new Array<number>(count).fill(0);
  for (const s of segments) {
    const first = Math.floor(s.start / intervalSeconds);
    for (let k = first; k < count && k * intervalSeconds < s.end; k++) {
      const lo = Math.max(s.start, k * intervalSeconds);
      const hi = Math.min(s.end, (k + 1) * intervalSeconds, durationSeconds);
      if (hi > lo) out[k]! += hi - lo;
    }
  }
  return out;
}

/** Number of S-T intervals and the length of the last one (see MIN_LAST_INTERVAL_SECONDS). */
export function intervalLayout(durationSeconds: number, intervalSeconds: number): { count: number; lastIntervalSeconds: number } {
  const full = Math.floor(durationSeconds / intervalSeconds + 1e-9);
  const rest = durationSeconds - full * intervalSeconds;
  if (rest >= MIN_LAST_INTERVAL_SECONDS) return { count: full + 1, lastIntervalSeconds: rest };
  return { count: full, lastIntervalSeconds: intervalSeconds };
}

const touches = (s: Segment, list: readonly Segment[], eps: number) => list.some((t) => t.start <= s.end + eps && s.start <= t.end + eps);

export function analyzeTalk(input: TalkInput): TalkAnalysis {
  const duration = input.durationSeconds;
  if (!(duration > 0)) throw new RangeError('durationSeconds must be positive');
  const room = normalize(input.room, duration);
  if (input.teacher === null) {
    const silence = complement(room, duration);
    const totals = { unknown: totalSeconds(room), silence: totalSeconds(silence) };
    return {
      speakers: 'unknown',
      durationSeconds: duration,
      unknown: room,
      silence,
      totals,
      shares: { unknown: totals.unknown / duration, silence: totals.silence / duration },
      st: null,
    };
  }

  const tolerance = input.edgeToleranceSeconds ?? EDGE_TOLERANCE_SECONDS;
  const teacher = normalize(input.teacher, duration);
  const student = subtract(room, teacher).filter((s) => s.end - s.start >= tolerance || !touches(s, teacher, 1e-9));
  const overlap = intersect(teacher, room);
  const silence = complement(normalize([...teacher, ...student], duration), duration);
  const totals = { teacher: totalSeconds(teacher), student: totalSeconds(student), overlap: totalSeconds(overlap), silence: totalSeconds(silence) };
  const talk = totals.teacher + totals.student;
  const shares = {
    teacher: totals.teacher / duration,
    student: totals.student / duration,
    overlap: totals.overlap / duration,
    silence: totals.silence / duration,
    teacherOfTalk: talk > 0 ? totals.teacher / talk : 0,
  };

  const intervalSeconds = input.intervalSeconds ?? ST_INTERVAL_SECONDS_DEFAULT;
  if (!(intervalSeconds > 0)) throw new RangeError('intervalSeconds must be positive');
  const { count, lastIntervalSeconds } = intervalLayout(duration, intervalSeconds);
  let st: StAnalysis | null = null;
  if (count > 0) {
    const teacherSecondsPerInterval = secondsPerInterval(teacher, intervalSeconds, count, duration);
    const sequence = stSequence(teacherSecondsPerInterval, intervalSeconds, lastIntervalSeconds);
    st = { ...computeSt(sequence), sequence, intervalSeconds, lastIntervalSeconds, teacherSecondsPerInterval };
  }
  return { speakers: 'separated', durationSeconds: duration, teacher, student, overlap, silence, totals, shares, st };
}
