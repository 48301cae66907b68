/**
 * The SQL of managing questionnaires: the list and one questionnaire with their counts, the checks on
 * what a draft points at, saving a draft with its courses or teachers, and the batch state changes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { IDENTITY, QUESTIONNAIRE_AUDIENCES, QUESTIONNAIRE_STATUSES, ZTemplateQuestion, type TQuestionnaireStatus } from '@hxk/contracts';
import { questionnaireCourses, questionnaires, questionnaireTeachers } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, idList, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { containsPattern } from '../../platform/tenancy.ts';

const Count = z.object({ n: col.int });
const count = async (tx: Tx, query: SQL) => (await queryRow(tx, Count, query))?.n ?? 0;

/** The questions of a questionnaire (a jsonb array of template questions). */
export const Questions = z.array(ZTemplateQuestion);

// ---------------------------------------------------------------- the list and one questionnaire

const SummaryRow = z.object({
  questionnaireId: col.text, title: col.text, description: col.textOrNull, audience: col.oneOf(QUESTIONNAIRE_AUDIENCES), status: col.oneOf(QUESTIONNAIRE_STATUSES),
  startDate: col.text, endDate: col.text, questionCount: col.int, courseCount: col.int, teacherCount: col.int, responseCount: col.int,
  creatorId: col.textOrNull, creatorName: col.textOrNull, creatorAccount: col.textOrNull, createdAt: col.ts,
});
export type SummaryRow = z.output<typeof SummaryRow>;

/** The summary columns of questionnaires q, with its counts (lateral, so only for the rows returned). */
const summaryColumns = sql`q.id::text as "questionnaireId", q.title, q.description, q.audience, q.status,
  q.start_date::text as "startDate", q.end_date::text as "endDate", q.question_count as "questionCount",
  (select count(*)::int from questionnaire_courses x where x.school_id = q.school_id and x.questionnaire_id = q.id) as "courseCount",
  (select count(*)::int from questionnaire_teachers x where x.school_id = q.school_id and x.questionnaire_id = q.id) as "teacherCount",
  (select count(*)::int from questionnaire_responses x where x.school_id = q.school_id and x.questionnaire_id = q.id) as "responseCount",
  a.id::text as "creatorId", a.name as "creatorName", a.account as "creatorAccount", q.created_at as "createdAt"`;

export type ListFilters = {
  status?: TQuestionnaireStatus | undefined; audience?: (typeof QUESTIONNAIRE_AUDIENCES)[number] | undefined; keyword?: string | undefined; pageNum: number; pageSize: number;
};

/** The total of questionnaires matching the filters, then a page of them newest changed first. */
export async function questionnairePage(tx: Tx, q: ListFilters): Promise<{ rows: SummaryRow[]; total: number }> {
  const f: SQL[] = [sql`q.deleted_at is null`];
  if (q.status) f.push(sql`q.status = ${q.status}`);
  if (q.audience) f.push(sql`q.audience = ${q.audience}`);
  if (q.keyword) f.push(sql`q.title ilike ${containsPattern(q.keyword)}`);
  const where = sql.join(f, sql` and `);
  // index: questionnaires_list_idx (school_id, status, updated_at) where deleted_at is null
  const total = await count(tx, sql`select count(*)::int as n from questionnaires q where ${where}`);
  // index: questionnaires_list_idx (school_id, status, updated_at) where deleted_at is null
  // index: questionnaire_responses_course_idx (school_id, questionnaire_id, course_id) for the response counts
  const rows = await queryRows(tx, SummaryRow, sql`
    with pg as (
      select q.* from questionnaires q where ${where}
      order by q.updated_at desc, q.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}
    )
    select ${summaryColumns} from pg q left join accounts a on a.id = q.created_by
    order by q.updated_at desc, q.id desc`);
  return { rows, total };
}

const DetailRow = SummaryRow.extend({ questions: col.json(Questions) });

/** A questionnaire not deleted, with its counts and questions. */
export function questionnaireRow(tx: Tx, questionnaireId: string) {
  return queryRow(tx, DetailRow, sql`
    select ${summaryColumns}, q.questions from questionnaires q left join accounts a on a.id = q.created_by
    where q.id = ${questionnaireId} and q.deleted_at is null`);
}

const CourseRow = z.object({ courseId: col.text, name: col.text, code: col.text, userId: col.text, teacherName: col.text, teacherAccount: col.text });

/** The questionnaire's courses with their teachers, by code. */
export function questionnaireCourseRows(tx: Tx, questionnaireId: string) {
  // index: questionnaire_courses_school_id_questionnaire_id_course_id_pk (school_id, questionnaire_id, course_id)
  return queryRows(tx, CourseRow, sql`
    select c.id::text as "courseId", c.name, c.code, t.id::text as "userId", t.name as "teacherName", t.account as "teacherAccount"
    from questionnaire_courses qc join courses c on c.school_id = qc.school_id and c.id = qc.course_id join accounts t on t.id = c.teacher_id
    where qc.questionnaire_id = ${questionnaireId} order by c.code, c.id`);
}

