/**
 * npm run bench -- statistics (tsx bench/statistics.ts): the statistics screens at 1,000,000
 * evaluations in one school (issue 17; docs/benchmarks.md, "Statistics at 1,000,000 evaluations").
 *
 * Per driver (PGlite always, PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), the demo
 * school gets 1,000 more teachers over its departments, 5,000 courses meeting once a week all semester,
 * and 1,000,000 submitted evaluations of those classes (ten per class by different members, one in
 * five of them plan evaluations, one in five anonymous) with the demo template's section scores. They
 * are loaded as a bulk load is (triggers off), then `hxk_stats_rebuild` makes the rollups (timed).
 *
 * Then each statistics endpoint is called through the app (auth, validation, the service) by the
 * administrator, one call after another: p50 and p99 against the aim (100 ms p50 on PostgreSQL), and
 * the same school figures computed from the raw rows (the raw GROUP BYs, in process) beside them.
 * Also measured: what the database's rollup upkeep adds to one submitted evaluation (six section
 * scores), with the triggers and without, side by side. The run fails when the screen's figures differ
 * from the raw rows'. Figures go to stdout and bench/results/statistics.json.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { DbHandle } from '../apps/server/src/platform/db.ts';
import { rowsOf } from '../apps/server/src/platform/sql-rows.ts';
import { schoolTx } from '../apps/server/src/platform/tenancy.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/seed.ts';
import { figuresFrom } from '../apps/server/src/modules/statistics/statistics.service.ts';
import { isMain, latencies, openDemo, round, writeResults, type BenchBase, type DriverName, perDriver, type SummaryRow } from './support.ts';

const SETTINGS = {
  evaluations: Number(process.env.BENCH_STATS_EVALUATIONS ?? 1_000_000),
  courses: Number(process.env.BENCH_STATS_COURSES ?? 5_000),
  teachers: Number(process.env.BENCH_STATS_TEACHERS ?? 1_000),
  /** Calls per endpoint (after two not counted), and per raw computation. */
  calls: Number(process.env.BENCH_STATS_CALLS ?? 30),
  rawCalls: Number(process.env.BENCH_STATS_RAW_CALLS ?? 3),
  writes: Number(process.env.BENCH_STATS_WRITES ?? 40),
};
const DEFAULTS = { ...SETTINGS };
/** The issue's aim: every statistics screen in 100 ms p50 on PostgreSQL at 1,000,000 evaluations. */
const P50_AIM_MS = 100;
export type StatisticsBenchOptions = BenchBase & Partial<typeof SETTINGS>;
let log: (msg: string) => void = (msg) => {
  process.stdout.write(`${msg}\n`);
};

type Scale = { schoolId: string; semesterId: string; versionId: string; unitId: string; teacherId: string; courseId: string; from: string; to: string; evaluations: number; loadSeconds: number; rebuildSeconds: number };

/** As a bulk load: in one transaction of the database's owner, with triggers (and so the rollups' upkeep) off. */
function bulk<T>(dbh: DbHandle, fn: (tx: Parameters<Parameters<DbHandle['db']['transaction']>[0]>[0]) => Promise<T>) {
  return dbh.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    return fn(tx);
  });
}

const ids = (xs: string[]) => sql.raw(`'{${xs.join(',')}}'::bigint[]`);

