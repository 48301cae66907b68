/**
 * Lesson plans (issue 18, docs/decisions/0025-lesson-plans.md). A collection released by a manager
 * (lessonPlanManagement) makes one plan due per course it reaches; the course's teacher hands the
 * plan in within the school's daily upload window and changes it within the modification window
 * (each change a version; removed files stay in the record); evaluators (lessonPlanEvaluation) grade
 * it 1-4 with a comment, or by filling the collection's evaluation template (the level follows from the
 * score's band, decision 0033); the teacher may appeal the grade once, and the grader or an administrator
 * accepts it with a new level or rejects it. Who reads a plan: its teacher, and managers, evaluators
 * and statistics readers within their reach (the evaluation statistics' scope: the school, the
 * departments and teachers they supervise, or their own); to anyone else (and another school) it
 * does not exist. Opened from the class being patrolled or evaluated, a plan is cited once per
 * person and class.
 */
import type { z } from 'zod';
import {
  addDays,
  IDENTITY,
  LESSON_PLAN_SCORE_BANDS,
  lessonPlanLevelOf,
  nextAppealStatus,
  scoreForm,
  formatHm,
  LESSON_PLAN_CONTENT_TYPES,
  lessonPlanFileContext,
  lessonPlanWindowRefusal,
  mondayOf,
  UPLOAD_LIMITS,
  withinDailyWindow,
  zonedClock,
  type TLessonPlanCollection,
  type TLessonPlanDue,
  type TLessonPlanAction,
  type TLessonPlanAppeal,
  type TLessonPlanStatistics,
  type TMyLessonPlanDues,
  type TPlanEvaluationForm,
  type TPlanFile,
  type TTemplateContent,
  type ZChangePlanRequest,
  type ZCreateLessonPlanCollectionRequest,
  type ZEvaluatePlanRequest,
  type ZHandleLessonPlanAppealRequest,
  type ZLessonPlanAppealRequest,
  type ZPlanEvaluationListRequest,
  type ZPlanFileQuery,
  type ZSubmitPlanRequest,
} from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { inSchoolNotifying } from '../notifications/notify.ts';
import { sizeText } from '../files/files.service.ts';
import { writeWorkbook } from '../imports/xlsx.ts';
import { reachOf } from '../statistics/statistics.service.ts';
import { findingFields, keepKnown } from '../evaluations/evaluations.service.ts';
import { usableVersion } from '../plans/plans.service.ts';
import { templateOptions as publishedTemplates } from '../templates/templates.service.ts';
import { versionById } from '../templates/templates.repo.ts';
import { findSoffice, initialPreview } from './preview.ts';
import * as repo from './lesson-plans.repo.ts';

export const MANAGE = 'lessonPlanManagement';
export const EVALUATE = 'lessonPlanEvaluation';
export const STATISTICS = 'lessonPlanStatistics';
export const PREVIEW_JOB = 'lessonPlans.preview';

const today = (ctx: MemberCtx) => zonedClock(ctx.deps.now(), ctx.deps.config.schoolTimezone).date;
/** A moment as the school's wall clock reads it ('YYYY-MM-DD HH:mm'), for texts that carry it. */
const schoolTime = (ctx: MemberCtx, iso: string) => {
  const c = zonedClock(new Date(iso), ctx.deps.config.schoolTimezone);
  return `${c.date} ${formatHm(c.minute)}`;
};
const clock = (m: number | null) => (m === null ? null : formatHm(m));

async function windowsOf(tx: Tx) {
  const s = await repo.planSettings(tx);
  return { upload: { start: clock(s.us), end: clock(s.ue) }, modify: { start: clock(s.ms), end: clock(s.me) }, retention: s.retention };
}

/** Refuses the action outside the school's daily window, naming the window (spec section 6). */
function assertWindow(ctx: MemberCtx, action: TLessonPlanAction, w: Awaited<ReturnType<typeof windowsOf>>) {
  const closed = lessonPlanWindowRefusal(action, ctx.deps.now(), w, ctx.deps.config.schoolTimezone);
  if (closed) throw new AppError(action === 'upload' ? 'lessonPlan.uploadClosed' : 'lessonPlan.modifyClosed', { start: closed.start ?? '', end: closed.end ?? '' });
}

