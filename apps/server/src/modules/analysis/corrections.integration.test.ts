import { and, asc, desc, eq, isNotNull, lt, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAgreement, TAnalysisCorrection, TClassReport } from '@hxk/contracts';
import { analysisCorrections, courseSessions, courses } from '../../db/schema/index.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import * as repo from './analysis.repo.ts';
import { storeResult, type TAnalysisResult } from './analysis.service.ts';
import { demoName } from '../../db/seed/seed.ts';

const P = '/app/ddxk/ai/v1';

/** A finished 4-minute lesson: 30 of 40 students on average, S-T TTSTTSTT (Rt 0.75, Ch 0.5, lecture). */
function result(): TAnalysisResult {
  const samples = Array.from({ length: 24 }, (_, i) => ({ t: i * 10, faces: 30, posed: 30, headUp: 27, headDown: 3, turnedAway: 0, frontRow: 8, expressions: {}, confidence: 0.9, evidenceKey: null }));
  return {
    durationSeconds: 240, expectedStudents: 40, presentAvg: 30, attendanceRate: 0.75, headUpRate: 0.9,
    frontRowExpected: null, frontRowActual: null, frontRowRate: null, pitchBaseline: null,
    st: { sequence: 'TTSTTSTT', rt: 0.75, ch: 0.5, mode: 'lecture' },
    talk: { teacher: 160, student: 30, overlap: 0, silence: 50 },
    teacherAttendance: 'normal', transcriptStatus: 'notConfigured', speechRate: null, methods: {},
    samples, teacherSamples: [], talkSegments: [], transcript: [], hits: [],
  };
}

