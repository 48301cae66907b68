/**
 * What supervisors evaluate with and the plans that organise it (issue 5): classifications,
 * indicators, the question bank, evaluation templates with their published versions, supervision
 * plans, and evaluations (the record of a supervisor at a class; issue 6 builds the flows that fill
 * it, plan progress counts it). Tenant tables with (school_id, id) keys and row-level security
 * (migration 0011).
 *
 * Foreign keys between tenant tables carry school_id, so "set null" would null the school too: where
 * a reference may go away (a classification, an indicator) the service clears it first and the key
 * refuses anything left dangling. Templates are deleted softly, and their versions never: a plan's
 * version stays as it was published whatever happens to the template.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, type PgColumn } from 'drizzle-orm/pg-core';
import { KNOWLEDGE_LEVELS, QUESTION_TYPES, EVALUATION_TYPES } from '@hxk/contracts/constants';
import { accounts, schools } from './platform.ts';
import { schoolMemberships } from './school.ts';
import { courseSessions, courses, semesters, supervisionGroups } from './directory.ts';
import { createdAt, id, idString, schoolId, ts } from './columns.ts';

const school = () => schoolId().references(() => schools.id, { onDelete: 'cascade' });
const memberFk = (name: string, cols: [PgColumn, PgColumn]) =>
  foreignKey({ name, columns: cols, foreignColumns: [schoolMemberships.schoolId, schoolMemberships.accountId] });
const inList = (col: PgColumn, values: readonly string[]) => sql`${col} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

export const CLASSIFICATION_KINDS = ['indicator', 'question'] as const;

/** Classifications of indicators (/back/indexClassification) and of questions (/back/questionClassification). */
export const classifications = pgTable('classifications', {
  schoolId: school(),
  id: id(),
  kind: text('kind', { enum: CLASSIFICATION_KINDS }).notNull(),
  name: text('name').notNull(),
  description: text('description'),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  uniqueIndex('classifications_name_uq').on(t.schoolId, t.kind, sql`lower(${t.name})`),
  index('classifications_kind_idx').on(t.schoolId, t.kind, t.sort),
  check('classifications_ck', sql`${inList(t.kind, CLASSIFICATION_KINDS)} and char_length(${t.name}) between 1 and 35 and ${t.sort} between 0 and 9999`),
]);

