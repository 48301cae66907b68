/**
 * What follows an evaluation (issue 6): invitations to listen, teachers' appeals with their images,
 * in-app notifications, and the score of each primary indicator of a submitted evaluation (what the
 * reports compare with the school average). Tenant tables with (school_id, id) keys and row-level
 * security (migration 0016). The state rules live in @hxk/contracts/workflow; the checks below keep
 * the rows consistent with them whatever code writes.
 */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, type PgColumn } from 'drizzle-orm/pg-core';
import { APPEAL_STATUSES, INVITATION_STATUSES, NOTIFICATION_KINDS, OPINION_MIN_LENGTH, UPLOAD_LIMITS } from '@hxk/contracts';
import { schools } from './platform.ts';
import { files, schoolMemberships } from './school.ts';
import { courseSessions, courses } from './directory.ts';
import { evaluations } from './evaluation.ts';
import { createdAt, id, idString, schoolId, ts } from './columns.ts';

const school = () => schoolId().references(() => schools.id, { onDelete: 'cascade' });
const memberFk = (name: string, cols: [PgColumn, PgColumn]) =>
  foreignKey({ name, columns: cols, foreignColumns: [schoolMemberships.schoolId, schoolMemberships.accountId] });
const inList = (col: PgColumn, values: readonly string[]) => sql`${col} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
const atLeast = (col: PgColumn) => sql`char_length(btrim(${col})) >= ${sql.raw(String(OPINION_MIN_LENGTH))}`;

/**
 * A teacher's invitation of a supervisor to one class. One open (pending or agreed) invitation per
 * class and invitee; a rejection carries its reason.
 */
export const invitations = pgTable('invitations', {
  schoolId: school(),
  id: id(),
  courseSessionId: idString('course_session_id').notNull(),
  courseId: idString('course_id').notNull(),
  inviterId: idString('inviter_id').notNull(),
  inviteeId: idString('invitee_id').notNull(),
  status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
  message: text('message'),
  reason: text('reason'),
  createdAt: createdAt(),
  answeredAt: ts('answered_at'),
  withdrawnAt: ts('withdrawn_at'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.courseSessionId], foreignColumns: [courseSessions.schoolId, courseSessions.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
  memberFk('invitations_inviter_fk', [t.schoolId, t.inviterId]).onDelete('cascade'),
  memberFk('invitations_invitee_fk', [t.schoolId, t.inviteeId]).onDelete('cascade'),
  uniqueIndex('invitations_open_uq').on(t.schoolId, t.courseSessionId, t.inviteeId).where(sql`${t.status} in ('pending', 'agreed')`),
  index('invitations_invitee_idx').on(t.schoolId, t.inviteeId, t.createdAt),
  index('invitations_inviter_idx').on(t.schoolId, t.inviterId, t.createdAt),
  index('invitations_session_idx').on(t.schoolId, t.courseSessionId),
  check('invitations_ck', sql`${inList(t.status, INVITATION_STATUSES)} and ${t.inviterId} <> ${t.inviteeId}
    and (${t.status} <> 'rejected' or (${t.reason} is not null and ${atLeast(t.reason)}))
    and ((${t.status} in ('agreed', 'rejected')) = (${t.answeredAt} is not null) or ${t.status} = 'withdrawn')
    and ((${t.status} = 'withdrawn') = (${t.withdrawnAt} is not null))
    and (${t.message} is null or char_length(${t.message}) <= 500) and (${t.reason} is null or char_length(${t.reason}) <= 500)`),
]);

/**
 * A teacher's appeal of a submitted evaluation's score. One pending appeal per evaluation; handled
 * ones carry the handler, the opinion and (resolved) the score after appeal. deleted_at hides it from
 * the teacher's list (delete, clear) and keeps the record.
 */
export const appeals = pgTable('appeals', {
  schoolId: school(),
  id: id(),
  evaluationId: idString('evaluation_id').notNull(),
  teacherId: idString('teacher_id').notNull(),
  status: text('status', { enum: APPEAL_STATUSES }).notNull().default('pending'),
  reason: text('reason').notNull(),
  /** The evaluation's total when appealed. */
  score: doublePrecision('score').notNull(),
  scoreAfter: doublePrecision('score_after'),
  opinion: text('opinion'),
  handlerId: idString('handler_id'),
  createdAt: createdAt(),
  handledAt: ts('handled_at'),
  withdrawnAt: ts('withdrawn_at'),
  deletedAt: ts('deleted_at'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.evaluationId], foreignColumns: [evaluations.schoolId, evaluations.id] }).onDelete('cascade'),
  memberFk('appeals_teacher_fk', [t.schoolId, t.teacherId]).onDelete('cascade'),
  memberFk('appeals_handler_fk', [t.schoolId, t.handlerId]),
  uniqueIndex('appeals_pending_uq').on(t.schoolId, t.evaluationId).where(sql`${t.status} = 'pending'`),
  index('appeals_teacher_idx').on(t.schoolId, t.teacherId, t.createdAt),
  index('appeals_status_idx').on(t.schoolId, t.status, t.createdAt),
  index('appeals_evaluation_idx').on(t.schoolId, t.evaluationId),
  check('appeals_ck', sql`${inList(t.status, APPEAL_STATUSES)} and ${atLeast(t.reason)} and char_length(${t.reason}) <= 1000
    and ((${t.status} in ('resolved', 'unresolved')) = (${t.handlerId} is not null and ${t.handledAt} is not null and ${t.opinion} is not null))
    and (${t.opinion} is null or (${atLeast(t.opinion)} and char_length(${t.opinion}) <= 1000))
    and ((${t.status} = 'resolved') = (${t.scoreAfter} is not null)) and (${t.scoreAfter} is null or ${t.scoreAfter} >= 0)
    and ((${t.status} = 'revoked') = (${t.withdrawnAt} is not null))
    and (${t.deletedAt} is null or ${t.status} <> 'pending')`),
]);

/** An appeal's images, in order: positions 0-9, so the database itself holds at most 10 per appeal. */
export const appealImages = pgTable('appeal_images', {
  schoolId: school(),
  appealId: idString('appeal_id').notNull(),
  position: integer('position').notNull(),
  fileId: idString('file_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.appealId, t.position] }),
  foreignKey({ columns: [t.schoolId, t.appealId], foreignColumns: [appeals.schoolId, appeals.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.fileId], foreignColumns: [files.schoolId, files.id] }).onDelete('cascade'),
  uniqueIndex('appeal_images_file_uq').on(t.schoolId, t.fileId),
  check('appeal_images_ck', sql`${t.position} between 0 and ${sql.raw(String(UPLOAD_LIMITS.appealImages - 1))}`),
]);

/** An in-app notification to one person; text comes from the kind and params in the reader's language. */
export const notifications = pgTable('notifications', {
  schoolId: school(),
  id: id(),
  recipientId: idString('recipient_id').notNull(),
  kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
  params: jsonb('params').notNull().default({}),
  link: text('link'),
  readAt: ts('read_at'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  memberFk('notifications_recipient_fk', [t.schoolId, t.recipientId]).onDelete('cascade'),
  index('notifications_recipient_idx').on(t.schoolId, t.recipientId, t.createdAt),
  index('notifications_unread_idx').on(t.schoolId, t.recipientId).where(sql`${t.readAt} is null`),
  check('notifications_ck', sql`${inList(t.kind, NOTIFICATION_KINDS)} and jsonb_typeof(${t.params}) = 'object' and (${t.link} is null or ${t.link} like '/%')`),
]);

/**
 * The score of each primary indicator (template section) of a submitted evaluation, written when it
 * is submitted: what reports average per indicator, for a teacher and for the school.
 * indicator_key is the indicator bank id when the section has one, else "name:" + the lower-cased name.
 */
export const evaluationSectionScores = pgTable('evaluation_section_scores', {
  schoolId: school(),
  evaluationId: idString('evaluation_id').notNull(),
  sectionKey: text('section_key').notNull(),
  indicatorKey: text('indicator_key').notNull(),
  name: text('name').notNull(),
  score: doublePrecision('score').notNull(),
  full: doublePrecision('full').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.evaluationId, t.sectionKey] }),
  foreignKey({ columns: [t.schoolId, t.evaluationId], foreignColumns: [evaluations.schoolId, evaluations.id] }).onDelete('cascade'),
  index('evaluation_section_scores_indicator_idx').on(t.schoolId, t.indicatorKey),
  check('evaluation_section_scores_ck', sql`${t.full} >= 0 and ${t.score} >= 0 and ${t.score} <= ${t.full} + 0.001`),
]);
