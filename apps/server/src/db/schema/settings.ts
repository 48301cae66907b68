/** A school's own settings and its application list (tenant tables, migration 0006). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { AI_RETENTION_DAYS_DEFAULT, AI_RETENTION_DAYS_MAX, UPLOAD_SETTINGS_DEFAULTS, UPLOAD_SETTINGS_MAX } from '@hxk/contracts';
import { schools } from './platform.ts';
import { createdAt, id, schoolId, ts } from './columns.ts';

export const schoolSettings = pgTable('school_settings', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }).primaryKey(),
  /** The product title shown in the header (the spec's title record 333333). */
  title: text('title'),
  /** The school's SCIM 2.0 endpoint and bearer token for the single-sign-on user sync. */
  ssoScimUrl: text('sso_scim_url'),
  ssoScimToken: text('sso_scim_token'),
  /** Global settings (/back/GlobalSettings); null means the deployment default. */
  defaultResetPassword: text('default_reset_password'),
  /** Daily windows (minutes after midnight) in which teachers may upload / modify lesson plans. */
  lessonPlanUploadStart: integer('lesson_plan_upload_start'),
  lessonPlanUploadEnd: integer('lesson_plan_upload_end'),
  lessonPlanModifyStart: integer('lesson_plan_modify_start'),
  lessonPlanModifyEnd: integer('lesson_plan_modify_end'),
  lessonPlanRetention: text('lesson_plan_retention', { enum: ['forever', '1y'] }).notNull().default('forever'),
  /** Defaults of a new supervision plan. */
  planTeacherCanView: boolean('plan_teacher_can_view').notNull().default(true),
  planAnonymous: boolean('plan_anonymous').notNull().default(false),
  /** How long recordings are kept, in days (0 = forever). */
  recordingRetentionDays: integer('recording_retention_days').notNull().default(180),
  /** How long AI analyses and their evidence frames are kept, in days (0 = forever): the analysis.retention job. */
  aiRetentionDays: integer('ai_retention_days').notNull().default(AI_RETENTION_DAYS_DEFAULT),
  /** Minutes before a class during which its state is "waiting for class". */
  waitingMinutes: integer('waiting_minutes').notNull().default(10),
  /** Recording views offered in patrol (spec section 4): recorder = 1, camera (server) = 2. */
  recorderVideoView: integer('recorder_video_view').notNull().default(1),
  serverVideoView: integer('server_video_view').notNull().default(1),
  /** The address outside viewers reach the media server at (GET .../getExternalInfo). */
  externalIp: text('external_ip'),
  /** Front-row settings: empty seats tolerated in the front rows, and the warning rate (percent). */
  frontRowEmptySeats: integer('front_row_empty_seats').notNull().default(0),
  frontRowMinRate: integer('front_row_min_rate').notNull().default(60),
  /** Uploads (issue 12): per person per minute and per hour, and the school's storage quota (MB). */
  uploadFilesPerMinute: integer('upload_files_per_minute').notNull().default(UPLOAD_SETTINGS_DEFAULTS.filesPerMinute),
  uploadMbPerHour: integer('upload_mb_per_hour').notNull().default(UPLOAD_SETTINGS_DEFAULTS.mbPerHour),
  storageQuotaMb: integer('storage_quota_mb').notNull().default(UPLOAD_SETTINGS_DEFAULTS.storageQuotaMb),
  /**
   * The school's own speech-to-text service (an OpenAI-compatible /v1/audio/transcriptions), used
   * instead of the deployment's when address, key and model are all set; the key is sealed
   * (platform/secret-box.ts) and never returned.
   */
  transcriptionBaseUrl: text('transcription_base_url'),
  transcriptionApiKey: text('transcription_api_key'),
  transcriptionModel: text('transcription_model'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  check('school_settings_windows_ck', sql`coalesce(${t.lessonPlanUploadStart}, 0) between 0 and 1440 and coalesce(${t.lessonPlanUploadEnd}, 0) between 0 and 1440
    and coalesce(${t.lessonPlanModifyStart}, 0) between 0 and 1440 and coalesce(${t.lessonPlanModifyEnd}, 0) between 0 and 1440`),
  check('school_settings_numbers_ck', sql`${t.frontRowEmptySeats} between 0 and 10000 and ${t.frontRowMinRate} between 0 and 100
    and ${t.recorderVideoView} in (0, 1) and ${t.serverVideoView} in (0, 1) and ${t.waitingMinutes} between 0 and 120 and ${t.recordingRetentionDays} between 0 and 3650
    and ${t.aiRetentionDays} between 0 and ${sql.raw(String(AI_RETENTION_DAYS_MAX))}`),
  check('school_settings_uploads_ck', sql`${t.uploadFilesPerMinute} between 1 and ${sql.raw(String(UPLOAD_SETTINGS_MAX.filesPerMinute))}
    and ${t.uploadMbPerHour} between 1 and ${sql.raw(String(UPLOAD_SETTINGS_MAX.mbPerHour))} and ${t.storageQuotaMb} between 0 and ${sql.raw(String(UPLOAD_SETTINGS_MAX.storageQuotaMb))}`),
]);

export const applications = pgTable('applications', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }),
  id: id(),
  /** The group the entry is listed under in the application dialog. */
  category: text('category').notNull(),
  name: text('name').notNull(),
  icon: text('icon'),
  webPath: text('web_path').notNull(),
  /** 31415926525 marks an entry that opens on the same host (spec section 9). */
  parentId: text('parent_id'),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  index('applications_name_idx').on(t.schoolId, t.category, t.sort),
  // APPLICATION_LINK_RE (contracts/settings.ts): https, or a path with exactly one leading / (not // or /\).
  check('applications_web_path_ck', sql`${t.webPath} ~ '^(https://[^[:space:]]+|/([^/\\\\[:space:]][^[:space:]]*)?)$'`),
]);
