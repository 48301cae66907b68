/**
 * Evaluating lessons (issue 6): a supervisor starts an evaluation of a class (from a plan, by free
 * listening, or as a temporary evaluation of a class under way), saves drafts of it and submits it
 * once; check-in at a class cannot be undone. Who may read an evaluation: its evaluator, plan
 * managers for plan evaluations, and the class's teacher once submitted when the plan lets teachers
 * see reports (without the evaluator when anonymous). Anyone else, and another school: not found.
 */
import type { z } from 'zod';
import {
  scoreForm,
  type TAnswer,
  type TBlankEvaluation,
  type TEvaluation,
  type TEvaluationKind,
  type TEvaluationOpening,
  type TEvaluationRecord,
  type TFinding,
  type TTemplateContent,
  type ZEvaluationRecordsRequest,
  type ZReceivedEvaluationsRequest,
} from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, localizeError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { stateReader } from '../courses/course-state.ts';
import { page } from '../../platform/sql-rows.ts';
import { presentClass, sessionClock } from './evaluated-class.ts';
import { requireEvaluable } from './evaluation-window.ts';
import * as repo from './evaluations.repo.ts';
import type { Meeting, OwnRow } from './evaluations.repo.ts';
import { writeSectionScores } from './section-scores.ts';
import { inSchoolNotifying } from '../notifications/notify.ts';

/** Course states in which a class is under way or about to start (temporary evaluation, check-in). */
export const CURRENT_STATES = ['waiting', 'inClass', 'warning'] as const;
/** A plan manager reads every evaluation of the plans. */
const PLAN_MANAGER = 'supervisionScheme';

type Clock = { date: string; minute: number };
export type { Meeting };

// ---------------------------------------------------------------- starting

export async function findMeeting(tx: Tx, courseSessionId: string): Promise<Meeting> {
  const m = await repo.meetingById(tx, courseSessionId);
  if (!m) throw new AppError('common.notFound');
  return m;
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
export const lockEvaluator = repo.lockEvaluatorStarts;

/** Refuses a class whose sessions overlap another class of the same day that I evaluate (any kind, draft or submitted). */
export async function assertNoConflict(tx: Tx, me: string, m: Meeting) {
  const hit = await repo.overlappingCourseName(tx, me, m);
  if (hit !== undefined) throw new AppError('evaluation.timeConflict', { course: hit });
}

export async function insertEvaluation(
  ctx: MemberCtx, tx: Tx, m: Meeting,
  values: { kind: TEvaluationKind; planId: string | null; templateVersionId: string; anonymous: boolean; invitationId?: string | null },
) {
  const now = ctx.deps.now();
  return repo.insertEvaluation(tx, {
    schoolId: ctx.auth.schoolId, planId: values.planId, templateVersionId: values.templateVersionId, courseSessionId: m.id, courseId: m.courseId,
    teacherId: m.teacherId, evaluatorId: ctx.auth.accountId, kind: values.kind, invitationId: values.invitationId ?? null, anonymous: values.anonymous, answers: {}, createdAt: now, updatedAt: now,
  });
}

type PlanTarget = { planId: string; courseSessionId: string };
type OpenTarget = { courseSessionId: string; templateId: string };

/**
 * What starting my evaluation of a class of one of my published plans checks: the plan, the class in
 * it, the plan not ended; then my evaluation of it if I have one, else the class open for evaluation
 * and no overlap with another class I evaluate.
 */
async function checkPlanStart(ctx: MemberCtx, tx: Tx, q: PlanTarget) {
  const today = schoolClock(ctx).date;
  const me = ctx.auth.accountId;
  const plan = await repo.planForStart(tx, q.planId, me);
  if (!plan?.published) throw new AppError('common.notFound');
  if (!plan.mine) throw new AppError('plan.notSupervisor');
  const m = await findMeeting(tx, q.courseSessionId);
  const listed = await repo.planListsCourse(tx, q.planId, m.courseId);
  if (!listed || m.lessonDate < plan.startDate || m.lessonDate > plan.endDate) throw new AppError('evaluation.notInPlan');
  if (today > plan.endDate) throw new AppError('plan.expired');
  const existing = await repo.planEvaluationId(tx, q.planId, me, m.id);
  if (!existing) {
    await requireEvaluable(ctx, tx, m);
    await assertNoConflict(tx, me, m);
  }
  return { plan, m, existing };
}

/** My evaluation of a class of one of my published plans: the plan's pinned version, its anonymity. */
export async function startPlanEvaluation(ctx: MemberCtx, q: PlanTarget) {
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    await lockEvaluator(tx, me);
    const { plan, m, existing } = await checkPlanStart(ctx, tx, q);
    if (existing) return { evaluationId: existing, created: false };
    const id = await insertEvaluation(ctx, tx, m, { kind: 'plan', planId: q.planId, templateVersionId: plan.templateVersionId, anonymous: plan.anonymous });
    if (id) return { evaluationId: id, created: true };
    // Only a concurrent start of the same class can get here (the unique index): it made the one to use.
    const made = await repo.planEvaluationId(tx, q.planId, me, m.id);
    if (!made) throw new AppError('common.notFound');
    return { evaluationId: made, created: false };
  });
}

