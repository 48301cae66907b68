/**
 * npm run bench:schedule: the timetable (week view) and the course list on a school with 5,000
 * courses and 100,000 timetable sessions, through the API and as the bare query, side by side
 * (docs/benchmarks.md, "Schedule"). Never part of npm test.
 *
 * The first demo school (300 courses, 12,000 sessions, 30 rooms, 60 teachers) is topped up with
 * 200 rooms, 400 teachers and 4,700 courses, 4,400 of which meet once a week for 20 weeks, to
 * exactly 5,000 courses and 100,000 sessions. Then, per driver (PGlite always, PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set):
 *   - course list: POST /app/ddxk/course/v1/page (20 a page, the semester, no other filter)
 *   - timetable:   POST /app/ddxk/course/v1/timetable (this week of the busiest room)
 * against a bare Fastify route running the same SQL with the school as a plain WHERE (no session,
 * no RLS transaction, no state, no envelope). The plans of the bare queries are printed (PostgreSQL).
 * Figures go to stdout and bench/results/schedule.json.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { IDENTITY, lessonDate, teachingWeekOf, weekDates, zonedClock } from '@hxk/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database, Tx } from '../apps/server/src/platform/db.ts';
import { benchDrivers, compareUnderLoad, isMain, listen, post, LIMITS_ABOVE_LOAD, openDemo, round, timeMean, writeSummaryRows, type BenchBase, type DriverName, type SummaryRow } from './support.ts';
import { platformTx, schoolTx } from '../apps/server/src/platform/tenancy.ts';
import * as coursesRepo from '../apps/server/src/modules/courses/courses.repo.ts';
import { stateReader } from '../apps/server/src/modules/courses/course-state.ts';
import { schoolClock } from '../apps/server/src/modules/calendar/calendar.service.ts';
import { accounts, buildings, classrooms, courseSessions, courses, orgUnits, schoolMemberships, schools, semesters } from '../apps/server/src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/seed.ts';
import { resolveSession } from '../apps/server/src/platform/sessions.ts';
import type { MemberCtx } from '../apps/server/src/platform/context.ts';
import { listCourses, timetable } from '../apps/server/src/modules/courses/courses.service.ts';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = path.join(BENCH_DIR, 'results', 'schedule.json');
const SETTINGS = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  durationSeconds: Number(process.env.BENCH_DURATION ?? 6),
  // Even, so that app and bare each go first in half the rounds.
  rounds: Number(process.env.BENCH_ROUNDS ?? 4),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
  courses: 5_000,
  sessions: 100_000,
  extraRooms: 200,
  extraTeachers: 400,
  breakdownIterations: Number(process.env.BENCH_BREAKDOWN_ITERATIONS ?? 50),
  /**
   * Instead of topping up to `courses` / `sessions`: this many more courses, `timetabled` of them
   * meeting once a week (bench/smoke.test.ts: a few, whatever the demo holds).
   */
  extra: undefined as { courses: number; timetabled: number } | undefined,
};
const DEFAULTS = { ...SETTINGS };
/** The aim of docs/benchmarks.md: the week view's p99 under load stays under 200 ms on PostgreSQL. */
const WEEK_VIEW_P99_AIM_MS = 200;
/** runScheduleBench's sizes: bench/smoke.test.ts runs a few more courses and a fraction of a second per target. */
export type ScheduleBenchOptions = BenchBase & Partial<typeof SETTINGS>;
let log: (msg: string) => void = (msg) => {
  process.stdout.write(`${msg}\n`);
};

// ---------------------------------------------------------------- data

