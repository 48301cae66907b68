/**
 * Shares of live lessons (issue 14, part 6): a link with a random code and an expiry the sharer picks
 * (1, 7 or 30 days, or a moment of their choosing within a year), for anyone with the link or for
 * members of the school only; revocable. Opening one checks, in this order: it exists, is not revoked,
 * has not expired, and the audience (a members-only share needs a signed-in member of its school).
 * Recording clips are not shared yet: recordings (another part) had no table when this was built.
 */
import crypto from 'node:crypto';
import { SHARE_MAX_DAYS, type TCreateShareRequest, type TPlayGrant, type TShare, type TShareView } from '@hxk/contracts';
import type { Ctx, MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import * as repo from './live-lessons.repo.ts';
import { lessonState } from './lesson-state.ts';
import { inNamedSchool, playLesson, present } from './live-lessons.service.ts';

const DAY_MS = 86_400_000;
const DAYS = { '1d': 1, '7d': 7, '30d': 30 } as const;

/** When a share picked now with this expiry stops opening. */
export function shareExpiry(now: Date, input: Pick<TCreateShareRequest, 'expiry' | 'expiresAt'>): Date {
  if (input.expiry !== 'custom') return new Date(now.getTime() + DAYS[input.expiry] * DAY_MS);
  const at = input.expiresAt ? new Date(input.expiresAt) : null;
  if (!at || at <= now || at.getTime() - now.getTime() > SHARE_MAX_DAYS * DAY_MS) {
    throw new AppError('shares.badExpiry', { days: SHARE_MAX_DAYS }, [{ path: 'expiresAt', message: 'shares.badExpiry' }]);
  }
  return at;
}

const presentShare = (r: repo.ShareRow): TShare => r;

export async function createShare(ctx: MemberCtx, input: TCreateShareRequest): Promise<TShare> {
  const now = ctx.deps.now();
  const expiresAt = shareExpiry(now, input);
  const shareId = await inSchool(ctx, async (tx) => {
    const lesson = await repo.lessonRow(tx, input.lessonId);
    if (!lesson) throw new AppError('liveLessons.notFound');
    const state = lessonState(lesson, now);
    if (state === 'ended' || state === 'cancelled') throw new AppError('shares.lessonOver');
    const code = crypto.randomBytes(16).toString('base64url');
    return repo.insertShare(tx, { schoolId: ctx.auth.schoolId, lessonId: input.lessonId, code, audience: input.audience, expiresAt, createdBy: ctx.auth.accountId });
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

export async function revokeShare(ctx: MemberCtx, shareId: string): Promise<null> {
  await inSchool(ctx, async (tx) => {
    if (!(await repo.shareRow(tx, shareId))) throw new AppError('shares.notFound');
    await repo.revokeShare(tx, shareId, ctx.deps.now());
  });
  return null;
}

/** The share and its lesson when the link still opens for this caller. */
async function admitted(ctx: Ctx, q: { schoolId: string; code: string }) {
  const now = ctx.deps.now();
  const found = await inNamedSchool(ctx.deps, q.schoolId, async (tx) => {
    const share = await repo.shareByCode(tx, q.code);
    return share ? { share, lesson: await repo.lessonRow(tx, share.lessonId) } : undefined;
  });
  if (!found?.lesson) throw new AppError('shares.notFound');
  if (found.share.revokedAt) throw new AppError('shares.revoked');
  if (new Date(found.share.expiresAt) <= now) throw new AppError('shares.expired');
  if (found.share.audience === 'members' && ctx.auth?.schoolId !== q.schoolId) throw new AppError('liveLessons.signInRequired');
  if (found.lesson.cancelledAt) throw new AppError('liveLessons.notFound');
  return { share: found.share, lesson: found.lesson, now };
}

export async function openShare(ctx: Ctx, q: { schoolId: string; code: string }): Promise<TShareView> {
  const { share, lesson, now } = await admitted(ctx, q);
  return { lesson: present(lesson, now), now: now.toISOString(), share: { code: share.code, audience: share.audience, expiresAt: share.expiresAt } };
}

export async function playShare(ctx: Ctx, q: { schoolId: string; code: string }): Promise<TPlayGrant> {
  const { share, lesson } = await admitted(ctx, q);
  const viewer = ctx.auth?.schoolId === q.schoolId ? ctx.auth.accountId : `share:${share.shareId}`;
  return playLesson(ctx.deps, q.schoolId, lesson, viewer);
}