/**
 * What starting a free-listening (any class of the timetable, once open for evaluation) or temporary
 * evaluation (a class under way now) with a published template checks; my newest of that kind of the
 * class if I have one.
 */
async function checkOpenStart(ctx: MemberCtx, tx: Tx, kind: 'free' | 'temporary', q: OpenTarget) {
  const me = ctx.auth.accountId;
  const m = await findMeeting(tx, q.courseSessionId);
  const tpl = await repo.templateForStart(tx, q.templateId);
  if (!tpl) throw new AppError('common.notFound');
  if (tpl.status !== 'published' || tpl.deleted || !tpl.versionId) throw new AppError('template.notUsable');
  if (kind === 'temporary') await requireCurrent(tx, schoolClock(ctx), m);
  const existing = await repo.openEvaluationId(tx, me, kind, m.id);
  if (!existing) {
    if (kind === 'free') await requireEvaluable(ctx, tx, m);
    await assertNoConflict(tx, me, m);
  }
  return { m, versionId: tpl.versionId, existing };
}

/** Free listening or a temporary evaluation with a published template. */
export async function startOpenEvaluation(ctx: MemberCtx, kind: 'free' | 'temporary', q: OpenTarget) {
  return inSchool(ctx, async (tx) => {
    await lockEvaluator(tx, ctx.auth.accountId);
    const { m, versionId, existing } = await checkOpenStart(ctx, tx, kind, q);
    if (existing) return { evaluationId: existing, created: false };
    const id = await insertEvaluation(ctx, tx, m, { kind, planId: null, templateVersionId: versionId, anonymous: false });
    if (!id) throw new AppError('common.notFound');
    return { evaluationId: id, created: true };
  });
}

// ---------------------------------------------------------------- opening a class (nothing stored)

/** The blank form of an evaluation about to start: its class, plan, template version, me and my check-in. */
async function blankEvaluation(ctx: MemberCtx, tx: Tx, v: { kind: TEvaluationKind; courseSessionId: string; planId: string | null; templateVersionId: string }): Promise<TBlankEvaluation> {
  const r = await repo.blankEvaluation(tx, { ...v, evaluatorId: ctx.auth.accountId });
  if (!r) throw new AppError('common.notFound');
  return {
    kind: v.kind,
    plan: presentPlan(r),
    template: presentTemplate(r),
    class: presentClass(r, await sessionClock(tx)),
    evaluator: { userId: r.evaluatorId, name: r.evaluatorName, account: r.evaluatorAccount },
    checkedInAt: r.checkedInAt,
  };
}

/**
 * Opening a class of one of my plans to evaluate it, which stores nothing (a look leaves no draft):
 * my evaluation of it, or the blank form after the checks of starting one.
 */
export async function openPlanEvaluation(ctx: MemberCtx, q: PlanTarget): Promise<TEvaluationOpening> {
  return inSchool(ctx, async (tx) => {
    const { plan, m, existing } = await checkPlanStart(ctx, tx, q);
    if (existing) return { evaluationId: existing, blank: null };
    return { evaluationId: null, blank: await blankEvaluation(ctx, tx, { kind: 'plan', courseSessionId: m.id, planId: q.planId, templateVersionId: plan.templateVersionId }) };
  });
}

