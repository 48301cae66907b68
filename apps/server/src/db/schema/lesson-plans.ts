/**
 * Lesson plans (issue 18, docs/decisions/0025-lesson-plans.md): collections released to teachers,
 * departments or courses; the plans they make due (one per collection and course); the plans handed
 * in, with every file each version had. Tenant tables with (school_id, id) keys and row-level
 * security (the custom migration after the generated one, which also adds the file reference that
 * retention nulls).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, type PgColumn } from 'drizzle-orm/pg-core';
import { LESSON_PLAN_APPEAL_STATUSES, LESSON_PLAN_CITATION_SOURCES, LESSON_PLAN_TARGETS, LESSON_PLAN_TYPES, OPINION_MIN_LENGTH, PREVIEW_STATES } from '@hxk/contracts';
import { schools } from './platform.ts';
import { schoolMemberships } from './school.ts';
import { courseSessions, courses } from './directory.ts';
import { templateVersions } from './evaluation.ts';
import { createdAt, id, idString, schoolId, ts } from './columns.ts';

const school = () => schoolId().references(() => schools.id, { onDelete: 'cascade' });
const memberFk = (name: string, cols: [PgColumn, PgColumn]) =>
  foreignKey({ name, columns: cols, foreignColumns: [schoolMemberships.schoolId, schoolMemberships.accountId] });
const inList = (col: PgColumn, values: readonly string[]) => sql`${col} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

/** What is asked of teachers, by when; released when created. */
export const lessonPlanCollections = pgTable('lesson_plan_collections', {
  schoolId: school(),
  id: id(),
  name: text('name').notNull(),
  type: text('type', { enum: LESSON_PLAN_TYPES }).notNull(),
  deadline: ts('deadline').notNull(),
  description: text('description').notNull().default(''),
  targetKind: text('target_kind', { enum: LESSON_PLAN_TARGETS }).notNull(),
  creatorId: idString('creator_id').notNull(),
  releasedAt: createdAt(),
  /** The evaluation template version its plans are graded with (pinned at release); null: levels only (decision 0033). */
  templateVersionId: idString('template_version_id'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  memberFk('lesson_plan_collections_creator_fk', [t.schoolId, t.creatorId]),
  foreignKey({ name: 'lesson_plan_collections_template_version_fk', columns: [t.schoolId, t.templateVersionId], foreignColumns: [templateVersions.schoolId, templateVersions.id] }),
  index('lesson_plan_collections_released_idx').on(t.schoolId, t.releasedAt),
  check('lesson_plan_collections_ck', sql`${inList(t.type, LESSON_PLAN_TYPES)} and ${inList(t.targetKind, LESSON_PLAN_TARGETS)}
    and char_length(${t.name}) between 1 and 100 and char_length(${t.description}) <= 2000`),
]);

/** One plan owed: a collection reached this course; its teacher (at release) hands the plan in. */
export const lessonPlanDues = pgTable('lesson_plan_dues', {
  schoolId: school(),
  id: id(),
  collectionId: idString('collection_id').notNull(),
  courseId: idString('course_id').notNull(),
  teacherId: idString('teacher_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.collectionId], foreignColumns: [lessonPlanCollections.schoolId, lessonPlanCollections.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
  memberFk('lesson_plan_dues_teacher_fk', [t.schoolId, t.teacherId]).onDelete('cascade'),
  uniqueIndex('lesson_plan_dues_uq').on(t.schoolId, t.collectionId, t.courseId),
  index('lesson_plan_dues_teacher_idx').on(t.schoolId, t.teacherId),
  index('lesson_plan_dues_course_idx').on(t.schoolId, t.courseId),
]);

/** A plan handed in for a due; each change adds a version; the latest grade stands. */
export const lessonPlans = pgTable('lesson_plans', {
  schoolId: school(),
  id: id(),
  dueId: idString('due_id').notNull(),
  teacherId: idString('teacher_id').notNull(),
  version: integer('version').notNull().default(1),
  submittedAt: ts('submitted_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  /** Handed in after the collection's deadline. */
  late: boolean('late').notNull(),
  /** Opened by someone else from patrol or an evaluation. */
  timesCited: integer('times_cited').notNull().default(0),
  level: integer('level'),
  comment: text('comment'),
  evaluatorId: idString('evaluator_id'),
  evaluatedAt: ts('evaluated_at'),
  /** Graded with the collection's template: the answers and their total (an accepted appeal may set another score). */
  answers: jsonb('answers'),
  score: doublePrecision('score'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.dueId], foreignColumns: [lessonPlanDues.schoolId, lessonPlanDues.id] }).onDelete('cascade'),
  uniqueIndex('lesson_plans_due_uq').on(t.schoolId, t.dueId),
  index('lesson_plans_teacher_idx').on(t.schoolId, t.teacherId),
  check('lesson_plans_ck', sql`${t.version} >= 1 and ${t.timesCited} >= 0
    and (${t.level} is null or ${t.level} between 1 and 4)
    and ((${t.level} is null) = (${t.evaluatedAt} is null)) and (${t.comment} is null or char_length(${t.comment}) <= 500)`),
  check('lesson_plans_score_ck', sql`((${t.answers} is null) = (${t.score} is null)) and (${t.score} is null or (${t.score} >= 0 and ${t.level} is not null))
    and (${t.answers} is null or jsonb_typeof(${t.answers}) = 'object')`),
]);

/**
 * Every file a plan has had: added in one version, removed in a later one (null: current). The name,
 * size and type are kept when retention removes the stored file (file_id null, expired_at set).
 */
export const lessonPlanFiles = pgTable('lesson_plan_files', {
  schoolId: school(),
  id: id(),
  planId: idString('plan_id').notNull(),
  fileId: idString('file_id'),
  name: text('name').notNull(),
  size: integer('size').notNull(),
  contentType: text('content_type').notNull(),
  addedIn: integer('added_in').notNull(),
  removedIn: integer('removed_in'),
  preview: text('preview', { enum: PREVIEW_STATES }).notNull(),
  /** The converted PDF's storage key (preview = 'ready'). */
  previewKey: text('preview_key'),
  createdAt: createdAt(),
  expiredAt: ts('expired_at'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.planId], foreignColumns: [lessonPlans.schoolId, lessonPlans.id] }).onDelete('cascade'),
  uniqueIndex('lesson_plan_files_file_uq').on(t.schoolId, t.fileId),
  index('lesson_plan_files_plan_idx').on(t.schoolId, t.planId),
  index('lesson_plan_files_created_idx').on(t.schoolId, t.createdAt).where(sql`${t.expiredAt} is null`),
  check('lesson_plan_files_ck', sql`${inList(t.preview, PREVIEW_STATES)} and ${t.addedIn} >= 1 and (${t.removedIn} is null or ${t.removedIn} > ${t.addedIn})
    and ((${t.fileId} is null) = (${t.expiredAt} is not null))`),
]);