/** expected: the counts the top-up must leave (what was there plus what it inserted), checked before measuring. */
type Scale = { schoolId: string; semesterId: string; week: number; busyRoomId: string; collegeId: string; courseCount: number; sessionCount: number; expected: { courses: number; sessions: number } };

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 2000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Tops the demo school (already seeded) up to the benchmark's scale. */
export async function seedScale(db: Database): Promise<Scale> {
  return platformTx(db, 'seed', async (tx) => {
    const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.code, 'DEMO'));
    const schoolId = school!.id;
    const [semester] = await tx.select().from(semesters).where(eq(semesters.schoolId, schoolId));
    const units = await tx.select({ id: orgUnits.id }).from(orgUnits).where(and(eq(orgUnits.schoolId, schoolId), eq(orgUnits.kind, 'department')));
    const [building] = await tx.insert(buildings).values({ schoolId, name: 'Bench Building', sort: 99 }).returning({ id: buildings.id });
    const rooms = await tx.insert(classrooms).values(Array.from({ length: SETTINGS.extraRooms }, (_, i) => ({
      schoolId, buildingId: building!.id, floor: Math.floor(i / 20) + 1, name: `B${String(i + 1).padStart(3, '0')}`,
    }))).returning({ id: classrooms.id });
    const people = await tx.insert(accounts).values(Array.from({ length: SETTINGS.extraTeachers }, (_, i) => ({
      account: `bench_t${i}`, name: `Bench Teacher ${i}`,
    }))).returning({ id: accounts.id });
    await tx.insert(schoolMemberships).values(people.map((p, i) => ({
      schoolId, accountId: p.id, identity: IDENTITY.teacher, status: 'approved' as const, orgUnitId: units[i % units.length]!.id,
    })));
    const [have] = await tx.select({ n: count() }).from(courses).where(eq(courses.schoolId, schoolId));
    const [haveSessions] = await tx.select({ n: count() }).from(courseSessions).where(eq(courseSessions.schoolId, schoolId));
    const weeks = semester!.weekCount;
    const extraCourses = SETTINGS.extra?.courses ?? SETTINGS.courses - Number(have!.n);
    const timetabled = Math.min(extraCourses, SETTINGS.extra?.timetabled ?? Math.floor((SETTINGS.sessions - Number(haveSessions!.n)) / weeks));
    if (extraCourses < 0 || timetabled < 1) throw new Error(`bench: the demo already has ${have!.n} courses and ${haveSessions!.n} sessions; nothing to top up`);
    const rows = await (async () => {
      const out: { id: string }[] = [];
      await insertChunked(Array.from({ length: extraCourses }, (_, i) => ({
        schoolId, semesterId: semester!.id, code: `BENCH${String(i).padStart(5, '0')}`, name: `Bench course ${i}`,
        orgUnitId: units[i % units.length]!.id, teacherId: people[i % people.length]!.id, teachingClass: `Class ${i % 40}`, studentCount: 30 + (i % 50),
      })), async (chunk) => out.push(...(await tx.insert(courses).values(chunk).returning({ id: courses.id }))));
      return out;
    })();
    // Course i meets in room i % rooms, slot i / rooms (weekday x 10 sessions, single sessions), every week.
    const sessionRows: (typeof courseSessions.$inferInsert)[] = [];
    rows.slice(0, timetabled).forEach((c, i) => {
      const room = rooms[i % rooms.length]!;
      const slot = Math.floor(i / rooms.length) % 70;
      const weekday = Math.floor(slot / 10) + 1;
      const session = (slot % 10) + 1;
      for (let week = 1; week <= weeks; week++) {
        sessionRows.push({ schoolId, courseId: c.id, classroomId: room.id, week, weekday, sessionStart: session, sessionEnd: session, lessonDate: lessonDate(semester!.startDate, week, weekday) });
      }
    });
    await insertChunked(sessionRows, (chunk) => tx.insert(courseSessions).values(chunk));
    const [c] = await tx.select({ n: count() }).from(courses).where(eq(courses.schoolId, schoolId));
    const [s] = await tx.select({ n: count() }).from(courseSessions).where(eq(courseSessions.schoolId, schoolId));
    const today = zonedClock(new Date(), 'Asia/Shanghai').date;
    const week = teachingWeekOf(semester!.startDate, weeks, today) ?? 1;
    const [college] = await tx.select({ id: orgUnits.id }).from(orgUnits).where(and(eq(orgUnits.schoolId, schoolId), eq(orgUnits.kind, 'college'))).limit(1);
    const expected = { courses: Number(have!.n) + rows.length, sessions: Number(haveSessions!.n) + sessionRows.length };
    return { schoolId, semesterId: semester!.id, week, busyRoomId: rooms[0]!.id, collegeId: college!.id, courseCount: Number(c!.n), sessionCount: Number(s!.n), expected };
  });
}

