/**
 * Live video (issue 14), first part: a member asks to watch a camera and gets a short-lived play URL
 * when the camera's room is within their patrol reach (patrol-scope.ts). With no media gateway the
 * built-in camera simulator (platform/adapters/camera-simulator.ts) serves the stream from this
 * server, checking the play token on every playlist and segment (live.routes.ts).
 */
import type { TPlayGrant, TStreamQuality } from '@hxk/contracts';
import type { Deps, MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import * as repo from './live.repo.ts';
import { liveMedia } from './media.ts';
import { patrolReach } from './patrol-scope.ts';
import { PLAY_TOKEN_TTL_MS, signPlayToken } from './play-token.ts';

/** Where the simulator's streams are served: /live/hls/<camera>/<quality>/index.m3u8?t=<token>. */
export const HLS_PREFIX = '/live/hls';
export const hlsPath = (cameraId: string, quality: TStreamQuality, file: string) => `${HLS_PREFIX}/${cameraId}/${quality}/${file}`;

/** The camera and its room when the member may watch it; refusals name why. */
export async function watchableCamera(ctx: MemberCtx, cameraId: string): Promise<repo.CameraRow> {
  return inSchool(ctx, async (tx) => {
    const camera = await repo.cameraWithRoom(tx, cameraId);
    if (!camera) throw new AppError('common.notFound');
    const standing = await repo.patrolStanding(tx, ctx.auth.accountId);
    const reach = standing ? patrolReach(standing) : { kind: 'none' as const };
    if (reach.kind === 'none') throw new AppError('live.noPatrol');
    if (reach.kind === 'selected' && !(await repo.roomInSelectedScope(tx, ctx.auth.accountId, camera.classroomId, { units: reach.byUnits, teachers: reach.byTeachers }))) {
      throw new AppError('live.outOfScope');
    }
    return camera;
  });
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
 * first viewer asks), and the URL is returned once it can be played.
 */
export async function grantPlay(deps: Deps, input: { schoolId: string; viewer: string; camera: repo.CameraRow; quality: TStreamQuality }): Promise<TPlayGrant> {
  const { camera, quality } = input;
  if (camera.status === 'offline') throw new AppError('live.cameraOffline');
  const media = liveMedia(deps);
  if (!media) throw new AppError('live.unavailable');
  await media.open({
    key: streamKey(input.schoolId, camera.cameraId, quality),
    lines: [`${camera.buildingName} · ${camera.classroomName}`, camera.cameraName],
    quality,
  });
  const expiresAt = deps.now().getTime() + PLAY_TOKEN_TTL_MS;
  const token = signPlayToken(deps.config.live.playTokenSecret, { schoolId: input.schoolId, accountId: input.viewer, cameraId: camera.cameraId, quality, expiresAt });
  return {
    cameraId: camera.cameraId,
    quality,
    protocol: 'hls',
    url: `${hlsPath(camera.cameraId, quality, 'index.m3u8')}?t=${encodeURIComponent(token)}`,
    expiresAt: new Date(expiresAt).toISOString(),
  };
}