// ---------------------------------------------------------------- collections

type TemplateCols = { templateVersionId: string | null; templateName: string | null; templateVersion: number | null; templateTotal: number | null };
const templateRef = (r: TemplateCols) => (r.templateVersionId
  ? { templateVersionId: r.templateVersionId, name: r.templateName ?? '', version: r.templateVersion ?? 0, totalScore: r.templateTotal ?? 0 }
  : null);

const presentCollection = (r: repo.CollectionRow): TLessonPlanCollection => ({
  collectionId: r.collectionId, name: r.name, type: r.type, deadline: r.deadline, description: r.description, targetKind: r.targetKind,
  creator: { userId: r.creatorId, name: r.creatorName }, releasedAt: r.releasedAt, template: templateRef(r),
  due: r.due, handedIn: r.handedIn, late: r.late, evaluated: r.evaluated,
});

/** Releases a collection: one plan due for every course the targets reach (this semester's, for teachers and departments). */
export async function releaseCollection(ctx: MemberCtx, input: z.output<typeof ZCreateLessonPlanCollectionRequest>): Promise<TLessonPlanCollection> {
  const id = await inSchool(ctx, async (tx) => {
    const reached = await repo.coursesOfTargets(tx, input.targetKind, [...new Set(input.targetIds)], today(ctx));
    if (!reached.length) throw new AppError('lessonPlan.noTargets');
    // The template's current published version is pinned, as a supervision plan pins it: later edits never change a collection's form.
    const templateVersionId = input.templateId ? await usableVersion(tx, input.templateId) : null;
    const collectionId = await repo.insertCollection(tx, {
      templateVersionId,
      schoolId: ctx.auth.schoolId, name: input.name, type: input.type, deadline: new Date(input.deadline), description: input.description,
      targetKind: input.targetKind, creatorId: ctx.auth.accountId, releasedAt: ctx.deps.now(),
    });
    await repo.insertDues(tx, reached.map((c) => ({ schoolId: ctx.auth.schoolId, collectionId, courseId: c.courseId, teacherId: c.teacherId })));
    return collectionId;
  });
  return getCollection(ctx, id);
}

/** Managers and statistics readers see every collection and the hand-in figures; anyone else is refused. */
function assertOverview(ctx: MemberCtx) {
  if (![MANAGE, STATISTICS].some((p) => ctx.auth.permissions.includes(p))) throw new AppError('auth.forbidden');
}

/** Published evaluation templates a collection may be graded with (the release form's choices). */
export const templateChoices = (ctx: MemberCtx) => publishedTemplates(ctx);

/** Whom a collection may be released to (the release form's choices). */
export const targetOptions = (ctx: MemberCtx) => inSchool(ctx, (tx) => repo.targetOptions(tx, today(ctx)));

/** The collections, their figures counting the dues within the reader's reach. */
export async function listCollections(ctx: MemberCtx) {
  assertOverview(ctx);
  return (await inSchool(ctx, async (tx) => repo.collections(tx, await reachOf(tx, ctx)))).map(presentCollection);
}

async function getCollection(ctx: MemberCtx, collectionId: string) {
  const [row] = await inSchool(ctx, async (tx) => repo.collections(tx, await reachOf(tx, ctx), collectionId));
  if (!row) throw new AppError('common.notFound');
  return presentCollection(row);
}

/** Withdraws a collection with its dues and plans (their uploaded files stay the teachers' until swept with them). */
export async function deleteCollection(ctx: MemberCtx, collectionId: string) {
  const gone = await inSchool(ctx, (tx) => repo.deleteCollection(tx, collectionId));
  if (!gone) throw new AppError('common.notFound');
}

// ---------------------------------------------------------------- reading plans

function presentFile(f: repo.PlanFileRow): TPlanFile {
  return {
    fileId: f.fileId ?? f.rowId, name: f.name, size: f.size, contentType: f.contentType, addedIn: f.addedIn, removedIn: f.removedIn,
    preview: f.preview, expired: f.fileId === null,
  };
}