/**
 * Who cited a plan: someone other than its teacher opened it while patrolling or evaluating one class.
 * Once per person, plan and class; `times_cited` counts these rows (the first opening adds one).
 */
export const lessonPlanCitations = pgTable('lesson_plan_citations', {
  schoolId: school(),
  planId: idString('plan_id').notNull(),
  accountId: idString('account_id').notNull(),
  courseSessionId: idString('course_session_id').notNull(),
  source: text('source', { enum: LESSON_PLAN_CITATION_SOURCES }).notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.planId, t.accountId, t.courseSessionId] }),
  foreignKey({ columns: [t.schoolId, t.planId], foreignColumns: [lessonPlans.schoolId, lessonPlans.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.courseSessionId], foreignColumns: [courseSessions.schoolId, courseSessions.id] }).onDelete('cascade'),
  memberFk('lesson_plan_citations_account_fk', [t.schoolId, t.accountId]).onDelete('cascade'),
  check('lesson_plan_citations_ck', inList(t.source, LESSON_PLAN_CITATION_SOURCES)),
]);

const atLeast = (col: PgColumn) => sql`char_length(btrim(${col})) >= ${sql.raw(String(OPINION_MIN_LENGTH))}`;

/**
 * A teacher's appeal of a plan's grade (once per plan): pending until the grader or an administrator
 * accepts it with a new level (resolved) or rejects it with a reason (unresolved); the appeals'
 * states and transitions (@hxk/contracts/workflow), without withdrawal.
 */
export const lessonPlanAppeals = pgTable('lesson_plan_appeals', {
  schoolId: school(),
  id: id(),
  planId: idString('plan_id').notNull(),
  teacherId: idString('teacher_id').notNull(),
  status: text('status', { enum: LESSON_PLAN_APPEAL_STATUSES }).notNull().default('pending'),
  reason: text('reason').notNull(),
  /** The plan's level when appealed, and the level the appeal gave it. */
  level: integer('level').notNull(),
  levelAfter: integer('level_after'),
  /** A template-graded plan's score when appealed, and the score an accepting decision gave it. */
  score: doublePrecision('score'),
  scoreAfter: doublePrecision('score_after'),
  opinion: text('opinion'),
  handlerId: idString('handler_id'),
  createdAt: createdAt(),
  handledAt: ts('handled_at'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.planId], foreignColumns: [lessonPlans.schoolId, lessonPlans.id] }).onDelete('cascade'),
  memberFk('lesson_plan_appeals_teacher_fk', [t.schoolId, t.teacherId]).onDelete('cascade'),
  memberFk('lesson_plan_appeals_handler_fk', [t.schoolId, t.handlerId]),
  uniqueIndex('lesson_plan_appeals_plan_uq').on(t.schoolId, t.planId),
  index('lesson_plan_appeals_status_idx').on(t.schoolId, t.status, t.createdAt),
  check('lesson_plan_appeals_score_ck', sql`(${t.score} is null or ${t.score} >= 0)
    and (${t.scoreAfter} is null or (${t.scoreAfter} >= 0 and ${t.score} is not null and ${t.status} = 'resolved'))`),
  check('lesson_plan_appeals_ck', sql`${inList(t.status, LESSON_PLAN_APPEAL_STATUSES)} and ${atLeast(t.reason)} and char_length(${t.reason}) <= 1000
    and ${t.level} between 1 and 4 and (${t.levelAfter} is null or ${t.levelAfter} between 1 and 4)
    and ((${t.status} = 'resolved') = (${t.levelAfter} is not null))
    and ((${t.status} <> 'pending') = (${t.handlerId} is not null and ${t.handledAt} is not null))
    and (${t.status} <> 'unresolved' or ${t.opinion} is not null) and (${t.status} <> 'pending' or ${t.opinion} is null)
    and (${t.opinion} is null or (${atLeast(t.opinion)} and char_length(${t.opinion}) <= 1000))`),
]);
