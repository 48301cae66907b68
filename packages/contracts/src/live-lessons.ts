/**
 * Live lessons and shares (issue 14, part 6): a scheduled live broadcast of a room's camera
 * (/back/LiveManagement, /back/LiveManagementAdd), listed for members (/back/liveListPage) and watched
 * at /back/liveListDetail, which also opens without sign-in for a public lesson; shares are links and
 * posters with an expiry (/SCADA/ShareDetail for members-only shares, the open viewer for public ones),
 * of a live lesson or of a clip of a class recording (one code space: a link opens either).
 */
import { z } from 'zod';
import { ZId, ZPageRequest, zPage } from './common.ts';

export const LIVE_LESSON_AUDIENCES = ['members', 'public'] as const;
export const ZLiveLessonAudience = z.enum(LIVE_LESSON_AUDIENCES);
export type TLiveLessonAudience = z.infer<typeof ZLiveLessonAudience>;
/** upcoming: before its start; live: between start and end; ended: after; cancelled: called off. */
export const LIVE_LESSON_STATES = ['upcoming', 'live', 'ended', 'cancelled'] as const;
export const ZLiveLessonState = z.enum(LIVE_LESSON_STATES);
export type TLiveLessonState = z.infer<typeof ZLiveLessonState>;
export const LIVE_LESSON_LIMITS = { titleMax: 60, descriptionMax: 500, maxHours: 12 } as const;

const ZIsoTime = z.iso.datetime({ offset: true });

