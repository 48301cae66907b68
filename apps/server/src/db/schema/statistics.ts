/**
 * Rollups of submitted evaluations at the grains the statistics screens read (issue 17,
 * docs/decisions/0024-statistics.md "Rollups"). The database keeps them: after any change to an
 * evaluation, its appeals or section scores, its course or its class, a trigger (migration 0061)
 * takes out what the evaluation's fact row says it added, rewrites the fact from the tables, and adds
 * that back; a rollup row whose count is back to 0 is deleted. No foreign key but the school's: rows
 * are emptied by triggers while cascades delete what they describe. Tenant tables with row-level
 * security.
 */
import { date, doublePrecision, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { schools } from './platform.ts';
import { id, idString, schoolId } from './columns.ts';

const school = () => schoolId().references(() => schools.id, { onDelete: 'cascade' });

/** What a rollup row counts: evaluations, Σ percent, how many have a percent, and how many fall in each score band. */
const tallies = () => ({
  n: integer('n').notNull(),
  pctSum: doublePrecision('pct_sum').notNull(),
  pctN: integer('pct_n').notNull(),
  bLt60: integer('b_lt60').notNull(),
  b60to70: integer('b_60to70').notNull(),
  b70to80: integer('b_70to80').notNull(),
  b80to90: integer('b_80to90').notNull(),
  bGe90: integer('b_ge90').notNull(),
});

/**
 * What one submitted evaluation adds to the rollups, as last added: its keys, its percent (the score
 * that counts ÷ full score × 100, appeals applied; null when the full score is 0) and, per indicator,
 * the least section key and name, Σ scores and Σ full scores.
 */
export const evaluationStatFacts = pgTable('evaluation_stat_facts', {
  schoolId: school(),
  evaluationId: idString('evaluation_id').notNull(),
  semesterId: idString('semester_id').notNull(),
  orgUnitId: idString('org_unit_id'),
  courseTeacherId: idString('course_teacher_id').notNull(),
  teacherId: idString('teacher_id').notNull(),
  week: integer('week').notNull(),
  lessonDate: date('lesson_date', { mode: 'string' }).notNull(),
  templateId: idString('template_id').notNull(),
  planId: idString('plan_id'),
  kind: text('kind').notNull(),
  evaluatorId: idString('evaluator_id').notNull(),
  pct: doublePrecision('pct'),
  indKeys: text('ind_keys').array().notNull(),
  indSections: text('ind_sections').array().notNull(),
  indNames: text('ind_names').array().notNull(),
  indScores: doublePrecision('ind_scores').array().notNull(),
  indFulls: doublePrecision('ind_fulls').array().notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.evaluationId] }),
]);

/**
 * Per semester, course unit, course teacher, evaluated teacher, teaching week, template, plan and kind:
 * evaluations, the sum of their percents (the score that counts ÷ full score × 100, appeals applied),
 * how many have a percent, and how many fall in each score band.
 */
