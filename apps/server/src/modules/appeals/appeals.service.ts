/**
 * Appeals (issue 6): the class's teacher appeals the score of a submitted evaluation they may see,
 * with a reason and up to 10 images of their own; a handler (appeal:handle) resolves it with the
 * score after appeal or marks it not to be resolved; the teacher may withdraw it while pending and
 * hide closed ones from their list. Who reads an appeal: its teacher (never the evaluator of an
 * anonymous evaluation), the evaluator, and handlers; anyone else, and another school: not found.
 * The new appeal and its withdrawal are told to the evaluator; the decision to the teacher and the
 * evaluator. Handlers find pending appeals on /Evaluate/Appeal, pending first, rather than by a
 * notification to each of them.
 */
import type { z } from 'zod';
import {
  nextAppealStatus,
  UPLOAD_LIMITS,
  type TAppeal,
  type TAppealRow,
  type ZAppealListRequest,
  type ZHandleAppealRequest,
  type ZCreateAppealRequest,
} from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { page } from '../../platform/sql-rows.ts';
import { presentClass, sessionClock } from '../evaluations/evaluated-class.ts';
import { fileUrl } from '../files/files.service.ts';
import { inSchoolNotifying, type TNotifyItem } from '../notifications/notify.ts';
import * as repo from './appeals.repo.ts';
import type { AppealList, AppealRow } from './appeals.repo.ts';

/** Who may read every appeal of the school, and who may decide one. */
const HANDLERS = 'EvaluateAppeal';
const HANDLE = 'appeal:handle';
const detailLink = (id: string) => `/Appeal/Detail?appealId=${id}`;

/** The database's name for the constraint a statement broke, whichever driver wrapped it. */
function brokenConstraint(e: unknown): string | null {
  for (let cur = e as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; cur; cur = cur.cause as typeof cur) {
    if (cur.code === '23505') return typeof cur.constraint === 'string' ? cur.constraint : '';
  }
  return null;
}

// ---------------------------------------------------------------- reading

const presentRow = (r: AppealRow, times: Awaited<ReturnType<typeof sessionClock>>): TAppealRow => ({
  appealId: r.appealId,
  status: r.status,
  evaluationId: r.evaluationId,
  evaluationKind: r.evaluationKind,
  planName: r.planName,
  class: presentClass(r, times),
  teacher: { userId: r.teacherId, name: r.teacherName, account: r.teacherAccount },
  evaluator: r.evaluatorShownId ? { userId: r.evaluatorShownId, name: r.evaluatorName ?? '', account: r.evaluatorAccount ?? '' } : null,
  anonymous: r.anonymous,
  score: r.score,
  fullScore: r.fullScore,
  scoreAfter: r.scoreAfter,
  reason: r.reason,
  imageCount: r.imageCount,
  createdAt: r.createdAt,
  handledAt: r.handledAt,
});

type ListQuery = z.output<typeof ZAppealListRequest>;

async function listPage(ctx: MemberCtx, list: AppealList, q: ListQuery) {
  return inSchool(ctx, async (tx) => {
    const rows = await repo.appealPage(tx, ctx.auth.accountId, list, q);
    const times = await sessionClock(tx);
    let total = rows[0]?.total ?? 0;
    // Past the last page no row carries the window count.
    if (!rows.length && q.pageNum > 1) total = await repo.appealCount(tx, list, q);
    return page(rows.map((r) => presentRow(r, times)), total, q);
  });
}

/** My appeals (not deleted from my list), newest first; the course, its code or the plan as keyword. */
export async function myAppeals(ctx: MemberCtx, q: ListQuery) {
  return listPage(ctx, { teacherId: ctx.auth.accountId }, q);
}

/** Every appeal of the school for handlers (deleted ones too: the record stays), pending first, then newest. */
export async function allAppeals(ctx: MemberCtx, q: ListQuery) {
  return listPage(ctx, 'school', q);
}

