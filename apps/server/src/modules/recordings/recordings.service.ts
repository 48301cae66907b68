/**
 * Class recordings (issue 14): an ended class's recording from the recorder (source 1) or a camera
 * (source 2), offered per the school's recording views (spec section 4), watched by whoever may
 * patrol its room (the same reach as live video) or by the class's own teacher. With no recorder or
 * gateway to take the file from, the built-in simulator draws it on first request, in a job
 * (simulated-recording.ts); the player shows the job's progress meanwhile.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  formatHm,
  recordingViewOptions,
  zonedClock,
  type TRecordedClass,
  type TRecording,
  type TRecordingPage,
  type TRecordingSource,
} from '@hxk/contracts';
import { findFfmpeg } from '../../platform/adapters/camera-simulator.ts';
import { gatewayDurationSeconds, parseGatewayPath } from '../../platform/adapters/media-gateway-mediamtx.ts';
import type { Deps, MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { JobFailure, type JobHandler } from '../../platform/jobs.ts';
import { page } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { getRecorderSettings } from '../classrooms/devices.service.ts';
import * as liveRepo from '../live/live.repo.ts';
import { patrolReach, type PatrolReach } from '../live/patrol-scope.ts';
import { HXK_VIEWER, playbackGrant, recordingGateway } from './gateway-recordings.ts';
import { zonedInstant } from './recording-windows.ts';
import * as repo from './recordings.repo.ts';
import { drawRecording, removeDrawn, SIMULATED_SECONDS } from './simulated-recording.ts';
import { admitsSharePlayback } from './share-playback.ts';
import { assertRoomInReach } from '../live/live.service.ts';
import { verifyPlaybackToken } from '../live/play-token.ts';

export const PREPARE_JOB = 'recordings.prepare';
export const mediaUrl = (id: string) => `/app/recordings/v1/media?recordingId=${id}`;

export { zonedInstant };

function presentClass(deps: Deps, r: repo.ClassRow, clock: { date: string; minute: number }): TRecordedClass {
  const tz = deps.config.schoolTimezone;
  const ended = r.endMinute !== null && (r.lessonDate < clock.date || (r.lessonDate === clock.date && r.endMinute <= clock.minute));
  return {
    courseSessionId: r.courseSessionId,
    courseId: r.courseId,
    courseName: r.courseName,
    teacherName: r.teacherName,
    classroomId: r.classroomId ?? '0',
    classroomName: r.classroomName ?? '',
    buildingName: r.buildingName ?? '',
    lessonDate: r.lessonDate,
    startTime: r.startMinute === null ? null : formatHm(r.startMinute),
    endTime: r.endMinute === null ? null : formatHm(r.endMinute),
    startAt: r.startMinute === null ? null : zonedInstant(r.lessonDate, r.startMinute, tz).toISOString(),
    endAt: r.endMinute === null ? null : zonedInstant(r.lessonDate, r.endMinute, tz).toISOString(),
    ended,
  };
}

async function reachOf(tx: Tx, accountId: string): Promise<PatrolReach> {
  const standing = await liveRepo.patrolStanding(tx, accountId);
  return standing ? patrolReach(standing) : { kind: 'none' };
}

/**
 * The class when the caller may watch its recordings: its own teacher, or someone whose patrol reach
 * covers its room. Another school's class, or none, is not found. The AI classroom report follows the
 * same rule (modules/analysis).
 */
export async function watchableClass(tx: Tx, accountId: string, courseSessionId: string): Promise<repo.ClassRow> {
  const cls = await repo.classOfSession(tx, courseSessionId);
  if (!cls) throw new AppError('common.notFound');
  if (cls.teacherId === accountId) return cls;
  await assertRoomInReach(tx, accountId, cls.classroomId);
  return cls;
}

/** Where a ready recording plays from: hxk's own file (HTTP Range, the session admits it), or the gateway's (a token in the URL). */
type Media = { url: string; seek: TRecording['seek']; downloadUrl: string | null; expiresAt: string | null };