/** Opening a class for free listening or a temporary evaluation, as openPlanEvaluation. */
export async function openOpenEvaluation(ctx: MemberCtx, kind: 'free' | 'temporary', q: OpenTarget): Promise<TEvaluationOpening> {
  return inSchool(ctx, async (tx) => {
    const { m, versionId, existing } = await checkOpenStart(ctx, tx, kind, q);
    if (existing) return { evaluationId: existing, blank: null };
    return { evaluationId: null, blank: await blankEvaluation(ctx, tx, { kind, courseSessionId: m.id, planId: null, templateVersionId: versionId }) };
  });
}

// ---------------------------------------------------------------- reading one

const presentPlan = (r: repo.FormRow): TEvaluation['plan'] =>
  r.planId ? { planId: r.planId, name: r.planName ?? '', evaluationType: r.evaluationType!, anonymous: r.planAnonymous === true, endDate: r.planEndDate ?? '' } : null;

const presentTemplate = (r: repo.FormRow): TEvaluation['template'] => ({
  templateVersionId: r.templateVersionId, templateId: r.templateId, name: r.templateName, version: r.templateVersion, totalScore: r.fullScore, content: r.content,
});

/** Anonymous when the evaluation was started so or its plan is now: anonymity only ever hides more. */
const isAnonymous = (r: { anonymous: boolean; planAnonymous: boolean | null }) => r.anonymous || r.planAnonymous === true;

/** Whether the teacher of a class may see this evaluation (submitted, and the plan lets teachers view reports). */
const teacherMaySee = (r: { status: TEvaluation['status']; planId: string | null; teacherCanView: boolean | null }) =>
  r.status === 'submitted' && (r.planId === null || r.teacherCanView === true);

async function readEvaluation(ctx: MemberCtx, tx: Tx, evaluationId: string): Promise<TEvaluation> {
  const me = ctx.auth.accountId;
  const r = await repo.evaluationDetail(tx, evaluationId);
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
    plan: presentPlan(r),
    template: presentTemplate(r),
    class: presentClass(r, times),
    evaluator: hideEvaluator ? null : { userId: r.evaluatorId, name: r.evaluatorName, account: r.evaluatorAccount },
    answers: r.answers,
    comment: r.comment,
    totalScore: r.totalScore,
    // When the evaluator checked in is theirs to know, and the plan managers'; not a clue to who came.
    checkedInAt: hideEvaluator ? null : r.checkedInAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    submittedAt: r.submittedAt,
    editable: own && r.status === 'draft',
    byPatrol: r.byPatrol,
  };
}

export async function evaluationDetail(ctx: MemberCtx, evaluationId: string) {
  return inSchool(ctx, (tx) => readEvaluation(ctx, tx, evaluationId));
}

// ---------------------------------------------------------------- draft and submit

/** My own evaluation with what saving and submitting need; someone else's (or another school's) is not found. */
async function ownEvaluation(ctx: MemberCtx, tx: Tx, evaluationId: string): Promise<OwnRow> {
  const row = await repo.ownEvaluation(tx, evaluationId, ctx.auth.accountId);
  if (!row) throw new AppError('common.notFound');
  if (row.status !== 'draft') throw new AppError('evaluation.submitted');
  return row;
}

/** The answers to questions of this version only (a key the form does not have is dropped). */
export function keepKnown(content: TTemplateContent, answers: Record<string, TAnswer>): Record<string, TAnswer> {
  const keys = new Set(content.sections.flatMap((s) => s.questions.map((q) => q.key)));
  return Object.fromEntries(Object.entries(answers).filter(([k]) => keys.has(k)));
}

