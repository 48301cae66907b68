/**
 * Real-time patrol records (issue 14, classroom detail): every visit of a supervisor to a room's
 * live picture, the comments made while watching (stamped with the moment of the video), and the
 * teacher's attendance marked during patrol (spec section 3: normal / late / early leave / absent).
 * Tenant tables with (school_id, id) keys; row-level security in the migration after the tables'.
 * A visit keeps the class it watched as a plain id: removing a class from the timetable keeps the
 * record of who looked into the room (the list shows the class as gone).
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools } from './platform.ts';
import { schoolMemberships } from './school.ts';
import { classrooms, courseSessions } from './directory.ts';
import { createdAt, id, idString, schoolId, ts } from './columns.ts';

const school = () => schoolId().references(() => schools.id, { onDelete: 'cascade' });

export const PATROL_ATTENDANCE_STATUSES = ['normal', 'late', 'earlyLeave', 'absent'] as const;

/** One person's look into one room, from opening its detail to leaving it (kept alive by heartbeats). */
export const patrolVisits = pgTable('patrol_visits', {
  schoolId: school(),
  id: id(),
  accountId: idString('account_id').notNull(),
  classroomId: idString('classroom_id').notNull(),
  /** The class under way (or about to start) when the visit began; null when the room had none. */
  courseSessionId: idString('course_session_id'),
  startedAt: ts('started_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
  endedAt: ts('ended_at'),
  /** The evaluation started from this visit ("evaluated by patrol"). */
  evaluationId: idString('evaluation_id'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ name: 'patrol_visits_member_fk', columns: [t.schoolId, t.accountId], foreignColumns: [schoolMemberships.schoolId, schoolMemberships.accountId] }).onDelete('cascade'),
  foreignKey({ name: 'patrol_visits_room_fk', columns: [t.schoolId, t.classroomId], foreignColumns: [classrooms.schoolId, classrooms.id] }).onDelete('cascade'),
  index('patrol_visits_started_idx').on(t.schoolId, t.startedAt),
  index('patrol_visits_account_idx').on(t.schoolId, t.accountId, t.startedAt),
  index('patrol_visits_session_idx').on(t.schoolId, t.courseSessionId),
  /** Evaluation lists mark the evaluations made during patrol (an EXISTS on this column per row). */
  index('patrol_visits_evaluation_idx').on(t.schoolId, t.evaluationId).where(sql`${t.evaluationId} is not null`),
  check('patrol_visits_times_ck', sql`${t.lastSeenAt} >= ${t.startedAt} and (${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt})`),
]);

/** A comment made while watching, about the moment of the video it names. */
export const patrolComments = pgTable('patrol_comments', {
  schoolId: school(),
  id: id(),
  visitId: idString('visit_id').notNull(),
  authorId: idString('author_id').notNull(),
  courseSessionId: idString('course_session_id'),
  /** The wall-clock time of the live picture the comment refers to. */
  videoAt: ts('video_at').notNull(),
  content: text('content').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ name: 'patrol_comments_visit_fk', columns: [t.schoolId, t.visitId], foreignColumns: [patrolVisits.schoolId, patrolVisits.id] }).onDelete('cascade'),
  index('patrol_comments_visit_idx').on(t.schoolId, t.visitId, t.videoAt),
  index('patrol_comments_session_idx').on(t.schoolId, t.courseSessionId, t.authorId),
  check('patrol_comments_length_ck', sql`char_length(${t.content}) between 1 and 500`),
]);

/** The teacher's attendance at one class, marked during patrol; one mark per class, changeable. */
export const patrolAttendance = pgTable('patrol_attendance', {
  schoolId: school(),
  id: id(),
  courseSessionId: idString('course_session_id').notNull(),
  teacherId: idString('teacher_id').notNull(),
  classroomId: idString('classroom_id'),
  status: text('status', { enum: PATROL_ATTENDANCE_STATUSES }).notNull(),
  markedBy: idString('marked_by').notNull(),
  visitId: idString('visit_id'),
  markedAt: ts('marked_at').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ name: 'patrol_attendance_session_fk', columns: [t.schoolId, t.courseSessionId], foreignColumns: [courseSessions.schoolId, courseSessions.id] }).onDelete('cascade'),
  foreignKey({ name: 'patrol_attendance_marker_fk', columns: [t.schoolId, t.markedBy], foreignColumns: [schoolMemberships.schoolId, schoolMemberships.accountId] }).onDelete('cascade'),
  uniqueIndex('patrol_attendance_session_uq').on(t.schoolId, t.courseSessionId),
  index('patrol_attendance_marked_idx').on(t.schoolId, t.markedAt),
]);