function presentRecording(r: repo.RecordingRow, media: Media | null = null): TRecording {
  return {
    id: r.id,
    source: r.source as TRecordingSource,
    status: r.status,
    cameraId: r.cameraId,
    cameraName: r.cameraName,
    startedAt: r.startedAt,
    durationSeconds: r.durationSeconds,
    sizeBytes: r.sizeBytes,
    mediaUrl: media?.url ?? null,
    seek: media?.seek ?? (r.gatewayPath ? 'restart' : 'range'),
    downloadUrl: media?.downloadUrl ?? null,
    mediaExpiresAt: media?.expiresAt ?? null,
    progress: r.status === 'preparing' && r.jobTotal ? { done: r.jobProgress ?? 0, total: r.jobTotal } : null,
    errorKey: r.status === 'failed' ? (r.jobErrorKey ?? 'job.failed') : null,
  };
}

const canDownload = (ctx: MemberCtx) => ctx.auth.permissions.includes('video:download');

/** A class and the sources already recorded (no side effects). */
export async function recordedClass(ctx: MemberCtx, courseSessionId: string) {
  const clock = schoolClock(ctx);
  return inSchool(ctx, async (tx) => {
    const cls = await watchableClass(tx, ctx.auth.accountId, courseSessionId);
    const ready = await repo.readySources(tx, courseSessionId);
    return { class: presentClass(ctx.deps, cls, clock), readySources: ready as TRecordingSource[] };
  });
}

/**
 * The recording of a class from one source: the existing one, or a new one being prepared (the
 * simulator's job is queued, or queued again after a failure). Idempotent: the player polls it.
 * When the gateway records classes (gateway-recordings.ts) nothing is drawn here: a class has the
 * recording the gateway made, played from its playback server with a fresh token, or none.
 */
export async function openRecording(ctx: MemberCtx, input: { courseSessionId: string; source: TRecordingSource }) {
  const clock = schoolClock(ctx);
  const settings = await getRecorderSettings(ctx);
  const { deps } = ctx;
  const gatewayRecords = recordingGateway(deps) !== null;
  let queued = false;
  const out = await inSchool(ctx, async (tx) => {
    const cls = await watchableClass(tx, ctx.auth.accountId, input.courseSessionId);
    const shown = presentClass(deps, cls, clock);
    if (!recordingViewOptions(settings).some((o) => o.value === input.source)) throw new AppError('recordings.sourceOff');
    if (!cls.classroomId) throw new AppError('recordings.noRoom');
    if (!shown.ended || !shown.startAt) throw new AppError('recordings.notEnded');
    let rec = await repo.recordingOfSession(tx, cls.courseSessionId, input.source);
    if (gatewayRecords && (!rec || rec.status === 'failed')) throw new AppError('recordings.notRecorded');
    if (!rec || rec.status === 'failed') {
      if (!findFfmpeg(deps.config.live.ffmpegPath)) throw new AppError('recordings.unavailable');
      let id = rec?.id;
      if (!id) {
        const camera = await repo.recordingCamera(tx, cls.classroomId);
        if (!camera) throw new AppError('recordings.noCamera');
        id = await repo.insertPreparing(tx, {
          schoolId: ctx.auth.schoolId, courseSessionId: cls.courseSessionId, source: input.source, classroomId: cls.classroomId,
          cameraId: camera.id, startedAt: new Date(shown.startAt), durationSeconds: SIMULATED_SECONDS,
        });
      }
      if (id) {
        const jobId = await deps.jobs.enqueue(tx, { schoolId: ctx.auth.schoolId, kind: PREPARE_JOB, payload: { recordingId: id }, createdBy: ctx.auth.accountId, total: SIMULATED_SECONDS });
        await repo.setJob(tx, id, jobId);
        queued = true;
      }
      rec = await repo.recordingOfSession(tx, cls.courseSessionId, input.source);
    }
    if (!rec) throw new AppError('common.notFound');
    return { class: shown, rec };
  });
  if (queued) deps.jobs.wake();
  const { rec } = out;
  if (rec.status !== 'ready') return { class: out.class, recording: presentRecording(rec) };
  if (!rec.gatewayPath) {
    const url = mediaUrl(rec.id);
    return { class: out.class, recording: presentRecording(rec, { url, seek: 'range', downloadUrl: canDownload(ctx) ? `${url}&download=1` : null, expiresAt: null }) };
  }
  // Asked outside the transaction: the playback server's answer is a network call.
  const grant = await playbackGrant(deps, { schoolId: ctx.auth.schoolId, viewer: ctx.auth.accountId, recordingId: rec.id, gatewayPath: rec.gatewayPath, startedAt: rec.startedAt, durationSeconds: rec.durationSeconds });
  const media = { url: grant.url, seek: 'restart' as const, downloadUrl: canDownload(ctx) ? grant.url : null, expiresAt: new Date(grant.expiresAt).toISOString() };
  return { class: out.class, recording: presentRecording(rec, media) };
}

