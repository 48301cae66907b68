/**
 * Appeals (issue 6): the class's teacher appeals the score of a submitted evaluation they may see,
 * with a reason and up to 10 images of their own; a handler (appeal:handle) resolves it with the
 * score after appeal or marks it not to be resolved; the teacher may withdraw it while pending and
 * hide closed ones from their list. Who reads an appeal: its teacher (never the evaluator of an
 * anonymous evaluation), the evaluator, and handlers; anyone else, and another school: not found.
 * The new appeal and its withdrawal are told to the evaluator; the decision to the teacher and the
 * evaluator. Handlers find pending appeals on /Evaluate/Appeal, pending first, rather than by a
 * notification to each of them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  nextAppealStatus,
  UPLOAD_LIMITS,
  type TAppeal,
  type TAppealRow,
  type TAppealStatus,
  type TEvaluationKind,
  type ZAppealListRequest,
  type ZHandleAppealRequest,
  type ZCreateAppealRequest,
} from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { idList, iso, isoOrNull, page, rowsOf } from '../../platform/sql-rows.ts';
import { classColumns, classJoins, presentClass, sessionClock, type ClassRow } from '../evaluations/evaluated-class.ts';
import { fileUrl } from '../files/files.service.ts';
import { inSchoolNotifying, type TNotifyItem } from '../notifications/notify.ts';

/** Who may read every appeal of the school, and who may decide one. */
const HANDLERS = 'EvaluateAppeal';
const HANDLE = 'appeal:handle';
const detailLink = (id: string) => `/Appeal/Detail?appealId=${id}`;

/** The database's name for the constraint a statement broke, whichever driver wrapped it. */
function brokenConstraint(e: unknown): string | null {
  for (let cur = e as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; cur; cur = cur.cause as typeof cur) {
    if (cur.code === '23505') return typeof cur.constraint === 'string' ? cur.constraint : '';
  }
  return null;
}

// ---------------------------------------------------------------- reading

type Row = ClassRow & {
  appealId: string; status: TAppealStatus; evaluationId: string; evaluationKind: TEvaluationKind; planName: string | null;
  evaluatorId: string; evaluatorShownId: string | null; evaluatorName: string | null; evaluatorAccount: string | null;
  score: number; fullScore: number; scoreAfter: number | null; reason: string; imageCount: number;
  createdAt: string | Date; handledAt: string | Date | null; total: number;
};

const anonymous = sql`(e.anonymous or coalesce(p.anonymous, false))`;

/**
 * An appeal row's columns (alias a) for a reader: the evaluator is not even read from the database
 * when the evaluation is anonymous and the reader is the appeal's teacher.
 */
const rowColumns = (me: string) => {
  const named = sql`(a.teacher_id <> ${me} or not ${anonymous})`;
  return sql`a.id::text as "appealId", a.status, e.id::text as "evaluationId", e.kind as "evaluationKind", p.name as "planName",
    e.evaluator_id::text as "evaluatorId",
    case when ${named} then ev.id::text end as "evaluatorShownId", case when ${named} then ev.name end as "evaluatorName",
    case when ${named} then ev.account end as "evaluatorAccount",
    a.score, tv.total_score as "fullScore", a.score_after as "scoreAfter", a.reason,
    (select count(*)::int from appeal_images ai where ai.school_id = a.school_id and ai.appeal_id = a.id) as "imageCount",
    a.created_at as "createdAt", a.handled_at as "handledAt", (count(*) over ())::int as total, ${classColumns}`;
};

const rowFrom = sql`
  from appeals a
  join evaluations e on e.school_id = a.school_id and e.id = a.evaluation_id
  join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
  ${classJoins(sql`a.teacher_id`)}
  join accounts ev on ev.id = e.evaluator_id
  join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
  left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id`;

const presentRow = (r: Row, times: Awaited<ReturnType<typeof sessionClock>>): TAppealRow => ({
  appealId: r.appealId,
  status: r.status,
  evaluationId: r.evaluationId,
  evaluationKind: r.evaluationKind,
  planName: r.planName,
  class: presentClass(r, times),
  teacher: { userId: r.teacherId, name: r.teacherName, account: r.teacherAccount },
  evaluator: r.evaluatorShownId ? { userId: r.evaluatorShownId, name: r.evaluatorName ?? '', account: r.evaluatorAccount ?? '' } : null,
  score: Number(r.score),
  fullScore: Number(r.fullScore),
  scoreAfter: r.scoreAfter == null ? null : Number(r.scoreAfter),
  reason: r.reason,
  imageCount: Number(r.imageCount),
  createdAt: iso(r.createdAt),
  handledAt: isoOrNull(r.handledAt),
});

type ListQuery = z.output<typeof ZAppealListRequest>;

