/**
 * Class recordings (issue 14): the recording of an ended class, from the recorder (source 1) or a
 * camera (source 2) as the recording views of spec section 4 offer them, played with seeking and
 * downloaded with the download log.
 */
import { z } from 'zod';
import { ZId, ZIdInput, zPage } from './common.ts';
import { RECORDING_OPTION } from './constants.ts';

export const RECORDING_SOURCES = [RECORDING_OPTION.recorder, RECORDING_OPTION.camera] as const;
export const ZRecordingSource = z.union([z.literal(RECORDING_OPTION.recorder), z.literal(RECORDING_OPTION.camera)]);
export type TRecordingSource = z.infer<typeof ZRecordingSource>;
export const ZRecordingStatus = z.enum(['preparing', 'ready', 'failed']);
export type TRecordingStatus = z.infer<typeof ZRecordingStatus>;

/** The class a recording is of. */
export const ZRecordedClass = z.object({
  courseSessionId: ZId,
  courseId: ZId,
  courseName: z.string(),
  teacherName: z.string(),
  classroomId: ZId,
  classroomName: z.string(),
  buildingName: z.string(),
  lessonDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** The class's start and end as instants (school time zone applied); null when a session has no time set. */
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  ended: z.boolean(),
});
export type TRecordedClass = z.infer<typeof ZRecordedClass>;

export const ZRecording = z.object({
  id: ZId,
  source: ZRecordingSource,
  status: ZRecordingStatus,
  cameraId: ZId.nullable(),
  cameraName: z.string().nullable(),
  startedAt: z.string(),
  durationSeconds: z.number().int(),
  sizeBytes: z.number().int().nullable(),
  /**
   * Where the MP4 plays from; null until it is ready. hxk's own files answer HTTP Range; a media
   * gateway's playback server does not, and its URL carries a short-lived token (`mediaExpiresAt`).
   */
  mediaUrl: z.string().nullable(),
  /**
   * How the player seeks: 'range' in the file (the browser asks for byte ranges), or 'restart': the
   * gateway's MP4 is reloaded from the moment asked for (`recordingMediaUrlAt`).
   */
  seek: z.enum(['range', 'restart']),
  /** What the download button fetches (after writing the download log); null without the download button or until ready. */
  downloadUrl: z.string().nullable(),
  /** When the token in `mediaUrl` / `downloadUrl` expires (the player asks again before); null when the session admits them. */
  mediaExpiresAt: z.string().nullable(),
  /** While preparing: done of total steps of the job. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** A failed preparation's error key. */
  errorKey: z.string().nullable(),
});
export type TRecording = z.infer<typeof ZRecording>;

export const ZOpenRecordingRequest = z.object({ courseSessionId: ZIdInput, source: ZRecordingSource });
export type TOpenRecordingRequest = z.infer<typeof ZOpenRecordingRequest>;
export const ZOpenRecordingResponse = z.object({ class: ZRecordedClass, recording: ZRecording });
export type TOpenRecordingResponse = z.infer<typeof ZOpenRecordingResponse>;

export const ZRecordedClassQuery = z.object({ courseSessionId: ZIdInput });
export const ZRecordedClassResponse = z.object({
  class: ZRecordedClass,
  /** The sources whose recording exists already (others are prepared when opened). */
  readySources: z.array(ZRecordingSource),
});
export type TRecordedClassResponse = z.infer<typeof ZRecordedClassResponse>;

export const ZRecordingMediaQuery = z.object({ recordingId: ZIdInput, download: z.literal('1').optional() });

export const ZRecordingPageRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  classroomId: ZIdInput.optional(),
  courseId: ZIdInput.optional(),
  /** 1: only classes with a recording ready. */
  recorded: z.enum(['1']).optional(),
});
export type TRecordingPageRequest = z.input<typeof ZRecordingPageRequest>;
export const ZRecordingListItem = ZRecordedClass.extend({
  readySources: z.array(ZRecordingSource),
  /** Recordings are drawn when first opened (the built-in simulator); false when only the gateway's recordings exist. */
  onDemand: z.boolean(),
});
export type TRecordingListItem = z.infer<typeof ZRecordingListItem>;
export const ZRecordingPage = zPage(ZRecordingListItem);
export type TRecordingPage = z.infer<typeof ZRecordingPage>;

/**
 * The source to show first: the one asked for when offered, else the first offered; null when the
 * school offers no recording view (spec section 4: the options come from TourRecordingSettings).
 */
export function pickRecordingSource(offered: readonly number[], asked?: number | null): TRecordingSource | null {
  const valid = offered.filter((v): v is TRecordingSource => v === RECORDING_OPTION.recorder || v === RECORDING_OPTION.camera);
  if (asked != null && valid.includes(asked as TRecordingSource)) return asked as TRecordingSource;
  return valid[0] ?? null;
}

/**
 * Where to start playing for a moment `at` of the class: seconds from the recording's start, held
 * inside the recording (a moment before it starts plays from the start, one after it from near its end).
 */
export function recordingOffset(startedAt: string, durationSeconds: number, at: string | null | undefined): number {
  if (!at) return 0;
  const t = Date.parse(at);
  const s = Date.parse(startedAt);
  if (!Number.isFinite(t) || !Number.isFinite(s)) return 0;
  const offset = (t - s) / 1000;
  return Math.min(Math.max(0, offset), Math.max(0, durationSeconds - 0.5));
}

/**
 * The gateway's URL for playing a recording from `offsetSeconds` on (seek 'restart'): MediaMTX's
 * playback server cuts the MP4 at `start` for `duration` seconds and answers no Range requests, so a
 * seek loads the recording again from the moment asked for (RFC 3339, whole seconds, as it parses).
 */
export function recordingMediaUrlAt(mediaUrl: string, startedAt: string, durationSeconds: number, offsetSeconds: number): string {
  const offset = Math.min(Math.max(0, Math.floor(offsetSeconds)), Math.max(0, durationSeconds - 1));
  const url = new URL(mediaUrl);
  url.searchParams.set('start', new Date(Date.parse(startedAt) + offset * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'));
  url.searchParams.set('duration', String(durationSeconds - offset));
  return url.toString();
}
