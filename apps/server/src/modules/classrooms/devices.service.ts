/**
 * The recorder and cameras of each classroom, recording settings, camera sensitivity, PTZ over
 * ONVIF, device status and probe, and the video download log. Device credentials stay on the
 * server: replies carry `hasPassword` instead. Network calls to devices run outside any database
 * transaction.
 */
import type { TCamera, TPtzCommand, TRecorder, TSaveCameraRequest, TSaveRecorderRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, localizeError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { OnvifError, probeDevice, ptzCommand, recordingState } from '../../platform/adapters/onvif.ts';
import { createWithinLimit } from '../licence/licence.service.ts';
import * as repo from './devices.repo.ts';
import type { CameraRow, RecorderRow } from './devices.repo.ts';

export const recorderOut = (r: RecorderRow): TRecorder => ({
  id: r.id, classroomId: r.classroomId, name: r.name, vendor: r.vendor, onvifUrl: r.onvifUrl, username: r.username,
  hasPassword: !!r.password, status: r.status, recording: r.recording, lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
});

export const cameraOut = (c: CameraRow): TCamera => ({
  id: c.id, classroomId: c.classroomId, recorderId: c.recorderId, name: c.name, frame: c.frame, streamUrl: c.streamUrl,
  onvifUrl: c.onvifUrl, profileToken: c.profileToken, username: c.username, hasPassword: !!c.password, ptz: c.ptz,
  talkBack: c.talkBack, sensitivity: c.sensitivity, status: c.status, sort: c.sort,
});

/** Absent keeps the stored password, null removes it, a string replaces it. */
const passwordPatch = (password: string | null | undefined) => (password === undefined ? {} : { password: password || null });

async function assertRoom(tx: Tx, classroomId: string) {
  if (!(await repo.classroomExists(tx, classroomId))) throw new AppError('common.notFound');
}

// ---------------------------------------------------------------- recorders

export async function saveRecorder(ctx: MemberCtx, input: TSaveRecorderRequest) {
  return inSchool(ctx, async (tx) => {
    await assertRoom(tx, input.classroomId);
    const values = { name: input.name, vendor: input.vendor ?? null, onvifUrl: input.onvifUrl ?? null, username: input.username ?? null, ...passwordPatch(input.password) };
    if (input.id) {
      // A recorder stays in its room: the id and the room must match.
      const row = await repo.updateRecorder(tx, input.id, input.classroomId, values);
      if (!row) throw new AppError('common.notFound');
      return recorderOut(row);
    }
    if (await repo.recorderOfRoom(tx, input.classroomId)) throw new AppError('recorder.exists');
    const row = await repo.insertRecorder(tx, ctx.auth.schoolId, input.classroomId, values);
    // Cameras added before the recorder record through it from now on.
    await repo.attachCamerasToRecorder(tx, input.classroomId, row.id);
    return recorderOut(row);
  });
}

export async function deleteRecorder(ctx: MemberCtx, id: string) {
  await inSchool(ctx, async (tx) => {
    if (!(await repo.deleteRecorder(tx, id))) throw new AppError('common.notFound');
  });
}

// ---------------------------------------------------------------- cameras

export async function saveCamera(ctx: MemberCtx, input: TSaveCameraRequest) {
  // A new camera counts against the licence's camera limit, when it has one (decision 0027).
  const run = <T,>(fn: (tx: Tx) => Promise<T>) => (input.id ? inSchool(ctx, fn) : createWithinLimit(ctx, 'cameras', fn));
  return run(async (tx) => {
    await assertRoom(tx, input.classroomId);
    // Talk-back is RTSP (the ONVIF audio backchannel): the stream address must be the camera's own.
    if (input.talkBack && !/^rtsps?:\/\//i.test(input.streamUrl ?? '')) {
      throw new AppError('device.talkBackNeedsRtsp', {}, [{ path: 'streamUrl', message: 'device.talkBackNeedsRtsp' }]);
    }
    const recorder = await repo.recorderOfRoom(tx, input.classroomId);
    const values = {
      name: input.name, frame: input.frame, streamUrl: input.streamUrl ?? null, onvifUrl: input.onvifUrl ?? null,
      profileToken: input.profileToken ?? null, username: input.username ?? null, ptz: input.ptz ?? false, talkBack: input.talkBack ?? false, sort: input.sort ?? 0,
      recorderId: recorder?.id ?? null, ...passwordPatch(input.password),
    };
    const row = input.id ? await repo.updateCamera(tx, input.id, input.classroomId, values) : await repo.insertCamera(tx, ctx.auth.schoolId, input.classroomId, values);
    if (!row) throw new AppError('common.notFound');
    return cameraOut(row);
  });
}

export async function deleteCamera(ctx: MemberCtx, id: string) {
  await inSchool(ctx, async (tx) => {
    if (!(await repo.deleteCamera(tx, id))) throw new AppError('common.notFound');
  });
}

async function cameraById(ctx: MemberCtx, id: string) {
  const row = await inSchool(ctx, (tx) => repo.cameraById(tx, id));
  if (!row) throw new AppError('common.notFound');
  return row;
}

export async function getSensitivity(ctx: MemberCtx, cameraId: string) {
  const cam = await cameraById(ctx, cameraId);
  return { cameraId: cam.id, sensitivity: cam.sensitivity };
}

export async function saveSensitivity(ctx: MemberCtx, input: { cameraId: string; sensitivity: number }) {
  const row = await inSchool(ctx, (tx) => repo.updateSensitivity(tx, input.cameraId, input.sensitivity));
  if (!row) throw new AppError('common.notFound');
  return row;
}

// ---------------------------------------------------------------- recording settings

const SETTINGS_DEFAULTS = { recorderVideoView: 1, serverVideoView: 1, externalIp: null };

export async function getRecorderSettings(ctx: MemberCtx) {
  const row = await inSchool(ctx, repo.recordingSettings);
  const s = row ?? SETTINGS_DEFAULTS;
  return { recorderVideoView: s.recorderVideoView === 1 ? 1 : 0, serverVideoView: s.serverVideoView === 1 ? 1 : 0, externalIp: s.externalIp } as const;
}

export async function saveRecorderSettings(ctx: MemberCtx, input: { recorderVideoView: 0 | 1; serverVideoView: 0 | 1; externalIp?: string | null | undefined }) {
  const set = { recorderVideoView: input.recorderVideoView, serverVideoView: input.serverVideoView, ...(input.externalIp === undefined ? {} : { externalIp: input.externalIp }), updatedAt: ctx.deps.now() };
  await inSchool(ctx, (tx) => repo.upsertRecordingSettings(tx, ctx.auth.schoolId, set));
  return getRecorderSettings(ctx);
}

export async function getExternalInfo(ctx: MemberCtx) {
  return { externalIp: (await getRecorderSettings(ctx)).externalIp };
}

// ---------------------------------------------------------------- ONVIF: PTZ and probe

function deviceError(err: unknown): AppError {
  if (!(err instanceof OnvifError)) return new AppError('device.unreachable', { detail: err instanceof Error ? err.message : String(err) });
  switch (err.kind) {
    case 'timeout': return new AppError('device.timeout', { seconds: err.detail });
    case 'unreachable': return new AppError('device.unreachable', { detail: err.detail });
    case 'auth': return new AppError('device.authFailed');
    case 'noPtzService': return new AppError('device.noPtz');
    default: return new AppError('device.fault', { detail: err.detail });
  }
}

export async function controlPtz(ctx: MemberCtx, input: { cameraId: string; command: TPtzCommand; speed: number }) {
  const cam = await cameraById(ctx, input.cameraId);
  if (!cam.ptz) throw new AppError('device.noPtz');
  if (!cam.onvifUrl) throw new AppError('device.noOnvif');
  if (!cam.profileToken) throw new AppError('device.noProfile');
  try {
    await ptzCommand({ url: cam.onvifUrl, username: cam.username, password: cam.password }, cam.profileToken, input.command, input.speed);
  } catch (err) {
    throw deviceError(err);
  }
  return { cameraId: cam.id, command: input.command };
}

/** Asks a recorder or camera over ONVIF whether it answers, and records what it said. */
export async function probe(ctx: MemberCtx, input: { kind: 'recorder' | 'camera'; id: string }) {
  const device = await inSchool(ctx, (tx) => repo.deviceAccess(tx, input.kind, input.id));
  if (!device) throw new AppError('common.notFound');
  if (!device.onvifUrl) throw new AppError('device.noOnvif');
  const now = ctx.deps.now();
  let answered = true;
  let info = { manufacturer: null as string | null, model: null as string | null, firmware: null as string | null };
  let error: string | null = null;
  let recording: boolean | null = null;
  const target = { url: device.onvifUrl, username: device.username, password: device.password };
  try {
    info = await probeDevice(target);
    // A recorder that says what its recording jobs are doing; one without a recording service keeps its last state.
    if (input.kind === 'recorder') recording = await recordingState(target).catch(() => null);
  } catch (err) {
    const e = deviceError(err);
    // A device that answers but refuses the credentials or the request is there all the same.
    answered = err instanceof OnvifError && (err.kind === 'auth' || err.kind === 'fault');
    error = localizeError(e.key, ctx.lang, e.params);
  }
  const status = answered ? ('online' as const) : ('offline' as const);
  const lastSeenAt = await inSchool(ctx, async (tx) => {
    if (input.kind === 'recorder') {
      const row = await repo.updateRecorderState(tx, input.id, { status, ...(answered ? { lastSeenAt: now } : {}), ...(recording === null ? {} : { recording }) });
      return row?.lastSeenAt ?? null;
    }
    await repo.updateCameraStatus(tx, input.id, status);
    return answered ? now : null;
  });
  return { status, lastSeenAt: lastSeenAt?.toISOString() ?? null, manufacturer: info.manufacturer, model: info.model, firmware: info.firmware, recording, error };
}

export async function recordStatus(ctx: MemberCtx, classroomId: string) {
  return inSchool(ctx, async (tx) => {
    await assertRoom(tx, classroomId);
    const rec = await repo.recorderOfRoom(tx, classroomId);
    const cams = await repo.cameraStatesOfRoom(tx, classroomId);
    return {
      classroomId,
      recording: !!rec && rec.status === 'online' && rec.recording,
      recorder: rec ? { id: rec.id, name: rec.name, status: rec.status, recording: rec.recording, lastSeenAt: rec.lastSeenAt?.toISOString() ?? null } : null,
      cameras: cams,
    };
  });
}

// ---------------------------------------------------------------- video download log

export async function saveDownloadLog(
  ctx: MemberCtx,
  input: { classroomId?: string | undefined; cameraId?: string | undefined; courseSessionId?: string | undefined; fileName?: string | undefined; startAt?: string | undefined; endAt?: string | undefined },
) {
  return inSchool(ctx, async (tx) => {
    let classroomId = input.classroomId ?? null;
    if (input.cameraId) {
      const camRoom = await repo.classroomOfCamera(tx, input.cameraId);
      if (!camRoom || (classroomId && camRoom !== classroomId)) throw new AppError('common.notFound');
      classroomId = camRoom;
    } else if (classroomId) {
      await assertRoom(tx, classroomId);
    }
    if (input.courseSessionId && !(await repo.courseSessionExists(tx, input.courseSessionId))) throw new AppError('common.notFound');
    const id = await repo.insertDownloadLog(tx, {
      schoolId: ctx.auth.schoolId, accountId: ctx.auth.accountId, classroomId, cameraId: input.cameraId ?? null,
      courseSessionId: input.courseSessionId ?? null, fileName: input.fileName ?? null,
      startAt: input.startAt ? new Date(input.startAt) : null, endAt: input.endAt ? new Date(input.endAt) : null, createdAt: ctx.deps.now(),
    });
    return { id };
  });
}

export async function downloadLogPage(ctx: MemberCtx, q: { pageNum: number; pageSize: number; keyword?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const total = await repo.countDownloadLogs(tx, q.keyword);
    const rows = await repo.downloadLogPage(tx, q);
    return {
      list: rows.map((r) => ({ ...r, startAt: r.startAt?.toISOString() ?? null, endAt: r.endAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString() })),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  });
}
