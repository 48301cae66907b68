/**
 * Live video (issue 14), first part: a member asks to watch a camera and gets a short-lived play URL
 * when the camera's room is within their patrol reach (patrol-scope.ts). With no media gateway the
 * built-in camera simulator (platform/adapters/camera-simulator.ts) serves the stream from this
 * server, checking the play token on every playlist and segment (live.routes.ts).
 */
import type { TPlayGrant, TStreamQuality } from '@hxk/contracts';
import type { SimulatedStream } from '../../platform/adapters/camera-simulator.ts';
import type { MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import * as repo from './live.repo.ts';
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

/** What serves the streams: the built-in simulator today (a media gateway adapter comes next). */
export type LiveMedia = { open(stream: SimulatedStream): Promise<void> };

/** The simulator's stream of a camera: one per school, camera and quality. */
export const streamKey = (schoolId: string, cameraId: string, quality: TStreamQuality) => `${schoolId}-${cameraId}-${quality}`;

/**
 * A play URL for one camera and quality, valid for PLAY_TOKEN_TTL_MS. The stream starts now if it
 * is not running (the first viewer asks), and the URL is returned once it has a first segment.
 */
export async function requestPlay(ctx: MemberCtx, input: { cameraId: string; quality: TStreamQuality }, media: LiveMedia | null): Promise<TPlayGrant> {
  const camera = await watchableCamera(ctx, input.cameraId);
  if (camera.status === 'offline') throw new AppError('live.cameraOffline');
  if (!media) throw new AppError('live.unavailable');
  await media.open({
    key: streamKey(ctx.auth.schoolId, camera.cameraId, input.quality),
    lines: [`${camera.buildingName} · ${camera.classroomName}`, camera.cameraName],
    quality: input.quality,
  });
  const expiresAt = ctx.deps.now().getTime() + PLAY_TOKEN_TTL_MS;
  const token = signPlayToken(ctx.deps.config.live.playTokenSecret, { schoolId: ctx.auth.schoolId, accountId: ctx.auth.accountId, cameraId: camera.cameraId, quality: input.quality, expiresAt });
  return {
    cameraId: camera.cameraId,
    quality: input.quality,
    protocol: 'hls',
    url: `${hlsPath(camera.cameraId, input.quality, 'index.m3u8')}?t=${encodeURIComponent(token)}`,
    expiresAt: new Date(expiresAt).toISOString(),
  };
}
