import { describe, expect, it } from 'vitest';
import {
  attendance,
  baselinePitch,
  expressionPeaks,
  expressionShares,
  findPeaks,
  frontRow,
  headPose,
  teacherPresence,
  zeroShares,
} from './frame-metrics.ts';
import type { FaceObservation, FrameObservation } from './human-engine.ts';

function face(over: Partial<FaceObservation> = {}): FaceObservation {
  return { box: [0.4, 0.4, 0.1, 0.1], score: 0.8, pose: { pitch: 10, yaw: 0, roll: 0 }, expressions: { neutral: 0.9 }, ...over };
}
const frame = (faces: FaceObservation[]): FrameObservation => ({ width: 1280, height: 720, faces, ms: 1 });
const posed = (pitch: number, yaw = 0) => face({ pose: { pitch, yaw, roll: 0 } });

describe('attendance', () => {
  it('counts faces at or above the threshold and divides by the expected students', () => {
    const a = attendance(frame([face({ score: 0.9 }), face({ score: 0.5 }), face({ score: 0.2 })]), { expected: 4, minScore: 0.5 });
    expect(a).toMatchObject({ present: 2, expected: 4, rate: 0.5, overflow: 0, method: 'faces≥0.5/expected' });
    expect(a.confidence).toBeCloseTo(0.7);
  });

  it('caps the rate at 1 and reports the overflow', () => {
    const a = attendance(frame([face(), face(), face()]), { expected: 2 });
    expect(a.rate).toBe(1);
    expect(a.overflow).toBe(1);
  });

  it('has no rate when the expected count is unknown or zero', () => {
    expect(attendance(frame([face()]), { expected: null })).toMatchObject({ present: 1, expected: null, rate: null, overflow: 0 });
    expect(attendance(frame([face()]), { expected: 0 }).rate).toBeNull();
  });

  it('an empty frame is zero present with no confidence', () => {
    expect(attendance(frame([]), { expected: 30 })).toMatchObject({ present: 0, rate: 0, confidence: null });
  });
});

describe('head pose', () => {
  it('learns the baseline as the median pitch over the lesson, ignoring faces without pose or below the score', () => {
    const b = baselinePitch([
      frame([posed(20), posed(22), face({ pose: null })]),
      frame([posed(24), posed(-40, 0), posed(21), face({ score: 0.1, pose: { pitch: 90, yaw: 0, roll: 0 } })]),
    ]);
    expect(b).toEqual({ pitch: 21, source: 'learned', samples: 5, method: 'median-pitch' });
    expect(baselinePitch([frame([])]).pitch).toBeNull();
  });

  it("takes the administrator's baseline when set", () => {
    expect(baselinePitch([frame([posed(20)])], { adminPitch: -5 })).toMatchObject({ pitch: -5, source: 'admin' });
  });

  it('classifies head up, head down and turning away against the baseline', () => {
    // Baseline 20 (camera above the board): 20 and 30 are up, 45 is down (chin down = larger pitch),
    // -10 is neither (looking up at the ceiling), one face turns away and one has no pose.
    const f = frame([posed(20), posed(30), posed(45), posed(-10), posed(18, 50), face({ pose: null })]);
    const h = headPose(f, { baseline: 20, tolerance: 15, downBeyond: 20, turnYaw: 35 });
    expect(h).toMatchObject({ faces: 6, withPose: 5, headUp: 3, headDown: 1, turningAway: 1 });
    expect(h.headUpRate).toBeCloseTo(3 / 5);
    expect(h.confidence).toBeCloseTo(5 / 6);
    expect(h.method).toBe('|pitch-baseline|≤15/posed');
  });

  it('follows the sign of "down"', () => {
    const f = frame([posed(-30)]);
    expect(headPose(f, { baseline: 0, downSign: 1 }).headDown).toBe(0);
    expect(headPose(f, { baseline: 0, downSign: -1 }).headDown).toBe(1);
  });

  it('has no rate without poses', () => {
    expect(headPose(frame([face({ pose: null })]), { baseline: 0 })).toMatchObject({ headUpRate: null, confidence: 0 });
    expect(headPose(frame([]), { baseline: 0 })).toMatchObject({ headUpRate: null, confidence: null });
  });
});