function presentAppeal(r: repo.DueRow): TLessonPlanAppeal | null {
  if (!r.appealId) return null;
  return {
    appealId: r.appealId, status: r.appealStatus!, reason: r.appealReason!, level: r.appealLevel!, levelAfter: r.appealLevelAfter, opinion: r.appealOpinion,
    score: r.appealScore, scoreAfter: r.appealScoreAfter,
    handler: r.appealHandlerId ? { userId: r.appealHandlerId, name: r.appealHandlerName ?? '' } : null, createdAt: r.appealCreatedAt!, handledAt: r.appealHandledAt,
  };
}

async function present(tx: Tx, rows: repo.DueRow[]): Promise<TLessonPlanDue[]> {
  const files = await repo.planFiles(tx, rows.flatMap((r) => (r.planId ? [r.planId] : [])));
  return rows.map((r) => ({
    dueId: r.dueId,
    collection: { collectionId: r.collectionId, name: r.collectionName, type: r.type, deadline: r.deadline, description: r.description, template: templateRef(r) },
    course: { courseId: r.courseId, name: r.courseName, code: r.courseCode, teachingClass: r.teachingClass },
    teacher: { userId: r.teacherId, name: r.teacherName, department: r.department },
    plan: r.planId ? {
      planId: r.planId, version: r.version!, submittedAt: r.submittedAt!, updatedAt: r.updatedAt!, late: r.late!, timesCited: r.timesCited!,
      level: r.level, score: r.score, comment: r.comment, evaluator: r.evaluatorId ? { userId: r.evaluatorId, name: r.evaluatorName ?? '' } : null, evaluatedAt: r.evaluatedAt,
      appeal: presentAppeal(r),
      files: files.filter((f) => f.planId === r.planId).map(presentFile),
    } : null,
  }));
}

/** My dues (every plan asked of me, handed in or not), or only the graded ones, with the windows now. */
export async function myDues(ctx: MemberCtx, tab: 'all' | 'evaluated'): Promise<TMyLessonPlanDues> {
  return inSchool(ctx, async (tx) => {
    const list = await present(tx, await repo.dues(tx, { teacherId: ctx.auth.accountId, evaluatedOnly: tab === 'evaluated' }));
    const w = await windowsOf(tx);
    const now = ctx.deps.now();
    const tz = ctx.deps.config.schoolTimezone;
    return {
      list,
      windows: {
        upload: { ...w.upload, open: withinDailyWindow(now, w.upload.start, w.upload.end, tz) },
        modify: { ...w.modify, open: withinDailyWindow(now, w.modify.start, w.modify.end, tz) },
      },
      retention: w.retention,
    };
  });
}

const mayReadAll = (ctx: MemberCtx) => [MANAGE, EVALUATE, STATISTICS].some((p) => ctx.auth.permissions.includes(p));

/**
 * One due as its reader may see it: its teacher, or a manager, evaluator or statistics reader whose
 * reach holds the course; else not found.
 */
async function readableDue(tx: Tx, ctx: MemberCtx, filter: { dueId: string } | { planId: string } | { appealId: string }) {
  const [row] = await repo.dues(tx, filter);
  if (!row) throw new AppError('common.notFound');
  if (row.teacherId === ctx.auth.accountId) return row;
  if (!mayReadAll(ctx) || !(await repo.dueReached(tx, row.dueId, await reachOf(tx, ctx)))) throw new AppError('common.notFound');
  return row;
}

// ---------------------------------------------------------------- handing in and changing

/**
 * The uploaded files a plan may take: the teacher's own, uploaded for this due (its upload context),
 * not yet taken, and by their content PPT, PDF, Word or Excel.
 */
async function takeFiles(tx: Tx, ctx: MemberCtx, dueId: string, fileIds: string[]) {
  const ids = [...new Set(fileIds)];
  const rows = await repo.uploadedFiles(tx, ids);
  const context = lessonPlanFileContext(dueId);
  const ok = rows.filter((f) => f.ownerId === ctx.auth.accountId && f.context === context && f.attachedAt === null
    && (LESSON_PLAN_CONTENT_TYPES as readonly string[]).includes(f.contentType));
  if (ok.length !== ids.length) throw new AppError('lessonPlan.badFile');
  return ok;
}

