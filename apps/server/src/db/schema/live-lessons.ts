/**
 * Live lessons and shares (issue 14, part 6): a scheduled live broadcast of one camera of a room
 * (/back/LiveManagement), watched by the school's members or by anyone with the link, and the
 * links and posters that share it with an expiry (/SCADA/ShareDetail). Tenant tables: (school_id, id)
 * keys, row-level security in the migration that follows the one creating them.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LIVE_LESSON_AUDIENCES, LIVE_LESSON_LIMITS } from '@hxk/contracts';
import { accounts, schools } from './platform.ts';
import { cameras, classrooms } from './directory.ts';
import { recordings } from './recordings.ts';
import { createdAt, id, idString, schoolId, ts } from './columns.ts';

const school = () => schoolId().references(() => schools.id, { onDelete: 'cascade' });

export const liveLessons = pgTable('live_lessons', {
  schoolId: school(),
  id: id(),
  title: text('title').notNull(),
  classroomId: idString('classroom_id').notNull(),
  cameraId: idString('camera_id').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  /** members: people of the school, signed in; public: anyone with the link. */
  audience: text('audience', { enum: LIVE_LESSON_AUDIENCES }).notNull(),
  description: text('description'),
  /** Set when cancelled: the lesson stays on record, is not played, and frees its camera's time. */
  cancelledAt: ts('cancelled_at'),
  createdBy: idString('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.classroomId], foreignColumns: [classrooms.schoolId, classrooms.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.cameraId], foreignColumns: [cameras.schoolId, cameras.id] }).onDelete('cascade'),
  index('live_lessons_starts_idx').on(t.schoolId, t.startsAt),
  index('live_lessons_camera_idx').on(t.schoolId, t.cameraId, t.startsAt),
  check('live_lessons_time_ck', sql`${t.endsAt} > ${t.startsAt}`),
  check('live_lessons_title_ck', sql`char_length(${t.title}) between 1 and ${sql.raw(String(LIVE_LESSON_LIMITS.titleMax))}`),
]);

/**
 * A link (and its poster) to a live lesson or to a clip of a class recording (a recording and a range
 * of seconds in it), with the audience and expiry the sharer picked. One table for both targets keeps
 * one code space (a link names only its school and code, and /SCADA/ShareDetail opens whatever it
 * points at), one set of rules for expiry, revocation and audience, and one revocation list; the
 * CHECK keeps exactly one target per row. The table keeps its first name so that no landed row or
 * link moves.
 */
export const liveLessonShares = pgTable('live_lesson_shares', {
  schoolId: school(),
  id: id(),
  /** Set for a live lesson's share. */
  lessonId: idString('lesson_id'),
  /** Set for a recording clip's share, with the clip's range in seconds from the recording's start. */
  recordingId: idString('recording_id'),
  clipStart: integer('clip_start'),
  clipEnd: integer('clip_end'),
  /** Random, unguessable: the link's key. */
  code: text('code').notNull(),
  audience: text('audience', { enum: LIVE_LESSON_AUDIENCES }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  createdBy: idString('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.lessonId], foreignColumns: [liveLessons.schoolId, liveLessons.id] }).onDelete('cascade'),
  foreignKey({ name: 'live_lesson_shares_recording_fk', columns: [t.schoolId, t.recordingId], foreignColumns: [recordings.schoolId, recordings.id] }).onDelete('cascade'),
  uniqueIndex('live_lesson_shares_code_uq').on(t.schoolId, t.code),
  index('live_lesson_shares_lesson_idx').on(t.schoolId, t.lessonId, t.createdAt),
  index('live_lesson_shares_recording_idx').on(t.schoolId, t.recordingId, t.createdAt).where(sql`${t.recordingId} is not null`),
  check('live_lesson_shares_target_ck', sql`num_nonnulls(${t.lessonId}, ${t.recordingId}) = 1`),
  check('live_lesson_shares_clip_ck', sql`case when ${t.recordingId} is null then ${t.clipStart} is null and ${t.clipEnd} is null
    else ${t.clipStart} is not null and ${t.clipEnd} is not null and ${t.clipStart} >= 0 and ${t.clipEnd} > ${t.clipStart} end`),
]);
