/**
 * Shares of recording clips (issue 14, /SCADA/ShareDetail): a link and a poster to a range of one
 * class recording, with the audience and expiry the sharer picks. They live in the shares table of
 * the live lessons (one code space, one viewer page; the rules of expiry, code and admission are in
 * live-lessons/share-rules.ts); what is particular to a clip is here: only someone who may watch the
 * recording (its class's teacher, or whoever's patrol reach covers its room: recordedClass) shares
 * it, lists its shares and revokes them; the range lies within the recording; and a link plays the
 * clip from a media address of its own, valid only while the link opens:
 *
 * - a recording stored here (the simulator's): the share's media route serves that one file with
 *   HTTP Range, and the player starts at the clip's start, stops at its end and keeps seeks inside;
 * - a recording the media gateway made: a playback grant for the clip's span alone (the gateway's
 *   hook admits the share's viewer label while the share opens: share-playback.ts), so the gateway
 *   itself serves nothing outside the clip.
 */
import type { TCreateClipShareRequest, TShare, TSharedClip } from '@hxk/contracts';
import type { Ctx, Deps, MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import * as shareRepo from '../live-lessons/live-lessons.repo.ts';
import { inNamedSchool } from '../live-lessons/live-lessons.service.ts';
import { admitShare, newShareCode, presentShare, shareExpiry } from '../live-lessons/share-rules.ts';
import * as repo from './recordings.repo.ts';
import { playbackGrant } from './gateway-recordings.ts';
import { shareViewer } from './share-playback.ts';
import { recordedClass } from './recordings.service.ts';

/** The range shared: the whole recording unless given; at least a second, within the recording. */
export function clipRange(durationSeconds: number, input: { clipStart?: number | undefined; clipEnd?: number | undefined }): { clipStart: number; clipEnd: number } {
  const clipStart = input.clipStart ?? 0;
  const clipEnd = input.clipEnd ?? durationSeconds;
  if (clipStart < 0 || clipEnd > durationSeconds || clipEnd <= clipStart) {
    throw new AppError('shares.badClip', { seconds: durationSeconds }, [{ path: input.clipEnd !== undefined ? 'clipEnd' : 'clipStart', message: 'shares.badClip' }]);
  }
  return { clipStart, clipEnd };
}

/** The share-scoped address of a clip's file. */
export const clipMediaUrl = (schoolId: string, code: string) => `/app/recordings/v1/open/share/media?schoolId=${schoolId}&code=${code}`;

/** The recording when the caller may watch its class (another school's, or none, is not found). */
async function watchableRecording(ctx: MemberCtx, recordingId: string): Promise<repo.RecordingRow> {
  const rec = await inSchool(ctx, (tx) => repo.recordingById(tx, recordingId));
  if (!rec) throw new AppError('common.notFound');
  await recordedClass(ctx, rec.courseSessionId);
  return rec;
}

/** Share a clip of a ready recording the caller may watch. */
export async function createClipShare(ctx: MemberCtx, input: TCreateClipShareRequest): Promise<TShare> {
  const expiresAt = shareExpiry(ctx.deps.now(), input);
  const rec = await watchableRecording(ctx, input.recordingId);
  if (rec.status !== 'ready') throw new AppError('recordings.notReady');
  const range = clipRange(rec.durationSeconds, input);
  const shareId = await inSchool(ctx, (tx) =>
    shareRepo.insertShare(tx, { schoolId: ctx.auth.schoolId, recordingId: rec.id, ...range, code: newShareCode(), audience: input.audience, expiresAt, createdBy: ctx.auth.accountId }));
  const row = await inSchool(ctx, (tx) => shareRepo.shareRow(tx, shareId));
  return presentShare(row!);
}

/** A recording's clip shares, newest first, for someone who may watch it. */
export async function clipShares(ctx: MemberCtx, recordingId: string): Promise<TShare[]> {
  await watchableRecording(ctx, recordingId);
  return (await inSchool(ctx, (tx) => shareRepo.sharesOfRecording(tx, recordingId))).map(presentShare);
}

/** Revoke a clip's share: by someone who may watch its recording (a lesson's share is not found here). */
export async function revokeClipShare(ctx: MemberCtx, shareId: string): Promise<null> {
  const share = await inSchool(ctx, (tx) => shareRepo.shareRow(tx, shareId));
  if (!share?.recordingId) throw new AppError('shares.notFound');
  await watchableRecording(ctx, share.recordingId);
  await inSchool(ctx, (tx) => shareRepo.revokeShare(tx, shareId, ctx.deps.now()));
  return null;
}

/** The recording an admitted clip share opens, with its class; ready, or the link shows nothing yet. */
async function sharedRecording(deps: Deps, share: shareRepo.ShareRow) {
  const found = await inNamedSchool(deps, share.schoolId, async (tx) => {
    const rec = await repo.recordingById(tx, share.recordingId!);
    const cls = rec ? await repo.classOfSession(tx, rec.courseSessionId) : undefined;
    return rec && cls ? { rec, cls } : undefined;
  });
  if (!found) throw new AppError('shares.notFound');
  if (found.rec.status !== 'ready' || !(found.rec.storageKey || found.rec.gatewayPath)) throw new AppError('recordings.notReady');
  return found;
}

/** A moment on the school's clock, to the second ("2026-03-12 08:00:05"). */
const schoolClockText = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(at));

