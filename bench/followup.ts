/**
 * npm run bench:followup: what the screens that follow an evaluation (issue 6) cost at a large
 * school's scale, one call at a time in process. Never part of npm test.
 *
 * The first demo school gets the plans bench's history (200 plans in progress, 30,000 submitted
 * evaluations: the same statements as bench/plans.ts), then, in a few set-based statements:
 *   - the indicator scores of the bench's evaluations (one row per section of the school-wide
 *     template, 5: 150,000 rows; the seed wrote its own), their totals made the sum of them, and
 *     every submitted evaluation checked to have them,
 *   - 1,500 appeals over as many evaluations, in all four states (a tenth of the closed ones
 *     deleted from their teacher's list),
 *   - 60,000 notifications over the school's members, a third unread,
 *   - 3,000 invitations of a class's teacher to a leader, supervisor or teacher, in all four states,
 * and ANALYZE (as autovacuum would have by then, and as the server does at start on PGlite). Then,
 * per driver (PGlite always, PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), the
 * mean time of the services behind:
 *   - reports: the report course list of the teacher with the most reported courses, the course
 *     report of that teacher's busiest course, and the report of one of its evaluations,
 *   - appeals: the handlers' list (page 1 of 20, as admin) and a busy teacher's own appeals,
 *   - notifications: page 1 of 20 (with its unread count) and the unread count of a busy recipient,
 *   - invitations: a busy invitee's received list and a busy inviter's sent list.
 * Figures go to stdout and bench/results/followup.json.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql, type SQL } from 'drizzle-orm';
import { APPEAL_STATUSES, INVITATION_STATUSES, NOTIFICATION_KINDS } from '@hxk/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { DbHandle, Tx } from '../apps/server/src/platform/db.ts';
import { isMain, openDemo, round, timeMean, writeSummaryRows, type BenchBase, type DriverName, perDriver, type SummaryRow } from './support.ts';
import { addPlanHistory } from './plan-history.ts';
import { platformTx } from '../apps/server/src/platform/tenancy.ts';
import { rowsOf } from '../apps/server/src/platform/sql-rows.ts';
import { schools } from '../apps/server/src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/seed.ts';
import { resolveSession } from '../apps/server/src/platform/sessions.ts';
import type { MemberCtx } from '../apps/server/src/platform/context.ts';
import { courseReport, reportCourses } from '../apps/server/src/modules/reports/reports.service.ts';
import { allAppeals, myAppeals } from '../apps/server/src/modules/appeals/appeals.service.ts';
import { listNotifications, unreadCount } from '../apps/server/src/modules/notifications/notifications.service.ts';
import { listInvitations } from '../apps/server/src/modules/invitations/invitations.service.ts';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = path.join(BENCH_DIR, 'results', 'followup.json');
const SETTINGS = {
  plans: 200, coursesPerPlan: 20, supervisorsPerPlan: 10, minClasses: 5, evaluationsPerSupervisor: 15,
  appeals: 1500, notifications: 60_000, invitations: 3000, iterations: Number(process.env.BENCH_ITERATIONS ?? 30),
};
const DEFAULTS = { ...SETTINGS };
/** runFollowupBench's sizes: bench/smoke.test.ts runs a few rows of each and a few calls. */
export type FollowupBenchOptions = BenchBase & Partial<typeof SETTINGS>;
let log: (msg: string) => void = (msg) => {
  process.stdout.write(`${msg}\n`);
};
const textArray = (values: readonly string[]) => `{${values.join(',')}}`;
/** Runs one step of the set-up and says how long it took (the top-up is most of a run). */
async function step<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  log(`  ${label}: ${round((performance.now() - t0) / 1000)} s`);
  return out;
}

