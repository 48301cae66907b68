/**
 * The rules every share follows, whatever it opens (a live lesson, or a clip of a class recording):
 * its expiry, its random code, and who a link still admits. Opening a link checks, in this order: it
 * exists in the school it names, is not revoked, has not expired, and its audience (a members-only
 * share needs a signed-in member of its school). One table and one code space hold both kinds
 * (schema/live-lessons.ts), so /SCADA/ShareDetail and the open viewer need only a school and a code.
 */
import crypto from 'node:crypto';
import { SHARE_MAX_DAYS, type TCreateShareRequest, type TShare } from '@hxk/contracts';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './live-lessons.repo.ts';
import { inNamedSchool } from './live-lessons.service.ts';

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

/** A link's key: 128 random bits, unguessable. */
export const newShareCode = () => crypto.randomBytes(16).toString('base64url');

export const presentShare = (r: repo.ShareRow): TShare => ({ ...r, kind: r.recordingId ? 'clip' : 'lesson' });

/**
 * The share behind a link when it still opens for this caller. A members-only share refuses anyone
 * who is not signed in to its school with the kind's own sign-in message.
 */
export async function admitShare(ctx: Ctx, q: { schoolId: string; code: string }): Promise<{ share: repo.ShareRow; now: Date }> {
  const now = ctx.deps.now();
  const share = await inNamedSchool(ctx.deps, q.schoolId, (tx) => repo.shareByCode(tx, q.code));
  if (!share) throw new AppError('shares.notFound');
  if (share.revokedAt) throw new AppError('shares.revoked');
  if (new Date(share.expiresAt) <= now) throw new AppError('shares.expired');
  if (share.audience === 'members' && ctx.auth?.schoolId !== q.schoolId) {
    throw new AppError(share.recordingId ? 'shares.signInRequired' : 'liveLessons.signInRequired');
  }
  return { share, now };
}
