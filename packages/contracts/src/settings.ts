import { z } from 'zod';
import { ZId, ZIdInput } from './common.ts';
import { APPLICATION_LINK_RE, TITLE_RECORD_ID } from './constants.ts';
import { isValidPassword } from './auth.ts';
import { parseHm, zonedClock } from './calendar-rules.ts';

export const ZTitleRecord = z.object({ id: z.string(), name: z.string() });
export const ZSaveTitleRequest = z.object({
  id: z.union([z.literal(TITLE_RECORD_ID), z.literal(Number(TITLE_RECORD_ID)).transform(String)]).default(TITLE_RECORD_ID),
  name: z.string().trim().min(1, { message: 'validation.required' }).max(50, { message: 'validation.tooLong' }),
});

export const ZApplicationEntry = z.object({
  id: ZId,
  name: z.string(),
  icon: z.string().nullable(),
  webPath: z.string(),
  parentId: z.string().nullable(),
  category: z.string(),
  sort: z.number().int(),
});
export type TApplicationEntry = z.infer<typeof ZApplicationEntry>;
export const ZApplicationGroup = z.object({ name: z.string(), applicationRes: z.array(ZApplicationEntry) });
export const ZApplicationsRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
  queryName: z.string().trim().max(64).optional(),
});
export const ZApplicationsResponse = z.object({
  list: z.array(ZApplicationGroup),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export const ZSaveApplicationRequest = z.object({
  id: ZId.optional(),
  category: z.string().trim().min(1, { message: 'validation.required' }).max(32, { message: 'validation.tooLong' }),
  name: z.string().trim().min(1, { message: 'validation.required' }).max(32, { message: 'validation.tooLong' }),
  icon: z.string().trim().max(500).nullish(),
  webPath: z.string().trim().regex(APPLICATION_LINK_RE, { message: 'validation.applicationLink' }).max(500),
  parentId: z.string().trim().regex(/^\d{1,19}$/, { message: 'validation.id' }).nullish(),
  sort: z.number().int().min(0).max(9999).default(0),
});
export const ZApplicationQuery = z.object({ id: ZIdInput });
export const ZDeleteApplicationRequest = z.object({ id: ZIdInput });

// ---------------------------------------------------------------- global settings (/back/GlobalSettings)

export const HHMM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const ZClock = z.string().regex(HHMM_RE, { message: 'validation.clockHHmm' });
export const LESSON_PLAN_RETENTIONS = ['forever', '1y'] as const;
export const WAITING_MINUTES_MAX = 120;
export const RECORDING_RETENTION_DAYS_MAX = 3650;
/** How long AI analyses and their evidence frames are kept (days; 0 = forever): a daily job deletes older ones. */
export const AI_RETENTION_DAYS_DEFAULT = 180;
export const AI_RETENTION_DAYS_MAX = 3650;
/**
 * Uploads of one school (finding 5 of issue 12): what each person may upload per minute and per hour,
 * and the school's storage quota (the sum of its files). Defaults of a school that never changed them.
 */
export const UPLOAD_SETTINGS_DEFAULTS = { filesPerMinute: 20, mbPerHour: 1024, storageQuotaMb: 20 * 1024 } as const;
export const UPLOAD_SETTINGS_MAX = { filesPerMinute: 1000, mbPerHour: 1024 * 1024, storageQuotaMb: 100 * 1024 * 1024 } as const;

/** Minutes after midnight of `now` on the wall clock of `timeZone` (the process's own zone when omitted). */
export function minutesOfDay(now: Date, timeZone?: string): number {
  return timeZone ? zonedClock(now, timeZone).minute : now.getHours() * 60 + now.getMinutes();
}

/**
 * Whether `now` falls in a daily window [start, end) given as 'HH:mm'. No window (both null) means no
 * limit. Used for the lesson-plan upload and modify limits (spec section 6); the server passes the
 * school's wall clock, `config.schoolTimezone` (SCHOOL_TIMEZONE).
 */
export function withinDailyWindow(now: Date, start: string | null, end: string | null, timeZone?: string): boolean {
  if (start === null || end === null) return true;
  const m = minutesOfDay(now, timeZone);
  return m >= parseHm(start) && m < parseHm(end);
}

/** A daily window: both ends or neither, the end after the start. */
const windowOrdered = (v: { start: string | null; end: string | null }) =>
  v.start === null || v.end === null || parseHm(v.end) > parseHm(v.start);
export const ZDailyWindow = z
  .object({ start: ZClock.nullable(), end: ZClock.nullable() })
  .refine((v) => (v.start === null) === (v.end === null), { message: 'validation.windowBothOrNeither', path: ['end'] })
  .refine(windowOrdered, { message: 'validation.windowEndAfterStart', path: ['end'] });
export type TDailyWindow = z.infer<typeof ZDailyWindow>;

export const ZGlobalSettings = z.object({
  /** Whether the school set its own default reset password; the password itself is never returned. */
  defaultResetPasswordSet: z.boolean(),
  lessonPlanUpload: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
  lessonPlanModify: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
  lessonPlanRetention: z.enum(LESSON_PLAN_RETENTIONS),
  planTeacherCanView: z.boolean(),
  planAnonymous: z.boolean(),
  /** 0 keeps recordings forever. */
  recordingRetentionDays: z.number().int(),
  /** 0 keeps AI analyses and their evidence frames forever. */
  aiRetentionDays: z.number().int(),
  waitingMinutes: z.number().int(),
  /** Uploads: files per person per minute, MB per person per hour, the school's quota in MB. */
  uploadFilesPerMinute: z.number().int(),
  uploadMbPerHour: z.number().int(),
  storageQuotaMb: z.number().int(),
  /** What the school's files take now, in bytes. */
  storageUsedBytes: z.number().int(),
});
export type TGlobalSettings = z.infer<typeof ZGlobalSettings>;

export const ZSaveGlobalSettingsRequest = z.object({
  /** A new default reset password; omitted keeps the current one, null returns to the deployment default. */
  defaultResetPassword: z.string().refine(isValidPassword, { message: 'validation.password' }).nullable().optional(),
  lessonPlanUpload: ZDailyWindow,
  lessonPlanModify: ZDailyWindow,
  lessonPlanRetention: z.enum(LESSON_PLAN_RETENTIONS),
  planTeacherCanView: z.boolean(),
  planAnonymous: z.boolean(),
  recordingRetentionDays: z.number().int().min(0).max(RECORDING_RETENTION_DAYS_MAX),
  /** Omitted keeps the current value (clients older than this setting). */
  aiRetentionDays: z.number().int().min(0).max(AI_RETENTION_DAYS_MAX).optional(),
  waitingMinutes: z.number().int().min(0).max(WAITING_MINUTES_MAX),
  /** Omitted keeps the current value (clients older than these settings). */
  uploadFilesPerMinute: z.number().int().min(1).max(UPLOAD_SETTINGS_MAX.filesPerMinute).optional(),
  uploadMbPerHour: z.number().int().min(1).max(UPLOAD_SETTINGS_MAX.mbPerHour).optional(),
  storageQuotaMb: z.number().int().min(0).max(UPLOAD_SETTINGS_MAX.storageQuotaMb).optional(),
});
export type TSaveGlobalSettingsRequest = z.infer<typeof ZSaveGlobalSettingsRequest>;