export const evaluationRollups = pgTable('evaluation_rollups', {
  schoolId: school(),
  id: id(),
  semesterId: idString('semester_id').notNull(),
  orgUnitId: idString('org_unit_id'),
  courseTeacherId: idString('course_teacher_id').notNull(),
  teacherId: idString('teacher_id').notNull(),
  week: integer('week').notNull(),
  templateId: idString('template_id').notNull(),
  planId: idString('plan_id'),
  kind: text('kind').notNull(),
  ...tallies(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  unique('evaluation_rollups_key').on(t.schoolId, t.semesterId, t.orgUnitId, t.courseTeacherId, t.teacherId, t.week, t.templateId, t.planId, t.kind).nullsNotDistinct(),
  /** A teacher reading their own figures. */
  index('evaluation_rollups_teacher_idx').on(t.schoolId, t.semesterId, t.teacherId),
]);

/**
 * The same per semester, course unit, course teacher, evaluated teacher and week only: what the screens
 * read when no template, plan, evaluation type or kind is chosen (a third of the rows above).
 */
export const evaluationWeekRollups = pgTable('evaluation_week_rollups', {
  schoolId: school(),
  id: id(),
  semesterId: idString('semester_id').notNull(),
  orgUnitId: idString('org_unit_id'),
  courseTeacherId: idString('course_teacher_id').notNull(),
  teacherId: idString('teacher_id').notNull(),
  week: integer('week').notNull(),
  ...tallies(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  unique('evaluation_week_rollups_key').on(t.schoolId, t.semesterId, t.orgUnitId, t.courseTeacherId, t.teacherId, t.week).nullsNotDistinct(),
]);

/** Per semester, course unit, template, plan, kind and indicator: Σ scores, Σ full scores, evaluations. */
export const evaluationIndicatorRollups = pgTable('evaluation_indicator_rollups', {
  schoolId: school(),
  id: id(),
  semesterId: idString('semester_id').notNull(),
  orgUnitId: idString('org_unit_id'),
  templateId: idString('template_id').notNull(),
  planId: idString('plan_id'),
  kind: text('kind').notNull(),
  indicatorKey: text('indicator_key').notNull(),
  /** The least section key and name seen for the indicator (the raw query's min()). */
  sectionKey: text('section_key').notNull(),
  name: text('name').notNull(),
  scoreSum: doublePrecision('score_sum').notNull(),
  fullSum: doublePrecision('full_sum').notNull(),
  n: integer('n').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  unique('evaluation_indicator_rollups_key').on(t.schoolId, t.semesterId, t.orgUnitId, t.templateId, t.planId, t.kind, t.indicatorKey).nullsNotDistinct(),
]);

/**
 * Per semester, course unit, course teacher, evaluated teacher and lesson day (with its week): what
 * the screens read when lesson days are chosen (and no template, plan or kind).
 */
export const evaluationDayRollups = pgTable('evaluation_day_rollups', {
  schoolId: school(),
  id: id(),
  semesterId: idString('semester_id').notNull(),
  orgUnitId: idString('org_unit_id'),
  courseTeacherId: idString('course_teacher_id').notNull(),
  teacherId: idString('teacher_id').notNull(),
  lessonDate: date('lesson_date', { mode: 'string' }).notNull(),
  week: integer('week').notNull(),
  ...tallies(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  unique('evaluation_day_rollups_key').on(t.schoolId, t.semesterId, t.orgUnitId, t.courseTeacherId, t.teacherId, t.lessonDate, t.week).nullsNotDistinct(),
  index('evaluation_day_rollups_day_idx').on(t.schoolId, t.semesterId, t.lessonDate),
]);

/** Per semester, course unit, lesson day and indicator: the indicator figures when lesson days are chosen. */
export const evaluationIndicatorDayRollups = pgTable('evaluation_indicator_day_rollups', {
  schoolId: school(),
  id: id(),
  semesterId: idString('semester_id').notNull(),
  orgUnitId: idString('org_unit_id'),
  lessonDate: date('lesson_date', { mode: 'string' }).notNull(),
  indicatorKey: text('indicator_key').notNull(),
  sectionKey: text('section_key').notNull(),
  name: text('name').notNull(),
  scoreSum: doublePrecision('score_sum').notNull(),
  fullSum: doublePrecision('full_sum').notNull(),
  n: integer('n').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  unique('evaluation_indicator_day_rollups_key').on(t.schoolId, t.semesterId, t.orgUnitId, t.lessonDate, t.indicatorKey).nullsNotDistinct(),
]);

/** Per plan and evaluator: submitted evaluations, i.e. distinct classes attended (one per class by evaluations_plan_class_uq). */
export const planAttendanceRollups = pgTable('plan_attendance_rollups', {
  schoolId: school(),
  planId: idString('plan_id').notNull(),
  evaluatorId: idString('evaluator_id').notNull(),
  n: integer('n').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.planId, t.evaluatorId] }),
]);
