/**
 * Feedback questionnaires (issue 6): questionnaires built from the question bank for the students of
 * courses or for teachers, the students enrolled in courses, and the answers. Tenant tables with
 * (school_id, ...) keys and row-level security (migration 0018).
 *
 * Anonymity is structural: who answered (questionnaire_submissions, only to allow one answer per
 * person) and what was answered (questionnaire_responses) are written in one transaction but share
 * nothing that could join them back: a response has no respondent, no time and no sequential id (its
 * key is random, so neither ids nor times can be paired by order with the submissions).
 */
import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { QUESTIONNAIRE_AUDIENCES, QUESTIONNAIRE_LIMITS, QUESTIONNAIRE_STATUSES } from '@hxk/contracts';
import { accounts, schools } from './platform.ts';
import { schoolMemberships } from './school.ts';
import { courses } from './directory.ts';
import { createdAt, id, idString, schoolId, ts } from './columns.ts';

const school = () => schoolId().references(() => schools.id, { onDelete: 'cascade' });
const memberFk = (name: string, cols: [PgColumn, PgColumn]) =>
  foreignKey({ name, columns: cols, foreignColumns: [schoolMemberships.schoolId, schoolMemberships.accountId] });
const inList = (col: PgColumn, values: readonly string[]) => sql`${col} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

/**
 * A questionnaire: its questions are copies (a jsonb array of template questions, checked by the
 * contracts' rules before writing), editable while a draft only. Deleted softly (drafts and closed
 * ones): the answers of a closed one stay on record.
 */
export const questionnaires = pgTable('questionnaires', {
  schoolId: school(),
  id: id(),
  title: text('title').notNull(),
  description: text('description'),
  audience: text('audience', { enum: QUESTIONNAIRE_AUDIENCES }).notNull(),
  status: text('status', { enum: QUESTIONNAIRE_STATUSES }).notNull().default('draft'),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  questions: jsonb('questions').notNull().default([]),
  questionCount: integer('question_count').notNull().default(0),
  createdBy: idString('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  publishedAt: ts('published_at'),
  closedAt: ts('closed_at'),
  deletedAt: ts('deleted_at'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  index('questionnaires_list_idx').on(t.schoolId, t.status, t.updatedAt).where(sql`${t.deletedAt} is null`),
  index('questionnaires_audience_idx').on(t.schoolId, t.audience, t.status).where(sql`${t.deletedAt} is null`),
  check('questionnaires_ck', sql`${inList(t.audience, QUESTIONNAIRE_AUDIENCES)} and ${inList(t.status, QUESTIONNAIRE_STATUSES)}
    and char_length(btrim(${t.title})) between 1 and ${sql.raw(String(QUESTIONNAIRE_LIMITS.titleMax))}
    and (${t.description} is null or char_length(${t.description}) <= 500) and ${t.endDate} >= ${t.startDate}
    and jsonb_typeof(${t.questions}) = 'array' and ${t.questionCount} = jsonb_array_length(${t.questions})
    and ${t.questionCount} <= ${sql.raw(String(QUESTIONNAIRE_LIMITS.questionsMax))}
    and (${t.status} = 'draft' or (${t.questionCount} >= 1 and ${t.publishedAt} is not null))
    and ((${t.status} = 'closed') = (${t.closedAt} is not null))`),
]);

/** The courses whose students answer a student questionnaire. */
export const questionnaireCourses = pgTable('questionnaire_courses', {
  schoolId: school(),
  questionnaireId: idString('questionnaire_id').notNull(),
  courseId: idString('course_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.questionnaireId, t.courseId] }),
  foreignKey({ columns: [t.schoolId, t.questionnaireId], foreignColumns: [questionnaires.schoolId, questionnaires.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
  index('questionnaire_courses_course_idx').on(t.schoolId, t.courseId),
]);

/** The teachers who answer a teacher questionnaire. */
export const questionnaireTeachers = pgTable('questionnaire_teachers', {
  schoolId: school(),
  questionnaireId: idString('questionnaire_id').notNull(),
  teacherId: idString('teacher_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.questionnaireId, t.teacherId] }),
  foreignKey({ columns: [t.schoolId, t.questionnaireId], foreignColumns: [questionnaires.schoolId, questionnaires.id] }).onDelete('cascade'),
  memberFk('questionnaire_teachers_member_fk', [t.schoolId, t.teacherId]).onDelete('cascade'),
  index('questionnaire_teachers_teacher_idx').on(t.schoolId, t.teacherId),
]);

/** Enrolment: the students of a course (who may answer its questionnaires). */
export const courseStudents = pgTable('course_students', {
  schoolId: school(),
  courseId: idString('course_id').notNull(),
  accountId: idString('account_id').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.courseId, t.accountId] }),
  foreignKey({ columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
  memberFk('course_students_member_fk', [t.schoolId, t.accountId]).onDelete('cascade'),
  index('course_students_account_idx').on(t.schoolId, t.accountId),
]);

/**
 * Who answered: one row per questionnaire, course (student questionnaires) and person, and nothing
 * about the answers. The unique indexes are the backstop of "answer once".
 */
export const questionnaireSubmissions = pgTable('questionnaire_submissions', {
  schoolId: school(),
  id: id(),
  questionnaireId: idString('questionnaire_id').notNull(),
  courseId: idString('course_id'),
  respondentId: idString('respondent_id').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.questionnaireId], foreignColumns: [questionnaires.schoolId, questionnaires.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
  memberFk('questionnaire_submissions_respondent_fk', [t.schoolId, t.respondentId]).onDelete('cascade'),
  uniqueIndex('questionnaire_submissions_course_uq').on(t.schoolId, t.questionnaireId, t.courseId, t.respondentId).where(sql`${t.courseId} is not null`),
  uniqueIndex('questionnaire_submissions_once_uq').on(t.schoolId, t.questionnaireId, t.respondentId).where(sql`${t.courseId} is null`),
  index('questionnaire_submissions_respondent_idx').on(t.schoolId, t.respondentId),
]);

/**
 * What was answered: the answers of one response, about a course (and the class whose QR code was
 * scanned), with its score as a percent of the scored questions' full marks (null without scored
 * questions) so lists average it in SQL. No respondent, no time, a random key: see the file comment.
 * The class reference is nulled alone should the class go (migration 0018: a column list).
 */
export const questionnaireResponses = pgTable('questionnaire_responses', {
  schoolId: school(),
  id: uuid('id').notNull().defaultRandom(),
  questionnaireId: idString('questionnaire_id').notNull(),
  courseId: idString('course_id'),
  courseSessionId: idString('course_session_id'),
  answers: jsonb('answers').notNull(),
  scorePercent: doublePrecision('score_percent'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.questionnaireId], foreignColumns: [questionnaires.schoolId, questionnaires.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.schoolId, t.courseId], foreignColumns: [courses.schoolId, courses.id] }).onDelete('cascade'),
  index('questionnaire_responses_course_idx').on(t.schoolId, t.questionnaireId, t.courseId),
  index('questionnaire_responses_session_idx').on(t.schoolId, t.courseSessionId).where(sql`${t.courseSessionId} is not null`),
  check('questionnaire_responses_ck', sql`jsonb_typeof(${t.answers}) = 'object' and (${t.scorePercent} is null or ${t.scorePercent} between 0 and 100)
    and (${t.courseSessionId} is null or ${t.courseId} is not null)`),
]);