async function readAppeal(ctx: MemberCtx, tx: Tx, appealId: string): Promise<TAppeal> {
  const me = ctx.auth.accountId;
  const r = await repo.appealDetailRow(tx, me, appealId);
  if (!r) throw new AppError('common.notFound');
  const teacher = r.teacherId === me;
  const handler = ctx.auth.permissions.includes(HANDLERS);
  if (!teacher && !handler && r.evaluatorId !== me) throw new AppError('common.notFound');
  const images = await repo.appealImages(tx, appealId);
  const times = await sessionClock(tx);
  const mayHandle = ctx.auth.permissions.includes(HANDLE) && nextAppealStatus(r.status, 'resolve') !== null;
  const conflict = r.evaluatorId === me || teacher;
  return {
    ...presentRow(r, times),
    opinion: r.opinion,
    handler: r.handlerId ? { userId: r.handlerId, name: r.handlerName ?? '', account: r.handlerAccount ?? '' } : null,
    images: images.map((i) => ({ fileId: i.fileId, name: i.name, size: i.size, url: fileUrl(i.fileId) })),
    withdrawnAt: r.withdrawnAt,
    canWithdraw: teacher && nextAppealStatus(r.status, 'withdraw') !== null,
    canDelete: teacher && r.deletedAt === null && nextAppealStatus(r.status, 'delete') !== null,
    canHandle: mayHandle && !conflict,
    conflictOfInterest: mayHandle && conflict,
  };
}

export const appealDetail = (ctx: MemberCtx, appealId: string) => inSchool(ctx, (tx) => readAppeal(ctx, tx, appealId));

// ---------------------------------------------------------------- the teacher

/** Appeals a submitted evaluation of my class that I may see; one pending appeal per evaluation. */
export async function createAppeal(ctx: MemberCtx, input: z.output<typeof ZCreateAppealRequest>) {
  const me = ctx.auth.accountId;
  // The contract says so too; this holds for callers that bypass it (and the database holds positions 0-9 only).
  if (input.imageIds.length > UPLOAD_LIMITS.appealImages) throw new AppError('appeal.tooManyImages', { max: UPLOAD_LIMITS.appealImages });
  const imageIds = [...new Set(input.imageIds)];
  if (imageIds.length !== input.imageIds.length) throw new AppError('appeal.badImage');
  try {
    return await inSchoolNotifying(ctx, async (tx, notify) => {
      const e = await repo.evaluationToAppeal(tx, input.evaluationId);
      if (!e || e.teacherId !== me) throw new AppError('common.notFound');
      if (e.status !== 'submitted' || e.totalScore == null || (e.planId !== null && e.teacherCanView !== true)) throw new AppError('appeal.notAppealable');
      if (await repo.hasPendingAppeal(tx, input.evaluationId)) throw new AppError('appeal.pendingExists');
      if (imageIds.length) {
        const usable = await repo.usableImageIds(tx, me, imageIds);
        if (usable.length !== imageIds.length) throw new AppError('appeal.badImage');
      }
      const appealId = await repo.insertAppeal(tx, ctx.auth.schoolId, { evaluationId: input.evaluationId, teacherId: me, reason: input.reason, score: e.totalScore }, ctx.deps.now());
      if (imageIds.length) {
        await repo.insertAppealImages(tx, ctx.auth.schoolId, appealId, imageIds);
        // Taken: the images now follow the appeal (readers, no clean-up; docs/decisions/0012).
        await repo.markFilesAttached(tx, imageIds, ctx.deps.now());
      }
      await notify([{ recipientId: e.evaluatorId, kind: 'appeal.new', params: { course: e.courseName, date: e.lessonDate, teacher: e.teacherName }, link: detailLink(appealId) }]);
      return { appealId };
    });
  } catch (err) {
    // The checks above lose only to a concurrent appeal of the same evaluation or use of the same image.
    const hit = brokenConstraint(err);
    if (hit === 'appeals_pending_uq') throw new AppError('appeal.pendingExists');
    if (hit === 'appeal_images_file_uq' || hit === 'appeal_images_school_id_appeal_id_position_pk') throw new AppError('appeal.badImage');
    throw err;
  }
}

