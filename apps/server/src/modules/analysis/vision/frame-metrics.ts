/**
 * Class-level figures from vision observations (issue 15). Pure functions: observations in, figures
 * out, no model. Every figure carries its method (a short machine key, so a report can say how it was
 * found and a correction can name what it corrects) and a confidence in 0..1 (null when nothing backs
 * it), as ARCHITECTURE 6 asks of every analysis figure.
 */
import { EXPRESSION_TYPES } from '@hxk/contracts';
import type { FaceObservation, FrameObservation, HumanEmotion } from './human-engine.ts';

export type ExpressionType = (typeof EXPRESSION_TYPES)[number];

/** Default detector score for a face to count: on the labelled frames it kept 95 % of the faces and no false one (ACCURACY.md). */
export const DEFAULT_MIN_SCORE = 0.45;

const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function countedFaces(frame: Pick<FrameObservation, 'faces'>, minScore: number): FaceObservation[] {
  return frame.faces.filter((f) => f.score >= minScore);
}

/** A rate capped at 1, with what exceeded the cap kept apart (more faces than seats means the course data or the count is off). */
function cappedRate(count: number, of: number | null): { rate: number | null; overflow: number } {
  if (of == null || !(of > 0)) return { rate: null, overflow: 0 };
  return { rate: Math.min(1, count / of), overflow: Math.max(0, count - of) };
}

// ---------------------------------------------------------------------------------------------------
// Attendance

export type AttendanceFigure = {
  present: number;
  /** The course's expected students; null when unknown (then rate is null too). */
  expected: number | null;
  rate: number | null;
  /** Faces beyond the expected count (0 when within it or when expected is unknown). */
  overflow: number;
  method: string;
  /** Mean detection score of the counted faces; null when none was counted. */
  confidence: number | null;
};

export function attendance(frame: Pick<FrameObservation, 'faces'>, opts: { expected: number | null; minScore?: number }): AttendanceFigure {
  const minScore = opts.minScore ?? DEFAULT_MIN_SCORE;
  const faces = countedFaces(frame, minScore);
  const expected = opts.expected != null && opts.expected > 0 ? opts.expected : null;
  return {
    present: faces.length,
    expected,
    ...cappedRate(faces.length, expected),
    method: `faces≥${minScore}/expected`,
    confidence: mean(faces.map((f) => f.score)),
  };
}

// ---------------------------------------------------------------------------------------------------
// Head pose: head up, head down, turning away

export type BaselinePitch = {
  /** Degrees; null when no face of the lesson had a pose. */
  pitch: number | null;
  source: 'admin' | 'learned';
  /** Faces the median was taken over (0 for an administrator's value). */
  samples: number;
  method: string;
};

/**
 * The pitch a camera sees when students face the front. A camera above the board looks down on the
 * class, so "facing the front" is not pitch 0: the median over the lesson's faces is, as long as most
 * students face the front most of the time. An administrator's value wins when set.
 */
export function baselinePitch(
  frames: Pick<FrameObservation, 'faces'>[],
  opts: { adminPitch?: number | null; minScore?: number } = {},
): BaselinePitch {
  if (opts.adminPitch != null && Number.isFinite(opts.adminPitch)) {
    return { pitch: opts.adminPitch, source: 'admin', samples: 0, method: 'admin' };
  }
  const minScore = opts.minScore ?? DEFAULT_MIN_SCORE;
  const pitches = frames.flatMap((fr) => countedFaces(fr, minScore).flatMap((f) => (f.pose ? [f.pose.pitch] : [])));
  return { pitch: median(pitches), source: 'learned', samples: pitches.length, method: 'median-pitch' };
}

export type HeadPoseOptions = {
  baseline: number;
  /** |pitch − baseline| within this many degrees counts as head up. */
  tolerance?: number;
  /** Pitch this many degrees below the baseline counts as head down. */
  downBeyond?: number;
  /** |yaw| beyond this many degrees counts as turning away. */
  turnYaw?: number;
  /**
   * Sign of "chin down" in the engine's pitch. Human reports a larger pitch for a face tipped forward
   * (measured on synthetic tilts, ACCURACY.md), hence +1.
   */
  downSign?: 1 | -1;
  minScore?: number;
};