/** Indicator scores, appeals, notifications and invitations over that history, one statement each. */
async function topUpFollowup(tx: Tx, schoolId: string) {
  const p = SETTINGS;
  // One row per section of the evaluation's template version: the full score of a section as the
  // seeded evaluations of that version have it (else an equal share of the total), 60-100% of it.
  // The seed already wrote the scores of its own evaluations; only the bench's are missing. (Not a
  // NOT EXISTS on the table being filled: PostgreSQL planned it as a nested loop whose inner scan
  // read every row inserted so far, minutes for 150,000 rows.)
  await step('indicator scores', () => tx.execute(sql`
    with sec as materialized (
      select tv.id as version_id, s.value->>'key' as section_key, s.value->>'name' as name, s.ord,
        coalesce(s.value->>'indicatorId', 'name:' || lower(btrim(s.value->>'name'))) as indicator_key,
        coalesce((select max(ss."full") from evaluation_section_scores ss join evaluations e2 on e2.school_id = ss.school_id and e2.id = ss.evaluation_id
                  where ss.school_id = tv.school_id and e2.template_version_id = tv.id and ss.section_key = s.value->>'key'),
                 tv.total_score / greatest(jsonb_array_length(tv.content->'sections'), 1)) as "full"
      from template_versions tv cross join lateral jsonb_array_elements(tv.content->'sections') with ordinality as s(value, ord)
      where tv.school_id = ${schoolId}
    )
    insert into evaluation_section_scores (school_id, evaluation_id, section_key, indicator_key, name, score, "full")
    select e.school_id, e.id, sec.section_key, sec.indicator_key, sec.name,
      round((sec."full" * (60 + (e.id * 7 + sec.ord * 13) % 41) / 100.0)::numeric, 1)::float8, sec."full"
    from evaluations e join sec on sec.version_id = e.template_version_id
    join supervision_plans pp on pp.school_id = e.school_id and pp.id = e.plan_id
    where e.school_id = ${schoolId} and e.status = 'submitted' and pp.name like 'Bench plan %'`));
  await step('evaluation totals', () => tx.execute(sql`
    update evaluations e set total_score = s.total
    from (select evaluation_id, sum(score) as total from evaluation_section_scores where school_id = ${schoolId} group by evaluation_id) s,
      supervision_plans pp
    where e.school_id = ${schoolId} and e.id = s.evaluation_id and pp.school_id = e.school_id and pp.id = e.plan_id and pp.name like 'Bench plan %'`));

  const [admin] = rowsOf<{ id: string }>(await tx.execute(sql`
    select a.id::text as id from accounts a join school_memberships m on m.account_id = a.id and m.school_id = ${schoolId} where a.account = 'admin'`));
  await step('appeals', () => tx.execute(sql`
    with picked as (
      select e.id, e.teacher_id, e.total_score, row_number() over (order by (e.id * 7919) % 30011, e.id) as n
      from evaluations e
      where e.school_id = ${schoolId} and e.status = 'submitted'
        and not exists (select 1 from appeals a where a.school_id = e.school_id and a.evaluation_id = e.id)
      order by (e.id * 7919) % 30011, e.id limit ${p.appeals}
    )
    insert into appeals (school_id, evaluation_id, teacher_id, status, reason, score, score_after, opinion, handler_id, created_at, handled_at, withdrawn_at, deleted_at)
    select ${schoolId}, x.id, x.teacher_id, x.status, 'The score does not reflect the lesson (bench appeal ' || x.n || ').', x.total_score,
      case when x.status = 'resolved' then x.total_score + 3 end,
      case when x.status in ('resolved', 'unresolved') then 'Checked against the record of the class.' end,
      case when x.status in ('resolved', 'unresolved') then ${admin!.id}::bigint end,
      x.at,
      case when x.status in ('resolved', 'unresolved') then x.at + interval '1 day' end,
      case when x.status = 'revoked' then x.at + interval '2 hours' end,
      case when x.status <> 'pending' and x.n % 10 = 0 then x.at + interval '3 days' end
    from (
      select picked.*, (${textArray(APPEAL_STATUSES)}::text[])[1 + picked.n % 4] as status, now() - (picked.n % 1500) * interval '20 minutes' as at from picked
    ) x`));

  await step('notifications', () => tx.execute(sql`
    with m as (
      select account_id as id, row_number() over (order by account_id) - 1 as n, count(*) over () as total
      from school_memberships where school_id = ${schoolId} and status = 'approved'
    )
    insert into notifications (school_id, recipient_id, kind, params, link, read_at, created_at)
    select ${schoolId}, m.id, x.kind, jsonb_build_object('courseName', 'Course ' || (x.g % 300), 'n', x.g),
      case when x.kind like 'invitation.%' then '/InviteMeToListen?tab=received' else '/MeAppeal' end,
      case when x.g % 3 = 0 then null else x.at + interval '1 hour' end, x.at
    from (
      select g, (${textArray(NOTIFICATION_KINDS)}::text[])[1 + g % ${NOTIFICATION_KINDS.length}] as kind, now() - ((g * 13) % 129600) * interval '1 minute' as at
      from generate_series(1, ${p.notifications}) g
    ) x join m on m.n = x.g % m.total`));

  // One invitation per class meeting (none of the seeded ones'), so no two are open for the same class and invitee.
  await step('invitations', () => tx.execute(sql`
    with ev as (
      select account_id as id, row_number() over (order by account_id) - 1 as n, count(*) over () as total
      from school_memberships where school_id = ${schoolId} and status = 'approved' and identity in (2, 3, 4)
    ), s as (
      select cs.id, cs.course_id, c.teacher_id, row_number() over (order by (cs.id * 7919) % 12011, cs.id) as n
      from course_sessions cs join courses c on c.school_id = cs.school_id and c.id = cs.course_id
      where cs.school_id = ${schoolId} and not exists (select 1 from invitations i where i.school_id = cs.school_id and i.course_session_id = cs.id)
      order by (cs.id * 7919) % 12011, cs.id limit ${p.invitations}
    )
    insert into invitations (school_id, course_session_id, course_id, inviter_id, invitee_id, status, message, reason, created_at, answered_at, withdrawn_at)
    select ${schoolId}, s.id, s.course_id, s.teacher_id, iv.id, st.status, 'Please come and listen to my class (bench ' || s.n || ').',
      case when st.status = 'rejected' then 'I have a class of my own at that time.' end,
      st.at,
      case when st.status in ('agreed', 'rejected') then st.at + interval '1 hour' end,
      case when st.status = 'withdrawn' then st.at + interval '2 hours' end
    from s
    cross join lateral (select (${textArray(INVITATION_STATUSES)}::text[])[1 + s.n % 4] as status, now() - ((s.n * 37) % 43200) * interval '1 minute' as at) st
    cross join lateral (select ev.id from ev where ev.id <> s.teacher_id order by (ev.n + s.n * 7) % ev.total, ev.n limit 1) iv`));
}