async function listPage(ctx: MemberCtx, q: ListQuery, filters: SQL[], order: SQL) {
  return inSchool(ctx, async (tx) => {
    const f = [...filters];
    if (q.status) f.push(sql`a.status = ${q.status}`);
    if (q.evaluationId) f.push(sql`a.evaluation_id = ${q.evaluationId}`);
    const where = sql.join(f, sql` and `);
    const rows = rowsOf<Row>(await tx.execute(sql`select ${rowColumns(ctx.auth.accountId)} ${rowFrom} where ${where}
      order by ${order} limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`));
    const times = await sessionClock(tx);
    let total = Number(rows[0]?.total ?? 0);
    // Past the last page no row carries the window count.
    if (!rows.length && q.pageNum > 1) total = Number(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n ${rowFrom} where ${where}`))[0]?.n ?? 0);
    return page(rows.map((r) => presentRow(r, times)), total, q);
  });
}

/** My appeals (not deleted from my list), newest first; the course, its code or the plan as keyword. */
export async function myAppeals(ctx: MemberCtx, q: ListQuery) {
  const f: SQL[] = [sql`a.teacher_id = ${ctx.auth.accountId}`, sql`a.deleted_at is null`];
  if (q.keyword) {
    const k = containsPattern(q.keyword);
    f.push(sql`(c.name ilike ${k} or c.code ilike ${k} or p.name ilike ${k})`);
  }
  return listPage(ctx, q, f, sql`a.created_at desc, a.id desc`);
}

/** Every appeal of the school for handlers (deleted ones too: the record stays), pending first, then newest. */
export async function allAppeals(ctx: MemberCtx, q: ListQuery) {
  const f: SQL[] = [sql`true`];
  if (q.keyword) {
    const k = containsPattern(q.keyword);
    f.push(sql`(c.name ilike ${k} or c.code ilike ${k} or t.name ilike ${k} or t.account ilike ${k})`);
  }
  return listPage(ctx, q, f, sql`(a.status = 'pending') desc, a.created_at desc, a.id desc`);
}

type Detail = Row & { opinion: string | null; handlerId: string | null; handlerName: string | null; handlerAccount: string | null; withdrawnAt: string | Date | null; deletedAt: string | Date | null };

async function readAppeal(ctx: MemberCtx, tx: Tx, appealId: string): Promise<TAppeal> {
  const me = ctx.auth.accountId;
  const [r] = rowsOf<Detail>(await tx.execute(sql`
    select ${rowColumns(me)}, a.opinion, h.id::text as "handlerId", h.name as "handlerName", h.account as "handlerAccount",
      a.withdrawn_at as "withdrawnAt", a.deleted_at as "deletedAt"
    ${rowFrom} left join accounts h on h.id = a.handler_id
    where a.id = ${appealId}`));
  if (!r) throw new AppError('common.notFound');
  const teacher = r.teacherId === me;
  const handler = ctx.auth.permissions.includes(HANDLERS);
  if (!teacher && !handler && r.evaluatorId !== me) throw new AppError('common.notFound');
  const images = rowsOf<{ fileId: string; name: string; size: number }>(await tx.execute(sql`
    select f.id::text as "fileId", f.name, f.size from appeal_images ai join files f on f.school_id = ai.school_id and f.id = ai.file_id
    where ai.appeal_id = ${appealId} order by ai.position`));
  const times = await sessionClock(tx);
  const mayHandle = ctx.auth.permissions.includes(HANDLE) && nextAppealStatus(r.status, 'resolve') !== null;
  const conflict = r.evaluatorId === me || teacher;
  return {
    ...presentRow(r, times),
    opinion: r.opinion,
    handler: r.handlerId ? { userId: r.handlerId, name: r.handlerName ?? '', account: r.handlerAccount ?? '' } : null,
    images: images.map((i) => ({ fileId: i.fileId, name: i.name, size: Number(i.size), url: fileUrl(i.fileId) })),
    withdrawnAt: isoOrNull(r.withdrawnAt),
    canWithdraw: teacher && nextAppealStatus(r.status, 'withdraw') !== null,
    canDelete: teacher && r.deletedAt === null && nextAppealStatus(r.status, 'delete') !== null,
    canHandle: mayHandle && !conflict,
    conflictOfInterest: mayHandle && conflict,
  };
}

export const appealDetail = (ctx: MemberCtx, appealId: string) => inSchool(ctx, (tx) => readAppeal(ctx, tx, appealId));

// ---------------------------------------------------------------- the teacher

type Appealed = {
  teacherId: string; evaluatorId: string; status: string; planId: string | null; teacherCanView: boolean | null; totalScore: number | null;
  courseName: string; lessonDate: string; teacherName: string;
};

/** Appeals a submitted evaluation of my class that I may see; one pending appeal per evaluation. */
export async function createAppeal(ctx: MemberCtx, input: z.output<typeof ZCreateAppealRequest>) {
  const me = ctx.auth.accountId;
  // The contract says so too; this holds for callers that bypass it (and the database holds positions 0-9 only).
  if (input.imageIds.length > UPLOAD_LIMITS.appealImages) throw new AppError('appeal.tooManyImages', { max: UPLOAD_LIMITS.appealImages });
  const imageIds = [...new Set(input.imageIds)];
  if (imageIds.length !== input.imageIds.length) throw new AppError('appeal.badImage');
  try {
    return await inSchoolNotifying(ctx, async (tx, notify) => {
      const [e] = rowsOf<Appealed>(await tx.execute(sql`
        select e.teacher_id::text as "teacherId", e.evaluator_id::text as "evaluatorId", e.status, e.plan_id::text as "planId",
          p.teacher_can_view as "teacherCanView", e.total_score as "totalScore", c.name as "courseName", cs.lesson_date::text as "lessonDate", t.name as "teacherName"
        from evaluations e
        join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
        join courses c on c.school_id = cs.school_id and c.id = cs.course_id
        join accounts t on t.id = e.teacher_id
        left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id
        where e.id = ${input.evaluationId}`));
      if (!e || e.teacherId !== me) throw new AppError('common.notFound');
      if (e.status !== 'submitted' || e.totalScore == null || (e.planId !== null && e.teacherCanView !== true)) throw new AppError('appeal.notAppealable');
      const [pending] = rowsOf(await tx.execute(sql`select 1 from appeals where evaluation_id = ${input.evaluationId} and status = 'pending'`));
      if (pending) throw new AppError('appeal.pendingExists');
      if (imageIds.length) {
        const usable = rowsOf<{ id: string }>(await tx.execute(sql`
          select f.id::text as id from files f
          where f.id in (${idList(imageIds)}) and f.owner_id = ${me} and f.content_type like 'image/%' and f.attached_at is null
            and not exists (select 1 from appeal_images ai where ai.school_id = f.school_id and ai.file_id = f.id)`));
        if (usable.length !== imageIds.length) throw new AppError('appeal.badImage');
      }
      const [row] = rowsOf<{ id: string }>(await tx.execute(sql`
        insert into appeals (school_id, evaluation_id, teacher_id, status, reason, score, created_at)
        values (${ctx.auth.schoolId}, ${input.evaluationId}, ${me}, 'pending', ${input.reason}, ${Number(e.totalScore)}, ${ctx.deps.now().toISOString()}::timestamptz)
        returning id::text as id`));
      const appealId = row!.id;
      if (imageIds.length) {
        await tx.execute(sql`insert into appeal_images (school_id, appeal_id, position, file_id) values
          ${sql.join(imageIds.map((fileId, i) => sql`(${ctx.auth.schoolId}, ${appealId}, ${i}, ${fileId})`), sql`, `)}`);
        // Taken: the images now follow the appeal (readers, no clean-up; docs/decisions/0012).
        await tx.execute(sql`update files set attached_at = ${ctx.deps.now().toISOString()}::timestamptz where id in (${idList(imageIds)})`);
      }
      await notify([{ recipientId: e.evaluatorId, kind: 'appeal.new', params: { course: e.courseName, date: e.lessonDate, teacher: e.teacherName }, link: detailLink(appealId) }]);
      return { appealId };
    });
  } catch (err) {
    // The checks above lose only to a concurrent appeal of the same evaluation or use of the same image.
    const hit = brokenConstraint(err);
    if (hit === 'appeals_pending_uq') throw new AppError('appeal.pendingExists');
    if (hit === 'appeal_images_file_uq' || hit === 'appeal_images_school_id_appeal_id_position_pk') throw new AppError('appeal.badImage');
    throw err;
  }
}

type Mine = { id: string; status: TAppealStatus; evaluatorId: string; courseName: string; lessonDate: string; teacherName: string };

const mineColumns = sql`a.id::text as id, a.status, e.evaluator_id::text as "evaluatorId", c.name as "courseName",
  cs.lesson_date::text as "lessonDate", t.name as "teacherName"`;
const mineFrom = sql`from appeals a
  join evaluations e on e.school_id = a.school_id and e.id = a.evaluation_id
  join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
  join courses c on c.school_id = cs.school_id and c.id = cs.course_id
  join accounts t on t.id = a.teacher_id`;

/** Withdraws my pending appeal (guarded by the status: a decision made meanwhile wins). */
export async function withdrawAppeal(ctx: MemberCtx, appealId: string) {
  const me = ctx.auth.accountId;
  return inSchoolNotifying(ctx, async (tx, notify) => {
    const [a] = rowsOf<Mine>(await tx.execute(sql`select ${mineColumns} ${mineFrom} where a.id = ${appealId} and a.teacher_id = ${me}`));
    if (!a) throw new AppError('common.notFound');
    if (nextAppealStatus(a.status, 'withdraw') !== 'revoked') throw new AppError('appeal.badTransition');
    const now = ctx.deps.now().toISOString();
    const done = rowsOf(await tx.execute(sql`
      update appeals set status = 'revoked', withdrawn_at = ${now}::timestamptz where id = ${appealId} and teacher_id = ${me} and status = 'pending' returning id`));
    if (!done.length) throw new AppError('appeal.badTransition');
    await notify([{ recipientId: a.evaluatorId, kind: 'appeal.withdrawn', params: { course: a.courseName, date: a.lessonDate, teacher: a.teacherName }, link: detailLink(appealId) }]);
    return readAppeal(ctx, tx, appealId);
  });
}

/** Removes closed appeals of mine from my list, all or none; the records stay for handlers. */
export async function deleteAppeals(ctx: MemberCtx, appealIds: string[]) {
  const me = ctx.auth.accountId;
  const ids = [...new Set(appealIds)];
  await inSchool(ctx, async (tx) => {
    const rows = rowsOf<{ status: TAppealStatus }>(await tx.execute(sql`
      select status from appeals where id in (${idList(ids)}) and teacher_id = ${me} and deleted_at is null`));
    if (rows.length !== ids.length) throw new AppError('common.notFound');
    if (rows.some((r) => nextAppealStatus(r.status, 'delete') !== 'deleted')) throw new AppError('appeal.badTransition');
    const done = rowsOf(await tx.execute(sql`
      update appeals set deleted_at = ${ctx.deps.now().toISOString()}::timestamptz
      where id in (${idList(ids)}) and teacher_id = ${me} and deleted_at is null and status <> 'pending' returning id`));
    if (done.length !== ids.length) throw new AppError('appeal.badTransition');
  });
  return null;
}

/** Removes every closed appeal of mine from my list. */
export async function clearAppeals(ctx: MemberCtx) {
  return inSchool(ctx, async (tx) => {
    const done = rowsOf(await tx.execute(sql`
      update appeals set deleted_at = ${ctx.deps.now().toISOString()}::timestamptz
      where teacher_id = ${ctx.auth.accountId} and deleted_at is null and status <> 'pending' returning id`));
    return { cleared: done.length };
  });
}

// ---------------------------------------------------------------- handlers

type ToHandle = Mine & { teacherId: string; score: number; fullScore: number };

/** Resolves a pending appeal with the score after appeal (0 to the template's full score) or marks it not to be resolved. */
export async function handleAppeal(ctx: MemberCtx, input: z.output<typeof ZHandleAppealRequest>) {
  const me = ctx.auth.accountId;
  return inSchoolNotifying(ctx, async (tx, notify) => {
    const [a] = rowsOf<ToHandle>(await tx.execute(sql`
      select ${mineColumns}, a.teacher_id::text as "teacherId", a.score, tv.total_score as "fullScore"
      ${mineFrom} join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
      where a.id = ${input.appealId}`));
    if (!a) throw new AppError('common.notFound');
    // An evaluator judging the appeal of their own evaluation (whose name would then reach the teacher
    // as the handler, even for an anonymous one), or a teacher their own appeal: refused.
    if (a.evaluatorId === me || a.teacherId === me) throw new AppError('appeal.conflictOfInterest');
    const next = nextAppealStatus(a.status, input.decision);
    if (next !== 'resolved' && next !== 'unresolved') throw new AppError('appeal.badTransition');
    const full = Number(a.fullScore);
    const scoreAfter = next === 'resolved' ? input.scoreAfter : undefined;
    if (next === 'resolved' && (scoreAfter === undefined || scoreAfter < 0 || scoreAfter > full)) throw new AppError('appeal.scoreOutOfRange', { max: full });
    const now = ctx.deps.now().toISOString();
    const done = rowsOf(await tx.execute(sql`
      update appeals set status = ${next}, handler_id = ${me}, opinion = ${input.opinion.trim()}, handled_at = ${now}::timestamptz,
        score_after = ${scoreAfter ?? null}
      where id = ${input.appealId} and status = 'pending' returning id`));
    if (!done.length) throw new AppError('appeal.badTransition');
    const params = {
      course: a.courseName, date: a.lessonDate, score: Number(a.score), handler: ctx.auth.name, teacher: a.teacherName,
      ...(scoreAfter === undefined ? {} : { scoreAfter }),
    };
    const kind = next === 'resolved' ? 'appeal.resolved' : 'appeal.unresolved';
    const items: TNotifyItem[] = [{ recipientId: a.teacherId, kind, params, link: detailLink(input.appealId) }];
    items.push({ recipientId: a.evaluatorId, kind, params, link: detailLink(input.appealId) });
    await notify(items);
    return readAppeal(ctx, tx, input.appealId);
  });
}