/** First-level indicators (parent null) and their second-level ones; two levels, names of 1-35 characters. */
export const indicators = pgTable('indicators', {
  schoolId: school(),
  id: id(),
  parentId: idString('parent_id'),
  level: integer('level').notNull(),
  classificationId: idString('classification_id'),
  name: text('name').notNull(),
  description: text('description'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: idString('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.parentId], foreignColumns: [t.schoolId, t.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.classificationId], foreignColumns: [classifications.schoolId, classifications.id] }),
  uniqueIndex('indicators_first_name_uq').on(t.schoolId, sql`lower(${t.name})`).where(sql`${t.parentId} is null`),
  uniqueIndex('indicators_second_name_uq').on(t.schoolId, t.parentId, sql`lower(${t.name})`).where(sql`${t.parentId} is not null`),
  index('indicators_parent_idx').on(t.schoolId, t.parentId, t.sort),
  index('indicators_classification_idx').on(t.schoolId, t.classificationId),
  check('indicators_ck', sql`((${t.level} = 1 and ${t.parentId} is null) or (${t.level} = 2 and ${t.parentId} is not null)) and char_length(${t.name}) between 1 and 35 and ${t.sort} between 0 and 9999`),
]);

export const QUESTION_STATUS_VALUES = ['draft', 'pending', 'approved', 'rejected'] as const;

/**
 * The question bank. Type-specific content (options, score ranges, evaluation elements, stars) is in
 * `body`, validated by the contracts' rules before it is written; what lists filter by is in columns.
 */
export const questions = pgTable('questions', {
  schoolId: school(),
  id: id(),
  classificationId: idString('classification_id'),
  indicatorId: idString('indicator_id'),
  type: text('type', { enum: QUESTION_TYPES }).notNull(),
  title: text('title').notNull(),
  standard: text('standard').notNull().default(''),
  score: doublePrecision('score').notNull(),
  knowledgeLevel: text('knowledge_level', { enum: KNOWLEDGE_LEVELS }),
  body: jsonb('body').notNull(),
  status: text('status', { enum: QUESTION_STATUS_VALUES }).notNull().default('draft'),
  reviewNote: text('review_note'),
  createdBy: idString('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  reviewedBy: idString('reviewed_by').references(() => accounts.id, { onDelete: 'set null' }),
  reviewedAt: ts('reviewed_at'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.classificationId], foreignColumns: [classifications.schoolId, classifications.id] }),
  foreignKey({ columns: [t.schoolId, t.indicatorId], foreignColumns: [indicators.schoolId, indicators.id] }),
  index('questions_status_idx').on(t.schoolId, t.status, t.updatedAt),
  index('questions_classification_idx').on(t.schoolId, t.classificationId),
  index('questions_indicator_idx').on(t.schoolId, t.indicatorId),
  index('questions_creator_idx').on(t.schoolId, t.createdBy, t.updatedAt),
  check('questions_ck', sql`${inList(t.type, QUESTION_TYPES)} and ${inList(t.status, QUESTION_STATUS_VALUES)}
    and (${t.knowledgeLevel} is null or ${inList(t.knowledgeLevel, KNOWLEDGE_LEVELS)})
    and ${t.score} > 0 and ${t.score} <= 1000 and char_length(${t.title}) between 1 and 200 and jsonb_typeof(${t.body}) = 'object'`),
]);

export const TEMPLATE_STATUS_VALUES = ['draft', 'published', 'stopped'] as const;

/** An evaluation template: its working content, and the version last published from it. */
export const evaluationTemplates = pgTable('evaluation_templates', {
  schoolId: school(),
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  status: text('status', { enum: TEMPLATE_STATUS_VALUES }).notNull().default('draft'),
  content: jsonb('content').notNull(),
  totalScore: doublePrecision('total_score').notNull().default(0),
  sectionCount: integer('section_count').notNull().default(0),
  questionCount: integer('question_count').notNull().default(0),
  /** The latest published version number (0: never published). */
  version: integer('version').notNull().default(0),
  createdBy: idString('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  uniqueIndex('evaluation_templates_name_uq').on(t.schoolId, sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
  index('evaluation_templates_list_idx').on(t.schoolId, t.status, t.updatedAt).where(sql`${t.deletedAt} is null`),
  check('evaluation_templates_ck', sql`${inList(t.status, TEMPLATE_STATUS_VALUES)} and jsonb_typeof(${t.content}) = 'object' and ${t.version} >= 0 and ${t.totalScore} >= 0`),
]);

/** A published version of a template: immutable; plans and evaluations point at it. */
export const templateVersions = pgTable('template_versions', {
  schoolId: school(),
  id: id(),
  templateId: idString('template_id').notNull(),
  version: integer('version').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  content: jsonb('content').notNull(),
  totalScore: doublePrecision('total_score').notNull(),
  questionCount: integer('question_count').notNull(),
  publishedBy: idString('published_by').references(() => accounts.id, { onDelete: 'set null' }),
  publishedAt: ts('published_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.templateId], foreignColumns: [evaluationTemplates.schoolId, evaluationTemplates.id] }),
  uniqueIndex('template_versions_uq').on(t.schoolId, t.templateId, t.version),
  check('template_versions_ck', sql`${t.version} >= 1 and ${t.questionCount} >= 1 and ${t.totalScore} > 0`),
]);

/** Which bank questions a template's working content was copied from (the bank shows where a question is used). */
export const templateQuestionSources = pgTable('template_question_sources', {
  schoolId: school(),
  templateId: idString('template_id').notNull(),
  questionId: idString('question_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.templateId, t.questionId] }),
  foreignKey({ columns: [t.schoolId, t.templateId], foreignColumns: [evaluationTemplates.schoolId, evaluationTemplates.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.questionId], foreignColumns: [questions.schoolId, questions.id] }).onDelete('cascade'),
  index('template_question_sources_question_idx').on(t.schoolId, t.questionId),
]);

/** A supervision plan: which courses its supervisors evaluate, with which template version, between which dates. */
export const supervisionPlans = pgTable('supervision_plans', {
  schoolId: school(),
  id: id(),
  name: text('name').notNull(),
  evaluationType: text('evaluation_type', { enum: EVALUATION_TYPES }).notNull(),
  templateId: idString('template_id').notNull(),
  /** The template version the plan was saved with: stopping, editing or deleting the template never changes it. */
  templateVersionId: idString('template_version_id').notNull(),
  semesterId: idString('semester_id'),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  minClasses: integer('min_classes').notNull().default(0),
  description: text('description'),
  anonymous: boolean('anonymous').notNull().default(false),
  teacherCanView: boolean('teacher_can_view').notNull().default(true),
  published: boolean('published').notNull().default(false),
  publishedAt: ts('published_at'),
  createdBy: idString('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.templateId], foreignColumns: [evaluationTemplates.schoolId, evaluationTemplates.id] }),
  foreignKey({ columns: [t.schoolId, t.templateVersionId], foreignColumns: [templateVersions.schoolId, templateVersions.id] }),
  foreignKey({ columns: [t.schoolId, t.semesterId], foreignColumns: [semesters.schoolId, semesters.id] }),
  uniqueIndex('supervision_plans_name_uq').on(t.schoolId, sql`lower(${t.name})`),
  index('supervision_plans_creator_idx').on(t.schoolId, t.createdBy, t.createdAt),
  index('supervision_plans_created_idx').on(t.schoolId, t.createdAt),
  index('supervision_plans_dates_idx').on(t.schoolId, t.published, t.endDate, t.startDate),
  index('supervision_plans_version_idx').on(t.schoolId, t.templateVersionId),
  index('supervision_plans_template_idx').on(t.schoolId, t.templateId),
  check('supervision_plans_ck', sql`${t.endDate} > ${t.startDate} and ${t.minClasses} between 0 and 1000 and ${inList(t.evaluationType, EVALUATION_TYPES)}`),
]);

export const planCourses = pgTable('plan_courses', {
  schoolId: school(),
  planId: idString('plan_id').notNull(),
  courseId: idString('course_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.planId, t.courseId] }),
  foreignKey({ columns: [t.schoolId, t.planId], foreignColumns: [supervisionPlans.schoolId, supervisionPlans.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
  index('plan_courses_course_idx').on(t.schoolId, t.courseId),
]);

/** Supervision groups picked for a plan; their members are written to plan_supervisors when the plan is saved. */
export const planGroups = pgTable('plan_groups', {
  schoolId: school(),
  planId: idString('plan_id').notNull(),
  groupId: idString('group_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.planId, t.groupId] }),
  foreignKey({ columns: [t.schoolId, t.planId], foreignColumns: [supervisionPlans.schoolId, supervisionPlans.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.groupId], foreignColumns: [supervisionGroups.schoolId, supervisionGroups.id] }).onDelete('cascade'),
]);

/** The supervisors of a plan: picked one by one (group_id null) or through a group (its id, kept for display). */
export const planSupervisors = pgTable('plan_supervisors', {
  schoolId: school(),
  planId: idString('plan_id').notNull(),
  accountId: idString('account_id').notNull(),
  groupId: idString('group_id'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.planId, t.accountId] }),
  foreignKey({ columns: [t.schoolId, t.planId], foreignColumns: [supervisionPlans.schoolId, supervisionPlans.id] }).onDelete('cascade'),
  memberFk('plan_supervisors_member_fk', [t.schoolId, t.accountId]).onDelete('cascade'),
  index('plan_supervisors_account_idx').on(t.schoolId, t.accountId),
]);

export const EVALUATION_KINDS = ['plan', 'free', 'invited', 'temporary'] as const;
export const EVALUATION_STATUSES = ['draft', 'submitted'] as const;

/**
 * An evaluator's evaluation of one class: answers to a template version's questions, saved as a draft
 * while in progress and submitted once. A plan counts a supervisor's submitted ones as classes attended.
 */
export const evaluations = pgTable('evaluations', {
  schoolId: school(),
  id: id(),
  planId: idString('plan_id'),
  templateVersionId: idString('template_version_id').notNull(),
  courseSessionId: idString('course_session_id').notNull(),
  courseId: idString('course_id').notNull(),
  teacherId: idString('teacher_id').notNull(),
  evaluatorId: idString('evaluator_id').notNull(),
  kind: text('kind', { enum: EVALUATION_KINDS }).notNull(),
  /** The invitation an 'invited' evaluation comes from (foreign key in migration 0015: invitations are defined later). */
  invitationId: idString('invitation_id'),
  status: text('status', { enum: EVALUATION_STATUSES }).notNull().default('draft'),
  answers: jsonb('answers').notNull().default({}),
  totalScore: doublePrecision('total_score'),
  comment: text('comment'),
  anonymous: boolean('anonymous').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  submittedAt: ts('submitted_at'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.planId], foreignColumns: [supervisionPlans.schoolId, supervisionPlans.id] }),
  foreignKey({ columns: [t.schoolId, t.templateVersionId], foreignColumns: [templateVersions.schoolId, templateVersions.id] }),
  foreignKey({ columns: [t.schoolId, t.courseSessionId], foreignColumns: [courseSessions.schoolId, courseSessions.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
  memberFk('evaluations_teacher_fk', [t.schoolId, t.teacherId]),
  memberFk('evaluations_evaluator_fk', [t.schoolId, t.evaluatorId]),
  uniqueIndex('evaluations_plan_class_uq').on(t.schoolId, t.planId, t.evaluatorId, t.courseSessionId).where(sql`${t.planId} is not null`),
  index('evaluations_plan_idx').on(t.schoolId, t.planId, t.status, t.evaluatorId),
  index('evaluations_teacher_idx').on(t.schoolId, t.teacherId, t.submittedAt),
  index('evaluations_evaluator_idx').on(t.schoolId, t.evaluatorId, t.updatedAt),
  index('evaluations_course_idx').on(t.schoolId, t.courseId, t.status),
  check('evaluations_ck', sql`${inList(t.kind, EVALUATION_KINDS)} and ${inList(t.status, EVALUATION_STATUSES)}
    and (${t.status} = 'draft' or (${t.submittedAt} is not null and ${t.totalScore} is not null))
    and (${t.kind} <> 'plan' or ${t.planId} is not null) and jsonb_typeof(${t.answers}) = 'object'`),
  check('evaluations_invited_ck', sql`${t.invitationId} is null or ${t.kind} = 'invited'`),
  uniqueIndex('evaluations_invitation_uq').on(t.schoolId, t.invitationId).where(sql`${t.invitationId} is not null`),
]);

/**
 * Attendance sign-in of an evaluator at a class (issue 6). It cannot be cancelled: there is no route
 * that removes one, and the school role may neither update nor delete rows (migration 0013).
 */
export const checkIns = pgTable('check_ins', {
  schoolId: school(),
  id: id(),
  courseSessionId: idString('course_session_id').notNull(),
  accountId: idString('account_id').notNull(),
  checkedInAt: ts('checked_in_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.courseSessionId], foreignColumns: [courseSessions.schoolId, courseSessions.id] }).onDelete('cascade'),
  memberFk('check_ins_member_fk', [t.schoolId, t.accountId]).onDelete('cascade'),
  uniqueIndex('check_ins_uq').on(t.schoolId, t.courseSessionId, t.accountId),
  index('check_ins_account_idx').on(t.schoolId, t.accountId, t.checkedInAt),
]);