describe('front row', () => {
  it('counts faces whose centre is below the line (front rows are at the bottom of the student camera)', () => {
    const f = frame([
      face({ box: [0.1, 0.7, 0.1, 0.1] }), // centre 0.75
      face({ box: [0.3, 0.6, 0.1, 0.1] }), // centre 0.65: on the far side of 0.66
      face({ box: [0.5, 0.62, 0.1, 0.1] }), // centre 0.67
      face({ box: [0.7, 0.1, 0.1, 0.1] }),
    ]);
    expect(frontRow(f, { lineY: 0.66, seats: 4 })).toMatchObject({ count: 2, seats: 4, rate: 0.5, overflow: 0, method: 'centreY>0.66/seats' });
    expect(frontRow(f, { lineY: 0.66, seats: 1 })).toMatchObject({ rate: 1, overflow: 1 });
    expect(frontRow(f, { lineY: 0.66, seats: null }).rate).toBeNull();
  });
});

describe('expressions', () => {
  it("maps Human's labels to the spec's types and shares faces by their strongest expression", () => {
    const f = frame([
      face({ expressions: { happy: 0.8, neutral: 0.2 } }),
      face({ expressions: { neutral: 0.6, sad: 0.4 } }),
      face({ expressions: { angry: 0.5, fear: 0.3 } }),
      face({ expressions: { happy: 0.9 } }),
      face({ expressions: {} }),
    ]);
    const e = expressionShares(f);
    expect(e.faces).toBe(4);
    expect(e.shares).toEqual({ ...zeroShares(), joy: 0.5, calm: 0.25, anger: 0.25 });
    expect(e.confidence).toBeCloseTo((0.8 + 0.6 + 0.5 + 0.9) / 4);
  });

  it('an empty frame has all-zero shares and no confidence', () => {
    expect(expressionShares(frame([]))).toMatchObject({ shares: zeroShares(), faces: 0, confidence: null });
  });

  it('finds peaks with their time, prominence and separation', () => {
    const v = [0, 0.1, 0.5, 0.2, 0.25, 0.2, 0.1, 0.7, 0.7, 0.3, 0];
    const series = v.map((value, t) => ({ t: t * 10, value }));
    expect(findPeaks(series).map((p) => p.t)).toEqual([20, 40, 70]);
    const prominent = findPeaks(series, { minProminence: 0.2 });
    expect(prominent.map((p) => [p.t, p.value])).toEqual([
      [20, 0.5],
      [70, 0.7],
    ]);
    expect(prominent[0]!.prominence).toBeCloseTo(0.4);
    expect(findPeaks(series, { minHeight: 0.6 }).map((p) => p.t)).toEqual([70]);
    expect(findPeaks(series, { minProminence: 0.2, minSeparation: 60 }).map((p) => p.t)).toEqual([70]);
    expect(findPeaks([])).toEqual([]);
    expect(findPeaks([{ t: 0, value: 1 }], { minProminence: 0.1 })).toEqual([]);
  });

  it('finds peaks per expression type over a lesson', () => {
    const samples = [0, 0.2, 0.6, 0.1, 0].map((joy, i) => ({ t: i, shares: { ...zeroShares(), joy, calm: 1 - joy } }));
    const peaks = expressionPeaks(samples, { minProminence: 0.3 });
    expect(peaks.map((p) => [p.type, p.t])).toEqual([
      ['calm', 0],
      ['joy', 2],
      ['calm', 4],
    ]);
  });
});

describe('teacher presence', () => {
  it('is present per sample when a face or a person is seen', () => {
    const samples = [
      { t: 0, observation: { faces: [face({ score: 0.9 })] } },
      { t: 5, observation: { faces: [face({ score: 0.2 })] } },
      { t: 10, observation: { faces: [], persons: [{ score: 0.6, box: [0, 0, 1, 1] as [number, number, number, number] }] } },
      { t: 15, observation: { faces: [], persons: [] } },
    ];
    const p = teacherPresence(samples);
    expect(p.map((s) => [s.t, s.present])).toEqual([
      [0, true],
      [5, false],
      [10, true],
      [15, false],
    ]);
    expect(p[0]).toMatchObject({ method: 'face≥0.45', confidence: 0.9 });
    expect(p[1]!.confidence).toBeCloseTo(0.8);
    expect(p[2]).toMatchObject({ method: 'face≥0.45|person≥0.3', confidence: 0.6 });
    expect(p[3]!.confidence).toBe(1);
  });
});