type Picks = {
  reportTeacher: string; reportCourseId: string; reportEvaluationId: string; appealTeacher: string;
  recipient: string; invitee: string; inviter: string;
};

/** The busiest people and records of each screen, by account name for signing in. */
async function pick(tx: Tx, schoolId: string): Promise<Picks> {
  const one = async <T>(q: SQL) => {
    const [r] = rowsOf<T>(await tx.execute(q));
    if (!r) throw new Error('bench: nothing to pick');
    return r;
  };
  const visible = sql`e.school_id = ${schoolId} and e.status = 'submitted' and (e.plan_id is null or p.teacher_can_view)`;
  // The teacher with the most courses in the report list (then the most evaluations).
  const teacher = await one<{ id: string; account: string }>(sql`
    select e.teacher_id::text as id, a.account from evaluations e left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id
    join accounts a on a.id = e.teacher_id where ${visible} group by e.teacher_id, a.account
    order by count(distinct e.course_id) desc, count(*) desc, e.teacher_id limit 1`);
  const course = await one<{ courseId: string; evaluationId: string }>(sql`
    select e.course_id::text as "courseId", max(e.id)::text as "evaluationId" from evaluations e left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id
    where ${visible} and e.teacher_id = ${teacher.id} group by e.course_id order by count(*) desc, e.course_id limit 1`);
  // The busiest of the staff (not students) in each list.
  const busiest = (table: string, column: string, extra: SQL = sql`true`) => one<{ account: string }>(sql`
    select a.account from ${sql.identifier(table)} x join accounts a on a.id = x.${sql.identifier(column)}
    join school_memberships m on m.school_id = x.school_id and m.account_id = x.${sql.identifier(column)}
    where x.school_id = ${schoolId} and m.identity <> 5 and ${extra} group by a.account order by count(*) desc, a.account limit 1`);
  return {
    reportTeacher: teacher.account,
    reportCourseId: course.courseId,
    reportEvaluationId: course.evaluationId,
    appealTeacher: (await busiest('appeals', 'teacher_id', sql`x.deleted_at is null`)).account,
    recipient: (await busiest('notifications', 'recipient_id')).account,
    invitee: (await busiest('invitations', 'invitee_id')).account,
    inviter: (await busiest('invitations', 'inviter_id')).account,
  };
}

