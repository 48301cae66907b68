/**
 * Managing feedback questionnaires (/back/assignmentsQuestionnaire): list, read, save drafts, and
 * the batch actions publish, close and delete, each applied to every selected questionnaire or to
 * none. Questions are copies checked by the contracts' rules; only a draft can be changed.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  IDENTITY,
  type TQuestionnaire,
  type TQuestionnaireStatus,
  type TQuestionnaireSummary,
  type TTemplateQuestion,
  type ZQuestionnaireListRequest,
  type ZSaveQuestionnaireRequest,
} from '@hxk/contracts';
import { questionnaireCourses, questionnaires, questionnaireTeachers } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { idList, iso, page, rowsOf } from '../../platform/sql-rows.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { refuse } from '../templates/template-store.ts';
import { checkQuestions, normalizeQuestions } from './questionnaire-scoring.ts';

/** Who manages questionnaires; the preview page (/example) may read one too. */
export const MANAGER = 'assignmentsQuestionnaire';
const PREVIEW = 'example';

type SummaryRow = {
  questionnaireId: string; title: string; description: string | null; audience: TQuestionnaireSummary['audience']; status: TQuestionnaireStatus;
  startDate: string; endDate: string; questionCount: number; courseCount: number; teacherCount: number; responseCount: number;
  creatorId: string | null; creatorName: string | null; creatorAccount: string | null; createdAt: string | Date; total?: number;
};

/** The summary columns of questionnaires q, with its counts (lateral, so only for the rows returned). */
const summaryColumns = sql`q.id::text as "questionnaireId", q.title, q.description, q.audience, q.status,
  q.start_date::text as "startDate", q.end_date::text as "endDate", q.question_count as "questionCount",
  (select count(*)::int from questionnaire_courses x where x.school_id = q.school_id and x.questionnaire_id = q.id) as "courseCount",
  (select count(*)::int from questionnaire_teachers x where x.school_id = q.school_id and x.questionnaire_id = q.id) as "teacherCount",
  (select count(*)::int from questionnaire_responses x where x.school_id = q.school_id and x.questionnaire_id = q.id) as "responseCount",
  a.id::text as "creatorId", a.name as "creatorName", a.account as "creatorAccount", q.created_at as "createdAt"`;

const toSummary = (r: SummaryRow): TQuestionnaireSummary => ({
  questionnaireId: r.questionnaireId,
  title: r.title,
  description: r.description,
  audience: r.audience,
  status: r.status,
  startDate: r.startDate,
  endDate: r.endDate,
  questionCount: Number(r.questionCount),
  courseCount: Number(r.courseCount),
  teacherCount: Number(r.teacherCount),
  responseCount: Number(r.responseCount),
  createdBy: r.creatorId ? { userId: r.creatorId, name: r.creatorName ?? '', account: r.creatorAccount ?? '' } : null,
  createdAt: iso(r.createdAt),
});