function fileRows(ctx: MemberCtx, planId: string, files: Awaited<ReturnType<typeof takeFiles>>, version: number) {
  const soffice = findSoffice(ctx.deps.config.lessonPlans.soffice);
  return files.map((f) => ({
    schoolId: ctx.auth.schoolId, planId, fileId: f.id, name: f.name, size: f.size, contentType: f.contentType, addedIn: version,
    preview: initialPreview(f.contentType, f.size, { soffice, maxBytes: ctx.deps.config.lessonPlans.previewMaxBytes }), createdAt: ctx.deps.now(),
  }));
}

async function enqueuePreviews(tx: Tx, ctx: MemberCtx, planId: string) {
  for (const f of await repo.planFiles(tx, [planId])) {
    if (f.preview === 'pending' && f.previewKey === null && f.removedIn === null) {
      await ctx.deps.jobs.enqueue(tx, { schoolId: ctx.auth.schoolId, kind: PREVIEW_JOB, payload: { rowId: f.rowId }, createdBy: ctx.auth.accountId });
    }
  }
}

/** Hands in the plan of one of my dues (upload window), late when past the deadline. */
export async function submitPlan(ctx: MemberCtx, input: z.output<typeof ZSubmitPlanRequest>): Promise<TLessonPlanDue> {
  const handedIn = await inSchool(ctx, async (tx) => {
    const due = await readableDue(tx, ctx, { dueId: input.dueId });
    if (due.teacherId !== ctx.auth.accountId) throw new AppError('common.notFound');
    if (due.planId) throw new AppError('lessonPlan.alreadySubmitted');
    assertWindow(ctx, 'upload', await windowsOf(tx));
    const files = await takeFiles(tx, ctx, due.dueId, input.fileIds);
    const now = ctx.deps.now();
    const planId = await repo.insertPlan(tx, {
      schoolId: ctx.auth.schoolId, dueId: due.dueId, teacherId: ctx.auth.accountId, version: 1, submittedAt: now, updatedAt: now,
      late: now.getTime() > new Date(due.deadline).getTime(),
    });
    if (!planId) throw new AppError('lessonPlan.alreadySubmitted');
    await repo.insertPlanFiles(tx, fileRows(ctx, planId, files, 1));
    await repo.markAttached(tx, files.map((f) => f.id), now);
    await enqueuePreviews(tx, ctx, planId);
    return (await present(tx, await repo.dues(tx, { dueId: due.dueId })))[0]!;
  });
  // Conversions wait for the commit: the worker is woken after it.
  ctx.deps.jobs.wake();
  return handedIn;
}

/** Adds and removes files of my plan (modification window): a new version; the plan keeps 1-10 current files. */
export async function changePlan(ctx: MemberCtx, input: z.output<typeof ZChangePlanRequest>): Promise<TLessonPlanDue> {
  const changed = await inSchool(ctx, async (tx) => {
    const due = await readableDue(tx, ctx, { planId: input.planId });
    if (due.teacherId !== ctx.auth.accountId) throw new AppError('common.notFound');
    if (!input.addFileIds.length && !input.removeFileIds.length) throw new AppError('lessonPlan.nothingChanged');
    assertWindow(ctx, 'modify', await windowsOf(tx));
    const current = (await repo.planFiles(tx, [input.planId])).filter((f) => f.removedIn === null && f.fileId);
    const removing = [...new Set(input.removeFileIds)];
    if (removing.some((id) => !current.some((f) => f.fileId === id))) throw new AppError('lessonPlan.badFile');
    const adding = input.addFileIds.length ? await takeFiles(tx, ctx, due.dueId, input.addFileIds) : [];
    const left = current.length - removing.length + adding.length;
    if (left < 1) throw new AppError('lessonPlan.noFiles');
    if (left > UPLOAD_LIMITS.attachments) throw new AppError('lessonPlan.tooManyFiles', { max: UPLOAD_LIMITS.attachments });
    const version = due.version! + 1;
    if (!(await repo.bumpVersion(tx, input.planId, due.version!, ctx.deps.now()))) throw new AppError('lessonPlan.changedMeanwhile');
    await repo.removeFiles(tx, input.planId, removing, version);
    await repo.insertPlanFiles(tx, fileRows(ctx, input.planId, adding, version));
    await repo.markAttached(tx, adding.map((f) => f.id), ctx.deps.now());
    await enqueuePreviews(tx, ctx, input.planId);
    return (await present(tx, await repo.dues(tx, { dueId: due.dueId })))[0]!;
  });
  ctx.deps.jobs.wake();
  return changed;
}