/** A clip as the share's viewer sees it (the share has been admitted). */
export async function clipView(deps: Deps, share: shareRepo.ShareRow): Promise<TSharedClip> {
  const { rec, cls } = await sharedRecording(deps, share);
  const start = Date.parse(rec.startedAt);
  const clipStart = share.clipStart ?? 0;
  const clipEnd = Math.min(share.clipEnd ?? rec.durationSeconds, rec.durationSeconds);
  const from = start + clipStart * 1000;
  const to = start + clipEnd * 1000;
  // The gateway serves the clip's span alone; hxk's own file is the whole recording.
  const media = rec.gatewayPath
    ? { ...(await playbackGrant(deps, { schoolId: share.schoolId, viewer: shareViewer(share.shareId), recordingId: rec.id, gatewayPath: rec.gatewayPath, startedAt: new Date(from).toISOString(), durationSeconds: clipEnd - clipStart })), offset: clipStart }
    : { url: clipMediaUrl(share.schoolId, share.code), expiresAt: null, offset: 0 };
  return {
    recordingId: rec.id,
    courseName: cls.courseName,
    teacherName: cls.teacherName,
    buildingName: cls.buildingName ?? '',
    classroomName: cls.classroomName ?? '',
    lessonDate: cls.lessonDate,
    source: rec.source,
    durationSeconds: rec.durationSeconds,
    clipStart,
    clipEnd,
    clipStartsAt: new Date(from).toISOString(),
    clipEndsAt: new Date(to).toISOString(),
    clipFrom: schoolClockText(from, deps.config.schoolTimezone),
    clipTo: schoolClockText(to, deps.config.schoolTimezone),
    mediaUrl: media.url,
    mediaOffset: media.offset,
    mediaExpiresAt: media.expiresAt === null ? null : new Date(media.expiresAt).toISOString(),
  };
}

/** The file a clip's link plays, while the link opens for this caller (a recording stored here). */
export async function clipFile(ctx: Ctx, q: { schoolId: string; code: string }) {
  const { share } = await admitShare(ctx, q);
  if (!share.recordingId) throw new AppError('shares.notFound');
  const { rec, cls } = await sharedRecording(ctx.deps, share);
  if (!rec.storageKey) throw new AppError('shares.notFound');
  const fileName = `${cls.courseName}-${cls.lessonDate}-${rec.source === 1 ? 'recorder' : 'camera'}.mp4`.replace(/[\\/:*?"<>|\s]+/g, '_');
  return { storageKey: rec.storageKey, fileName };
}