// ---------------------------------------------------------------- the bare queries

/** The list's SQL without the platform: count, the page, and the page's meetings. */
export async function bareCourses(db: Database, schoolId: string, semesterId: string) {
  const where = and(eq(courses.schoolId, schoolId), eq(courses.semesterId, semesterId));
  const [total] = await db.select({ n: count() }).from(courses).where(where);
  const rows = await db.select({ id: courses.id, code: courses.code, name: courses.name, teacherName: accounts.name, orgUnitName: orgUnits.name })
    .from(courses).innerJoin(accounts, eq(accounts.id, courses.teacherId))
    .leftJoin(orgUnits, and(eq(orgUnits.schoolId, courses.schoolId), eq(orgUnits.id, courses.orgUnitId)))
    .where(where).orderBy(asc(courses.code), asc(courses.id)).limit(20);
  const meetings = await db.select({ courseId: courseSessions.courseId, week: courseSessions.week, weekday: courseSessions.weekday, sessionStart: courseSessions.sessionStart, classroomName: classrooms.name })
    .from(courseSessions).leftJoin(classrooms, and(eq(classrooms.schoolId, courseSessions.schoolId), eq(classrooms.id, courseSessions.classroomId)))
    .where(and(eq(courseSessions.schoolId, schoolId), inArray(courseSessions.courseId, rows.map((r) => r.id))));
  return { total: Number(total?.n ?? 0), list: rows.map((r) => ({ ...r, sessionCount: meetings.filter((m) => m.courseId === r.id).length })) };
}

/** The week view's SQL without the platform: one room's classes of one teaching week. */
function bareTimetable(db: Database, schoolId: string, semesterId: string, startDate: string, week: number, classroomId: string) {
  const dates = weekDates(startDate, week);
  return db.select({ id: courseSessions.id, courseName: courses.name, teacherName: accounts.name, weekday: courseSessions.weekday, sessionStart: courseSessions.sessionStart })
    .from(courseSessions)
    .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
    .innerJoin(accounts, eq(accounts.id, courses.teacherId))
    .where(and(eq(courseSessions.schoolId, schoolId), eq(courses.semesterId, semesterId), eq(courseSessions.week, week),
      gte(courseSessions.lessonDate, dates[0]!), lte(courseSessions.lessonDate, dates[6]!), eq(courseSessions.classroomId, classroomId)))
    .orderBy(asc(courseSessions.lessonDate), asc(courseSessions.sessionStart), asc(courses.code));
}

// ---------------------------------------------------------------- load