// ---------------------------------------------------------------- evaluation

/** Handed-in plans of courses with a class today, this week (Monday to Sunday), or all; graded or not. */
export async function evaluationList(ctx: MemberCtx, q: z.output<typeof ZPlanEvaluationListRequest>) {
  const day = today(ctx);
  const [from, to] = q.range === 'today' ? [day, day] : q.range === 'week' ? [mondayOf(day), addDays(mondayOf(day), 6)] : [null, null];
  return inSchool(ctx, async (tx) => present(tx, await repo.dues(tx, { handedIn: true, classFrom: from, classTo: to, evaluated: q.evaluated }, await reachOf(tx, ctx))));
}

/**
 * The plans handed in for the course of the class being patrolled or evaluated, for a reader of
 * plans whose reach holds the course; another school's class, or one out of reach, is not found.
 */
export async function classPlans(ctx: MemberCtx, courseSessionId: string): Promise<TLessonPlanDue[]> {
  if (!mayReadAll(ctx)) throw new AppError('auth.forbidden');
  return inSchool(ctx, async (tx) => {
    const courseId = await repo.sessionCourse(tx, courseSessionId);
    if (!courseId) throw new AppError('common.notFound');
    const reach = await reachOf(tx, ctx);
    if (reach.kind !== 'school' && !(await repo.courseReached(tx, courseId, reach))) throw new AppError('common.notFound');
    return present(tx, await repo.dues(tx, { courseId, handedIn: true }, reach));
  });
}

/** The template version a collection is graded with, with its content (a published version never changes). */
async function collectionTemplate(tx: Tx, due: repo.DueRow) {
  if (!due.templateVersionId) return null;
  const v = await versionById(tx, due.templateVersionId);
  if (!v) throw new AppError('common.notFound');
  return { ref: templateRef(due)!, content: v.content as TTemplateContent };
}

/**
 * The grade a request gives: a level for a collection without a template; for one with a template,
 * the filled template of the version the collection uses (anything else is a mismatch), every
 * question answered within its range (the templates' scoring rules), and the level of its score's band.
 */
async function gradeOf(ctx: MemberCtx, tx: Tx, due: repo.DueRow, input: z.output<typeof ZEvaluatePlanRequest>) {
  const template = await collectionTemplate(tx, due);
  if (!template) {
    if (input.answers !== undefined || input.templateVersionId !== undefined) throw new AppError('lessonPlan.templateMismatch');
    if (input.level === undefined) throw new AppError('lessonPlan.levelRequired');
    return { level: input.level, answers: null, score: null };
  }
  if (input.templateVersionId !== template.ref.templateVersionId || input.answers === undefined || input.level !== undefined) {
    throw new AppError('lessonPlan.templateMismatch');
  }
  const answers = keepKnown(template.content, input.answers);
  const scored = scoreForm(template.content, answers, true);
  const [first] = scored.errors;
  if (first) throw new AppError(first.key, first.params, findingFields(ctx, template.content, scored.errors));
  return { level: lessonPlanLevelOf(scored.total, scored.full), answers, score: scored.total };
}

/**
 * Grades a plan: 1-4 with a comment, or by filling its collection's template (the level follows from
 * the score); a later grade replaces it; never one's own; the teacher is told.
 */
export async function evaluatePlan(ctx: MemberCtx, input: z.output<typeof ZEvaluatePlanRequest>): Promise<TLessonPlanDue> {
  return inSchoolNotifying(ctx, async (tx, notify) => {
    const due = await readableDue(tx, ctx, { planId: input.planId });
    if (due.teacherId === ctx.auth.accountId) throw new AppError('lessonPlan.ownPlan');
    const g = await gradeOf(ctx, tx, due, input);
    await repo.grade(tx, input.planId, { ...g, comment: input.comment || null, evaluatorId: ctx.auth.accountId, at: ctx.deps.now() });
    await notify([{ recipientId: due.teacherId, kind: 'lessonPlan.evaluated', params: { collection: due.collectionName, course: due.courseName, level: g.level }, link: '/lessonPlan?tab=evaluated' }]);
    return (await present(tx, await repo.dues(tx, { dueId: due.dueId })))[0]!;
  });
}

