import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDataBoard } from '@hxk/contracts';
import { classAnalyses, courseSessions, warnings } from '../../db/schema/index.ts';
import { schoolTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import type { SeededSchool } from '../../db/seed/seed.ts';
import { zonedInstant } from '../recordings/recording-windows.ts';

const URL = '/app/ddxk/ai/v1/board';

/**
 * A school week far from the seeded timetable (which lies around the real today), so every class the
 * board counts is one of these. The clock stands on Wednesday at 10:30, school time: sessions 1 and 2
 * (08:00, 08:55) have ended, session 3 (10:00-10:45) is in progress, session 4 starts at 10:55.
 */
const TODAY = '2031-03-12';
const MONDAY = '2031-03-10';
const LAST_SATURDAY = '2031-03-08';
const OUTSIDE = '2031-03-05';
const NOW_MINUTE = 10 * 60 + 30;

type Figures = { attendance: number | null; headUp: number | null; frontRow: number | null; mode?: 'practice' | 'lecture' | 'dialogue' | 'mixed' };
type Fixture = {
  date: string;
  sessions: [number, number];
  room?: boolean;
  analyses?: { source: 'recording' | 'live'; status: 'queued' | 'running' | 'done' | 'failed'; figures?: Figures }[];
  warnings?: { level: 'mild' | 'moderate' | 'severe'; kind: string; at: string; ended?: boolean }[];
};

/** Adds class meetings with their analyses and warnings to a school; returns their ids in order. */
async function addClasses(env: TestEnv, school: SeededSchool, fixtures: Fixture[]): Promise<string[]> {
  const schoolId = school.schoolId;
  const course = school.directory.courses[0]!;
  const room = school.directory.classrooms[0]!;
  return schoolTx(env.dbh.db, schoolId, async (tx) => {
    const ids: string[] = [];
    for (const [i, f] of fixtures.entries()) {
      // Weeks 41+ are free in the seeded timetable: a slot of its own for every meeting.
      const [cs] = await tx.insert(courseSessions).values({
        schoolId, courseId: course.id, classroomId: f.room === false ? null : room.id, week: 41 + i, weekday: 3, sessionStart: f.sessions[0], sessionEnd: f.sessions[1], lessonDate: f.date,
      }).returning({ id: courseSessions.id });
      const id = cs!.id;
      ids.push(id);
      let analysisId: string | null = null;
      for (const a of f.analyses ?? []) {
        // Created on the class's day, as the pipeline would (the app's daily AI-retention job goes by it and the app clock).
        const [row] = await tx.insert(classAnalyses).values({
          schoolId, courseSessionId: id, classroomId: f.room === false ? null : room.id, source: a.source, status: a.status, sampleSeconds: 10, stIntervalSeconds: 30, createdAt: new Date(`${f.date}T00:00:00Z`),
          attendanceRate: a.figures?.attendance ?? null, headUpRate: a.figures?.headUp ?? null, frontRowRate: a.figures?.frontRow ?? null, mode: a.figures?.mode ?? null,
        }).returning({ id: classAnalyses.id });
        analysisId ??= row!.id;
      }
      for (const w of f.warnings ?? []) {
        await tx.insert(warnings).values({
          schoolId, courseSessionId: id, classroomId: room.id, level: w.level, kind: w.kind, startedAt: new Date(w.at), endedAt: w.ended ? new Date(w.at) : null, analysisId: w.kind.startsWith('ai.') ? analysisId : null,
        });
      }
    }
    return ids;
  });
}

describe.each(DRIVERS)('AI data board on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let leader: string;
  let a: string[];
  let b: string[];
  const board = (token: string, query = '') => call<TDataBoard>(env.app, { url: `${URL}${query}`, token, headers: { language: 'en' } });

  beforeAll(async () => {
    env = await createTestEnv(driver);
    env.clock.now = zonedInstant(TODAY, NOW_MINUTE, env.config.schoolTimezone);
    [admin, admin2, leader] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'leader')]);
    a = await addClasses(env, env.schoolA, [
      // 0: today, ended, analysed from its recording, with a severe warning.
      { date: TODAY, sessions: [1, 1], analyses: [{ source: 'recording', status: 'done', figures: { attendance: 0.9, headUp: 0.8, frontRow: 0.5, mode: 'lecture' } }], warnings: [{ level: 'severe', kind: 'ai.headUpBelow', at: '2031-03-12T00:20:00Z' }] },
      // 1: today, ended: its recording's analysis is queued (the report shows that one, not the live one's figures).
      { date: TODAY, sessions: [2, 2], analyses: [{ source: 'recording', status: 'queued' }, { source: 'live', status: 'done', figures: { attendance: 0.1, headUp: 0.1, frontRow: 0.1, mode: 'practice' } }] },
      // 2: today, in progress, sampled live so far.
      { date: TODAY, sessions: [3, 3], analyses: [{ source: 'live', status: 'running', figures: { attendance: 0.7, headUp: 0.6, frontRow: 0.4 } }] },
      // 3: today, in progress (sessions 3-4), not analysed.
      { date: TODAY, sessions: [3, 4] },
      // 4: today, this afternoon: not held yet.
      { date: TODAY, sessions: [5, 5] },
      // 5: today, no classroom: not counted at all.
      { date: TODAY, sessions: [1, 2], room: false, analyses: [{ source: 'recording', status: 'done', figures: { attendance: 0.2, headUp: 0.2, frontRow: 0.2, mode: 'mixed' } }] },
      // 6-9: Monday: two analysed (one without a front-row figure), one held without analysis, one failed.
      { date: MONDAY, sessions: [1, 1], analyses: [{ source: 'recording', status: 'done', figures: { attendance: 0.8, headUp: 0.9, frontRow: 0.6, mode: 'practice' } }], warnings: [{ level: 'moderate', kind: 'ai.attendanceBelow', at: '2031-03-10T00:10:00Z' }] },
      { date: MONDAY, sessions: [2, 2], analyses: [{ source: 'recording', status: 'done', figures: { attendance: 0.6, headUp: 0.7, frontRow: null, mode: 'lecture' } }] },
      { date: MONDAY, sessions: [3, 3] },
      { date: MONDAY, sessions: [4, 4], analyses: [{ source: 'recording', status: 'failed' }] },
      // 10: last Saturday (in the 7 days, not this week): a dialogue, an active AI warning, an ended one and a person's.
      {
        date: LAST_SATURDAY, sessions: [1, 1], analyses: [{ source: 'recording', status: 'done', figures: { attendance: 1, headUp: 0.5, frontRow: 0.2, mode: 'dialogue' } }],
        warnings: [{ level: 'mild', kind: 'ai.sensitiveWord', at: '2031-03-08T00:30:00Z' }, { level: 'severe', kind: 'ai.teacherAbsent', at: '2031-03-08T00:05:00Z', ended: true }, { level: 'severe', kind: 'noise', at: '2031-03-08T00:06:00Z' }],
      },
      // 11: before the 7 days.
      { date: OUTSIDE, sessions: [1, 1], analyses: [{ source: 'recording', status: 'done', figures: { attendance: 0.3, headUp: 0.3, frontRow: 0.3, mode: 'mixed' } }], warnings: [{ level: 'severe', kind: 'ai.headUpBelow', at: '2031-03-05T00:20:00Z' }] },
    ]);
    b = await addClasses(env, env.schoolB, [
      { date: TODAY, sessions: [1, 1], analyses: [{ source: 'recording', status: 'done', figures: { attendance: 0.05, headUp: 0.05, frontRow: 0.05, mode: 'mixed' } }], warnings: [{ level: 'severe', kind: 'ai.headUpBelow', at: '2031-03-12T00:21:00Z' }] },
    ]);
  });
  afterAll(async () => env?.close());

  it("counts today's classes by analysis status against those held, and lists the analysed ones with their figures", async () => {
    const r = await board(admin);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ date: TODAY, today: TODAY, window: { from: '2031-03-06', to: TODAY }, week: { from: MONDAY, to: TODAY } });
    expect(d.day).toMatchObject({ method: 'classesOfDayByStatus', scheduled: 5, held: 4, done: 1, running: 1, queued: 1, failed: 0, notAnalysed: 1, analysedTotal: 3 });
    expect(d.day.classes.map((c) => [c.courseSessionId, c.status, c.startTime])).toEqual([
      [a[0], 'done', '08:00'],
      [a[1], 'queued', '08:55'],
      [a[2], 'running', '10:00'],
    ]);
    expect(d.day.classes[0]).toMatchObject({ rates: { attendance: 0.9, headUp: 0.8, frontRow: 0.5 }, mode: 'lecture', courseName: expect.any(String), teacherName: expect.any(String), classroomName: expect.any(String) });
  });

  it('gives the rates now from the classes in progress, else from the latest analysed class', async () => {
    const now = (await board(admin)).body.data.now;
    expect(now).toEqual({ method: 'meanOfClassesInProgress', inProgress: 2, classes: 1, rates: { attendance: 0.7, headUp: 0.6, frontRow: 0.4 }, latest: null });
    // Monday asked for: no "now" that day, so the latest class analysed up to it (its second session).
    const monday = (await board(admin, `?date=${MONDAY}`)).body.data;
    expect(monday.now).toMatchObject({ method: 'latestAnalysedClass', classes: 1, rates: { attendance: 0.6, headUp: 0.7, frontRow: null } });
    expect(monday.now.latest?.courseSessionId).toBe(a[7]);
    expect(monday.day).toMatchObject({ scheduled: 4, held: 4, done: 2, failed: 1, notAnalysed: 1 });
  });

  it('averages the three rates per day over the last 7 days, each class weighing the same', async () => {
    const { trend } = (await board(admin)).body.data;
    expect(trend.method).toBe('dailyMeanOfClassRates');
    expect(trend.days.map((x) => x.date)).toEqual(['2031-03-06', '2031-03-07', '2031-03-08', '2031-03-09', '2031-03-10', '2031-03-11', '2031-03-12']);
    const byDate = Object.fromEntries(trend.days.map((x) => [x.date, x]));
    expect(byDate['2031-03-06']).toEqual({ date: '2031-03-06', classes: 0, rates: { attendance: null, headUp: null, frontRow: null } });
    expect(byDate[LAST_SATURDAY]).toEqual({ date: LAST_SATURDAY, classes: 1, rates: { attendance: 1, headUp: 0.5, frontRow: 0.2 } });
    expect(byDate[MONDAY]).toEqual({ date: MONDAY, classes: 2, rates: { attendance: 0.7, headUp: 0.8, frontRow: 0.6 } });
    expect(byDate[TODAY]).toEqual({ date: TODAY, classes: 1, rates: { attendance: 0.9, headUp: 0.8, frontRow: 0.5 } });
  });

  it('counts active AI warnings of the 7 days by level and lists the latest with their class', async () => {
    const { warnings: w } = (await board(admin)).body.data;
    expect(w).toMatchObject({ method: 'activeAiWarningsOfWeek', total: 3, byLevel: { mild: 1, moderate: 1, severe: 1 } });
    expect(w.latest.map((x) => [x.courseSessionId, x.level, x.kind])).toEqual([
      [a[0], 'severe', 'ai.headUpBelow'],
      [a[6], 'moderate', 'ai.attendanceBelow'],
      [a[10], 'mild', 'ai.sensitiveWord'],
    ]);
    expect(w.latest[0]).toMatchObject({ startedAt: '2031-03-12T00:20:00.000Z', lessonDate: TODAY, classroomName: env.schoolA.directory.classrooms[0]!.name });
  });

  it('counts teaching modes and coverage over this week (Monday to the day)', async () => {
    const d = (await board(admin)).body.data;
    expect(d.modes).toEqual({ method: 'stModesOfWeek', total: 3, counts: { practice: 1, lecture: 2, dialogue: 0, mixed: 0 } });
    // Held this week: Monday's four and today's four that have started; finished analyses: three.
    expect(d.coverage).toEqual({ method: 'analysedOverHeldOfWeek', analysed: 3, held: 8, rate: 0.375 });
  });

  it("shows another school only its own figures (school B never sees school A's)", async () => {
    const r = await board(admin2);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.day).toMatchObject({ scheduled: 1, held: 1, done: 1, analysedTotal: 1 });
    expect(d.day.classes.map((c) => c.courseSessionId)).toEqual([b[0]]);
    expect(d.warnings).toMatchObject({ total: 1, byLevel: { mild: 0, moderate: 0, severe: 1 } });
    expect(d.warnings.latest.map((x) => x.courseSessionId)).toEqual([b[0]]);
    expect(d.modes.counts).toEqual({ practice: 0, lecture: 0, dialogue: 0, mixed: 1 });
    expect(d.trend.days.find((x) => x.date === TODAY)?.rates.attendance).toBe(0.05);
    expect(d.now).toMatchObject({ method: 'latestAnalysedClass', inProgress: 0, latest: { courseSessionId: b[0] } });
    const ids = new Set([...d.day.classes.map((c) => c.courseSessionId), ...d.warnings.latest.map((x) => x.courseSessionId)]);
    for (const id of a) expect(ids.has(id)).toBe(false);
    // And school A's board is unchanged by B's class.
    expect((await board(admin)).body.data.day.scheduled).toBe(5);
  });

  it('is open to a group leader (the statistics group holds the board), refused to teachers, supervisors and students, and to nobody signed in', async () => {
    expect((await board(leader)).status).toBe(200);
    for (const account of ['teacher', 'supervisor', 'student']) {
      const r = await board(await loginAs(env.app, account));
      expect(r.status, account).toBe(403);
      expect(r.body.errorKey).toBe('auth.forbidden');
      expect(r.body.data).toBeNull();
    }
    expect((await call(env.app, { url: URL })).status).toBe(401);
  });

  it('refuses a date that is not a calendar date, naming the field', async () => {
    const r = await board(admin, '?date=2031-02-30');
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('date');
  });
});