export type HeadPoseFigure = {
  faces: number;
  withPose: number;
  headUp: number;
  headDown: number;
  turningAway: number;
  /** headUp / withPose; null without any pose. */
  headUpRate: number | null;
  method: string;
  /** Share of counted faces that had a pose; null without faces. */
  confidence: number | null;
};

export function headPose(frame: Pick<FrameObservation, 'faces'>, opts: HeadPoseOptions): HeadPoseFigure {
  const tolerance = opts.tolerance ?? 15;
  const downBeyond = opts.downBeyond ?? 20;
  const turnYaw = opts.turnYaw ?? 35;
  const downSign = opts.downSign ?? 1;
  const faces = countedFaces(frame, opts.minScore ?? DEFAULT_MIN_SCORE);
  const poses = faces.flatMap((f) => (f.pose ? [f.pose] : []));
  let headUp = 0;
  let headDown = 0;
  let turningAway = 0;
  for (const p of poses) {
    const delta = p.pitch - opts.baseline;
    if (Math.abs(delta) <= tolerance) headUp++;
    if (downSign * delta > downBeyond) headDown++;
    if (Math.abs(p.yaw) > turnYaw) turningAway++;
  }
  return {
    faces: faces.length,
    withPose: poses.length,
    headUp,
    headDown,
    turningAway,
    headUpRate: poses.length ? headUp / poses.length : null,
    method: `|pitch-baseline|≤${tolerance}/posed`,
    confidence: faces.length ? poses.length / faces.length : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// Front row

export type FrontRowFigure = {
  count: number;
  seats: number | null;
  rate: number | null;
  overflow: number;
  method: string;
  confidence: number | null;
};

/**
 * Faces sitting in the front rows. The student camera faces the class from the front, so the front
 * rows are at the bottom of its picture: a face counts when its box centre lies below `lineY`
 * (a fraction of the frame height from the top).
 */
export function frontRow(
  frame: Pick<FrameObservation, 'faces'>,
  opts: { lineY: number; seats: number | null; minScore?: number },
): FrontRowFigure {
  const minScore = opts.minScore ?? DEFAULT_MIN_SCORE;
  const front = countedFaces(frame, minScore).filter((f) => f.box[1] + f.box[3] / 2 > opts.lineY);
  const seats = opts.seats != null && opts.seats > 0 ? opts.seats : null;
  return {
    count: front.length,
    seats,
    ...cappedRate(front.length, seats),
    method: `centreY>${opts.lineY}/seats`,
    confidence: mean(front.map((f) => f.score)),
  };
}

// ---------------------------------------------------------------------------------------------------
// Expressions

/** Human's emotion labels → the spec's expression types (packages/contracts EXPRESSION_TYPES). */
export const EXPRESSION_OF: Record<HumanEmotion, ExpressionType> = {
  angry: 'anger',
  disgust: 'disgust',
  fear: 'fear',
  happy: 'joy',
  neutral: 'calm',
  sad: 'sadness',
  surprise: 'surprise',
};

export type ExpressionFigure = {
  /** Share of the counted faces whose strongest expression is each type (sums to 1 with faces, else all 0). */
  shares: Record<ExpressionType, number>;
  faces: number;
  method: string;
  /** Mean score of the faces' strongest expression; null without faces that had one. */
  confidence: number | null;
};

export function zeroShares(): Record<ExpressionType, number> {
  return Object.fromEntries(EXPRESSION_TYPES.map((t) => [t, 0])) as Record<ExpressionType, number>;
}

export function expressionShares(frame: Pick<FrameObservation, 'faces'>, opts: { minScore?: number } = {}): ExpressionFigure {
  const shares = zeroShares();
  const top: number[] = [];
  for (const face of countedFaces(frame, opts.minScore ?? DEFAULT_MIN_SCORE)) {
    let best: [HumanEmotion, number] | null = null;
    for (const [label, score] of Object.entries(face.expressions) as [HumanEmotion, number][]) {
      if (!best || score > best[1]) best = [label, score];
    }
    if (!best) continue;
    shares[EXPRESSION_OF[best[0]]] += 1;
    top.push(best[1]);
  }
  if (top.length) for (const t of EXPRESSION_TYPES) shares[t] /= top.length;
  return { shares, faces: top.length, method: 'dominant-expression/faces', confidence: mean(top) };
}

export type SeriesPoint = { t: number; value: number };
export type Peak = SeriesPoint & { prominence: number };

/**
 * Peaks of a time series: local maxima (a flat top counts once, at its first sample) at least
 * `minHeight` high that stand `minProminence` above the higher of the lowest points between them and
 * the next higher sample on either side. Of two peaks closer than `minSeparation` (in t units) the
 * higher is kept. Series are sorted by t first.
 */
export function findPeaks(
  series: SeriesPoint[],
  opts: { minHeight?: number; minProminence?: number; minSeparation?: number } = {},
): Peak[] {
  const s = [...series].sort((a, b) => a.t - b.t);
  const minHeight = opts.minHeight ?? 0;
  const minProminence = opts.minProminence ?? 0;
  const candidates: Peak[] = [];
  for (let i = 0; i < s.length; i++) {
    const v = s[i]!.value;
    if (v < minHeight) continue;
    let j = i;
    while (j + 1 < s.length && s[j + 1]!.value === v) j++;
    const leftLower = i === 0 || s[i - 1]!.value < v;
    const rightLower = j === s.length - 1 || s[j + 1]!.value < v;
    if (leftLower && rightLower) {
      let leftMin = v;
      for (let k = i - 1; k >= 0 && s[k]!.value <= v; k--) leftMin = Math.min(leftMin, s[k]!.value);
      let rightMin = v;
      for (let k = j + 1; k < s.length && s[k]!.value <= v; k++) rightMin = Math.min(rightMin, s[k]!.value);
      // At the series' edge nothing is known beyond it: the other side decides alone.
      const base = i === 0 ? rightMin : j === s.length - 1 ? leftMin : Math.max(leftMin, rightMin);
      const prominence = v - base;
      if (prominence >= minProminence && (s.length > 1 || minProminence <= 0)) candidates.push({ ...s[i]!, prominence });
    }
    i = j;
  }
  const sep = opts.minSeparation ?? 0;
  if (sep <= 0) return candidates;
  const kept: Peak[] = [];
  for (const p of [...candidates].sort((a, b) => b.value - a.value || a.t - b.t)) {
    if (kept.every((k) => Math.abs(k.t - p.t) >= sep)) kept.push(p);
  }
  return kept.sort((a, b) => a.t - b.t);
}

export type ExpressionPeak = Peak & { type: ExpressionType };

/** Peaks of each expression's class share over a lesson (samples of expressionShares with their time). */
export function expressionPeaks(
  samples: { t: number; shares: Record<ExpressionType, number> }[],
  opts: { minHeight?: number; minProminence?: number; minSeparation?: number; types?: readonly ExpressionType[] } = {},
): ExpressionPeak[] {
  const types = opts.types ?? EXPRESSION_TYPES;
  return types
    .flatMap((type) => findPeaks(samples.map((x) => ({ t: x.t, value: x.shares[type] })), opts).map((p) => ({ ...p, type })))
    .sort((a, b) => a.t - b.t || a.type.localeCompare(b.type));
}

// ---------------------------------------------------------------------------------------------------
// Teacher presence

export type PresenceSample = { t: number; present: boolean; method: string; confidence: number | null };

/**
 * Teacher presence per sample of the teacher camera: present when a face (or, when the engine looked
 * for bodies, a person) is seen with enough score. Confidence is the best score seen, or for an
 * absence 1 − that score (an empty picture is a confident absence).
 */
export function teacherPresence(
  samples: { t: number; observation: Pick<FrameObservation, 'faces' | 'persons'> }[],
  opts: { minScore?: number; minPersonScore?: number } = {},
): PresenceSample[] {
  const minScore = opts.minScore ?? DEFAULT_MIN_SCORE;
  const minPerson = opts.minPersonScore ?? 0.3;
  return samples.map(({ t, observation }) => {
    const faceBest = Math.max(0, ...observation.faces.map((f) => f.score));
    const persons = observation.persons;
    const personBest = persons ? Math.max(0, ...persons.map((p) => p.score)) : 0;
    const byFace = faceBest >= minScore;
    const byPerson = persons != null && personBest >= minPerson;
    const present = byFace || byPerson;
    const method = persons ? `face≥${minScore}|person≥${minPerson}` : `face≥${minScore}`;
    const best = byFace ? faceBest : byPerson ? personBest : Math.max(faceBest, personBest);
    return { t, present, method, confidence: present ? best : 1 - best };
  });
}