/** EXPLAIN (ANALYZE) of the bare queries, so an index that is missing shows as a scan. */
async function plans(db: Database, s: Scale, startDate: string): Promise<string[]> {
  const explain = async (q: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = q.toSQL();
    const res = (await db.execute(sql.raw(`explain (analyze, costs off, timing off, summary off) ${inline(text, params)}`))) as unknown as { rows: Record<string, string>[] };
    return res.rows.map((r) => Object.values(r)[0]).join('\n');
  };
  const page = db.select({ id: courses.id }).from(courses).where(and(eq(courses.schoolId, s.schoolId), eq(courses.semesterId, s.semesterId))).orderBy(asc(courses.code), asc(courses.id)).limit(20);
  const raw = async (text: string) => {
    const res = (await db.execute(sql.raw(`explain (analyze, costs off, timing off, summary off) ${text}`))) as unknown as { rows: Record<string, string>[] };
    return res.rows.map((r) => Object.values(r)[0]).join('\n');
  };
  // The list's other filters: a college and everything below it, and "meets in week N on weekday D".
  const byUnit = `select count(*) from courses where school_id = ${s.schoolId} and semester_id = ${s.semesterId} and org_unit_id in (with recursive u(id) as (
    select id from org_units where school_id = ${s.schoolId} and id = ${s.collegeId} union all select o.id from org_units o join u on o.parent_id = u.id and o.school_id = ${s.schoolId}) select id from u)`;
  // As the service asks it: the course ids meeting on week N's Wednesday, by class date.
  const wednesday = weekDates(startDate, s.week)[2];
  const byWeek = `select distinct course_id from course_sessions where school_id = ${s.schoolId} and lesson_date in ('${wednesday}') and week = ${s.week} and weekday = 3`;
  return [await explain(page), await explain(bareTimetable(db, s.schoolId, s.semesterId, startDate, s.week, s.busyRoomId)), await raw(byUnit), await raw(byWeek)];
}
const inline = (text: string, params: unknown[]) => text.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1]).replace(/'/g, "''")}'`);

/**
 * Where the course list's time goes: each piece of one call, alone in its own school transaction
 * (an empty one costs `tx`; the timetable lines are the page's meetings grouped in SQL), then the whole request in process through Fastify (app.inject: the
 * guard's session lookup, the limits, the service, the response's schema and serialization).
 */
async function listPieces(app: FastifyInstance & { deps: MemberCtx['deps'] }, db: Database, ctx: MemberCtx, s: Scale, q: { pageNum: number; pageSize: number; semesterId: string }, token: string) {
  const n = SETTINGS.breakdownIterations;
  const inTx = <T,>(fn: (tx: Tx) => Promise<T>) => schoolTx(db, s.schoolId, fn);
  const rows = await inTx((tx) => coursesRepo.coursePage(tx, q));
  const clock = schoolClock(ctx);
  const lines = await inTx((tx) => coursesRepo.slotLinesOf(tx, rows.map((r) => r.id), clock.date));
  const todays = lines.flatMap((l) => l.todayIds.map((id) => ({ id, lessonDate: clock.date, sessionStart: l.sessionStart, sessionEnd: l.sessionEnd })));
  const payload = JSON.stringify(q);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return {
    listTx: await timeMean(() => inTx(async () => 1), n),
    listSessionLookup: await timeMean(() => resolveSession(app.deps, token), n),
    listCount: await timeMean(() => inTx((tx) => coursesRepo.countCourses(tx, q)), n),
    listPage: await timeMean(() => inTx((tx) => coursesRepo.coursePage(tx, q)), n),
    listSlotLines: await timeMean(() => inTx((tx) => coursesRepo.slotLinesOf(tx, rows.map((r) => r.id), clock.date)), n),
    listState: await timeMean(() => inTx((tx) => stateReader(tx, clock, todays)), n),
    listRequest: await timeMean(() => app.inject({ method: 'POST', url: '/app/ddxk/course/v1/page', payload, headers }), n),
  };
}

async function runDriver(driver: DriverName, cleanups: (() => Promise<void>)[], demoImage: Blob | undefined) {
  log(`\n[${driver}] seeding ${SETTINGS.extra ? `${SETTINGS.extra.courses} more courses` : `${SETTINGS.courses} courses and ${SETTINGS.sessions} sessions`}`);
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), `hxk-bench-schedule-${driver}-`));
  cleanups.push(() => fsp.rm(tmp, { recursive: true, force: true }));
  const { dbh, cleanup } = await openDemo(driver, tmp, `hxk_bench_schedule_${process.pid}`, demoImage);
  cleanups.push(cleanup);
  const started = Date.now();
  const s = await seedScale(dbh.db);
  log(`[${driver}] ${s.courseCount} courses, ${s.sessionCount} sessions in ${round((Date.now() - started) / 1000)} s; week ${s.week}`);
  if (s.courseCount !== s.expected.courses || s.sessionCount !== s.expected.sessions) {
    throw new Error(`[${driver}] scale is ${s.courseCount} / ${s.sessionCount}, expected ${s.expected.courses} / ${s.expected.sessions}`);
  }
  if (driver === 'postgres') await dbh.db.execute(sql`analyze`);
  const [semester] = await platformTx(dbh.db, 'seed', (tx) => tx.select().from(semesters).where(eq(semesters.id, s.semesterId)));

  const app = await buildApp({ config: loadConfig({ DATA_DIR: path.join(tmp, 'data'), LOG_LEVEL: 'silent', ...LIMITS_ABOVE_LOAD }), dbh, logger: false });
  cleanups.push(() => app.close());
  const origin = await listen(app);
  const bare = Fastify({ logger: false });
  bare.post('/bare/courses', async () => bareCourses(dbh.db, s.schoolId, s.semesterId));
  bare.post('/bare/timetable', async () => bareTimetable(dbh.db, s.schoolId, s.semesterId, semester!.startDate, s.week, s.busyRoomId));
  cleanups.push(() => bare.close());
  const bareOrigin = await listen(bare);

  const login = await post<{ code: number; data: { token: string } }>(`${origin}/base/login/v1/do`, { type: 'password', account: 'admin', password: DEMO_PASSWORD });
  if (login.code !== 1) throw new Error(`[${driver}] admin login failed`);
  const auth = { authorization: `Bearer ${login.data.token}` };
  const listBody = { pageNum: 1, pageSize: 20, semesterId: s.semesterId };
  const ttBody = { semesterId: s.semesterId, week: s.week, classroomId: s.busyRoomId };

  // Both sides must answer the same before they are compared.
  const appList = await post<{ code: number; data: { total: number; list: { id: string }[] } }>(`${origin}/app/ddxk/course/v1/page`, listBody, auth);
  const bareList = await post<{ total: number; list: { id: string }[] }>(`${bareOrigin}/bare/courses`, {});
  if (appList.code !== 1 || appList.data.total !== s.expected.courses || appList.data.total !== bareList.total || appList.data.list.map((r) => r.id).join() !== bareList.list.map((r) => r.id).join()) {
    throw new Error(`[${driver}] course lists differ`);
  }
  const appTt = await post<{ code: number; data: { cells: { entries: unknown[] }[] } }>(`${origin}/app/ddxk/course/v1/timetable`, ttBody, auth);
  const bareTt = await post<unknown[]>(`${bareOrigin}/bare/timetable`, {});
  const entries = appTt.data.cells.reduce((a, c) => a + c.entries.length, 0);
  if (appTt.code !== 1 || entries !== bareTt.length || !entries) throw new Error(`[${driver}] timetables differ: ${entries} / ${bareTt.length}`);
  log(`[${driver}] course list: 20 of ${appList.data.total}; timetable: ${entries} classes in the busiest room's week`);

  const figures = [
    ...(await compareUnderLoad(SETTINGS, [
      { name: 'course list', target: 'app', url: `${origin}/app/ddxk/course/v1/page`, body: JSON.stringify(listBody), headers: auth },
      { name: 'course list', target: 'bare', url: `${bareOrigin}/bare/courses`, body: '{}', headers: {} },
    ])),
    ...(await compareUnderLoad(SETTINGS, [
      { name: 'timetable', target: 'app', url: `${origin}/app/ddxk/course/v1/timetable`, body: JSON.stringify(ttBody), headers: auth },
      { name: 'timetable', target: 'bare', url: `${bareOrigin}/bare/timetable`, body: '{}', headers: {} },
    ])),
  ];
  // The same work one call at a time in process (no HTTP, no concurrency): what a request costs the database.
  const authState = await resolveSession(app.deps, login.data.token);
  const ctx = { deps: app.deps, lang: 'en', ip: '127.0.0.1', userAgent: 'bench', auth: authState } as MemberCtx;
  const breakdown = {
    bareList: await timeMean(() => bareCourses(dbh.db, s.schoolId, s.semesterId), SETTINGS.breakdownIterations),
    appList: await timeMean(() => listCourses(ctx, listBody), SETTINGS.breakdownIterations),
    appListWeekFilter: await timeMean(() => listCourses(ctx, { ...listBody, week: s.week, weekday: 3 }), SETTINGS.breakdownIterations),
    appListUnitFilter: await timeMean(() => listCourses(ctx, { ...listBody, orgUnitId: s.collegeId }), SETTINGS.breakdownIterations),
    bareTimetable: await timeMean(() => bareTimetable(dbh.db, s.schoolId, s.semesterId, semester!.startDate, s.week, s.busyRoomId), SETTINGS.breakdownIterations),
    appTimetable: await timeMean(() => timetable(ctx, ttBody), SETTINGS.breakdownIterations),
    ...(await listPieces(app, dbh.db, ctx, s, listBody, login.data.token)),
  };
  log(`[${driver}] in process, mean ms of ${SETTINGS.breakdownIterations} calls: ${JSON.stringify(breakdown)}`);
  const explained = driver === 'postgres' ? await plans(dbh.db, s, semester!.startDate) : [];
  await bare.close();
  await app.close();
  await cleanup();
  return { driver, entries, figures, breakdown, plans: explained };
}