const COUNTED = ['evaluations', 'evaluation_section_scores', 'appeals', 'notifications', 'invitations'] as const;

async function topUp(dbh: DbHandle, today: string) {
  const out = await platformTx(dbh.db, 'seed', async (tx) => {
    const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.code, 'DEMO'));
    const schoolId = school!.id;
    await addPlanHistory(tx, schoolId, today, SETTINGS, step);
    await topUpFollowup(tx, schoolId);
    const counts: Record<string, number> = {};
    for (const t of COUNTED) {
      const [r] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${sql.identifier(t)} where school_id = ${schoolId}`));
      counts[t] = Number(r!.n);
    }
    const [missing] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from evaluations e where e.school_id = ${schoolId}
      and e.status = 'submitted' and not exists (select 1 from evaluation_section_scores x where x.school_id = e.school_id and x.evaluation_id = e.id)`));
    if (Number(missing!.n)) throw new Error(`bench: ${missing!.n} submitted evaluations without indicator scores`);
    const states = rowsOf<{ t: string; status: string; n: number }>(await tx.execute(sql`
      select 'appeals' as t, status, count(*)::int as n from appeals where school_id = ${schoolId} group by status
      union all select 'invitations', status, count(*)::int from invitations where school_id = ${schoolId} group by status
      union all select 'notifications', case when read_at is null then 'unread' else 'read' end, count(*)::int from notifications where school_id = ${schoolId} group by 2
      order by 1, 2`));
    return { counts, states: states.map((s) => `${s.t}.${s.status}=${s.n}`).join(' '), picks: await pick(tx, schoolId) };
  });
  // Statistics as autovacuum would have them after such growth (outside the transaction, as the owner).
  await step('analyze', () => dbh.db.execute(sql.raw(`analyze ${['supervision_plans', 'plan_courses', 'plan_supervisors', ...COUNTED].join(', ')}`)));
  return out;
}