/** Tops the demo school up to the benchmark's scale, then rebuilds its rollups. */
export async function topUp(dbh: DbHandle): Promise<Scale> {
  const t0 = performance.now();
  const s = await bulk(dbh, async (tx) => {
    const [base] = rowsOf<{ schoolId: string; semesterId: string; start: string; weeks: number; versionId: string }>(await tx.execute(sql`
      select sc.id::text as "schoolId", se.id::text as "semesterId", se.start_date::text as start, se.week_count as weeks,
        (select tv.id::text from template_versions tv where tv.school_id = sc.id order by tv.id limit 1) as "versionId"
      from schools sc join semesters se on se.school_id = sc.id where sc.code = 'DEMO' order by se.start_date desc limit 1`));
    if (!base) throw new Error('bench: no demo school');
    const school = base.schoolId;
    const units = rowsOf<{ id: string }>(await tx.execute(sql`select id::text from org_units where school_id = ${school} and kind = 'department' order by id`)).map((u) => u.id);
    const plans = rowsOf<{ id: string }>(await tx.execute(sql`select id::text from supervision_plans where school_id = ${school} and semester_id = ${base.semesterId} and published order by id`)).map((p) => p.id);
    const sections = rowsOf<{ sk: string; ik: string; name: string; fu: number }>(await tx.execute(sql`
      select ss.section_key as sk, ss.indicator_key as ik, min(ss.name) as name, max(ss."full") as fu
      from evaluation_section_scores ss join evaluations e on e.school_id = ss.school_id and e.id = ss.evaluation_id
      where ss.school_id = ${school} and e.template_version_id = ${base.versionId} group by 1, 2 order by 1`));
    if (!units.length || !plans.length || !sections.length) throw new Error('bench: the demo has no departments, published plans or section scores');
    // Teachers, each a member of a department.
    await tx.execute(sql`
      with a as (insert into accounts (account, name) select 'bench_st' || g, 'Bench Teacher ' || g from generate_series(1, ${SETTINGS.teachers}) g returning id, account)
      insert into school_memberships (school_id, account_id, identity, status, org_unit_id)
      select ${school}, a.id, 4, 'approved', (${ids(units)})[1 + (substr(a.account, 9)::int % ${units.length})] from a`);
    // Courses of those teachers, in the teacher's department, each meeting once a week all semester.
    await tx.execute(sql`
      insert into courses (school_id, semester_id, code, name, org_unit_id, teacher_id, teaching_class, student_count)
      select ${school}, ${base.semesterId}, 'BST' || lpad(g::text, 5, '0'), 'Bench course ' || g, t.org_unit_id, t.account_id, 'Class ' || (g % 40), 30 + g % 50
      from generate_series(1, ${SETTINGS.courses}) g
      join (select account_id, org_unit_id, (row_number() over (order by account_id) - 1)::int as k from school_memberships m
        join accounts a on a.id = m.account_id where m.school_id = ${school} and a.account like 'bench\\_st%') t on t.k = g % ${SETTINGS.teachers}`);
    await tx.execute(sql`
      insert into course_sessions (school_id, course_id, week, weekday, session_start, session_end, lesson_date)
      select c.school_id, c.id, w, 1 + c.k % 5, 1 + (c.k / 5) % 10, 1 + (c.k / 5) % 10, ${base.start}::date + (w - 1) * 7 + c.k % 5
      from (select school_id, id, (row_number() over (order by id))::int as k from courses where school_id = ${school} and code like 'BST%') c
      cross join generate_series(1, ${base.weeks}) w`);
    // Ten evaluations per class by different members; the first two of each class are plan evaluations.
    const per = Math.ceil(SETTINGS.evaluations / (SETTINGS.courses * base.weeks));
    await tx.execute(sql`
      insert into evaluations (school_id, plan_id, template_version_id, course_session_id, course_id, teacher_id, evaluator_id, kind, status, total_score, anonymous, answers, submitted_at)
      select x.school_id, case when x.g <= 2 then (${ids(plans)})[1 + x.rn % ${plans.length}] end, ${base.versionId}::bigint, x.id, x.course_id, x.teacher_id, ev.account_id,
        case when x.g <= 2 then 'plan' else 'free' end, 'submitted',
        floor(tv.total_score * (0.45 + ((x.rn * 37 + x.g * 11 + x.teacher_id) % 55) / 100.0)), (x.rn + x.g) % 5 = 0, '{}'::jsonb, now()
      from (
        select cs.school_id, cs.id, cs.course_id, c.teacher_id, g, (row_number() over (order by cs.id, g))::int as rn
        from course_sessions cs join courses c on c.school_id = cs.school_id and c.id = cs.course_id cross join generate_series(1, ${per}) g
        where cs.school_id = ${school} and c.code like 'BST%'
      ) x
      join template_versions tv on tv.id = ${base.versionId}::bigint
      join (select account_id, (row_number() over (order by account_id) - 1)::int as k from school_memberships where school_id = ${school}) ev
        on ev.k = (x.rn / ${per} * 7 + x.g * 13) % (select count(*) from school_memberships where school_id = ${school})
      where x.rn <= ${SETTINGS.evaluations}`);
    await tx.execute(sql`
      insert into evaluation_section_scores (school_id, evaluation_id, section_key, indicator_key, name, score, "full")
      select e.school_id, e.id, s.sk, s.ik, s.name, floor(s.fu * (0.4 + ((e.id * 13 + s.n * 7) % 60) / 100.0)), s.fu
      from evaluations e
      cross join (select * from unnest(${sql.raw(`array[${sections.map((x) => `'${x.sk.replace(/'/g, "''")}'`).join(',')}]`)}::text[],
        ${sql.raw(`array[${sections.map((x) => `'${x.ik.replace(/'/g, "''")}'`).join(',')}]`)}::text[],
        ${sql.raw(`array[${sections.map((x) => `'${x.name.replace(/'/g, "''")}'`).join(',')}]`)}::text[],
        ${sql.raw(`array[${sections.map((x) => Number(x.fu)).join(',')}]`)}::float8[]) with ordinality as s(sk, ik, name, fu, n)) s
      where e.school_id = ${school} and e.course_id in (select id from courses where school_id = ${school} and code like 'BST%')`);
    return { ...base };
  });
  // As after any bulk load: statistics for the planner first (autovacuum would, later).
  await dbh.db.execute(sql`analyze`);
  const loadSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await dbh.db.execute(sql`select hxk_stats_rebuild(${s.schoolId})`);
  const rebuildSeconds = (performance.now() - t1) / 1000;
  await dbh.db.execute(sql`analyze`);
  const [n] = rowsOf<{ n: number; unit: string; teacher: string; course: string; from: string; to: string }>(await dbh.db.execute(sql`
    select (select count(*) from evaluations e join courses c on c.id = e.course_id where e.school_id = ${s.schoolId} and e.status = 'submitted' and c.semester_id = ${s.semesterId})::int as n,
      (select org_unit_id::text from courses where school_id = ${s.schoolId} and code like 'BST%' group by org_unit_id order by count(*) desc, org_unit_id limit 1) as unit,
      (select teacher_id::text from courses where school_id = ${s.schoolId} and code like 'BST%' order by id limit 1) as teacher,
      (select id::text from courses where school_id = ${s.schoolId} and code like 'BST%' order by id limit 1) as course,
      (${s.start}::date + 28)::text as "from", (${s.start}::date + 55)::text as "to"`));
  const evaluations = Number(n!.n);
  if (evaluations < SETTINGS.evaluations) throw new Error(`bench: the semester has ${evaluations} submitted evaluations, asked ${SETTINGS.evaluations}`);
  return { schoolId: s.schoolId, semesterId: s.semesterId, versionId: s.versionId, unitId: n!.unit, teacherId: n!.teacher, courseId: n!.course, from: n!.from, to: n!.to, evaluations, loadSeconds, rebuildSeconds };
}