/** The schedule benchmark in process: load figures and in-process means per driver, and the summary's rows. */
export async function runScheduleBench(opts: ScheduleBenchOptions = {}) {
  const { drivers: only, demoImage, log: logTo, ...sizes } = opts;
  Object.assign(SETTINGS, DEFAULTS, sizes);
  if (logTo) log = logTo;
  const cleanups = activeCleanups;
  cleanups.length = 0;
  const runs = [];
  try {
    for (const d of only ?? benchDrivers()) runs.push(await runDriver(d, cleanups, demoImage));
  } finally {
    await Promise.allSettled(cleanups.reverse().map((c) => c()));
  }
  log('\n| Driver / query / target | req/s | p50 ms | p90 ms | p99 ms | max ms | requests | non-2xx |');
  log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of runs) for (const f of r.figures) log(`| ${r.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'} / ${f.query} / ${f.target} | ${f.rps} | ${f.p50} | ${f.p90} | ${f.p99} | ${f.max} | ${f.requests} | ${f.non2xx + f.errors} |`);
  for (const r of runs) log(`\n[${r.driver}] in process (mean ms): ${JSON.stringify(r.breakdown)}`);
  for (const r of runs) for (const p of r.plans) log(`\n[${r.driver}] plan:\n${p}`);
  const failed = runs.flatMap((r) => r.figures.filter((f) => f.non2xx + f.errors > 0).map((f) => `${r.driver}/${f.query}/${f.target}`));
  const scale = SETTINGS.extra ? `demo + ${SETTINGS.extra.courses} courses` : `${SETTINGS.courses} courses / ${SETTINGS.sessions} sessions`;
  const summary: SummaryRow[] = [
    ...runs.flatMap((r) => r.figures.filter((f) => f.target === 'app').map((f): SummaryRow => {
      const aimed = r.driver === 'postgres' && f.query === 'timetable';
      return {
        bench: 'schedule',
        figure: `${f.query === 'timetable' ? 'week view' : 'course list'} p99 under load, ${SETTINGS.connections} connections, ${scale} (${r.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
        aim: aimed ? `< ${WEEK_VIEW_P99_AIM_MS} ms` : '',
        measured: `${f.p99} ms`,
        met: aimed ? f.p99 < WEEK_VIEW_P99_AIM_MS : null,
      };
    })),
    { bench: 'schedule', figure: 'failed requests under load', aim: '0', measured: failed.length ? failed.join(', ') : '0', met: failed.length === 0 },
  ];
  return { results: { at: new Date().toISOString(), loadavg: os.loadavg(), settings: { ...SETTINGS }, runs }, summary, failed };
}

/** Cleanups of the run in progress, for Ctrl-C. */
const activeCleanups: (() => Promise<void>)[] = [];

async function main() {
  const watchdog = setTimeout(() => {
    log('watchdog: the run took over 10 minutes');
    process.exit(1);
  }, 10 * 60_000);
  watchdog.unref();
  process.once('SIGINT', () => void Promise.allSettled(activeCleanups.reverse().map((c) => c())).then(() => process.exit(130)));
  const { results, summary, failed } = await runScheduleBench();
  await fsp.mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  await fsp.writeFile(RESULTS_FILE, JSON.stringify(results, null, 2));
  await writeSummaryRows('schedule', summary);
  if (failed.length) process.exitCode = 1;
}

// Run as a script only: the seeding is reusable (profiling, ad-hoc plans).
if (isMain(import.meta.url)) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  });
}