/** Ended classes with their recorded sources: of a room, of a course, or every one the caller may see. */
export async function recordingPage(ctx: MemberCtx, q: { pageNum: number; pageSize: number; classroomId?: string | undefined; courseId?: string | undefined; recorded?: '1' | undefined }): Promise<TRecordingPage> {
  const clock = schoolClock(ctx);
  return inSchool(ctx, async (tx) => {
    const reach = await reachOf(tx, ctx.auth.accountId);
    const listReach: repo.ListReach = reach.kind === 'school'
      ? { all: true }
      : { all: false, accountId: ctx.auth.accountId, byUnits: reach.kind === 'selected' && reach.byUnits, byTeachers: reach.kind === 'selected' && reach.byTeachers };
    const { rows, total } = await repo.endedClassesPage(tx, {
      classroomId: q.classroomId,
      courseId: q.courseId,
      recorded: q.recorded === '1',
      today: clock.date, nowMinute: clock.minute, reach: listReach,
      limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize,
    });
    const onDemand = !recordingGateway(ctx.deps);
    const list = rows.map((r) => ({ ...presentClass(ctx.deps, r, clock), readySources: (r.readySources ?? []) as TRecordingSource[], onDemand }));
    return page(list, total, q);
  });
}

/** A ready recording's file when the caller may watch its class. */
export async function recordingFile(ctx: MemberCtx, recordingId: string) {
  return inSchool(ctx, async (tx) => {
    const rec = await repo.recordingById(tx, recordingId);
    if (!rec) throw new AppError('common.notFound');
    const cls = await watchableClass(tx, ctx.auth.accountId, rec.courseSessionId);
    if (rec.status !== 'ready' || !rec.storageKey) throw new AppError('recordings.notReady');
    const name = `${cls.buildingName ?? ''}${cls.classroomName ?? ''}-${cls.courseName}-${cls.lessonDate}-${rec.source === 1 ? 'recorder' : 'camera'}.mp4`.replace(/[\\/:*?"<>|\s]+/g, '_');
    return { storageKey: rec.storageKey, fileName: name };
  });
}

/** The job that draws a simulated recording and stores it. */
export function prepareJob(deps: Deps): JobHandler {
  return async (jc) => {
    const { recordingId } = jc.job.payload as { recordingId: string };
    const found = await jc.inSchool(async (tx) => {
      const rec = await repo.recordingById(tx, recordingId);
      const cls = rec ? await repo.classOfSession(tx, rec.courseSessionId) : undefined;
      return rec && cls ? { rec, cls } : null;
    });
    if (!found) throw new JobFailure('common.notFound');
    const { rec, cls } = found;
    if (rec.status === 'ready') return { recordingId };
    const ffmpeg = findFfmpeg(deps.config.live.ffmpegPath);
    try {
      if (!ffmpeg) throw new AppError('recordings.unavailable');
      let shown = -1;
      const file = await drawSimulated(deps, ffmpeg, jc.job.schoolId, rec, cls, (s) => {
        if (s === shown) return;
        shown = s;
        void jc.progress(s, rec.durationSeconds).catch(() => undefined);
      });
      await jc.inSchool((tx) => repo.markReady(tx, rec.id, file));
      return { recordingId, sizeBytes: file.sizeBytes };
    } catch (e) {
      await jc.inSchool((tx) => repo.markFailed(tx, rec.id));
      throw e;
    }
  };
}

/** Draws a recording of the class like its live picture and puts it in the file storage under the school's prefix. */
export async function drawSimulated(deps: Deps, ffmpeg: string, schoolId: string, rec: Pick<repo.RecordingRow, 'id' | 'source' | 'cameraName' | 'startedAt' | 'durationSeconds'>, cls: repo.ClassRow, onProgress?: (seconds: number) => void) {
  const startLocal = zonedClock(new Date(rec.startedAt), deps.config.schoolTimezone);
  const [y, m, d] = startLocal.date.split('-').map(Number) as [number, number, number];
  const drawn = await drawRecording(ffmpeg, path.join(deps.config.dataDir, 'tmp'), {
    lines: [
      `${cls.buildingName ?? ''} · ${cls.classroomName ?? ''}`,
      `${cls.courseName} · ${cls.teacherName}`,
      `${rec.source === 1 ? 'Recorder' : 'Camera'} · ${rec.cameraName ?? ''}`,
    ],
    clockStart: new Date(Date.UTC(y, m - 1, d, 0, startLocal.minute)),
    seconds: rec.durationSeconds,
  }, onProgress);
  try {
    const storageKey = `schools/${schoolId}/recordings/${rec.id}.mp4`;
    await deps.storage.put(storageKey, fs.createReadStream(drawn.file), drawn.size);
    return { storageKey, sizeBytes: drawn.size, durationSeconds: rec.durationSeconds };
  } finally {
    await removeDrawn(drawn.file);
  }
}

// ---------------------------------------------------------------- the gateway's auth hook, action "playback"

/**
 * The gateway's question "may this request play this recorded path?" (MediaMTX authMethod: http,
 * action "playback", for the playback server's /get and /list): only hxk camera main-stream paths,
 * with a playback token (the URL's `t`, a bearer token or a password) that is signed, unexpired,
 * for this school and camera, and whose span covers what is asked for (`start` plus `duration`, or
 * `start` to `end`). For a member, also only while the recording is still this path's and they may
 * still watch its class (its teacher, or a patrol reach covering its room). hxk's own calls carry
 * the viewer label "hxk".
 */
export async function authorizeGatewayPlayback(deps: Deps, req: { action: string; path: string; query?: string | undefined; token?: string | undefined; password?: string | undefined }): Promise<{ ok: true } | { ok: false; reason: string }> {
  if (req.action !== 'playback') return { ok: false, reason: 'action' };
  const target = parseGatewayPath(req.path);
  if (!target || target.quality !== 'main') return { ok: false, reason: 'path' };
  const q = new URLSearchParams(req.query ?? '');
  const token = q.get('t') || req.token || req.password || '';
  if (!token) return { ok: false, reason: 'token' };
  const start = Date.parse(q.get('start') ?? '');
  const duration = q.has('duration') ? gatewayDurationSeconds(/^\d+(\.\d+)?$/.test(q.get('duration')!) ? Number(q.get('duration')) : q.get('duration')) : Number.NaN;
  const end = q.has('duration') ? start + duration * 1000 : Date.parse(q.get('end') ?? '');
  if (!Number.isFinite(start) || !Number.isFinite(end)) return { ok: false, reason: 'span' };
  const check = verifyPlaybackToken(deps.config.live.playTokenSecret, token, { cameraId: target.cameraId, start, end }, deps.now().getTime());
  if (!check.ok) return { ok: false, reason: check.reason };
  const { grant } = check;
  if (grant.schoolId !== target.schoolId) return { ok: false, reason: 'school' };
  if (grant.viewer === HXK_VIEWER) return { ok: true };
  // A recording clip's share (recording-shares.service.ts): while the share opens and the path is still the recording's.
  if (grant.viewer.startsWith('share:')) return (await admitsSharePlayback(deps, target.schoolId, grant.viewer, grant.recordingId, req.path)) ? { ok: true } : { ok: false, reason: 'share' };
  if (!/^\d+$/.test(grant.viewer)) return { ok: false, reason: 'viewer' };
  try {
    await inSchool({ deps, auth: { schoolId: target.schoolId } }, async (tx) => {
      const rec = await repo.recordingById(tx, grant.recordingId);
      if (!rec || rec.gatewayPath !== req.path) throw new AppError('common.notFound');
      await watchableClass(tx, grant.viewer, rec.courseSessionId);
    });
    return { ok: true };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, reason: e.key };
    throw e;
  }
}