/**
 * A plan's evaluation form: the template its collection is graded with and, once graded, the answers.
 * For the grader and for the teacher (who sees the filled form); a collection without a template has none.
 */
export async function evaluationForm(ctx: MemberCtx, planId: string): Promise<TPlanEvaluationForm> {
  return inSchool(ctx, async (tx) => {
    const due = await readableDue(tx, ctx, { planId });
    const template = await collectionTemplate(tx, due);
    if (!template) throw new AppError('lessonPlan.templateMismatch');
    return {
      template: { ...template.ref, content: template.content },
      answers: due.score === null ? null : await repo.planAnswers(tx, planId),
      score: due.score,
      bands: LESSON_PLAN_SCORE_BANDS.map((b) => ({ ...b })),
    };
  });
}

// ---------------------------------------------------------------- appeals of a grade

/** I appeal the grade of my plan, once, with a reason; its grader is told. */
export async function appealGrade(ctx: MemberCtx, input: z.output<typeof ZLessonPlanAppealRequest>): Promise<TLessonPlanDue> {
  return inSchoolNotifying(ctx, async (tx, notify) => {
    const due = await readableDue(tx, ctx, { planId: input.planId });
    if (due.teacherId !== ctx.auth.accountId) throw new AppError('common.notFound');
    if (due.level === null) throw new AppError('lessonPlan.notGraded');
    if (due.appealId) throw new AppError('lessonPlan.appealOnce');
    const appealId = await repo.insertAppeal(tx, {
      schoolId: ctx.auth.schoolId, planId: input.planId, teacherId: ctx.auth.accountId, reason: input.reason, level: due.level, score: due.score, createdAt: ctx.deps.now(),
    });
    if (!appealId) throw new AppError('lessonPlan.appealOnce');
    if (due.evaluatorId) {
      await notify([{ recipientId: due.evaluatorId, kind: 'lessonPlan.appealed', params: { teacher: due.teacherName, collection: due.collectionName, course: due.courseName, level: due.level }, link: '/lessonPlanEvaluation?range=all' }]);
    }
    return (await present(tx, await repo.dues(tx, { dueId: due.dueId })))[0]!;
  });
}

/**
 * What accepting an appeal gives the plan: a new level; for a template-graded plan a new score from 0
 * to the template's full marks, whose band gives the level.
 */
function acceptedGrade(due: repo.DueRow, input: z.output<typeof ZHandleLessonPlanAppealRequest>) {
  if (input.action !== 'accept') return { levelAfter: null, scoreAfter: null };
  if (due.appealScore === null) {
    if (input.scoreAfter !== undefined) throw new AppError('lessonPlan.templateMismatch');
    if (input.levelAfter === undefined) throw new AppError('lessonPlan.levelRequired');
    return { levelAfter: input.levelAfter, scoreAfter: null };
  }
  const full = due.templateTotal ?? 0;
  if (input.levelAfter !== undefined) throw new AppError('lessonPlan.templateMismatch');
  if (input.scoreAfter === undefined) throw new AppError('lessonPlan.scoreRequired', { max: full });
  if (input.scoreAfter < 0 || input.scoreAfter > full) throw new AppError('lessonPlan.scoreOutOfRange', { min: 0, max: full });
  const scoreAfter = Math.round(input.scoreAfter * 100) / 100;
  return { levelAfter: lessonPlanLevelOf(scoreAfter, full), scoreAfter };
}

/**
 * The plan's grader, or an administrator, accepts an appeal with a new level or, template-graded, a
 * new score (the plan takes it) or rejects it with a reason; the teacher is told. A pending appeal
 * only (the appeals' transitions).
 */
