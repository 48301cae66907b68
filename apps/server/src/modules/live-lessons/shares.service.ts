/**
 * Shares of live lessons (issue 14, part 6): a link with a random code and an expiry the sharer picks
 * (1, 7 or 30 days, or a moment of their choosing within a year), for anyone with the link or for
 * members of the school only; revocable. The rules of every share (expiry, code, admission) are in
 * share-rules.ts; a link may also open a clip of a class recording, whose shares the recordings
 * module makes (recordings/recording-shares.service.ts) and whose view openShare returns.
 */
import type { TCreateShareRequest, TPlayGrant, TShare, TShareView } from '@hxk/contracts';
import type { Ctx, MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { clipView } from '../recordings/recording-shares.service.ts';
import * as repo from './live-lessons.repo.ts';
import { lessonState } from './lesson-state.ts';
import { inNamedSchool, playLesson, present } from './live-lessons.service.ts';
import { admitShare, newShareCode, presentShare, shareExpiry } from './share-rules.ts';

export async function createShare(ctx: MemberCtx, input: TCreateShareRequest): Promise<TShare> {
  const now = ctx.deps.now();
  const expiresAt = shareExpiry(now, input);
  const shareId = await inSchool(ctx, async (tx) => {
    const lesson = await repo.lessonRow(tx, input.lessonId);
    if (!lesson) throw new AppError('liveLessons.notFound');
    const state = lessonState(lesson, now);
    if (state === 'ended' || state === 'cancelled') throw new AppError('shares.lessonOver');
    return repo.insertShare(tx, { schoolId: ctx.auth.schoolId, lessonId: input.lessonId, code: newShareCode(), audience: input.audience, expiresAt, createdBy: ctx.auth.accountId });
  });
  const row = await inSchool(ctx, (tx) => repo.shareRow(tx, shareId));
  return presentShare(row!);
}

export async function lessonShares(ctx: MemberCtx, lessonId: string): Promise<TShare[]> {
  return inSchool(ctx, async (tx) => {
    if (!(await repo.lessonRow(tx, lessonId))) throw new AppError('liveLessons.notFound');
    return (await repo.sharesOfLesson(tx, lessonId)).map(presentShare);
  });
}

/** Revoke a lesson's share (a clip's share is revoked where recordings are watched). */
export async function revokeShare(ctx: MemberCtx, shareId: string): Promise<null> {
  await inSchool(ctx, async (tx) => {
    if (!(await repo.shareRow(tx, shareId))?.lessonId) throw new AppError('shares.notFound');
    await repo.revokeShare(tx, shareId, ctx.deps.now());
  });
  return null;
}

/** The lesson an admitted share opens (a clip's share, or a cancelled lesson, opens none). */
async function lessonOf(ctx: Ctx, schoolId: string, share: repo.ShareRow): Promise<repo.LessonRow> {
  const lesson = share.lessonId ? await inNamedSchool(ctx.deps, schoolId, (tx) => repo.lessonRow(tx, share.lessonId!)) : undefined;
  if (!lesson || lesson.cancelledAt) throw new AppError('liveLessons.notFound');
  return lesson;
}

/** What a link opens: a lesson (played while on air) or a recording's clip. */
export async function openShare(ctx: Ctx, q: { schoolId: string; code: string }): Promise<TShareView> {
  const { share, now } = await admitShare(ctx, q);
  const facts = { code: share.code, audience: share.audience, expiresAt: share.expiresAt };
  if (share.recordingId) return { kind: 'clip', clip: await clipView(ctx.deps, share), now: now.toISOString(), share: facts };
  const lesson = await lessonOf(ctx, q.schoolId, share);
  return { kind: 'lesson', lesson: present(lesson, now), now: now.toISOString(), classNow: null, share: facts };
}

export async function playShare(ctx: Ctx, q: { schoolId: string; code: string }): Promise<TPlayGrant> {
  const { share } = await admitShare(ctx, q);
  const lesson = await lessonOf(ctx, q.schoolId, share);
  const viewer = ctx.auth?.schoolId === q.schoolId ? ctx.auth.accountId : `share:${share.shareId}`;
  return playLesson(ctx.deps, q.schoolId, lesson, viewer);
}