/** p50 / p99 of `calls` GETs of a URL by the administrator, after two that are not counted. */
async function timeGet(app: FastifyInstance, token: string, url: string, calls: number) {
  const ms: number[] = [];
  for (let i = 0; i < calls + 2; i++) {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    if (i >= 2) ms.push(performance.now() - t);
    const body = res.json() as { code: number; msg?: string };
    if (res.statusCode !== 200 || body.code !== 1) throw new Error(`bench: ${url} answered ${res.statusCode} ${body.msg ?? ''}`);
  }
  return latencies(ms);
}

/** What the rollups' upkeep adds to one submitted evaluation with its six section scores: ms with the triggers and without. */
async function writeCost(dbh: DbHandle, s: Scale) {
  const [one] = rowsOf<{ sessionId: string; courseId: string; teacherId: string; evaluatorId: string }>(await dbh.db.execute(sql`
    select cs.id::text as "sessionId", c.id::text as "courseId", c.teacher_id::text as "teacherId",
      (select account_id::text from school_memberships where school_id = ${s.schoolId} and account_id <> c.teacher_id order by account_id limit 1) as "evaluatorId"
    from course_sessions cs join courses c on c.id = cs.course_id where cs.school_id = ${s.schoolId} and c.code like 'BST%' order by cs.id limit 1`));
  const submitOne = (triggers: boolean) => dbh.db.transaction(async (tx) => {
    if (!triggers) await tx.execute(sql`set local session_replication_role = replica`);
    const [e] = rowsOf<{ id: string }>(await tx.execute(sql`
      insert into evaluations (school_id, template_version_id, course_session_id, course_id, teacher_id, evaluator_id, kind, status, total_score, answers, submitted_at)
      values (${s.schoolId}, ${s.versionId}, ${one!.sessionId}, ${one!.courseId}, ${one!.teacherId}, ${one!.evaluatorId}, 'free', 'submitted', 80, '{}', now()) returning id::text`));
    await tx.execute(sql`insert into evaluation_section_scores (school_id, evaluation_id, section_key, indicator_key, name, score, "full")
      select ${s.schoolId}, ${e!.id}, 's' || k, 'bench:' || k, 'Bench indicator ' || k, 10, 20 from generate_series(1, 6) k`);
    return e!.id;
  });
  const made: Record<'with' | 'without', string[]> = { with: [], without: [] };
  const ms: Record<'with' | 'without', number[]> = { with: [], without: [] };
  for (let i = 0; i < SETTINGS.writes; i++) {
    for (const k of i % 2 ? (['with', 'without'] as const) : (['without', 'with'] as const)) {
      const t = performance.now();
      made[k].push(await submitOne(k === 'with'));
      ms[k].push(performance.now() - t);
    }
  }
  // Gone again: those written with the triggers through them, the others as they came.
  await dbh.db.execute(sql`delete from evaluations where school_id = ${s.schoolId} and id = any(${ids(made.with)})`);
  await bulk(dbh, (tx) => tx.execute(sql`delete from evaluations where school_id = ${s.schoolId} and id = any(${ids(made.without)})`));
  return { withTriggers: latencies(ms.with), withoutTriggers: latencies(ms.without) };
}

