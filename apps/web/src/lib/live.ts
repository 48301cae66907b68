/** Live video (issue 14): play grants for cameras, shared by every screen that shows one. */
import { ZPlayGrant, type TPlayGrant, type TStreamQuality } from '@hxk/contracts/live';
import { api } from './api.ts';

/** A short-lived play URL for one camera; refusals (permission, scope, offline) come back as ApiError, without a toast. */
export const requestPlay = (cameraId: string, quality: TStreamQuality): Promise<TPlayGrant> =>
  api.post('/app/live/v1/play', { cameraId, quality }, { schema: ZPlayGrant, silent: true });

/** The same URL with the current play token (players renew it while they play). */
export function withPlayToken(url: string, token: string): string {
  if (!token) return url;
  const u = new URL(url, location.origin);
  u.searchParams.set('t', token);
  return u.origin === location.origin ? `${u.pathname}${u.search}` : u.toString();
}