const TeacherRow = z.object({ userId: col.text, name: col.text, account: col.text });

/** The questionnaire's teachers, by name. */
export function questionnaireTeacherRows(tx: Tx, questionnaireId: string) {
  // index: questionnaire_teachers_school_id_questionnaire_id_teacher_id_pk (school_id, questionnaire_id, teacher_id)
  return queryRows(tx, TeacherRow, sql`
    select t.id::text as "userId", t.name, t.account
    from questionnaire_teachers qt join accounts t on t.id = qt.teacher_id
    where qt.questionnaire_id = ${questionnaireId} order by t.name, t.id`);
}

// ---------------------------------------------------------------- saving a draft

/** How many of the courses are courses of this school. */
export const courseCount = (tx: Tx, courseIds: string[]) => count(tx, sql`select count(*)::int as n from courses where id in (${idList(courseIds)})`);

/** How many of the people are approved teacher members of this school. */
export const approvedTeacherCount = (tx: Tx, accountIds: string[]) => count(tx, sql`
  select count(*)::int as n from school_memberships
  where account_id in (${idList(accountIds)}) and identity = ${IDENTITY.teacher} and status = 'approved'`);

/** How many of the questions are questions of this school's bank. */
export const bankQuestionCount = (tx: Tx, questionIds: string[]) => count(tx, sql`select count(*)::int as n from questions where id in (${idList(questionIds)})`);

const DraftRow = z.object({ status: col.oneOf(QUESTIONNAIRE_STATUSES), questions: col.json(Questions) });

/** The state and questions of a questionnaire not deleted, its row locked for the save. */
export function lockQuestionnaire(tx: Tx, questionnaireId: string) {
  return queryRow(tx, DraftRow, sql`
    select status, questions from questionnaires where id = ${questionnaireId} and deleted_at is null for update`);
}

export type DraftFields = Pick<typeof questionnaires.$inferInsert,
  'title' | 'description' | 'audience' | 'startDate' | 'endDate' | 'questions' | 'questionCount' | 'updatedAt'>;

export async function insertDraft(tx: Tx, schoolId: string, fields: DraftFields, createdBy: string, now: Date): Promise<string> {
  const [made] = await tx.insert(questionnaires).values({ schoolId, ...fields, status: 'draft', createdBy, createdAt: now }).returning({ id: questionnaires.id });
  return made!.id;
}

/** Changes the draft and removes its courses and teachers, to be written again. */
export async function updateDraftClearingTargets(tx: Tx, questionnaireId: string, fields: DraftFields): Promise<void> {
  await tx.update(questionnaires).set(fields).where(sql`${questionnaires.id} = ${questionnaireId}`);
  await tx.delete(questionnaireCourses).where(sql`${questionnaireCourses.questionnaireId} = ${questionnaireId}`);
  await tx.delete(questionnaireTeachers).where(sql`${questionnaireTeachers.questionnaireId} = ${questionnaireId}`);
}

/** Writes the questionnaire's courses, then its teachers (either list may be empty). */
export async function insertTargets(tx: Tx, schoolId: string, questionnaireId: string, courseIds: string[], teacherIds: string[]): Promise<void> {
  if (courseIds.length) await tx.insert(questionnaireCourses).values(courseIds.map((courseId) => ({ schoolId, questionnaireId, courseId })));
  if (teacherIds.length) await tx.insert(questionnaireTeachers).values(teacherIds.map((teacherId) => ({ schoolId, questionnaireId, teacherId })));
}

// ---------------------------------------------------------------- publish, close, delete

const StateRow = z.object({ id: col.text, status: col.oneOf(QUESTIONNAIRE_STATUSES), audience: col.text, questionCount: col.int, targets: col.int });

/** The questionnaires not deleted among the ids, locked, with their question count and courses or teachers to answer. */
export function lockForTransition(tx: Tx, ids: string[]) {
  return queryRows(tx, StateRow, sql`
    select q.id::text as id, q.status, q.audience, q.question_count as "questionCount",
      case when q.audience = 'student'
        then (select count(*)::int from questionnaire_courses x where x.school_id = q.school_id and x.questionnaire_id = q.id)
        else (select count(*)::int from questionnaire_teachers x where x.school_id = q.school_id and x.questionnaire_id = q.id) end as targets
    from questionnaires q where q.id in (${idList(ids)}) and q.deleted_at is null for update of q`);
}

/** Publishes, closes or deletes (softly) the questionnaires at `now` (ISO text). */
export async function applyTransition(tx: Tx, ids: string[], action: 'publish' | 'close' | 'delete', now: string): Promise<void> {
  const set = {
    publish: sql`status = 'published', published_at = ${now}::timestamptz`,
    close: sql`status = 'closed', closed_at = ${now}::timestamptz`,
    delete: sql`deleted_at = ${now}::timestamptz`,
  }[action];
  await tx.execute(sql`update questionnaires set ${set}, updated_at = ${now}::timestamptz where id in (${idList(ids)})`);
}
