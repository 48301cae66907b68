/**
 * Class recordings made by the media gateway (issue 14, docs/decisions/0017-media-gateway.md), when
 * MEDIA_GATEWAY=mediamtx and MEDIA_GATEWAY_PLAYBACK_URL are set. Video never passes through hxk:
 *
 * - a recurring job, once a minute in each school, reconciles "which camera paths should be recording
 *   now" (recording-windows.ts, from the timetable, the rooms' cameras and the recording views)
 *   against what the gateway has configured, and changes only the difference through the control
 *   API: always-on and recorded for each class's window, on demand and unrecorded after. A repeated
 *   round changes nothing; a gateway that restarted or was changed by hand is put right at the next.
 * - each recorded class gets its `recordings` row (source 1 or 2, gateway_path) when its window
 *   opens; the row is 'preparing' until the window closes, then 'ready', so the lists show it.
 * - the player and the download get the playback server's MP4 (`/get`, format mp4) with a
 *   short-lived playback token; the gateway's auth hook asks hxk about it (action "playback").
 * - the school's retention is the paths' recordDeleteAfter: MediaMTX deletes old segments itself,
 *   and this job deletes the rows of recordings older than that.
 */
import { zonedClock } from '@hxk/contracts';
import type { Deps } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { JobFailure, type JobHandler } from '../../platform/jobs.ts';
import {
  gatewayDurationSeconds,
  MediaMtxGateway,
  parseGatewayPath,
  retentionDuration,
} from '../../platform/adapters/media-gateway-mediamtx.ts';
import { PLAY_TOKEN_TTL_MS, signPlaybackToken } from '../live/play-token.ts';
import { planWindows, recordingNow, windowTargets } from './recording-windows.ts';
import * as repo from './recordings.repo.ts';

export const WINDOWS_JOB = 'recordings.windows';
export const WINDOWS_EVERY_SECONDS = 60;
/** The viewer label of hxk's own calls to the playback server (its /list). */
export const HXK_VIEWER = 'hxk';

const clients = new WeakMap<Deps, MediaMtxGateway>();

/** The gateway client for recordings, or null when the gateway does not record (no playback server configured). */
export function recordingGateway(deps: Deps): MediaMtxGateway | null {
  const gw = deps.config.live.gateway;
  if (!gw?.playback) return null;
  let client = clients.get(deps);
  if (!client) {
    client = new MediaMtxGateway({ apiUrl: gw.apiUrl, apiUser: gw.apiUser, apiPassword: gw.apiPassword, playUrl: gw.playUrl, playback: gw.playback, allowHosts: deps.config.outboundAllowHosts });
    clients.set(deps, client);
  }
  return client;
}

const isoDate = (d: Date, timeZone: string) => zonedClock(d, timeZone).date;

export type WindowRound = { on: number; off: number; retention: number; opened: number; closed: number; dropped: number; failed: number };

/**
 * One round for a school: switches the gateway's paths to what the timetable wants now, opens the
 * rows of recordings whose window opened, closes those whose window closed, and drops rows past the
 * school's retention. A path the gateway refuses is logged and left for the next round.
 */