async function runDriver(driver: DriverName, cleanups: (() => Promise<void>)[], demoImage: Blob | undefined) {
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-bench-statistics-'));
  cleanups.push(() => fsp.rm(tmp, { recursive: true, force: true }));
  const { dbh, cleanup } = await openDemo(driver, tmp, `hxk_bench_statistics_${process.pid}`, demoImage);
  cleanups.push(cleanup);
  const s = await topUp(dbh);
  log(`[${driver}] ${s.evaluations} evaluations in the semester: loaded in ${round(s.loadSeconds)} s, rollups rebuilt in ${round(s.rebuildSeconds)} s`);
  const config = { ...loadConfig({ DATA_DIR: tmp, LOG_LEVEL: 'silent', RATE_LIMIT_SESSION_PER_MINUTE: '100000000', RATE_LIMIT_IP_PER_MINUTE: '100000000' }), redisUrl: undefined };
  const app = await buildApp({ config, dbh, logger: false });
  await app.ready();
  const res = await app.inject({ method: 'POST', url: '/base/login/v1/do', headers: { 'content-type': 'application/json' }, payload: { type: 'password', account: 'admin', password: DEMO_PASSWORD } });
  const token = (res.json() as { data: { token: string } }).data.token;

  const P = '/app/ddxk/statistics/v1';
  const q = `semesterId=${s.semesterId}`;
  const screens: [string, string][] = [
    ['evaluation statistics, school (by department)', `${P}/evaluation?${q}&groupBy=unit`],
    ['evaluation statistics, a department (by teacher)', `${P}/evaluation?${q}&orgUnitId=${s.unitId}&groupBy=teacher`],
    ['evaluation statistics, a teacher', `${P}/evaluation?${q}&teacherId=${s.teacherId}&groupBy=none`],
    ['evaluation statistics, school, four weeks of lesson days', `${P}/evaluation?${q}&from=${s.from}&to=${s.to}&groupBy=unit`],
    ['evaluation statistics, a course', `${P}/evaluation?${q}&courseId=${s.courseId}&groupBy=none`],
    ["a teacher's evaluations (records)", `${P}/evaluation/records?${q}&teacherId=${s.teacherId}&pageNum=1&pageSize=20`],
    ['filter options', `${P}/evaluation/options?${q}`],
    ['three-rate statistics', `${P}/three-rate?${q}`],
    ['sensitive-topic classrooms', `${P}/sensitive?${q}`],
    ['assignment charts', `${P}/assignments?${q}`],
  ];
  const figures: { screen: string; p50: number; p99: number; calls: number }[] = [];
  for (const [screen, url] of screens) {
    const l = await timeGet(app, token, url, SETTINGS.calls);
    figures.push({ screen, p50: round(l.p50), p99: round(l.p99), calls: l.calls });
    log(`[${driver}] ${screen}: p50 ${round(l.p50)} ms, p99 ${round(l.p99)} ms`);
  }
  // The school figures from the raw rows (the raw GROUP BYs), in process, and the check that both agree.
  const f = { semesterId: s.semesterId };
  const rawMs: number[] = [];
  let raw: Awaited<ReturnType<typeof figuresFrom>> | undefined;
  for (let i = 0; i < SETTINGS.rawCalls; i++) {
    const t = performance.now();
    raw = await schoolTx(dbh.db, s.schoolId, (tx) => figuresFrom(tx, f, { kind: 'school' }, 'unit', 'raw'));
    rawMs.push(performance.now() - t);
  }
  const rolled = await schoolTx(dbh.db, s.schoolId, (tx) => figuresFrom(tx, f, { kind: 'school' }, 'unit', 'auto'));
  if (rolled.fig.sn !== raw!.fig.sn || Math.abs((rolled.fig.sm ?? 0) - (raw!.fig.sm ?? 0)) > 1e-6 || rolled.weeks.length !== raw!.weeks.length) {
    throw new Error(`bench: the rollups say ${rolled.fig.sn} evaluations at ${rolled.fig.sm}, the raw rows ${raw!.fig.sn} at ${raw!.fig.sm}`);
  }
  const rawL = latencies(rawMs);
  log(`[${driver}] the school figures from the raw rows: p50 ${round(rawL.p50)} ms, p99 ${round(rawL.p99)} ms`);
  const writes = await writeCost(dbh, s);
  log(`[${driver}] one submitted evaluation: ${round(writes.withTriggers.p50, 2)} ms with the rollups' upkeep, ${round(writes.withoutTriggers.p50, 2)} ms without (p50)`);
  await app.close();
  await cleanup();
  return {
    driver, evaluations: s.evaluations, loadSeconds: round(s.loadSeconds), rebuildSeconds: round(s.rebuildSeconds), figures,
    raw: { p50: round(rawL.p50), p99: round(rawL.p99), calls: rawL.calls },
    writes: { withP50: round(writes.withTriggers.p50, 2), withP99: round(writes.withTriggers.p99, 2), withoutP50: round(writes.withoutTriggers.p50, 2), withoutP99: round(writes.withoutTriggers.p99, 2) },
  };
}

