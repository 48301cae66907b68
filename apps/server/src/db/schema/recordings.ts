/**
 * Class recordings (issue 14): one row per ended class meeting and source (1 the recorder's
 * recording, 2 a camera's recording; spec section 4's recording views), pointing at an MP4 in the
 * file storage, or recorded by the media gateway (gateway_path). With no gateway recording them, the
 * built-in simulator draws the file on first request (a job): the row is 'preparing' until the job
 * stores it. Tenant table with a
 * (school_id, id) key; row-level security in the migration after the table's.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools } from './platform.ts';
import { classrooms, courseSessions } from './directory.ts';
import { createdAt, id, idString, schoolId, ts } from './columns.ts';

const school = () => schoolId().references(() => schools.id, { onDelete: 'cascade' });

export const RECORDING_STATUSES = ['preparing', 'ready', 'failed'] as const;

export const recordings = pgTable('recordings', {
  schoolId: school(),
  id: id(),
  courseSessionId: idString('course_session_id').notNull(),
  /** 1 = recorder recording, 2 = camera recording (RECORDING_OPTION). */
  source: integer('source').notNull(),
  classroomId: idString('classroom_id').notNull(),
  /** The camera drawn; its foreign key (nulling only this column) is in the RLS migration. */
  cameraId: idString('camera_id'),
  /** Wall-clock time of the first frame: a moment of the class is this plus the offset in the file. */
  startedAt: ts('started_at').notNull(),
  durationSeconds: integer('duration_seconds').notNull(),
  storageKey: text('storage_key'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  status: text('status', { enum: RECORDING_STATUSES }).notNull(),
  /** The job preparing the file (its progress is what the player shows meanwhile). */
  jobId: idString('job_id'),
  /**
   * Recorded by the media gateway (MediaMTX) on this path instead of stored here: played from its
   * playback server (docs/decisions/0017-media-gateway.md). 'preparing' while the class's recording
   * window is open, 'ready' once it closed.
   */
  gatewayPath: text('gateway_path'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ name: 'recordings_session_fk', columns: [t.schoolId, t.courseSessionId], foreignColumns: [courseSessions.schoolId, courseSessions.id] }).onDelete('cascade'),
  foreignKey({ name: 'recordings_room_fk', columns: [t.schoolId, t.classroomId], foreignColumns: [classrooms.schoolId, classrooms.id] }).onDelete('cascade'),
  uniqueIndex('recordings_session_source_uq').on(t.schoolId, t.courseSessionId, t.source),
  index('recordings_room_idx').on(t.schoolId, t.classroomId, t.startedAt),
  index('recordings_gateway_idx').on(t.schoolId, t.startedAt).where(sql`${t.gatewayPath} is not null`),
  check('recordings_source_ck', sql`${t.source} in (1, 2)`),
  check('recordings_duration_ck', sql`${t.durationSeconds} between 1 and 86400`),
]);