export async function reconcileWindows(deps: Deps, schoolId: string, inSchool: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>): Promise<WindowRound> {
  const round: WindowRound = { on: 0, off: 0, retention: 0, opened: 0, closed: 0, dropped: 0, failed: 0 };
  const client = recordingGateway(deps);
  if (!client) return round;
  const now = deps.now();
  const tz = deps.config.schoolTimezone;
  const local = zonedClock(now, tz);
  const { policy, classes } = await inSchool(async (tx) => ({
    policy: await repo.recordingPolicy(tx),
    // Two hours either side covers the margins, the lead and a daylight-saving shift; the exact test is on instants.
    classes: await repo.windowClasses(tx, {
      yesterday: isoDate(new Date(now.getTime() - 86_400_000), tz), today: local.date, tomorrow: isoDate(new Date(now.getTime() + 86_400_000), tz), minute: local.minute, slack: 120,
    }),
  }));
  const targets = windowTargets(classes, { schoolId, timeZone: tz, recorderView: policy.recorderView, cameraView: policy.cameraView }).filter((t) => recordingNow(t, now));
  const wanted = new Map(targets.map((t) => [t.path, t.streamUrl]));
  const deleteAfter = retentionDuration(policy.retentionDays);

  let actual;
  try {
    const prefix = `hxk_${schoolId}_`;
    actual = (await client.listPaths()).filter((p) => p.name.startsWith(prefix) && parseGatewayPath(p.name)?.quality === 'main');
  } catch (e) {
    deps.log.warn({ err: e instanceof Error ? e.message : String(e), schoolId }, 'recordings: the media gateway could not list its paths');
    throw new JobFailure('live.gatewayUnreachable');
  }
  const plan = planWindows(wanted, actual, gatewayDurationSeconds(deleteAfter));
  const failed = new Set<string>();
  const attempt = async (path: string, change: () => Promise<void>) => {
    try {
      await change();
      return true;
    } catch (e) {
      failed.add(path);
      deps.log.warn({ err: e instanceof Error ? e.message : String(e), path }, 'recordings: the media gateway refused a recording change');
      return false;
    }
  };
  for (const p of plan.on) if (await attempt(p.path, () => client.setRecording(p.path, p.source, true, deleteAfter))) round.on++;
  for (const p of plan.off) if (await attempt(p.path, () => client.setRecording(p.path, p.source, false, deleteAfter))) round.off++;
  for (const path of plan.retention) if (await attempt(path, () => client.setDeleteAfter(path, deleteAfter))) round.retention++;
  round.failed = failed.size;

  await inSchool(async (tx) => {
    for (const t of targets) {
      // A path the gateway refused gets its row at a later round, once it records.
      if (failed.has(t.path)) continue;
      const durationSeconds = Math.round((t.end.getTime() - t.start.getTime()) / 1000);
      if (await repo.insertGatewayRecording(tx, { schoolId, courseSessionId: t.courseSessionId, source: t.source, classroomId: t.classroomId, cameraId: t.cameraId, startedAt: t.start, durationSeconds, gatewayPath: t.path })) round.opened++;
    }
    round.closed = await repo.closeGatewayRecordings(tx, now);
    if (policy.retentionDays > 0) round.dropped = await repo.deleteGatewayRecordingsBefore(tx, new Date(now.getTime() - policy.retentionDays * 86_400_000));
    await repo.deleteFinishedRunsBefore(tx, WINDOWS_JOB, new Date(now.getTime() - 3_600_000));
  });
  return round;
}

/** The recurring job (every minute, in each school) that runs a round. */
export function windowsJob(deps: Deps): JobHandler {
  return (jc) => reconcileWindows(deps, jc.job.schoolId, (fn) => jc.inSchool(fn));
}

/**
 * The playback server's MP4 of a gateway recording for `viewer`, valid for PLAY_TOKEN_TTL_MS: first
 * asks the playback server whether anything was recorded in the recording's window (not available
 * otherwise: the camera was down, or the segments were deleted after the retention).
 */
export async function playbackGrant(deps: Deps, input: { schoolId: string; viewer: string; recordingId: string; gatewayPath: string; startedAt: string; durationSeconds: number }): Promise<{ url: string; expiresAt: number }> {
  const client = recordingGateway(deps);
  const target = parseGatewayPath(input.gatewayPath);
  if (!client || !target) throw new AppError('recordings.notAvailable');
  const secret = deps.config.live.playTokenSecret;
  const from = Date.parse(input.startedAt);
  const to = from + input.durationSeconds * 1000;
  const now = deps.now().getTime();
  const sign = (viewer: string, ttl: number) => signPlaybackToken(secret, { schoolId: input.schoolId, viewer, recordingId: input.recordingId, cameraId: target.cameraId, from, to, expiresAt: now + ttl });
  let spans;
  try {
    spans = await client.recordedSpans(input.gatewayPath, new Date(from), new Date(to), sign(HXK_VIEWER, 60_000));
  } catch (e) {
    deps.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'recordings: the playback server could not be asked');
    throw new AppError('live.gatewayUnreachable');
  }
  if (!spans.length) throw new AppError('recordings.notAvailable');
  const expiresAt = now + PLAY_TOKEN_TTL_MS;
  return { url: client.playbackUrl(input.gatewayPath, new Date(from), input.durationSeconds, sign(input.viewer, PLAY_TOKEN_TTL_MS)), expiresAt };
}