export async function handleAppeal(ctx: MemberCtx, input: z.output<typeof ZHandleLessonPlanAppealRequest>): Promise<TLessonPlanDue> {
  return inSchoolNotifying(ctx, async (tx, notify) => {
    const due = await readableDue(tx, ctx, { appealId: input.appealId });
    if (due.evaluatorId !== ctx.auth.accountId && ctx.auth.identity !== IDENTITY.admin) throw new AppError('lessonPlan.notAppealHandler');
    const status = nextAppealStatus(due.appealStatus!, input.action === 'accept' ? 'resolve' : 'unresolve');
    if (status !== 'resolved' && status !== 'unresolved') throw new AppError('lessonPlan.appealHandled');
    const { levelAfter, scoreAfter } = acceptedGrade(due, input);
    const decided = await repo.decideAppeal(tx, input.appealId, { status, levelAfter, scoreAfter, opinion: input.opinion || null, handlerId: ctx.auth.accountId, at: ctx.deps.now() });
    if (!decided) throw new AppError('lessonPlan.appealHandled');
    if (levelAfter !== null) await repo.setLevel(tx, due.planId!, levelAfter, scoreAfter);
    await notify([{
      recipientId: due.teacherId,
      kind: status === 'resolved' ? 'lessonPlan.appealResolved' : 'lessonPlan.appealUnresolved',
      params: { collection: due.collectionName, course: due.courseName, level: due.appealLevel, levelAfter, reason: input.opinion || null },
      link: '/lessonPlan?tab=evaluated',
    }]);
    return (await present(tx, await repo.dues(tx, { dueId: due.dueId })))[0]!;
  });
}

// ---------------------------------------------------------------- opening a file

const NO_PREVIEW = { noConverter: 'lessonPlan.previewNoConverter', pending: 'lessonPlan.previewPending', failed: 'lessonPlan.previewFailed', ready: 'lessonPlan.previewPending' } as const;

/**
 * A plan's file for its reader: the upload as it is (download), or its preview (the PDF itself, or
 * its converted PDF). Opened by someone else from patrol or an evaluation, the plan counts a citation.
 */
export async function openPlanFile(ctx: MemberCtx, q: z.output<typeof ZPlanFileQuery>) {
  const { file, due } = await inSchool(ctx, async (tx) => {
    const d = await readableDue(tx, ctx, { planId: q.planId });
    const f = (await repo.planFiles(tx, [q.planId])).find((x) => x.fileId === q.fileId || (x.fileId === null && x.rowId === q.fileId));
    if (!f) throw new AppError('common.notFound');
    // A citation is an opening in a class of the plan's course, by someone else: once per person, plan and class.
    if (d.teacherId !== ctx.auth.accountId && q.from !== 'list' && q.courseSessionId && (await repo.sessionCourse(tx, q.courseSessionId)) === d.courseId) {
      await repo.cite(tx, { schoolId: ctx.auth.schoolId, planId: d.planId!, accountId: ctx.auth.accountId, courseSessionId: q.courseSessionId, source: q.from, createdAt: ctx.deps.now() });
    }
    return { file: f, due: d };
  });
  if (!file.storageKey) throw new AppError('lessonPlan.fileExpired');
  let key = file.storageKey;
  let contentType = file.contentType;
  let name = file.name;
  if (q.mode === 'preview') {
    if (file.preview === 'ready' && file.previewKey) {
      key = file.previewKey;
      contentType = 'application/pdf';
      name = `${file.name.replace(/\.[^.]+$/, '')}.pdf`;
    } else if (file.preview !== 'pdf') {
      throw file.preview === 'tooLarge'
        ? new AppError('lessonPlan.previewTooLarge', { limit: sizeText(ctx.deps.config.lessonPlans.previewMaxBytes) })
        : new AppError(NO_PREVIEW[file.preview]);
    }
  }
  const obj = await ctx.deps.storage.open(key);
  if (!obj) throw new AppError('common.notFound');
  return { ...obj, contentType, name, inline: q.mode === 'preview', teacherId: due.teacherId };
}

// ---------------------------------------------------------------- statistics, reminders

const withMissing = (r: repo.CountRow) => ({ due: r.due, handedIn: r.handedIn, late: r.late, missing: r.due - r.handedIn, evaluated: r.evaluated });