describe.each(DRIVERS)('corrections of AI figures on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let supervisor: string;
  let teacher: string;
  let student: string;
  let mine: { id: string; classroomId: string | null; lessonDate: string };
  let notMine: { id: string; classroomId: string | null; lessonDate: string };
  let analysisId: string;
  const en = { language: 'en' };
  const A = () => env.schoolA.schoolId;
  const save = (token: string, body: unknown, language = 'en') => call<TAnalysisCorrection>(env.app, { url: `${P}/corrections/save`, token, body, headers: { language } });
  const report = (token: string, id = mine.id) => call<TClassReport>(env.app, { url: `${P}/report?courseSessionId=${id}`, token, headers: en });
  const agreement = (token: string, query = '') => call<TAgreement>(env.app, { url: `${P}/agreement${query}`, token, headers: en });
  const rows = () => schoolTx(env.dbh.db, A(), (tx) => tx.select().from(analysisCorrections).orderBy(asc(analysisCorrections.createdAt), asc(analysisCorrections.id)));

  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, admin2, supervisor, teacher, student] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'teacher'), loginAs(env.app, 'student')]);
    const teacherId = env.schoolA.users.teacher!.id;
    const today = new Date().toISOString().slice(0, 10);
    const classes = (own: boolean) =>
      platformTx(env.dbh.db, 'seed', (tx) =>
        tx.select({ id: courseSessions.id, classroomId: courseSessions.classroomId, lessonDate: courseSessions.lessonDate }).from(courseSessions)
          .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
          .where(and(eq(courseSessions.schoolId, A()), own ? eq(courses.teacherId, teacherId) : ne(courses.teacherId, teacherId), isNotNull(courseSessions.classroomId), lt(courseSessions.lessonDate, today)))
          .orderBy(desc(courseSessions.lessonDate), asc(courseSessions.id)).limit(1));
    mine = (await classes(true))[0]!;
    notMine = (await classes(false))[0]!;
    await schoolTx(env.dbh.db, A(), async (tx) => {
      const analysis = await repo.upsertAnalysis(tx, { schoolId: A(), courseSessionId: mine.id, classroomId: mine.classroomId, source: 'recording', status: 'running', sampleSeconds: 10, stIntervalSeconds: 30 });
      await storeResult(tx, { analysis, result: result(), startedAt: new Date('2026-11-20T00:00:00Z'), classroomId: mine.classroomId, finished: true });
      analysisId = analysis.id;
      // Another class whose analysis is still queued.
      await repo.upsertAnalysis(tx, { schoolId: A(), courseSessionId: notMine.id, classroomId: notMine.classroomId, source: 'recording', status: 'queued', sampleSeconds: 10, stIntervalSeconds: 30 });
    });
  });
  afterAll(async () => env?.close());

  it('has no agreement figures before anyone corrects', async () => {
    const r = await agreement(admin);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      from: null, to: null,
      st: { classes: 0, corrections: 0, intervals: 0, rate: null, kappa: null, sameMode: null },
      attendance: { classes: 0, corrections: 0, meanAbsDiff: null, withinOne: null },
    });
  });

  it('tells each reader whether they may correct: a supervisor and an administrator may, the class\'s teacher may not', async () => {
    expect((await report(supervisor)).body.data.analysis).toMatchObject({ canCorrect: true, corrections: [] });
    expect((await report(admin)).body.data.analysis?.canCorrect).toBe(true);
    expect((await report(teacher)).body.data.analysis?.canCorrect).toBe(false);
  });

  it('saves a supervisor\'s recoding with the figures recomputed, and a later one replaces it in the report (history kept)', async () => {
    // TTSTTSTT recoded to TTSSTSTS: Rt 0.5, Ch 5/8 -> dialogue; 6 of 8 intervals as the AI coded them.
    const first = await save(supervisor, { analysisId, measure: 'st', stSequence: 'TTSSTSTS' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ measure: 'st', stSequence: 'TTSSTSTS', present: null, byName: demoName('supervisor'), mine: true, rt: 0.5, ch: 0.625, mode: 'dialogue', agreement: 0.75, attendanceRate: null });
    // By the class instead of the analysis: the same analysis.
    const second = await save(supervisor, { courseSessionId: mine.id, measure: 'st', stSequence: 'TTSTTSTS' });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ rt: 0.625, ch: 0.625, mode: 'dialogue', agreement: 0.875 });

    const seen = await report(supervisor);
    const a = seen.body.data.analysis!;
    // The AI's figures are unchanged; the supervisor's latest stands beside them, with who and when.
    expect(a).toMatchObject({ stSequence: 'TTSTTSTT', rt: 0.75, ch: 0.5, mode: 'lecture' });
    expect(a.corrections).toHaveLength(1);
    // What the report draws the corrected S-T curve and Rt-Ch point from, beside the AI's: the recoded sequence and its figures.
    expect(a.corrections[0]).toMatchObject({ id: second.body.data.id, measure: 'st', stSequence: 'TTSTTSTS', byName: demoName('supervisor'), mine: true, rt: 0.625, ch: 0.625, mode: 'dialogue' });
    expect(a.corrections[0]!.stSequence).toHaveLength(a.stSequence!.length);
    expect(Number.isNaN(Date.parse(a.corrections[0]!.createdAt))).toBe(false);
    // The teacher reads it too, as someone else's.
    const forTeacher = (await report(teacher)).body.data.analysis!;
    expect(forTeacher.corrections.map((c) => [c.byName, c.mine])).toEqual([[demoName('supervisor'), false]]);
    expect((await rows()).filter((r) => r.measure === 'st').map((r) => r.stSequence)).toEqual(['TTSSTSTS', 'TTSTTSTS']);
  });

  it('refuses a sequence of another length than the AI\'s, with the lengths in the reader\'s language', async () => {
    const r = await save(supervisor, { analysisId, measure: 'st', stSequence: 'TTST' });
    expect(r.status).toBe(400);
    expect(r.body.errorKey).toBe('analysis.stLength');
    expect(r.body.msg).toBe('The corrected S-T sequence must have 8 intervals, as the AI\'s has (it has 4).');
    const zh = await save(supervisor, { analysisId, measure: 'st', stSequence: 'TTSTTSTTS' }, 'zh');
    expect(zh.body.msg).toContain('8 个区间');
    const bad = await save(supervisor, { analysisId, measure: 'st', stSequence: 'TTXTTSTT' });
    expect(bad.status).toBe(400);
    const neither = await save(supervisor, { measure: 'st', stSequence: 'TTSTTSTT' });
    expect(neither.status).toBe(400);
  });

  it('saves a counted attendance with its rate, up to twice the expected students', async () => {
    const r = await save(supervisor, { analysisId, measure: 'attendance', present: 33 });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ measure: 'attendance', present: 33, stSequence: null, attendanceRate: 0.825, rt: null, mode: null });
    const tooMany = await save(supervisor, { analysisId, measure: 'attendance', present: 81 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errorKey).toBe('analysis.presentTooMany');
    expect(tooMany.body.msg).toContain('0 to 80');
    expect((await save(supervisor, { analysisId, measure: 'attendance', present: -1 })).status).toBe(400);
  });

  it('refuses the class\'s own teacher (even by the class), a member without patrol reach, and an unfinished analysis', async () => {
    const before = (await rows()).length;
    const own = await save(teacher, { analysisId, measure: 'attendance', present: 40 });
    expect(own.status).toBe(403);
    expect(own.body.errorKey).toBe('analysis.ownClass');
    expect((await save(teacher, { courseSessionId: mine.id, measure: 'st', stSequence: 'TTTTTTTT' })).body.errorKey).toBe('analysis.ownClass');
    const noReach = await save(student, { analysisId, measure: 'attendance', present: 12 });
    expect(noReach.status).toBe(403);
    expect(noReach.body.errorKey).toBe('live.noPatrol');
    const queued = await save(supervisor, { courseSessionId: notMine.id, measure: 'attendance', present: 12 });
    expect(queued.status).toBe(409);
    expect(queued.body.errorKey).toBe('analysis.notFinished');
    expect((await report(supervisor, notMine.id)).body.data.analysis?.canCorrect).toBe(false);
    expect((await rows()).length).toBe(before);
  });

  it('does not let another school correct, or learn of, this school\'s analysis (404, nothing stored)', async () => {
    const before = (await rows()).length;
    const byId = await save(admin2, { analysisId, measure: 'attendance', present: 1 });
    expect(byId.status).toBe(404);
    expect(byId.body.errorKey).toBe('common.notFound');
    expect((await save(admin2, { courseSessionId: mine.id, measure: 'st', stSequence: 'SSSSSSSS' })).status).toBe(404);
    // A class of the caller's school with another school's analysis id: still not found.
    expect((await save(admin, { analysisId: '1', measure: 'attendance', present: 1 })).status).toBe(404);
    expect((await rows()).length).toBe(before);
    const theirs = await agreement(admin2);
    expect(theirs.body.data.st.corrections).toBe(0);
    expect(theirs.body.data.attendance.corrections).toBe(0);
  });

  it('gives the school its agreement per measure: intervals alike, kappa, same mode; attendance difference', async () => {
    // The administrator agrees with the AI on everything.
    expect((await save(admin, { analysisId, measure: 'st', stSequence: 'TTSTTSTT' })).body.data).toMatchObject({ agreement: 1, mode: 'lecture' });
    expect((await save(admin, { analysisId, measure: 'attendance', present: 30 })).status).toBe(200);
    const r = await agreement(admin);
    expect(r.status).toBe(200);
    const d = r.body.data;
    // S-T: the supervisor's latest (7 of 8 alike) and the administrator's (8 of 8), pooled: 15 of 16.
    // Table both T 11, AI T person S 1, both S 4: p_e = .75·.6875 + .25·.3125 = .59375, κ = (.9375 − .59375) / .40625 = 11/13.
    expect(d.st).toMatchObject({ classes: 1, corrections: 2, intervals: 16, rate: 0.9375, sameMode: 0.5 });
    expect(d.st.kappa).toBeCloseTo(11 / 13, 10);
    // Attendance: AI 30 on average; counted 33 and 30.
    expect(d.attendance).toEqual({ classes: 1, corrections: 2, meanAbsDiff: 1.5, withinOne: 0.5 });
    // The report lists both people's corrections of both measures.
    const listed = (await report(admin)).body.data.analysis!.corrections;
    expect(listed.map((c) => [c.measure, c.byName, c.mine])).toEqual([
      ['st', demoName('supervisor'), false],
      ['attendance', demoName('supervisor'), false],
      ['st', demoName('admin'), true],
      ['attendance', demoName('admin'), true],
    ]);
  });

  it('counts classes held in the period asked, and is for those who hold the AI warning settings', async () => {
    const day = mine.lessonDate;
    const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await agreement(admin, `?from=${day}&to=${day}`)).body.data.st.classes).toBe(1);
    const before = await agreement(admin, `?to=${dayBefore}`);
    expect(before.body.data).toMatchObject({ to: dayBefore, st: { classes: 0, rate: null }, attendance: { classes: 0 } });
    expect((await agreement(admin, '?from=yesterday')).status).toBe(400);
    expect((await agreement(teacher)).status).toBe(403);
    expect((await agreement(supervisor)).status).toBe(403);
  });
});