async function runDriver(driver: DriverName, cleanups: (() => Promise<void>)[], demoImage: Blob | undefined) {
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-bench-followup-'));
  cleanups.push(() => fsp.rm(tmp, { recursive: true, force: true }));
  const { dbh, cleanup } = await step(`[${driver}] migrate and seed the demo`, () => openDemo(driver, tmp, `hxk_bench_followup_${process.pid}`, demoImage));
  cleanups.push(cleanup);
  const config = { ...loadConfig({ DATA_DIR: tmp, LOG_LEVEL: 'silent' }), redisUrl: undefined };
  const app = await buildApp({ config, dbh, logger: false });
  await app.ready();
  const today = new Date().toISOString().slice(0, 10);
  const started = performance.now();
  const s = await topUp(dbh, today);
  log(`[${driver}] topped up in ${round((performance.now() - started) / 1000)} s: ${JSON.stringify(s.counts)}`);
  log(`[${driver}] ${s.states}`);
  log(`[${driver}] picks: ${JSON.stringify(s.picks)}`);

  const contexts = new Map<string, MemberCtx>();
  const ctxOf = async (account: string): Promise<MemberCtx> => {
    const known = contexts.get(account);
    if (known) return known;
    const res = await app.inject({ method: 'POST', url: '/base/login/v1/do', headers: { 'content-type': 'application/json' }, payload: { type: 'password', account, password: DEMO_PASSWORD } });
    const token = (res.json() as { data: { token?: string } | null }).data?.token;
    if (!token) throw new Error(`bench: cannot sign in as ${account}: ${res.body}`);
    const auth = await resolveSession(app.deps, token);
    const ctx = { deps: app.deps, lang: 'en', ip: '127.0.0.1', userAgent: 'bench', auth } as MemberCtx;
    contexts.set(account, ctx);
    return ctx;
  };
  const p = s.picks;
  const admin = await ctxOf('admin');
  const reportTeacher = await ctxOf(p.reportTeacher);
  const appealTeacher = await ctxOf(p.appealTeacher);
  const recipient = await ctxOf(p.recipient);
  const invitee = await ctxOf(p.invitee);
  const inviter = await ctxOf(p.inviter);
  const page = { pageNum: 1, pageSize: 20 };
  const n = SETTINGS.iterations;
  const breakdown = {
    reportCourses: await timeMean(() => reportCourses(reportTeacher, page), n, 3),
    courseReport: await timeMean(() => courseReport(reportTeacher, { courseId: p.reportCourseId }), n, 3),
    evaluationReport: await timeMean(() => courseReport(reportTeacher, { evaluationId: p.reportEvaluationId }), n, 3),
    appealsAll: await timeMean(() => allAppeals(admin, page), n, 3),
    appealsMine: await timeMean(() => myAppeals(appealTeacher, page), n, 3),
    notificationList: await timeMean(() => listNotifications(recipient, { ...page, unreadOnly: false }), n, 3),
    unreadCount: await timeMean(() => unreadCount(recipient), n, 3),
    invitationsReceived: await timeMean(() => listInvitations(invitee, { ...page, box: 'received' }), n, 3),
    invitationsSent: await timeMean(() => listInvitations(inviter, { ...page, box: 'sent' }), n, 3),
  };
  // What each screen read, so a figure is not that of an empty page.
  const sizes = {
    reportCourses: (await reportCourses(reportTeacher, page)).total,
    courseReportHistory: (await courseReport(reportTeacher, { courseId: p.reportCourseId })).history.length,
    appealsAll: (await allAppeals(admin, page)).total,
    appealsMine: (await myAppeals(appealTeacher, page)).total,
    notifications: (await listNotifications(recipient, { ...page, unreadOnly: false })).total,
    unread: (await unreadCount(recipient)).unread,
    invitationsReceived: (await listInvitations(invitee, { ...page, box: 'received' })).total,
    invitationsSent: (await listInvitations(inviter, { ...page, box: 'sent' })).total,
  };
  log(`[${driver}] rows behind each screen: ${JSON.stringify(sizes)}`);
  const empty = Object.entries(sizes).filter(([, n]) => !n).map(([k]) => k);
  if (empty.length) throw new Error(`[${driver}] empty screens, nothing measured: ${empty.join(', ')}`);
  log(`[${driver}] mean ms of ${n} calls: ${JSON.stringify(breakdown)}`);
  await app.close();
  await cleanup();
  await fsp.rm(tmp, { recursive: true, force: true });
  return { driver, counts: s.counts, picks: p, sizes, breakdown };
}

const SCREENS = {
  reportCourses: 'report courses', courseReport: 'course report', evaluationReport: 'evaluation report', appealsAll: 'appeals (handlers, 20)', appealsMine: 'my appeals',
  notificationList: 'notifications (20)', unreadCount: 'unread count', invitationsReceived: 'invitations received', invitationsSent: 'invitations sent',
} as const;

/** The follow-up benchmark in process: per driver, the mean ms of each screen's service, and the summary's rows. */
export async function runFollowupBench(opts: FollowupBenchOptions = {}) {
  const { drivers: only, demoImage, log: logTo, ...sizes } = opts;
  Object.assign(SETTINGS, DEFAULTS, sizes);
  if (logTo) log = logTo;
  const runs = await perDriver(only, (d, cleanups) => runDriver(d, cleanups, demoImage));
  log('\n| Driver | report courses | course report | evaluation report | appeals (handlers) | my appeals | notifications | unread count | invitations received | invitations sent |');
  log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of runs) {
    const b = r.breakdown;
    log(`| ${r.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${b.reportCourses} | ${b.courseReport} | ${b.evaluationReport} | ${b.appealsAll} | ${b.appealsMine} | ${b.notificationList} | ${b.unreadCount} | ${b.invitationsReceived} | ${b.invitationsSent} |`);
  }
  // No aim in the issue: the figures are reported, watched from run to run.
  const summary: SummaryRow[] = runs.flatMap((r) =>
    (Object.keys(SCREENS) as (keyof typeof SCREENS)[]).map((k) => ({
      bench: 'followup', figure: `${SCREENS[k]}, mean ms (${r.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'})`, aim: '', measured: String(r.breakdown[k]), met: null,
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
  const { results, summary } = await runFollowupBench();
  await fsp.mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  await fsp.writeFile(RESULTS_FILE, JSON.stringify(results, null, 2));
  await writeSummaryRows('followup', summary);
}

if (isMain(import.meta.url)) await main();