/** Questionnaires of the school, newest changed first; the counts are computed for the page only. */
export async function listQuestionnaires(ctx: MemberCtx, q: z.output<typeof ZQuestionnaireListRequest>) {
  return inSchool(ctx, async (tx) => {
    const f: SQL[] = [sql`q.deleted_at is null`];
    if (q.status) f.push(sql`q.status = ${q.status}`);
    if (q.audience) f.push(sql`q.audience = ${q.audience}`);
    if (q.keyword) f.push(sql`q.title ilike ${containsPattern(q.keyword)}`);
    const where = sql.join(f, sql` and `);
    const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from questionnaires q where ${where}`));
    const rows = rowsOf<SummaryRow>(await tx.execute(sql`
      with pg as (
        select q.* from questionnaires q where ${where}
        order by q.updated_at desc, q.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}
      )
      select ${summaryColumns} from pg q left join accounts a on a.id = q.created_by
      order by q.updated_at desc, q.id desc`));
    return page(rows.map(toSummary), Number(count?.n ?? 0), q);
  });
}

/** One questionnaire with its questions, courses (and their teachers) and teachers; 404 when deleted or of another school. */
export async function readQuestionnaire(tx: Tx, questionnaireId: string): Promise<TQuestionnaire> {
  const [row] = rowsOf<SummaryRow & { questions: TTemplateQuestion[] }>(await tx.execute(sql`
    select ${summaryColumns}, q.questions from questionnaires q left join accounts a on a.id = q.created_by
    where q.id = ${questionnaireId} and q.deleted_at is null`));
  if (!row) throw new AppError('common.notFound');
  type C = { courseId: string; name: string; code: string; userId: string; teacherName: string; teacherAccount: string };
  const courses = await tx.execute(sql`
    select c.id::text as "courseId", c.name, c.code, t.id::text as "userId", t.name as "teacherName", t.account as "teacherAccount"
    from questionnaire_courses qc join courses c on c.school_id = qc.school_id and c.id = qc.course_id join accounts t on t.id = c.teacher_id
    where qc.questionnaire_id = ${questionnaireId} order by c.code, c.id`);
  const teachers = await tx.execute(sql`
    select t.id::text as "userId", t.name, t.account
    from questionnaire_teachers qt join accounts t on t.id = qt.teacher_id
    where qt.questionnaire_id = ${questionnaireId} order by t.name, t.id`);
  return {
    ...toSummary(row),
    questions: row.questions,
    courses: rowsOf<C>(courses).map((c) => ({ courseId: c.courseId, name: c.name, code: c.code, teacher: { userId: c.userId, name: c.teacherName, account: c.teacherAccount } })),
    teachers: rowsOf<{ userId: string; name: string; account: string }>(teachers),
  };
}

export async function questionnaireDetail(ctx: MemberCtx, questionnaireId: string) {
  if (!ctx.auth.permissions.includes(MANAGER) && !ctx.auth.permissions.includes(PREVIEW)) throw new AppError('auth.forbidden');
  return inSchool(ctx, (tx) => readQuestionnaire(tx, questionnaireId));
}

/** Courses of this school and approved teacher members, all of them or 404 (another school's look the same as none). */
async function requireTargets(tx: Tx, courseIds: string[], teacherIds: string[]) {
  if (courseIds.length) {
    const found = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from courses where id in (${idList(courseIds)})`));
    if (Number(found[0]?.n) !== courseIds.length) throw new AppError('common.notFound');
  }
  if (teacherIds.length) {
    const found = rowsOf<{ n: number }>(await tx.execute(sql`
      select count(*)::int as n from school_memberships
      where account_id in (${idList(teacherIds)}) and identity = ${IDENTITY.teacher} and status = 'approved'`));
    if (Number(found[0]?.n) !== teacherIds.length) throw new AppError('common.notFound');
  }
}