/** Findings as localized fields named after the answer they are about (answers.<question key>). */
export function findingFields(ctx: MemberCtx, content: TTemplateContent, findings: TFinding[]) {
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
    const updatedAt = await repo.saveDraftAnswers(tx, input.evaluationId, { answers, comment: commentOf(input.comment), now });
    if (updatedAt === undefined) throw new AppError('evaluation.submitted');
    return { updatedAt, totalScore: scored.total, answered: scored.answered, count: scored.count };
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
    const started = own.lessonDate < clock.date || (own.lessonDate === clock.date && (own.startMinute === null || own.startMinute <= clock.minute));
    if (!started) throw new AppError('evaluation.courseNotStarted');
    if (own.planEndDate !== null && clock.date > own.planEndDate) throw new AppError('plan.expired');
    const answers = keepKnown(own.content, input.answers);
    const scored = scoreForm(own.content, answers, true);
    const [first] = scored.errors;
    if (first) {
      const fields = findingFields(ctx, own.content, scored.errors);
      throw new AppError('evaluation.incomplete', { count: scored.errors.length, first: fields[0]!.message }, fields);
    }
    const now = ctx.deps.now();
    // Guarded by the status: of two submits racing, the second finds no draft to change.
    const done = await repo.submitDraft(tx, input.evaluationId, ctx.auth.accountId, {
      answers, totalScore: scored.total, anonymous: own.planAnonymous === true, comment: commentOf(input.comment), now,
    });
    if (!done) throw new AppError('evaluation.submitted');
    await writeSectionScores(tx, ctx.auth.schoolId, input.evaluationId, own.content, scored.bySection);
    const out = await readEvaluation(ctx, tx, input.evaluationId);
    const teacherCanView = await repo.planTeacherCanView(tx, input.evaluationId);
    const teacherId = out.class.teacher.userId;
    if (teacherId !== ctx.auth.accountId && (out.plan === null || teacherCanView === true)) {
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
    const before = await repo.checkedInAt(tx, m.id, me);
    if (before) return { courseSessionId: m.id, checkedInAt: before };
    await requireCurrent(tx, clock, m);
    await repo.insertCheckIn(tx, ctx.auth.schoolId, m.id, me, ctx.deps.now());
    const at = await repo.checkedInAt(tx, m.id, me);
    if (!at) throw new AppError('common.notFound');
    return { courseSessionId: m.id, checkedInAt: at };
  });
}

// ---------------------------------------------------------------- lists

/** My evaluations (drafts and submitted), newest changed first: one query for the page, one for session times. */
export async function myRecords(ctx: MemberCtx, q: z.output<typeof ZEvaluationRecordsRequest>) {
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const rows = await repo.evaluatorRecords(tx, me, q);
    const times = await sessionClock(tx);
    const list: TEvaluationRecord[] = rows.map((r) => ({
      evaluationId: r.evaluationId, kind: r.kind, status: r.status, planName: r.planName, templateName: r.templateName, class: presentClass(r, times),
      totalScore: r.totalScore, fullScore: r.fullScore, updatedAt: r.updatedAt, submittedAt: r.submittedAt, byPatrol: r.byPatrol,
    }));
    return page(list, await totalOf(rows, q, () => repo.evaluatorRecordCount(tx, me, q)), q);
  });
}

/** The window count of a page; past the last page there is no row to carry it, so it is counted apart. */
async function totalOf(rows: { total: number }[], q: { pageNum: number }, count: () => Promise<number>) {
  if (rows.length || q.pageNum === 1) return rows[0]?.total ?? 0;
  return count();
}

/**
 * Submitted evaluations of my classes that I may see (no plan, or the plan lets teachers view
 * reports), newest first. The evaluator of an anonymous one is not even read from the database.
 */
export async function receivedEvaluations(ctx: MemberCtx, q: z.output<typeof ZReceivedEvaluationsRequest>) {
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const rows = await repo.teacherReceived(tx, me, q);
    const times = await sessionClock(tx);
    const list = rows.map((r) => ({
      evaluationId: r.evaluationId, kind: r.kind, planName: r.planName, templateName: r.templateName, class: presentClass(r, times),
      evaluator: r.evaluatorId ? { userId: r.evaluatorId, name: r.evaluatorName ?? '', account: r.evaluatorAccount ?? '' } : null,
      totalScore: r.totalScore ?? 0, fullScore: r.fullScore, submittedAt: r.submittedAt ?? r.updatedAt, byPatrol: r.byPatrol,
    }));
    return page(list, await totalOf(rows, q, () => repo.teacherReceivedCount(tx, me, q)), q);
  });
}

/** Published templates for free listening and temporary evaluation, with their current version's totals. */
export async function openTemplates(ctx: MemberCtx) {
  return inSchool(ctx, repo.publishedTemplates);
}
