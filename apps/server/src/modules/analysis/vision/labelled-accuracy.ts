/**
 * Accuracy of the vision figures on labelled synthetic frames (synthetic-classroom.ts): the same code
 * backs the pipeline test's assertions and the table in ACCURACY.md (printed by bench/vision.ts).
 */
import { redactFaces } from './evidence.ts';
import { attendance, baselinePitch, DEFAULT_MIN_SCORE, frontRow, headPose } from './frame-metrics.ts';
import type { FrameObservation } from './human-engine.ts';
import { classroomLayout, composeFrame, type ComposedFrame } from './synthetic-classroom.ts';

export type Analyse = (image: Buffer) => Promise<FrameObservation>;

export type CountResult = {
  truth: number;
  counted: number;
  /** Drawn faces with a counted detection whose centre lies inside them. */
  matched: number;
  /** Counted detections that lie on no drawn face. */
  falsePositives: number;
  ms: number;
};

/** Pairs counted detections with drawn faces by box centre. */
export function matchFaces(frame: ComposedFrame, observation: FrameObservation, minScore = DEFAULT_MIN_SCORE): Omit<CountResult, 'ms'> {
  const counted = observation.faces.filter((f) => f.score >= minScore);
  const used = new Set<number>();
  let falsePositives = 0;
  for (const face of counted) {
    const cx = face.box[0] + face.box[2] / 2;
    const cy = face.box[1] + face.box[3] / 2;
    const hit = frame.faces.findIndex(
      (t, i) => !used.has(i) && cx >= t.box[0] && cx <= t.box[0] + t.box[2] && cy >= t.box[1] && cy <= t.box[1] + t.box[3],
    );
    if (hit >= 0) used.add(hit);
    else falsePositives++;
  }
  return { truth: frame.faces.length, counted: counted.length, matched: used.size, falsePositives };
}

export async function measureCounts(analyse: Analyse, counts: number[]): Promise<CountResult[]> {
  const out: CountResult[] = [];
  for (const n of counts) {
    const frame = await composeFrame(classroomLayout(n));
    const observation = await analyse(frame.image);
    out.push({ ...matchFaces(frame, observation), ms: observation.ms });
  }
  return out;
}

export type TiltResult = {
  tiltDeg: number;
  /** Faces found (with a pose) in both the upright and the tilted frame. */
  paired: number;
  /** Median of (tilted pitch − upright pitch) per face, degrees. */
  medianShift: number | null;
  /** Share of paired faces whose pitch rose (the "chin down" direction, downSign +1). */
  shareRising: number | null;
  /** Faces the head-pose figure flags head down in the tilted frame, against the upright frame's baseline. */
  flaggedDown: number;
  /** Same with the upright frame itself (false alarms). */
  flaggedDownUpright: number;
  detectedTilted: number;
};

/**
 * What a synthetic forward tilt of every face (a planar picture tipped by tiltDeg, see
 * synthetic-classroom.ts) does to the measured pitch, face by face.
 */
export async function measureTilt(analyse: Analyse, n: number, tiltDeg: number): Promise<TiltResult> {
  const upright = await composeFrame(classroomLayout(n));
  const tilted = await composeFrame(classroomLayout(n, { tiltDeg }));
  const [a, b] = [await analyse(upright.image), await analyse(tilted.image)];
  const pitchOf = (frame: ComposedFrame, obs: FrameObservation): (number | null)[] =>
    frame.faces.map((t) => {
      const face = obs.faces.find((f) => {
        const cx = f.box[0] + f.box[2] / 2;
        const cy = f.box[1] + f.box[3] / 2;
        return f.score >= DEFAULT_MIN_SCORE && Math.abs(cx - (t.box[0] + t.box[2] / 2)) < t.box[2] / 2 && Math.abs(cy - t.cy / frame.height) < t.size / frame.height / 2;
      });
      return face?.pose?.pitch ?? null;
    });
  const pa = pitchOf(upright, a);
  const pb = pitchOf(tilted, b);
  const shifts = pa.flatMap((p, i) => (p != null && pb[i] != null ? [pb[i]! - p] : []));
  const sorted = [...shifts].sort((x, y) => x - y);
  const baseline = baselinePitch([a]).pitch ?? 0;
  return {
    tiltDeg,
    paired: shifts.length,
    medianShift: sorted.length ? sorted[sorted.length >> 1]! : null,
    shareRising: shifts.length ? shifts.filter((s) => s > 0).length / shifts.length : null,
    flaggedDown: headPose(b, { baseline }).headDown,
    flaggedDownUpright: headPose(a, { baseline }).headDown,
    detectedTilted: b.faces.filter((f) => f.score >= DEFAULT_MIN_SCORE).length,
  };
}

export type FrontRowResult = { truth: number; measured: number; lineY: number };

export async function measureFrontRow(analyse: Analyse, n: number, lineY: number): Promise<FrontRowResult> {
  const frame = await composeFrame(classroomLayout(n));
  const observation = await analyse(frame.image);
  const truth = frame.faces.filter((f) => f.box[1] + f.box[3] / 2 > lineY).length;
  return { truth, measured: frontRow(observation, { lineY, seats: null }).count, lineY };
}

export type RedactionResult = { before: number; after: number };

export async function measureRedaction(analyse: Analyse, n: number): Promise<RedactionResult> {
  const frame = await composeFrame(classroomLayout(n));
  const observation = await analyse(frame.image);
  const redacted = await redactFaces(frame.image, observation.faces);
  const after = await analyse(redacted);
  return {
    before: attendance(observation, { expected: n }).present,
    // Every detection counts here, even below the attendance threshold: none should remain.
    after: attendance(after, { expected: n, minScore: 0 }).present,
  };
}