/** Source questions must be questions of this school's bank, unless the draft already held them (since deleted from the bank). */
async function requireSources(tx: Tx, list: TTemplateQuestion[], previous: TTemplateQuestion[]) {
  const held = new Set(previous.flatMap((q) => (q.sourceQuestionId ? [q.sourceQuestionId] : [])));
  const ids = [...new Set(list.flatMap((q) => (q.sourceQuestionId && !held.has(q.sourceQuestionId) ? [q.sourceQuestionId] : [])))];
  if (!ids.length) return;
  const found = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from questions where id in (${idList(ids)})`));
  if (Number(found[0]?.n) !== ids.length) throw new AppError('common.notFound');
}

/** Adds a draft or changes one (a published or closed questionnaire is locked); replaces its courses or teachers. */
export async function saveQuestionnaire(ctx: MemberCtx, input: z.output<typeof ZSaveQuestionnaireRequest>) {
  const list = normalizeQuestions(input.questions);
  const check = checkQuestions(list);
  if (check.errors.length) refuse(ctx, check.errors);
  const courseIds = input.audience === 'student' ? [...new Set(input.courseIds)] : [];
  const teacherIds = input.audience === 'teacher' ? [...new Set(input.teacherIds)] : [];
  const now = ctx.deps.now();
  const schoolId = ctx.auth.schoolId;
  return inSchool(ctx, async (tx) => {
    let previous: TTemplateQuestion[] = [];
    if (input.questionnaireId) {
      const [row] = rowsOf<{ status: TQuestionnaireStatus; questions: TTemplateQuestion[] }>(await tx.execute(sql`
        select status, questions from questionnaires where id = ${input.questionnaireId} and deleted_at is null for update`));
      if (!row) throw new AppError('common.notFound');
      if (row.status !== 'draft') throw new AppError('questionnaire.publishedLocked');
      previous = row.questions;
    }
    await requireSources(tx, list, previous);
    await requireTargets(tx, courseIds, teacherIds);
    const fields = {
      title: input.title, description: input.description || null, audience: input.audience, startDate: input.startDate, endDate: input.endDate,
      questions: list, questionCount: list.length, updatedAt: now,
    };
    let id = input.questionnaireId;
    if (id) {
      await tx.update(questionnaires).set(fields).where(sql`${questionnaires.id} = ${id}`);
      await tx.delete(questionnaireCourses).where(sql`${questionnaireCourses.questionnaireId} = ${id}`);
      await tx.delete(questionnaireTeachers).where(sql`${questionnaireTeachers.questionnaireId} = ${id}`);
    } else {
      const [made] = await tx.insert(questionnaires).values({ schoolId, ...fields, status: 'draft', createdBy: ctx.auth.accountId, createdAt: now }).returning({ id: questionnaires.id });
      id = made!.id;
    }
    const questionnaireId = id;
    if (courseIds.length) await tx.insert(questionnaireCourses).values(courseIds.map((courseId) => ({ schoolId, questionnaireId, courseId })));
    if (teacherIds.length) await tx.insert(questionnaireTeachers).values(teacherIds.map((teacherId) => ({ schoolId, questionnaireId, teacherId })));
    return readQuestionnaire(tx, questionnaireId);
  });
}

type Action = 'publish' | 'close' | 'delete';
/** The states each action applies to. */
const FROM: Record<Action, readonly TQuestionnaireStatus[]> = { publish: ['draft'], close: ['published'], delete: ['draft', 'closed'] };

/** The selected questionnaires, locked, once every one allows the action: 404 when any is missing, 409 when any may not. */
async function rowsFor(tx: Tx, ids: string[], action: Action) {
  const unique = [...new Set(ids)];
  type R = { id: string; status: TQuestionnaireStatus; audience: string; questionCount: number; targets: number };
  const rows = rowsOf<R>(await tx.execute(sql`
    select q.id::text as id, q.status, q.audience, q.question_count as "questionCount",
      case when q.audience = 'student'
        then (select count(*)::int from questionnaire_courses x where x.school_id = q.school_id and x.questionnaire_id = q.id)
        else (select count(*)::int from questionnaire_teachers x where x.school_id = q.school_id and x.questionnaire_id = q.id) end as targets
    from questionnaires q where q.id in (${idList(unique)}) and q.deleted_at is null for update of q`));
  if (rows.length !== unique.length) throw new AppError('common.notFound');
  if (rows.some((r) => !FROM[action].includes(r.status))) throw new AppError('questionnaire.badTransition');
  // Publishing needs questions and someone to answer (a course or teacher may have left since saving).
  if (action === 'publish' && rows.some((r) => Number(r.questionCount) < 1 || Number(r.targets) < 1)) throw new AppError('questionnaire.badTransition');
  return unique;
}

export async function transition(ctx: MemberCtx, ids: string[], action: Action) {
  const now = ctx.deps.now().toISOString();
  await inSchool(ctx, async (tx) => {
    const list = idList(await rowsFor(tx, ids, action));
    const set = {
      publish: sql`status = 'published', published_at = ${now}::timestamptz`,
      close: sql`status = 'closed', closed_at = ${now}::timestamptz`,
      delete: sql`deleted_at = ${now}::timestamptz`,
    }[action];
    await tx.execute(sql`update questionnaires set ${set}, updated_at = ${now}::timestamptz where id in (${list})`);
  });
  return null;
}
