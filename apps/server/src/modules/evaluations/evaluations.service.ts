/**
 * Evaluating lessons (issue 6): a supervisor starts an evaluation of a class (from a plan, by free
 * listening, or as a temporary evaluation of a class under way), saves drafts of it and submits it
 * once; check-in at a class cannot be undone. Who may read an evaluation: its evaluator, plan
 * managers for plan evaluations, and the class's teacher once submitted when the plan lets teachers
 * see reports (without the evaluator when anonymous). Anyone else, and another school: not found.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  scoreForm,
  type TAnswer,
  type TEvaluation,
  type TEvaluationKind,
  type TEvaluationRecord,
  type TEvaluationStatus,
  type TFinding,
  type TTemplateContent,
  type ZEvaluationRecordsRequest,
  type ZReceivedEvaluationsRequest,
} from '@hxk/contracts';
import { evaluations } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, localizeError } from '../../platform/errors.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { stateReader } from '../courses/course-state.ts';
import { iso, isoOrNull, page, rowsOf } from '../../platform/sql-rows.ts';
import { classColumns, classJoins, presentClass, sessionClock, type ClassRow } from './evaluated-class.ts';
import { writeSectionScores } from './section-scores.ts';
import { inSchoolNotifying } from '../notifications/notify.ts';

/** Course states in which a class is under way or about to start (temporary evaluation, check-in). */
export const CURRENT_STATES = ['waiting', 'inClass', 'warning'] as const;
/** A plan manager reads every evaluation of the plans. */
const PLAN_MANAGER = 'supervisionScheme';

type Clock = { date: string; minute: number };
export type Meeting = { id: string; courseId: string; teacherId: string; courseName: string; lessonDate: string; sessionStart: number; sessionEnd: number };

// ---------------------------------------------------------------- starting

export async function findMeeting(tx: Tx, courseSessionId: string): Promise<Meeting> {
  const [m] = rowsOf<Meeting>(await tx.execute(sql`
    select cs.id::text as id, c.id::text as "courseId", c.teacher_id::text as "teacherId", c.name as "courseName",
      cs.lesson_date::text as "lessonDate", cs.session_start as "sessionStart", cs.session_end as "sessionEnd"
    from course_sessions cs join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    where cs.id = ${courseSessionId}`));
  if (!m) throw new AppError('common.notFound');
  return { ...m, sessionStart: Number(m.sessionStart), sessionEnd: Number(m.sessionEnd) };
}

/** Refuses a class that is not under way or about to start today (state waiting, in class or warning). */
async function requireCurrent(tx: Tx, clock: Clock, m: Meeting) {
  const state = (await stateReader(tx, clock, [m])).state(m);
  if (!state || !(CURRENT_STATES as readonly string[]).includes(state)) throw new AppError('evaluation.noCourseNow');
}

/**
 * One evaluator's starts run one at a time (a transaction-scoped lock on the person), so the
 * "already have one" and time-conflict checks below cannot race with a second click.
 */