/** Withdraws my pending appeal (guarded by the status: a decision made meanwhile wins). */
export async function withdrawAppeal(ctx: MemberCtx, appealId: string) {
  const me = ctx.auth.accountId;
  return inSchoolNotifying(ctx, async (tx, notify) => {
    const a = await repo.teachersAppeal(tx, appealId, me);
    if (!a) throw new AppError('common.notFound');
    if (nextAppealStatus(a.status, 'withdraw') !== 'revoked') throw new AppError('appeal.badTransition');
    if (!(await repo.withdrawPending(tx, appealId, me, ctx.deps.now()))) throw new AppError('appeal.badTransition');
    await notify([{ recipientId: a.evaluatorId, kind: 'appeal.withdrawn', params: { course: a.courseName, date: a.lessonDate, teacher: a.teacherName }, link: detailLink(appealId) }]);
    return readAppeal(ctx, tx, appealId);
  });
}

/** Removes closed appeals of mine from my list, all or none; the records stay for handlers. */
export async function deleteAppeals(ctx: MemberCtx, appealIds: string[]) {
  const me = ctx.auth.accountId;
  const ids = [...new Set(appealIds)];
  await inSchool(ctx, async (tx) => {
    const rows = await repo.listedStatuses(tx, me, ids);
    if (rows.length !== ids.length) throw new AppError('common.notFound');
    if (rows.some((r) => nextAppealStatus(r.status, 'delete') !== 'deleted')) throw new AppError('appeal.badTransition');
    if ((await repo.deleteClosed(tx, me, ids, ctx.deps.now())) !== ids.length) throw new AppError('appeal.badTransition');
  });
  return null;
}

/** Removes every closed appeal of mine from my list. */
export async function clearAppeals(ctx: MemberCtx) {
  return inSchool(ctx, async (tx) => ({ cleared: await repo.clearClosed(tx, ctx.auth.accountId, ctx.deps.now()) }));
}

// ---------------------------------------------------------------- handlers

/** Resolves a pending appeal with the score after appeal (0 to the template's full score) or marks it not to be resolved. */
export async function handleAppeal(ctx: MemberCtx, input: z.output<typeof ZHandleAppealRequest>) {
  const me = ctx.auth.accountId;
  return inSchoolNotifying(ctx, async (tx, notify) => {
    const a = await repo.appealToHandle(tx, input.appealId);
    if (!a) throw new AppError('common.notFound');
    // An evaluator judging the appeal of their own evaluation (whose name would then reach the teacher
    // as the handler, even for an anonymous one), or a teacher their own appeal: refused.
    if (a.evaluatorId === me || a.teacherId === me) throw new AppError('appeal.conflictOfInterest');
    const next = nextAppealStatus(a.status, input.decision);
    if (next !== 'resolved' && next !== 'unresolved') throw new AppError('appeal.badTransition');
    const full = a.fullScore;
    const scoreAfter = next === 'resolved' ? input.scoreAfter : undefined;
    if (next === 'resolved' && (scoreAfter === undefined || scoreAfter < 0 || scoreAfter > full)) throw new AppError('appeal.scoreOutOfRange', { max: full });
    const decided = await repo.decidePending(tx, input.appealId, { status: next, handlerId: me, opinion: input.opinion.trim(), scoreAfter: scoreAfter ?? null }, ctx.deps.now());
    if (!decided) throw new AppError('appeal.badTransition');
    const params = {
      course: a.courseName, date: a.lessonDate, score: a.score, handler: ctx.auth.name, teacher: a.teacherName,
      ...(scoreAfter === undefined ? {} : { scoreAfter }),
    };
    const kind = next === 'resolved' ? 'appeal.resolved' : 'appeal.unresolved';
    const items: TNotifyItem[] = [{ recipientId: a.teacherId, kind, params, link: detailLink(input.appealId) }];
    items.push({ recipientId: a.evaluatorId, kind, params, link: detailLink(input.appealId) });
    await notify(items);
    return readAppeal(ctx, tx, input.appealId);
  });
}
