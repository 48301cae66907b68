import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClassReport } from '@hxk/contracts';
import { accounts, courseSessions, courses, jobs } from '../../db/schema/index.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { DEMO_LESSON_JOB, type DemoLessonPayload } from './demo-analyses.ts';

type Truth = { mode: string; sequence: string; sampleSeconds: number; faces: number[]; teacherPresent: boolean[] };

// The whole pipeline through the job queue, on one database (the API's storage of results is
// tested on both in analysis.integration.test.ts): a generated 2-minute lesson with known faces,
// teacher presence and speech, drawn, stored as the class's recording, analysed, and reported.
describe.each(DRIVERS.slice(0, 1))('the analysis pipeline end to end on %s', (driver) => {
  let env: TestEnv;
  let teacher: string;
  let session: { id: string };

  beforeAll(async () => {
    env = await createTestEnv(driver);
    teacher = await loginAs(env.app, 'teacher');
    const today = new Date().toISOString().slice(0, 10);
    [session] = (await platformTx(env.dbh.db, 'seed', (tx) =>
      tx.select({ id: courseSessions.id }).from(courseSessions)
        .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
        .innerJoin(accounts, eq(accounts.id, courses.teacherId))
        .where(and(eq(courseSessions.schoolId, env.schoolA.schoolId), eq(accounts.account, 'teacher'), isNotNull(courseSessions.classroomId), lt(courseSessions.lessonDate, today)))
        .orderBy(asc(courseSessions.id)).limit(1))) as [{ id: string }];
    // A rule the dialogue lesson's late students break: attendance under 95 % for a sample.
    await call(env.app, { url: '/app/ddxk/ai/v1/warning-rules/save', token: await loginAs(env.app, 'admin'), body: { kind: 'attendanceBelow', threshold: 95, minutes: 0, level: 'mild' } });
  });
  afterAll(async () => env?.close());

  it('measures faces, teacher presence, talk and S-T equal to the lesson\'s ground truth', async () => {
    const payload: DemoLessonPayload = { courseSessionId: session.id, plan: 'dialogue', seed: 7, seats: 10, seconds: 120 };
    await schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => env.app.deps.jobs.enqueue(tx, { schoolId: env.schoolA.schoolId, kind: DEMO_LESSON_JOB, payload, createdBy: null }));
    // The app's own worker runs jobs too: run what is queued here, and wait for what it claimed.
    const ofSchool = () => platformTx(env.dbh.db, 'seed', (tx) => tx.select({ kind: jobs.kind, status: jobs.status, result: jobs.result, errorKey: jobs.errorKey }).from(jobs).where(eq(jobs.schoolId, env.schoolA.schoolId)));
    let ran = await ofSchool();
    for (let i = 0; i < 1200 && ran.some((j) => j.status === 'queued' || j.status === 'running'); i++) {
      if (!(await env.app.deps.jobs.runNext())) await new Promise((r) => setTimeout(r, 250));
      ran = await ofSchool();
    }
    const drawn = ran.find((j) => j.kind === DEMO_LESSON_JOB)!;
    const analysed = ran.find((j) => j.kind === 'analysis.class')!;
    expect(drawn.status, JSON.stringify(drawn)).toBe('done');
    expect(analysed.status, JSON.stringify(analysed)).toBe('done');
    const truth = (drawn.result as { truth: Truth }).truth;

    const r = await call<TClassReport>(env.app, { url: `/app/ddxk/ai/v1/report?courseSessionId=${session.id}`, token: teacher });
    expect(r.status).toBe(200);
    const a = r.body.data.analysis!;
    expect(a.status).toBe('done');
    expect(a.durationSeconds).toBe(120);
    // Faces per sample: every face of up to 10 found, or one missed (the detector's measured accuracy).
    expect(a.samples.map((s) => s.t)).toEqual(truth.faces.map((_, i) => i * truth.sampleSeconds));
    const seen = `faces ${JSON.stringify(a.samples.map((s) => s.faces))} truth ${JSON.stringify(truth.faces)}`;
    a.samples.forEach((s, i) => {
      expect(s.faces, seen).toBeLessThanOrEqual(truth.faces[i]!);
      expect(s.faces, seen).toBeGreaterThanOrEqual(truth.faces[i]! - 1);
    });
    expect(a.teacherSamples.map((s) => s.present)).toEqual(truth.teacherPresent);
    // Sound: the S-T sequence and mode exactly.
    expect(a.stSequence).toBe(truth.sequence);
    expect(a.mode).toBe(truth.mode);
    expect(a.teacherTalkSeconds).toBeGreaterThan(0);
    expect(a.studentTalkSeconds).toBeGreaterThan(0);
    // The recorder's subtitles became the transcript, with speakers.
    expect(a.transcriptStatus).toBe('done');
    expect(a.transcript.length).toBeGreaterThan(0);
    expect(new Set(a.transcript.map((s) => s.speaker))).toEqual(new Set(['teacher', 'student']));
    // Every figure says how it was computed.
    expect(Object.keys(a.methods)).toEqual(expect.arrayContaining(['attendanceRate', 'headUpRate', 'frontRowRate', 'teacherAttendance', 'talk', 'st', 'transcript']));
    // Evidence frames are kept once a minute (faces pixelated): at 0 and 60 s.
    expect(a.samples.filter((s) => s.hasEvidence).map((s) => s.t)).toEqual([0, 60]);
    // The attendance rule raised its warning at the first sample under 95 %.
    const expected = a.expectedStudents!;
    const firstLow = a.samples.find((s) => s.faces / expected < 0.95);
    if (firstLow) expect(a.warnings.map((w) => [w.kind, w.moments[0]])).toEqual([['ai.attendanceBelow', firstLow.t]]);
    else expect(a.warnings).toEqual([]);
  }, 600_000);
});