/** The statistics benchmark in process: per driver, every statistics endpoint at scale, the raw computation, and the summary's rows. */
export async function runStatisticsBench(opts: StatisticsBenchOptions = {}) {
  const { drivers: only, demoImage, log: logTo, ...sizes } = opts;
  Object.assign(SETTINGS, DEFAULTS, sizes);
  if (logTo) log = logTo;
  const runs = await perDriver(only, (d, cleanups) => runDriver(d, cleanups, demoImage));
  const name = (d: DriverName) => (d === 'pglite' ? 'PGlite' : 'PostgreSQL');
  log(`\n| Screen (${SETTINGS.evaluations.toLocaleString('en')} evaluations) | ${runs.map((r) => `${name(r.driver)} p50 / p99 ms`).join(' | ')} |`);
  log(`|---|${runs.map(() => '---:').join('|')}|`);
  for (let i = 0; i < (runs[0]?.figures.length ?? 0); i++) {
    log(`| ${runs[0]!.figures[i]!.screen} | ${runs.map((r) => `${r.figures[i]!.p50} / ${r.figures[i]!.p99}`).join(' | ')} |`);
  }
  log(`| the school's figures from the raw rows | ${runs.map((r) => `${r.raw.p50} / ${r.raw.p99}`).join(' | ')} |`);
  log(`| one submitted evaluation, with / without the rollups' upkeep (p50) | ${runs.map((r) => `${r.writes.withP50} / ${r.writes.withoutP50}`).join(' | ')} |`);
  const summary: SummaryRow[] = runs.flatMap((r) => {
    const worst = r.figures.reduce((a, b) => (b.p50 > a.p50 ? b : a));
    const onPg = r.driver === 'postgres';
    return [
      {
        bench: 'statistics', figure: `slowest statistics screen at ${r.evaluations.toLocaleString('en')} evaluations, p50 ms (${name(r.driver)}: ${worst.screen})`,
        aim: onPg ? `≤ ${P50_AIM_MS}` : '', measured: String(worst.p50), met: onPg ? worst.p50 <= P50_AIM_MS : null,
      },
      { bench: 'statistics', figure: `the school's figures from the raw rows, p50 ms (${name(r.driver)})`, aim: '', measured: String(r.raw.p50), met: null },
      { bench: 'statistics', figure: `one submitted evaluation with / without the rollups' upkeep, ms (${name(r.driver)})`, aim: '', measured: `${r.writes.withP50} / ${r.writes.withoutP50}`, met: null },
    ];
  });
  return { results: { at: new Date().toISOString(), loadavg: os.loadavg(), settings: { ...SETTINGS }, runs }, summary };
}

async function main() {
  const watchdog = setTimeout(() => {
    log('watchdog: the run took over 60 minutes');
    process.exit(1);
  }, 60 * 60_000);
  watchdog.unref();
  const { results, summary } = await runStatisticsBench();
  log(`figures in ${await writeResults('statistics', results, summary)}`);
}

if (isMain(import.meta.url)) await main();
