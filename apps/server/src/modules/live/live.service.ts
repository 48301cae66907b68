/**
 * Live video (issue 14): a member asks to watch a camera and gets a short-lived play URL when the
 * camera's room is within their patrol reach (patrol-scope.ts). With no media gateway the built-in
 * camera simulator (platform/adapters/camera-simulator.ts) serves the stream from this server,
 * checking the play token on every playlist and segment (live.routes.ts). With MediaMTX configured
 * (media.ts, docs/decisions/0017-media-gateway.md) the URL points at the gateway, and the gateway's
 * auth hook asks `authorizeGatewayRead` about every read.
 */
import { timingSafeEqual } from 'node:crypto';
import type { TPlayGrant, TStreamQuality } from '@hxk/contracts';
import { parseGatewayPath } from '../../platform/adapters/media-gateway-mediamtx.ts';
import type { Deps, MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import * as repo from './live.repo.ts';
import { liveMedia } from './media.ts';
import { patrolReach } from './patrol-scope.ts';
import { PLAY_TOKEN_TTL_MS, signPlayToken, verifyPlayToken } from './play-token.ts';

export { HLS_PREFIX, hlsPath } from './media.ts';

/** The camera and its room when `accountId` may watch it now; refusals name why. */
async function cameraForViewer(deps: Deps, schoolId: string, accountId: string, cameraId: string): Promise<repo.CameraRow> {
  return inSchool({ deps, auth: { schoolId } }, async (tx) => {
    const camera = await repo.cameraWithRoom(tx, cameraId);
    if (!camera) throw new AppError('common.notFound');
    await assertRoomInReach(tx, accountId, camera.classroomId);
    return camera;
  });
}

/**
 * Refuses a room outside the person's patrol reach (patrol-scope.ts): live.noPatrol without the
 * permission, live.outOfScope outside a selected scope (a class with no room is outside it). The one
 * rule for watching, speaking into a room, its records and its recordings.
 */
export async function assertRoomInReach(tx: Tx, accountId: string, classroomId: string | null): Promise<void> {
  const standing = await repo.patrolStanding(tx, accountId);
  const reach = standing ? patrolReach(standing) : { kind: 'none' as const };
  if (reach.kind === 'none') throw new AppError('live.noPatrol');
  if (reach.kind === 'selected') {
    const inScope = classroomId !== null && (await repo.roomInSelectedScope(tx, accountId, classroomId, { units: reach.byUnits, teachers: reach.byTeachers }));
    if (!inScope) throw new AppError('live.outOfScope');
  }
}

/**
 * The members responsible for a room: those whose patrol reach covers it (the rule above, for every
 * member at once). Live news of the room — its live analysis, its warnings — goes to them.
 */
export const responsibleForRoom = (tx: Tx, classroomId: string): Promise<string[]> => repo.roomAudience(tx, classroomId);

/** A camera of the school with its room (a live analysis reads it through the media gateway or the simulator). */
export const cameraById = (tx: Tx, cameraId: string): Promise<repo.CameraRow | undefined> => repo.cameraWithRoom(tx, cameraId);

/** The camera and its room when the member may watch it; refusals name why. */
export async function watchableCamera(ctx: MemberCtx, cameraId: string): Promise<repo.CameraRow> {
  return cameraForViewer(ctx.deps, ctx.auth.schoolId, ctx.auth.accountId, cameraId);
}

/** The simulator's stream of a camera: one per school, camera and quality. */
export const streamKey = (schoolId: string, cameraId: string, quality: TStreamQuality) => `${schoolId}-${cameraId}-${quality}`;

/** A play URL for one camera and quality, for a member whose patrol reach covers its room. */
export async function requestPlay(ctx: MemberCtx, input: { cameraId: string; quality: TStreamQuality }): Promise<TPlayGrant> {
  const camera = await watchableCamera(ctx, input.cameraId);
  return grantPlay(ctx.deps, { schoolId: ctx.auth.schoolId, viewer: ctx.auth.accountId, camera, quality: input.quality });
}

/**
 * A play URL for a camera the caller has already admitted the viewer to (patrol above; a public live
 * lesson or a share elsewhere), valid for PLAY_TOKEN_TTL_MS. `viewer` is the account, or a label
 * such as `lesson:<id>` for someone without one. The stream starts now if it is not running (the
 * first viewer asks), and the URL is returned once it can be played. With a gateway, its path is
 * configured to pull the camera on demand and the URL is the gateway's: video never passes here.
 */
export async function grantPlay(deps: Deps, input: { schoolId: string; viewer: string; camera: repo.CameraRow; quality: TStreamQuality }): Promise<TPlayGrant> {
  const { camera, quality } = input;
  if (camera.status === 'offline') throw new AppError('live.cameraOffline');
  const media = liveMedia(deps);
  if (!media) throw new AppError('live.unavailable');
  const stream = {
    key: streamKey(input.schoolId, camera.cameraId, quality),
    lines: [`${camera.buildingName} · ${camera.classroomName}`, camera.cameraName] as [string, string],
    quality,
    schoolId: input.schoolId,
    cameraId: camera.cameraId,
    source: camera.streamUrl,
  };
  await media.open(stream);
  const expiresAt = deps.now().getTime() + PLAY_TOKEN_TTL_MS;
  const token = signPlayToken(deps.config.live.playTokenSecret, { schoolId: input.schoolId, accountId: input.viewer, cameraId: camera.cameraId, quality, expiresAt });
  const whepUrl = media.whepUrl(stream, token);
  return { cameraId: camera.cameraId, quality, protocol: 'hls', url: media.playUrl(stream, token), ...(whepUrl ? { whepUrl } : {}), expiresAt: new Date(expiresAt).toISOString() };
}

/** What MediaMTX posts to its `authHTTPAddress` (authMethod: http). */
export type GatewayAuthRequest = {
  user?: string | undefined;
  password?: string | undefined;
  token?: string | undefined;
  ip?: string | undefined;
  action: string;
  path: string;
  protocol?: string | undefined;
  id?: string | null | undefined;
  query?: string | undefined;
};

export type GatewayDecision = { ok: true } | { ok: false; reason: string };

/** How long a hook decision is remembered: HLS asks for every playlist and segment. */
const DECISION_TTL_MS = 10_000;
const decisions = new WeakMap<Deps, Map<string, { decision: GatewayDecision; until: number }>>();

/**
 * The gateway's question "may this reader read this path?": only reads of hxk camera paths, with a
 * play token (in the URL's `t`, or as a bearer token / password) that is signed, unexpired, for this
 * school, camera and quality; and, for a member, only while their patrol permission and scope still
 * cover the room. Decisions are kept for 10 s so a wall of tiles costs one check per token.
 */
export async function authorizeGatewayRead(deps: Deps, req: GatewayAuthRequest): Promise<GatewayDecision> {
  // hxk's own calls to the control API pass through the same hook (authMethod: http covers the API
  // unless excluded): admitted with the API credentials hxk is configured with, and nothing else.
  if (req.action === 'api') return gatewayApiCaller(deps, req) ? { ok: true } : { ok: false, reason: 'api' };
  if (req.action !== 'read') return { ok: false, reason: 'action' };
  const target = parseGatewayPath(req.path);
  if (!target) return { ok: false, reason: 'path' };
  const token = new URLSearchParams(req.query ?? '').get('t') || req.token || req.password || '';
  if (!token) return { ok: false, reason: 'token' };
  const now = deps.now().getTime();
  let cache = decisions.get(deps);
  if (!cache) decisions.set(deps, (cache = new Map()));
  const cacheKey = `${req.path}|${token}`;
  const hit = cache.get(cacheKey);
  if (hit && hit.until > now) return hit.decision;
  const decision = await decide(deps, target, token, now);
  if (cache.size > 10_000) for (const [k, v] of cache) if (v.until <= now) cache.delete(k);
  cache.set(cacheKey, { decision, until: now + DECISION_TTL_MS });
  return decision;
}

function gatewayApiCaller(deps: Deps, req: GatewayAuthRequest): boolean {
  const gw = deps.config.live.gateway;
  if (!gw || gw.apiUser === undefined || gw.apiPassword === undefined) return false;
  const same = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };
  // Both compared, always: no early exit that tells which one was wrong.
  const user = same(req.user ?? '', gw.apiUser);
  const password = same(req.password ?? '', gw.apiPassword);
  return user && password;
}

async function decide(deps: Deps, target: { schoolId: string; cameraId: string; quality: TStreamQuality }, token: string, now: number): Promise<GatewayDecision> {
  const check = verifyPlayToken(deps.config.live.playTokenSecret, token, { cameraId: target.cameraId, quality: target.quality }, now);
  if (!check.ok) return { ok: false, reason: check.reason };
  if (check.grant.schoolId !== target.schoolId) return { ok: false, reason: 'school' };
  // A member is re-checked; a viewer label (a public lesson, a share) was admitted by its issuer.
  if (!/^\d+$/.test(check.grant.accountId)) return { ok: true };
  try {
    await cameraForViewer(deps, target.schoolId, check.grant.accountId, target.cameraId);
    return { ok: true };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, reason: e.key };
    throw e;
  }
}
