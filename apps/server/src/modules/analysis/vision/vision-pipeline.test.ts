/**
 * The real models on labelled synthetic frames (synthetic-classroom.ts): real face photos from
 * Human's own assets placed at known positions on a 1280×720 room. ACCURACY.md records a full run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendance, expressionShares, headPose, teacherPresence } from './frame-metrics.ts';
import { createVisionEngine, type VisionEngine } from './human-engine.ts';
import { measureCounts, measureFrontRow, measureRedaction, measureTilt } from './labelled-accuracy.ts';
import { classroomLayout, composeFrame } from './synthetic-classroom.ts';
import { createVisionPool } from './vision-pool.ts';

describe('vision pipeline (real models)', { timeout: 60_000 }, () => {
  let engine: VisionEngine;
  beforeAll(async () => {
    engine = await createVisionEngine();
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('counts the students on frames with 1, 6 and 12 faces', async () => {
    const results = await measureCounts((img) => engine.analyse(img), [1, 6, 12]);
    for (const r of results) {
      // Stated tolerance: exact up to 6 faces, at most one missed face in 12; never a face where none is drawn.
      expect(r.falsePositives, `n=${r.truth}`).toBe(0);
      expect(r.matched, `n=${r.truth}`).toBe(r.counted);
      expect(r.truth - r.counted, `n=${r.truth}`).toBeLessThanOrEqual(r.truth <= 6 ? 0 : 1);
    }
  });

  it('reports frame size, normalized boxes, poses and expressions; nothing on an empty room', async () => {
    const frame = await composeFrame(classroomLayout(6));
    const obs = await engine.analyse(frame.image);
    expect([obs.width, obs.height]).toEqual([1280, 720]);
    expect(obs.ms).toBeGreaterThan(0);
    for (const f of obs.faces) {
      expect(f.box.every((v) => v >= 0 && v <= 1)).toBe(true);
      expect(f.pose).not.toBeNull();
      expect(Object.keys(f.expressions).length).toBeGreaterThan(0);
    }
    // Photos of people facing a camera: with a baseline of their own median, most are "head up".
    expect(headPose(obs, { baseline: 10 }).headUpRate).toBeGreaterThanOrEqual(0.5);
    expect(expressionShares(obs).faces).toBe(obs.faces.length);
    expect(attendance(obs, { expected: 8 }).rate).toBeCloseTo(6 / 8);

    const empty = await engine.analyse((await composeFrame([])).image);
    expect(empty.faces).toEqual([]);
  });

  it('counts the front rows below the line', async () => {
    const r = await measureFrontRow((img) => engine.analyse(img), 12, 0.66);
    expect(r.truth).toBe(4);
    expect(r.measured).toBe(r.truth);
  });

  it('a synthetic forward tilt raises the measured pitch of most faces (direction only; see ACCURACY.md)', async () => {
    const r = await measureTilt((img) => engine.analyse(img), 6, 35);
    expect(r.paired).toBeGreaterThanOrEqual(5);
    expect(r.shareRising).toBeGreaterThanOrEqual(0.6);
  });

  it('evidence frames: after pixelation the engine finds no face', async () => {
    const r = await measureRedaction((img) => engine.analyse(img), 12);
    expect(r.before).toBeGreaterThanOrEqual(11);
    expect(r.after).toBe(0);
  });

  it('teacher presence: a teacher seen is present, an empty room absent (faces and the body model)', async () => {
    const teacherCam = await createVisionEngine({ persons: true });
    try {
      const samples = [
        { t: 0, observation: await teacherCam.analyse((await composeFrame(classroomLayout(1))).image) },
        { t: 30, observation: await teacherCam.analyse((await composeFrame([])).image) },
      ];
      expect(teacherPresence(samples).map((s) => s.present)).toEqual([true, false]);
      expect(samples[0]!.observation.persons?.[0]?.score).toBeGreaterThan(0.3);
    } finally {
      await teacherCam.close();
    }
  });

  it('runs in a worker thread pool and shuts down cleanly', async () => {
    const pool = await createVisionPool({ size: 1, engine: { detectOnly: true } });
    try {
      const frame = await composeFrame(classroomLayout(6));
      const [a, b] = await Promise.all([pool.analyse(frame.image), pool.analyse(frame.image)]);
      expect(a.faces).toHaveLength(6);
      expect(b.faces).toHaveLength(6);
      // Detection only: no mesh, hence no pose.
      expect(a.faces.every((f) => f.pose === null)).toBe(true);
      // The evidence copy is pixelated in the thread, with the faces of its own observation: a JPEG
      // of the same size in which the engine finds no face any more.
      const seen = await pool.analyseAndRedact(frame.image);
      expect(seen.observation.faces).toHaveLength(6);
      expect(seen.redacted.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      const after = await pool.analyse(seen.redacted);
      expect(after.width).toBe(a.width);
      expect(after.faces).toHaveLength(0);
    } finally {
      await pool.close();
    }
    await expect(pool.analyse(Buffer.alloc(1))).rejects.toThrow('closed');
  });
});