export const ZLiveLesson = z.object({
  lessonId: ZId,
  title: z.string(),
  description: z.string().nullable(),
  classroomId: ZId,
  classroomName: z.string(),
  buildingName: z.string(),
  cameraId: ZId,
  cameraName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  audience: ZLiveLessonAudience,
  state: ZLiveLessonState,
  schoolId: ZId,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TLiveLesson = z.infer<typeof ZLiveLesson>;
export const ZLiveLessonPage = zPage(ZLiveLesson);

export const ZLiveLessonListRequest = z.object({
  ...ZPageRequest.shape,
  state: ZLiveLessonState.optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type TLiveLessonListRequest = z.input<typeof ZLiveLessonListRequest>;
export const ZLiveLessonQuery = z.object({ lessonId: ZId });

/** Schedule (no id) or change a lesson that has not ended. */
export const ZSaveLiveLessonRequest = z.object({
  lessonId: ZId.optional(),
  title: z.string().trim().min(1).max(LIVE_LESSON_LIMITS.titleMax),
  description: z.string().trim().max(LIVE_LESSON_LIMITS.descriptionMax).nullish(),
  cameraId: ZId,
  startsAt: ZIsoTime,
  endsAt: ZIsoTime,
  audience: ZLiveLessonAudience,
});
export type TSaveLiveLessonRequest = z.input<typeof ZSaveLiveLessonRequest>;

/** Rooms and their cameras, to pick where a lesson is broadcast from. */
export const ZLiveLessonRooms = z.array(z.object({
  classroomId: ZId,
  classroomName: z.string(),
  buildingName: z.string(),
  cameras: z.array(z.object({ cameraId: ZId, name: z.string(), frame: z.string(), status: z.string() })),
}));

/** A lesson as its viewer sees it: where to get the stream while it is on. */
export const ZLiveLessonView = z.object({
  lesson: ZLiveLesson,
  /** Server time, so the page counts down and switches state by the server's clock. */
  now: z.string(),
  /**
   * The class under way in the lesson's room, for the assistant's live commentary on it (spec section
   * 7, type 101): given while the lesson is on air to a member who may watch that class (its teacher,
   * or the room in their patrol reach) when the licence has the assistant; null otherwise.
   */
  classNow: z.object({ courseSessionId: ZId, courseName: z.string(), teacherName: z.string() }).nullable(),
});
export type TLiveLessonView = z.infer<typeof ZLiveLessonView>;

/** The open viewer: a public lesson by school and id, no sign-in. */
export const ZPublicLessonQuery = z.object({ schoolId: ZId, lessonId: ZId });

// ---------------------------------------------------------------- shares

export const SHARE_EXPIRIES = ['1d', '7d', '30d', 'custom'] as const;
export const ZShareExpiry = z.enum(SHARE_EXPIRIES);
export type TShareExpiry = z.infer<typeof ZShareExpiry>;
/** A custom expiry lies within a year. */
export const SHARE_MAX_DAYS = 365;

export const ZCreateShareRequest = z.object({
  lessonId: ZId,
  audience: ZLiveLessonAudience,
  expiry: ZShareExpiry,
  /** Only with expiry 'custom'. */
  expiresAt: ZIsoTime.optional(),
});
export type TCreateShareRequest = z.input<typeof ZCreateShareRequest>;

/** What a share opens: a live lesson, or a clip of a class recording. */
export const SHARE_KINDS = ['lesson', 'clip'] as const;
export const ZShareKind = z.enum(SHARE_KINDS);
export type TShareKind = z.infer<typeof ZShareKind>;

export const ZShare = z.object({
  shareId: ZId,
  kind: ZShareKind,
  /** Set for a lesson's share. */
  lessonId: ZId.nullable(),
  /** Set for a clip's share, with the clip's range in seconds from the recording's start. */
  recordingId: ZId.nullable(),
  clipStart: z.number().int().nullable(),
  clipEnd: z.number().int().nullable(),
  code: z.string(),
  schoolId: ZId,
  audience: ZLiveLessonAudience,
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type TShare = z.infer<typeof ZShare>;
export const ZShareList = z.array(ZShare);
export const ZShareIdRequest = z.object({ shareId: ZId });

/**
 * Share a clip of a class recording: the whole recording when no range is given, else [clipStart,
 * clipEnd) seconds from its start, at least one second long and within the recording (checked
 * against its length by the server).
 */
export const ZCreateClipShareRequest = z.object({
  recordingId: ZId,
  clipStart: z.number().int().min(0).optional(),
  clipEnd: z.number().int().min(1).optional(),
  audience: ZLiveLessonAudience,
  expiry: ZShareExpiry,
  /** Only with expiry 'custom'. */
  expiresAt: ZIsoTime.optional(),
});
export type TCreateClipShareRequest = z.input<typeof ZCreateClipShareRequest>;
export const ZClipSharesQuery = z.object({ recordingId: ZId });

/** Opening a share: by the school and code of its link. */
export const ZShareOpenQuery = z.object({ schoolId: ZId, code: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: 'validation.id' }) });
const ZShareFacts = ZShare.pick({ code: true, audience: true, expiresAt: true });

/** A shared clip as its viewer sees it: the class it is of, the range, and where the clip plays from. */
export const ZSharedClip = z.object({
  recordingId: ZId,
  courseName: z.string(),
  teacherName: z.string(),
  buildingName: z.string(),
  classroomName: z.string(),
  lessonDate: z.string(),
  /** 1 recorder, 2 camera. */
  source: z.number().int(),
  durationSeconds: z.number().int(),
  clipStart: z.number().int(),
  clipEnd: z.number().int(),
  /** The clip's start and end as instants (the recording's start plus the range). */
  clipStartsAt: z.string(),
  clipEndsAt: z.string(),
  /** The same on the school's clock ("2026-03-12 08:00:05"), as the class's timetable reads. */
  clipFrom: z.string(),
  clipTo: z.string(),
  /**
   * Where the clip plays from, for this share only: the recording's MP4 here (HTTP Range), or the
   * gateway's playback of the clip's span; refused once the share is revoked or expired.
   */
  mediaUrl: z.string(),
  /** The second of the recording at which the media starts: 0 for the whole file, clipStart for the gateway's span. */
  mediaOffset: z.number(),
  /** When a gateway address stops playing (open the link again for a fresh one); null for the file here. */
  mediaExpiresAt: z.string().nullable(),
});
export type TSharedClip = z.infer<typeof ZSharedClip>;

export const ZShareView = z.discriminatedUnion('kind', [
  ZLiveLessonView.extend({ kind: z.literal('lesson'), share: ZShareFacts }),
  z.object({ kind: z.literal('clip'), clip: ZSharedClip, now: z.string(), share: ZShareFacts }),
]);
export type TShareView = z.infer<typeof ZShareView>;
export const ZShareMediaQuery = ZShareOpenQuery;
