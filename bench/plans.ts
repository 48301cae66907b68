/**
 * npm run bench:plans: what the plan screens cost at a large school's scale, one call at a time in
 * process (docs/benchmarks.md, "Plans"). Never part of npm test.
 *
 * The first demo school (300 courses, 12,000 class sessions, 60 teachers) gets 200 more published
 * plans in progress, each over 20 courses with 10 supervisors (the school's teachers, so every
 * supervisor is in about 33 plans) and a minimum of 5 classes, and 15 submitted evaluations per
 * supervisor and plan: 30,000 evaluations. Then, per driver (PGlite always, PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set), the mean time of the services behind:
 *   - the plan list (all, 20 a page) and "joined by me" for a supervisor,
 *   - one plan's progress (per supervisor and per course),
 *   - the target-advance list and the supervisor roster (steering list),
 *   - a supervisor's own plans with their next classes (/LessonEvaluationPlan).
 * Figures go to stdout and bench/results/plans.json.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { DbHandle } from '../apps/server/src/platform/db.ts';
import { isMain, openDemo, round, timeMean, writeSummaryRows, type BenchBase, type DriverName, perDriver, type SummaryRow } from './support.ts';
import { addPlanHistory } from './plan-history.ts';
import { platformTx } from '../apps/server/src/platform/tenancy.ts';
import { accounts, schoolMemberships, schools, supervisionPlans } from '../apps/server/src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/seed.ts';
import { resolveSession } from '../apps/server/src/platform/sessions.ts';
import type { MemberCtx } from '../apps/server/src/platform/context.ts';
import { listPlans } from '../apps/server/src/modules/plans/plans.service.ts';
import { myPlans, planProgress, steeringList, targetList } from '../apps/server/src/modules/plans/progress.service.ts';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = path.join(BENCH_DIR, 'results', 'plans.json');
const SETTINGS = { plans: 200, coursesPerPlan: 20, supervisorsPerPlan: 10, minClasses: 5, evaluationsPerSupervisor: 15, iterations: Number(process.env.BENCH_ITERATIONS ?? 30) };
const DEFAULTS = { ...SETTINGS };
/** runPlansBench's sizes: bench/smoke.test.ts runs a few plans and calls. */
export type PlansBenchOptions = BenchBase & Partial<typeof SETTINGS>;
let log: (msg: string) => void = (msg) => {
  process.stdout.write(`${msg}\n`);
};

/** 200 plans in progress over the school's courses and teachers, and 30,000 submitted evaluations, in a few set-based statements. */
async function topUp(dbh: DbHandle, today: string) {
  return platformTx(dbh.db, 'seed', async (tx) => {
    const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.code, 'DEMO'));
    const schoolId = school!.id;
    await addPlanHistory(tx, schoolId, today, SETTINGS);
    const counts = await tx.execute(sql`select (select count(*) from supervision_plans where school_id = ${schoolId})::int as plans,
      (select count(*) from evaluations where school_id = ${schoolId})::int as evaluations, (select count(*) from plan_supervisors where school_id = ${schoolId})::int as supervisors`);
    const row = (counts as unknown as { rows: { plans: number; evaluations: number; supervisors: number }[] }).rows[0]!;
    const [busy] = await tx
      .select({ accountId: accounts.id, account: accounts.account })
      .from(schoolMemberships)
      .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
      .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.identity, 4), sql`exists (select 1 from plan_supervisors ps where ps.school_id = ${schoolId} and ps.account_id = ${schoolMemberships.accountId})`))
      .limit(1);
    // What was made, derived from the sizes asked for: every bench plan, each with its supervisors, and evaluations.
    const made = (await tx.execute(sql`select (select count(*) from supervision_plans where school_id = ${schoolId} and name like 'Bench plan %')::int as plans,
      (select count(*) from plan_supervisors ps join supervision_plans p on p.school_id = ps.school_id and p.id = ps.plan_id where ps.school_id = ${schoolId} and p.name like 'Bench plan %')::int as supervisors,
      (select count(*) from evaluations e join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id where e.school_id = ${schoolId} and p.name like 'Bench plan %')::int as evaluations`)) as unknown as { rows: { plans: number; supervisors: number; evaluations: number }[] };
    const m = made.rows[0]!;
    if (Number(m.plans) !== SETTINGS.plans || Number(m.supervisors) !== SETTINGS.plans * SETTINGS.supervisorsPerPlan) throw new Error(`bench: made ${m.plans} plans with ${m.supervisors} supervisors, asked ${SETTINGS.plans} x ${SETTINGS.supervisorsPerPlan}`);
    if (!Number(m.evaluations) || Number(m.evaluations) > Number(m.supervisors) * SETTINGS.evaluationsPerSupervisor) throw new Error(`bench: made ${m.evaluations} evaluations for ${m.supervisors} plan supervisors`);
    const [onePlan] = await tx.select({ id: supervisionPlans.id }).from(supervisionPlans).where(and(eq(supervisionPlans.schoolId, schoolId), sql`${supervisionPlans.name} = 'Bench plan 1'`));
    return { schoolId, counts: row, supervisor: busy!, planId: onePlan!.id };
  });
}