export const lockEvaluator = (tx: Tx, me: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`evaluation-start:${me}`}))`);

/** Refuses a class whose sessions overlap another class of the same day that I evaluate (any kind, draft or submitted). */
export async function assertNoConflict(tx: Tx, me: string, m: Meeting) {
  const [hit] = rowsOf<{ name: string }>(await tx.execute(sql`
    select c.name from evaluations e
    join course_sessions s on s.school_id = e.school_id and s.id = e.course_session_id
    join courses c on c.school_id = s.school_id and c.id = s.course_id
    where e.evaluator_id = ${me} and e.course_session_id <> ${m.id} and s.lesson_date = ${m.lessonDate}::date
      and s.session_start <= ${m.sessionEnd} and s.session_end >= ${m.sessionStart}
    order by e.updated_at desc limit 1`));
  if (hit) throw new AppError('evaluation.timeConflict', { course: hit.name });
}

export async function insertEvaluation(
  ctx: MemberCtx, tx: Tx, m: Meeting,
  values: { kind: TEvaluationKind; planId: string | null; templateVersionId: string; anonymous: boolean; invitationId?: string | null },
) {
  const now = ctx.deps.now();
  const [row] = await tx.insert(evaluations).values({
    schoolId: ctx.auth.schoolId, planId: values.planId, templateVersionId: values.templateVersionId, courseSessionId: m.id, courseId: m.courseId,
    teacherId: m.teacherId, evaluatorId: ctx.auth.accountId, kind: values.kind, invitationId: values.invitationId ?? null, anonymous: values.anonymous, answers: {}, createdAt: now, updatedAt: now,
  }).onConflictDoNothing().returning({ id: evaluations.id });
  return row?.id ?? null;
}

/** My evaluation of a class of one of my published plans: the plan's pinned version, its anonymity. */
export async function startPlanEvaluation(ctx: MemberCtx, q: { planId: string; courseSessionId: string }) {
  const today = schoolClock(ctx).date;
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    type P = { published: boolean; startDate: string; endDate: string; anonymous: boolean; templateVersionId: string; mine: boolean };
    const [plan] = rowsOf<P>(await tx.execute(sql`
      select p.published, p.start_date::text as "startDate", p.end_date::text as "endDate", p.anonymous, p.template_version_id::text as "templateVersionId",
        exists (select 1 from plan_supervisors j where j.school_id = p.school_id and j.plan_id = p.id and j.account_id = ${me}) as mine
      from supervision_plans p where p.id = ${q.planId}`));
    if (!plan?.published) throw new AppError('common.notFound');
    if (!plan.mine) throw new AppError('plan.notSupervisor');
    const m = await findMeeting(tx, q.courseSessionId);
    const [listed] = rowsOf<{ n: number }>(await tx.execute(sql`select 1 as n from plan_courses where plan_id = ${q.planId} and course_id = ${m.courseId}`));
    if (!listed || m.lessonDate < plan.startDate || m.lessonDate > plan.endDate) throw new AppError('evaluation.notInPlan');
    if (today > plan.endDate) throw new AppError('plan.expired');
    await lockEvaluator(tx, me);
    const mine = sql`select id::text as id from evaluations where plan_id = ${q.planId} and evaluator_id = ${me} and course_session_id = ${m.id}`;
    const [existing] = rowsOf<{ id: string }>(await tx.execute(mine));
    if (existing) return { evaluationId: existing.id, created: false };
    await assertNoConflict(tx, me, m);
    const id = await insertEvaluation(ctx, tx, m, { kind: 'plan', planId: q.planId, templateVersionId: plan.templateVersionId, anonymous: plan.anonymous });
    if (id) return { evaluationId: id, created: true };
    // Only a concurrent start of the same class can get here (the unique index): it made the one to use.
    const [made] = rowsOf<{ id: string }>(await tx.execute(mine));
    if (!made) throw new AppError('common.notFound');
    return { evaluationId: made.id, created: false };
  });
}

/** Free listening (any class of the timetable) or a temporary evaluation (a class under way now) with a published template. */
export async function startOpenEvaluation(ctx: MemberCtx, kind: 'free' | 'temporary', q: { courseSessionId: string; templateId: string }) {
  const clock = schoolClock(ctx);
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const m = await findMeeting(tx, q.courseSessionId);
    type T = { status: string; deleted: boolean; versionId: string | null };
    const [tpl] = rowsOf<T>(await tx.execute(sql`
      select t.status, t.deleted_at is not null as deleted, tv.id::text as "versionId"
      from evaluation_templates t left join template_versions tv on tv.school_id = t.school_id and tv.template_id = t.id and tv.version = t.version
      where t.id = ${q.templateId}`));
    if (!tpl) throw new AppError('common.notFound');
    if (tpl.status !== 'published' || tpl.deleted || !tpl.versionId) throw new AppError('template.notUsable');
    if (kind === 'temporary') await requireCurrent(tx, clock, m);
    await lockEvaluator(tx, me);
    const [existing] = rowsOf<{ id: string }>(await tx.execute(sql`
      select id::text as id from evaluations where evaluator_id = ${me} and kind = ${kind} and course_session_id = ${m.id}
      order by created_at desc, id desc limit 1`));
    if (existing) return { evaluationId: existing.id, created: false };
    await assertNoConflict(tx, me, m);
    const id = await insertEvaluation(ctx, tx, m, { kind, planId: null, templateVersionId: tpl.versionId, anonymous: false });
    if (!id) throw new AppError('common.notFound');
    return { evaluationId: id, created: true };
  });
}

// ---------------------------------------------------------------- reading one

type DetailRow = ClassRow & {
  evaluationId: string; kind: TEvaluationKind; status: TEvaluationStatus; evaluatorId: string; evaluatorName: string; evaluatorAccount: string;
  answers: Record<string, TAnswer>; comment: string | null; totalScore: number | null; anonymous: boolean;
  createdAt: string | Date; updatedAt: string | Date; submittedAt: string | Date | null; checkedInAt: string | Date | null;
  templateVersionId: string; templateId: string; templateName: string; templateVersion: number; fullScore: number; content: TTemplateContent;
  planId: string | null; planName: string | null; evaluationType: NonNullable<TEvaluation['plan']>['evaluationType'] | null;
  planAnonymous: boolean | null; planEndDate: string | null; teacherCanView: boolean | null;
};

async function detailRow(tx: Tx, evaluationId: string): Promise<DetailRow | undefined> {
  const [row] = rowsOf<DetailRow>(await tx.execute(sql`
    select e.id::text as "evaluationId", e.kind, e.status, e.evaluator_id::text as "evaluatorId", ev.name as "evaluatorName", ev.account as "evaluatorAccount",
      e.answers, e.comment, e.total_score as "totalScore", e.anonymous, e.created_at as "createdAt", e.updated_at as "updatedAt", e.submitted_at as "submittedAt",
      ci.checked_in_at as "checkedInAt",
      tv.id::text as "templateVersionId", tv.template_id::text as "templateId", tv.name as "templateName", tv.version as "templateVersion",
      tv.total_score as "fullScore", tv.content,
      p.id::text as "planId", p.name as "planName", p.evaluation_type as "evaluationType", p.anonymous as "planAnonymous", p.end_date::text as "planEndDate",
      p.teacher_can_view as "teacherCanView",
      ${classColumns}
    from evaluations e
    join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
    ${classJoins(sql`e.teacher_id`)}
    join accounts ev on ev.id = e.evaluator_id
    join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
    left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id
    left join check_ins ci on ci.school_id = e.school_id and ci.course_session_id = e.course_session_id and ci.account_id = e.evaluator_id
    where e.id = ${evaluationId}`));
  return row;
}

/** Anonymous when the evaluation was started so or its plan is now: anonymity only ever hides more. */
const isAnonymous = (r: { anonymous: boolean; planAnonymous: boolean | null }) => r.anonymous || r.planAnonymous === true;

/** Whether the teacher of a class may see this evaluation (submitted, and the plan lets teachers view reports). */
const teacherMaySee = (r: { status: TEvaluationStatus; planId: string | null; teacherCanView: boolean | null }) =>
  r.status === 'submitted' && (r.planId === null || r.teacherCanView === true);

async function readEvaluation(ctx: MemberCtx, tx: Tx, evaluationId: string): Promise<TEvaluation> {
  const me = ctx.auth.accountId;
  const r = await detailRow(tx, evaluationId);
  if (!r) throw new AppError('common.notFound');
  const own = r.evaluatorId === me;
  const manager = r.planId !== null && ctx.auth.permissions.includes(PLAN_MANAGER);
  const teacher = r.teacherId === me && teacherMaySee(r);
  if (!own && !manager && !teacher) throw new AppError('common.notFound');
  const hideEvaluator = !own && !manager && isAnonymous(r);
  const times = await sessionClock(tx);
  return {
    evaluationId: r.evaluationId,
    kind: r.kind,
    status: r.status,
    plan: r.planId
      ? { planId: r.planId, name: r.planName ?? '', evaluationType: r.evaluationType!, anonymous: r.planAnonymous === true, endDate: r.planEndDate ?? '' }
      : null,
    template: { templateVersionId: r.templateVersionId, templateId: r.templateId, name: r.templateName, version: Number(r.templateVersion), totalScore: Number(r.fullScore), content: r.content },
    class: presentClass(r, times),
    evaluator: hideEvaluator ? null : { userId: r.evaluatorId, name: r.evaluatorName, account: r.evaluatorAccount },
    answers: r.answers,
    comment: r.comment,
    totalScore: r.totalScore == null ? null : Number(r.totalScore),
    // When the evaluator checked in is theirs to know, and the plan managers'; not a clue to who came.
    checkedInAt: hideEvaluator ? null : isoOrNull(r.checkedInAt),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    submittedAt: isoOrNull(r.submittedAt),
    editable: own && r.status === 'draft',
  };
}

export async function evaluationDetail(ctx: MemberCtx, evaluationId: string) {
  return inSchool(ctx, (tx) => readEvaluation(ctx, tx, evaluationId));
}

// ---------------------------------------------------------------- draft and submit

type Own = { status: TEvaluationStatus; planEndDate: string | null; planAnonymous: boolean | null; lessonDate: string; startMinute: number | null; content: TTemplateContent };

/** My own evaluation with what saving and submitting need; someone else's (or another school's) is not found. */
async function ownEvaluation(ctx: MemberCtx, tx: Tx, evaluationId: string): Promise<Own> {
  const [row] = rowsOf<Own>(await tx.execute(sql`
    select e.status, p.end_date::text as "planEndDate", p.anonymous as "planAnonymous", cs.lesson_date::text as "lessonDate",
      st.start_minute as "startMinute", tv.content
    from evaluations e
    join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
    join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
    left join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_start
    left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id
    where e.id = ${evaluationId} and e.evaluator_id = ${ctx.auth.accountId}`));
  if (!row) throw new AppError('common.notFound');
  if (row.status !== 'draft') throw new AppError('evaluation.submitted');
  return row;
}

/** The answers to questions of this version only (a key the form does not have is dropped). */
function keepKnown(content: TTemplateContent, answers: Record<string, TAnswer>): Record<string, TAnswer> {
  const keys = new Set(content.sections.flatMap((s) => s.questions.map((q) => q.key)));
  return Object.fromEntries(Object.entries(answers).filter(([k]) => keys.has(k)));
}

/** Findings as localized fields named after the answer they are about (answers.<question key>). */
function findingFields(ctx: MemberCtx, content: TTemplateContent, findings: TFinding[]) {
  const keyAt = (path: string) => {
    const m = /^sections\.(\d+)\.questions\.(\d+)/.exec(path);
    const q = m ? content.sections[Number(m[1])]?.questions[Number(m[2])] : undefined;
    return q ? `answers.${q.key}` : path;
  };
  return findings.map((f) => ({ path: keyAt(f.path), message: localizeError(f.key, ctx.lang, f.params) }));
}

const commentOf = (comment: string | undefined) => (comment === undefined ? undefined : comment || null);

type SaveInput = { evaluationId: string; answers: Record<string, TAnswer>; comment?: string | undefined };

/** Saves my draft: partial answers are fine, answers that can never be right are not. */
export async function saveDraft(ctx: MemberCtx, input: SaveInput) {
  return inSchool(ctx, async (tx) => {
    const own = await ownEvaluation(ctx, tx, input.evaluationId);
    const answers = keepKnown(own.content, input.answers);
    const scored = scoreForm(own.content, answers, false);
    const [first] = scored.errors;
    if (first) throw new AppError(first.key, first.params, findingFields(ctx, own.content, scored.errors));
    const now = ctx.deps.now();
    const comment = commentOf(input.comment);
    const [row] = rowsOf<{ updatedAt: string | Date }>(await tx.execute(sql`
      update evaluations set answers = ${JSON.stringify(answers)}::jsonb, updated_at = ${now.toISOString()}::timestamptz
        ${comment === undefined ? sql`` : sql`, comment = ${comment}`}
      where id = ${input.evaluationId} and status = 'draft' returning updated_at as "updatedAt"`));
    if (!row) throw new AppError('evaluation.submitted');
    return { updatedAt: iso(row.updatedAt), totalScore: scored.total, answered: scored.answered, count: scored.count };
  });
}

/**
 * Submits my draft once: the class has started, the plan has not ended, every question is answered.
 * In the same transaction: the score of each primary indicator (for reports) and, when the teacher
 * may see it, the teacher's notification (never naming the evaluator).
 */
export async function submitEvaluation(ctx: MemberCtx, input: SaveInput) {
  const clock = schoolClock(ctx);
  return inSchoolNotifying(ctx, async (tx, notify) => {
    const own = await ownEvaluation(ctx, tx, input.evaluationId);
    const started = own.lessonDate < clock.date || (own.lessonDate === clock.date && (own.startMinute === null || Number(own.startMinute) <= clock.minute));
    if (!started) throw new AppError('evaluation.courseNotStarted');
    if (own.planEndDate !== null && clock.date > own.planEndDate) throw new AppError('plan.expired');
    const answers = keepKnown(own.content, input.answers);
    const scored = scoreForm(own.content, answers, true);
    const [first] = scored.errors;
    if (first) {
      const fields = findingFields(ctx, own.content, scored.errors);
      throw new AppError('evaluation.incomplete', { count: scored.errors.length, first: fields[0]!.message }, fields);
    }
    const now = ctx.deps.now().toISOString();
    const comment = commentOf(input.comment);
    // Guarded by the status: of two submits racing, the second finds no draft to change.
    const done = await tx.execute(sql`
      update evaluations set status = 'submitted', answers = ${JSON.stringify(answers)}::jsonb, total_score = ${scored.total},
        submitted_at = ${now}::timestamptz, updated_at = ${now}::timestamptz, anonymous = anonymous or ${own.planAnonymous === true}
        ${comment === undefined ? sql`` : sql`, comment = ${comment}`}
      where id = ${input.evaluationId} and evaluator_id = ${ctx.auth.accountId} and status = 'draft' returning id`);
    if (!rowsOf(done).length) throw new AppError('evaluation.submitted');
    await writeSectionScores(tx, ctx.auth.schoolId, input.evaluationId, own.content, scored.bySection);
    const out = await readEvaluation(ctx, tx, input.evaluationId);
    const [plan] = rowsOf<{ teacherCanView: boolean | null }>(await tx.execute(sql`
      select p.teacher_can_view as "teacherCanView" from evaluations e
      left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id where e.id = ${input.evaluationId}`));
    const teacherId = out.class.teacher.userId;
    if (teacherId !== ctx.auth.accountId && (out.plan === null || plan?.teacherCanView === true)) {
      const c = out.class;
      await notify([{
        recipientId: teacherId, kind: 'evaluation.received',
        params: { course: c.courseName, date: c.lessonDate, sessions: `${c.sessionStart}-${c.sessionEnd}`, score: scored.total, fullScore: out.template.totalScore },
        link: `/TeachingRecordDetail?evaluationId=${input.evaluationId}`,
      }]);
    }
    return out;
  });
}

// ---------------------------------------------------------------- check-in

/** Signs me in at a class under way or about to start today; a second check-in returns the first (it is never undone). */
export async function checkIn(ctx: MemberCtx, courseSessionId: string) {
  const clock = schoolClock(ctx);
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const m = await findMeeting(tx, courseSessionId);
    const read = async () => rowsOf<{ at: string | Date }>(await tx.execute(sql`
      select checked_in_at as at from check_ins where course_session_id = ${m.id} and account_id = ${me}`))[0];
    const before = await read();
    if (before) return { courseSessionId: m.id, checkedInAt: iso(before.at) };
    await requireCurrent(tx, clock, m);
    await tx.execute(sql`
      insert into check_ins (school_id, course_session_id, account_id, checked_in_at)
      values (${ctx.auth.schoolId}, ${m.id}, ${me}, ${ctx.deps.now().toISOString()}::timestamptz)
      on conflict do nothing`);
    const row = await read();
    if (!row) throw new AppError('common.notFound');
    return { courseSessionId: m.id, checkedInAt: iso(row.at) };
  });
}

// ---------------------------------------------------------------- lists

type ListRow = ClassRow & {
  evaluationId: string; kind: TEvaluationKind; status: TEvaluationStatus; planName: string | null; templateName: string;
  totalScore: number | null; fullScore: number; updatedAt: string | Date; submittedAt: string | Date | null; total: number;
};

/** The evaluation list's columns and joins (alias e), with the class, its plan and its version. */
const listFrom = sql`
  from evaluations e
  join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
  ${classJoins(sql`e.teacher_id`)}
  join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
  left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id`;
const listColumns = sql`e.id::text as "evaluationId", e.kind, e.status, p.name as "planName", tv.name as "templateName",
  e.total_score as "totalScore", tv.total_score as "fullScore", e.updated_at as "updatedAt", e.submitted_at as "submittedAt",
  (count(*) over ())::int as total, ${classColumns}`;

const courseKeyword = (kw: string) => {
  const p = containsPattern(kw);
  return sql`(c.name ilike ${p} or c.code ilike ${p})`;
};

/** My evaluations (drafts and submitted), newest changed first: one query for the page, one for session times. */
export async function myRecords(ctx: MemberCtx, q: z.output<typeof ZEvaluationRecordsRequest>) {
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const f: SQL[] = [sql`e.evaluator_id = ${me}`];
    if (q.kind) f.push(sql`e.kind = ${q.kind}`);
    if (q.status) f.push(sql`e.status = ${q.status}`);
    if (q.planId) f.push(sql`e.plan_id = ${q.planId}`);
    if (q.keyword) f.push(sql`(${courseKeyword(q.keyword)} or t.name ilike ${containsPattern(q.keyword)})`);
    if (q.dateFrom) f.push(sql`cs.lesson_date >= ${q.dateFrom}::date`);
    if (q.dateTo) f.push(sql`cs.lesson_date <= ${q.dateTo}::date`);
    const rows = rowsOf<ListRow>(await tx.execute(sql`select ${listColumns} ${listFrom} where ${sql.join(f, sql` and `)}
      order by e.updated_at desc, e.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`));
    const times = await sessionClock(tx);
    const list: TEvaluationRecord[] = rows.map((r) => ({
      evaluationId: r.evaluationId, kind: r.kind, status: r.status, planName: r.planName, templateName: r.templateName, class: presentClass(r, times),
      totalScore: r.totalScore == null ? null : Number(r.totalScore), fullScore: Number(r.fullScore), updatedAt: iso(r.updatedAt), submittedAt: isoOrNull(r.submittedAt),
    }));
    return page(list, await totalOf(tx, rows, q, sql`select count(*)::int as n ${listFrom} where ${sql.join(f, sql` and `)}`), q);
  });
}

/** The window count of a page; past the last page there is no row to carry it, so it is counted apart. */
async function totalOf(tx: Tx, rows: { total: number }[], q: { pageNum: number }, count: SQL) {
  if (rows.length || q.pageNum === 1) return Number(rows[0]?.total ?? 0);
  return Number(rowsOf<{ n: number }>(await tx.execute(count))[0]?.n ?? 0);
}

type ReceivedRow = ListRow & { evaluatorId: string | null; evaluatorName: string | null; evaluatorAccount: string | null };

/**
 * Submitted evaluations of my classes that I may see (no plan, or the plan lets teachers view
 * reports), newest first. The evaluator of an anonymous one is not even read from the database.
 */
export async function receivedEvaluations(ctx: MemberCtx, q: z.output<typeof ZReceivedEvaluationsRequest>) {
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const f: SQL[] = [sql`e.teacher_id = ${me}`, sql`e.status = 'submitted'`, sql`(e.plan_id is null or p.teacher_can_view)`];
    // The course or the plan: never the evaluator's name, which would let one search out an anonymous evaluator.
    if (q.keyword) f.push(sql`(${courseKeyword(q.keyword)} or p.name ilike ${containsPattern(q.keyword)})`);
    const where = sql.join(f, sql` and `);
    const named = sql`not (e.anonymous or coalesce(p.anonymous, false))`;
    const rows = rowsOf<ReceivedRow>(await tx.execute(sql`
      select ${listColumns},
        case when ${named} then ev.id::text end as "evaluatorId", case when ${named} then ev.name end as "evaluatorName",
        case when ${named} then ev.account end as "evaluatorAccount"
      ${listFrom} join accounts ev on ev.id = e.evaluator_id
      where ${where}
      order by e.submitted_at desc, e.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`));
    const times = await sessionClock(tx);
    const list = rows.map((r) => ({
      evaluationId: r.evaluationId, kind: r.kind, planName: r.planName, templateName: r.templateName, class: presentClass(r, times),
      evaluator: r.evaluatorId ? { userId: r.evaluatorId, name: r.evaluatorName ?? '', account: r.evaluatorAccount ?? '' } : null,
      totalScore: Number(r.totalScore ?? 0), fullScore: Number(r.fullScore), submittedAt: iso(r.submittedAt ?? r.updatedAt),
    }));
    return page(list, await totalOf(tx, rows, q, sql`select count(*)::int as n ${listFrom} where ${where}`), q);
  });
}

/** Published templates for free listening and temporary evaluation, with their current version's totals. */
export async function openTemplates(ctx: MemberCtx) {
  return inSchool(ctx, async (tx) => {
    type O = { templateId: string; name: string; version: number; totalScore: number; questionCount: number };
    const rows = rowsOf<O>(await tx.execute(sql`
      select t.id::text as "templateId", tv.name, tv.version, tv.total_score as "totalScore", tv.question_count as "questionCount"
      from evaluation_templates t join template_versions tv on tv.school_id = t.school_id and tv.template_id = t.id and tv.version = t.version
      where t.status = 'published' and t.deleted_at is null
      order by tv.name, t.id limit 500`));
    return rows.map((r) => ({ ...r, version: Number(r.version), totalScore: Number(r.totalScore), questionCount: Number(r.questionCount) }));
  });
}