export async function statistics(ctx: MemberCtx, collectionId?: string): Promise<TLessonPlanStatistics> {
  assertOverview(ctx);
  return inSchool(ctx, async (tx) => {
    const reach = await reachOf(tx, ctx);
    const byDepartment = await repo.countsBy(tx, 'department', reach, collectionId);
    const byTeacher = await repo.countsBy(tx, 'teacher', reach, collectionId);
    const levels = await repo.levelCounts(tx, reach, collectionId);
    const sum = (k: 'due' | 'handedIn' | 'late' | 'evaluated') => byTeacher.reduce((n, r) => n + r[k], 0);
    return {
      totals: { due: sum('due'), handedIn: sum('handedIn'), late: sum('late'), missing: sum('due') - sum('handedIn'), evaluated: sum('evaluated') },
      byDepartment: byDepartment.map((r) => ({ orgUnitId: r.key, name: r.name, ...withMissing(r) })),
      byTeacher: byTeacher.map((r) => ({ teacherId: r.key!, name: r.name ?? '', account: r.account ?? '', department: r.department, ...withMissing(r) })),
      levels: [1, 2, 3, 4].map((level) => ({ level, count: levels.find((l) => l.level === level)?.n ?? 0 })),
    };
  });
}

/** Reminds every teacher within the reader's reach who still owes plans of a collection (one notification each). */
export async function remind(ctx: MemberCtx, collectionId: string) {
  const c = await getCollection(ctx, collectionId);
  return inSchoolNotifying(ctx, async (tx, notify) => {
    const missing = await repo.missingTeachers(tx, collectionId, await reachOf(tx, ctx));
    await notify(missing.map((m) => ({ recipientId: m.teacherId, kind: 'lessonPlan.reminder' as const, params: { collection: c.name, count: m.n, deadline: schoolTime(ctx, c.deadline) }, link: '/lessonPlan' })));
    return { reminded: missing.length };
  });
}

const EXPORT_TEXT = {
  zh: { file: '教案提交统计', teachers: '教师', departments: '院系', header: ['姓名', '账号', '院系', '应交', '已交', '迟交', '未交', '已评价', '提交率'], unit: ['院系', '应交', '已交', '迟交', '未交', '已评价', '提交率'], none: '未分配' },
  en: { file: 'lesson-plan-hand-ins', teachers: 'Teachers', departments: 'Departments', header: ['Name', 'Account', 'Department', 'Due', 'Handed in', 'Late', 'Missing', 'Evaluated', 'Hand-in rate'], unit: ['Department', 'Due', 'Handed in', 'Late', 'Missing', 'Evaluated', 'Hand-in rate'], none: 'None' },
  ja: { file: '教案提出統計', teachers: '教員', departments: '学部・学科', header: ['氏名', 'アカウント', '学部・学科', '提出対象', '提出済み', '遅延', '未提出', '評価済み', '提出率'], unit: ['学部・学科', '提出対象', '提出済み', '遅延', '未提出', '評価済み', '提出率'], none: 'なし' },
} as const;

const rate = (handedIn: number, due: number) => (due ? `${Math.round((handedIn / due) * 1000) / 10}%` : '-');

/** The hand-in statistics as an Excel workbook: a sheet per teacher and one per department. */
export async function exportStatistics(ctx: MemberCtx, collectionId?: string) {
  const text = EXPORT_TEXT[ctx.lang];
  const s = await statistics(ctx, collectionId);
  const data = await writeWorkbook([
    {
      name: text.teachers,
      header: [...text.header],
      rows: s.byTeacher.map((r) => [r.name, r.account, r.department ?? text.none, r.due, r.handedIn, r.late, r.missing, r.evaluated, rate(r.handedIn, r.due)]),
      widths: [14, 14, 20, 8, 10, 8, 8, 10, 12],
    },
    {
      name: text.departments,
      header: [...text.unit],
      rows: s.byDepartment.map((r) => [r.name ?? text.none, r.due, r.handedIn, r.late, r.missing, r.evaluated, rate(r.handedIn, r.due)]),
      widths: [20, 8, 10, 8, 8, 10, 12],
    },
  ]);
  return { data, fileName: `${text.file}-${today(ctx)}.xlsx` };
}