async function runDriver(driver: DriverName, cleanups: (() => Promise<void>)[], demoImage: Blob | undefined) {
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-bench-plans-'));
  cleanups.push(() => fsp.rm(tmp, { recursive: true, force: true }));
  const { dbh, cleanup } = await openDemo(driver, tmp, `hxk_bench_plans_${process.pid}`, demoImage);
  cleanups.push(cleanup);
  const config = { ...loadConfig({ DATA_DIR: tmp, LOG_LEVEL: 'silent' }), redisUrl: undefined };
  const app = await buildApp({ config, dbh, logger: false });
  await app.ready();
  const today = new Date().toISOString().slice(0, 10);
  const started = performance.now();
  const s = await topUp(dbh, today);
  log(`[${driver}] topped up in ${round((performance.now() - started) / 1000)} s: ${JSON.stringify(s.counts)}`);

  const ctxOf = async (account: string): Promise<MemberCtx> => {
    const res = await app.inject({ method: 'POST', url: '/base/login/v1/do', headers: { 'content-type': 'application/json' }, payload: { type: 'password', account, password: DEMO_PASSWORD } });
    const token = (res.json() as { data: { token: string } }).data.token;
    const auth = await resolveSession(app.deps, token);
    return { deps: app.deps, lang: 'en', ip: '127.0.0.1', userAgent: 'bench', auth } as MemberCtx;
  };
  const admin = await ctxOf('admin');
  const supervisor = await ctxOf(s.supervisor.account);
  const page = { pageNum: 1, pageSize: 20 };
  const breakdown = {
    planListAll: await timeMean(() => listPlans(admin, { ...page, tab: 'all' }), SETTINGS.iterations, 3),
    planListJoined: await timeMean(() => listPlans(supervisor, { ...page, tab: 'joined' }), SETTINGS.iterations, 3),
    planProgress: await timeMean(() => planProgress(admin, s.planId), SETTINGS.iterations, 3),
    targetList: await timeMean(() => targetList(admin, { ...page, tab: 'all' }), SETTINGS.iterations, 3),
    steeringList: await timeMean(() => steeringList(admin, page), SETTINGS.iterations, 3),
    myPlans: await timeMean(() => myPlans(supervisor, { pageNum: 1, pageSize: 10 }), SETTINGS.iterations, 3),
  };
  log(`[${driver}] mean ms of ${SETTINGS.iterations} calls: ${JSON.stringify(breakdown)}`);
  await app.close();
  await cleanup();
  return { driver, counts: s.counts, breakdown };
}

const SCREENS = { planListAll: 'plan list (all, 20)', planListJoined: 'plans joined by me', planProgress: "one plan's progress", targetList: 'target advance (20)', steeringList: 'supervisor roster (20)', myPlans: 'my plans + next classes (10)' } as const;

/** The plans benchmark in process: per driver, the mean ms of each screen's service, and the summary's rows. */
export async function runPlansBench(opts: PlansBenchOptions = {}) {
  const { drivers: only, demoImage, log: logTo, ...sizes } = opts;
  Object.assign(SETTINGS, DEFAULTS, sizes);
  if (logTo) log = logTo;
  const runs = await perDriver(only, (d, cleanups) => runDriver(d, cleanups, demoImage));
  log('\n| Driver | plan list (all) | joined by me | one plan\'s progress | target advance | supervisor roster | my plans + next classes |');
  log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of runs) {
    const b = r.breakdown;
    log(`| ${r.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${b.planListAll} | ${b.planListJoined} | ${b.planProgress} | ${b.targetList} | ${b.steeringList} | ${b.myPlans} |`);
  }
  // No aim in the issue: the figures are reported, watched from run to run.
  const summary: SummaryRow[] = runs.flatMap((r) =>
    (Object.keys(SCREENS) as (keyof typeof SCREENS)[]).map((k) => ({
      bench: 'plans', figure: `${SCREENS[k]}, mean ms (${r.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'})`, aim: '', measured: String(r.breakdown[k]), met: null,
    })),
  );
  return { results: { at: new Date().toISOString(), loadavg: os.loadavg(), settings: { ...SETTINGS }, runs }, summary };
}

async function main() {
  const watchdog = setTimeout(() => {
    log('watchdog: the run took over 10 minutes');
    process.exit(1);
  }, 10 * 60_000);
  watchdog.unref();
  const { results, summary } = await runPlansBench();
  await fsp.mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  await fsp.writeFile(RESULTS_FILE, JSON.stringify(results, null, 2));
  await writeSummaryRows('plans', summary);
}

if (isMain(import.meta.url)) await main();
