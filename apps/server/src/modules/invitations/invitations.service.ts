/**
 * Invitations to listen (issue 6, /InviteMeToListen): a teacher invites people who evaluate lessons to
 * one of their own classes that has not ended; the invitee agrees (no time conflict) or rejects with a
 * reason; the teacher may withdraw until the invited evaluation is submitted. Only the inviter and the
 * invitee see an invitation; anyone else, and another school, gets not found. Every change notifies
 * the other person in the same transaction (inSchoolNotifying), and every state change is guarded by
 * the state it expects, so two answers at once cannot both win.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  invitationActionRefusal,
  MENU_BY_KEY,
  nextInvitationStatus,
  type TEvaluationStatus,
  type TInvitation,
  type TInvitationStatus,
  type TMyClass,
  type ZInvitationListRequest,
  type ZMyClassesRequest,
} from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { idList, iso, isoOrNull, page, rowsOf } from '../../platform/sql-rows.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { classColumns, classJoins, presentClass, sessionClock, type ClassRow } from '../evaluations/evaluated-class.ts';
import { assertNoConflict, findMeeting, insertEvaluation, lockEvaluator, type Meeting } from '../evaluations/evaluations.service.ts';
import { inSchoolNotifying, type TNotifyItem } from '../notifications/notify.ts';

type Clock = { date: string; minute: number };

/** People who evaluate lessons are those whose roles grant this menu. */
const EVALUATOR_MENU = MENU_BY_KEY.get('LessonEvaluationRecord')!.menuId;
const RECEIVED_LINK = '/InviteMeToListen?tab=received';
const SENT_LINK = '/InviteMeToListen?tab=sent';
const MAX_INVITEES = 50;

/** Has the meeting cs ended by the school's clock (st2: the session time of its last session)? */
const endedSql = (clock: Clock) => sql`(cs.lesson_date < ${clock.date}::date or (cs.lesson_date = ${clock.date}::date and st2.end_minute <= ${clock.minute}))`;
const lastSessionJoin = sql`left join session_times st2 on st2.school_id = cs.school_id and st2.session_no = cs.session_end`;

/** The same for one meeting read apart: a class of today whose end time is unknown has not ended. */
async function meetingEnded(tx: Tx, clock: Clock, m: { lessonDate: string; sessionEnd: number }) {
  if (m.lessonDate !== clock.date) return m.lessonDate < clock.date;
  const [t] = rowsOf<{ end: number }>(await tx.execute(sql`select end_minute as "end" from session_times where session_no = ${m.sessionEnd}`));
  return t !== undefined && Number(t.end) <= clock.minute;
}

/** Approved, active members of the school whose roles grant the evaluator menu (alias m for the membership, a for the account). */
const evaluatorWhere = sql`m.status = 'approved' and a.status = 'active' and exists (
  select 1 from user_roles ur join role_menus rm on rm.school_id = ur.school_id and rm.role_id = ur.role_id
  where ur.school_id = m.school_id and ur.account_id = m.account_id and rm.menu_id = ${EVALUATOR_MENU})`;

// ---------------------------------------------------------------- reading

type InvitationRow = ClassRow & {
  invitationId: string; status: TInvitationStatus; message: string | null; reason: string | null;
  inviteeId: string; inviteeName: string; inviteeAccount: string;
  createdAt: string | Date; answeredAt: string | Date | null; withdrawnAt: string | Date | null;
  expired: boolean; evaluationId: string | null; evaluationStatus: TEvaluationStatus | null; total: number;
};

/** An invitation with its class (whose teacher is the inviter), the invitee and the invitee's evaluation from it. */
const invitationFrom = sql`
  from invitations i
  join course_sessions cs on cs.school_id = i.school_id and cs.id = i.course_session_id
  ${classJoins(sql`i.inviter_id`)}
  join accounts ie on ie.id = i.invitee_id
  ${lastSessionJoin}
  left join evaluations e on e.school_id = i.school_id and e.invitation_id = i.id`;
const invitationColumns = (clock: Clock) => sql`i.id::text as "invitationId", i.status, i.message, i.reason,
  ie.id::text as "inviteeId", ie.name as "inviteeName", ie.account as "inviteeAccount",
  i.created_at as "createdAt", i.answered_at as "answeredAt", i.withdrawn_at as "withdrawnAt",
  (i.status = 'pending' and ${endedSql(clock)}) as expired,
  e.id::text as "evaluationId", e.status as "evaluationStatus", ${classColumns}`;

function presentInvitation(r: InvitationRow, times: Awaited<ReturnType<typeof sessionClock>>): TInvitation {
  const cls = presentClass(r, times);
  return {
    invitationId: r.invitationId,
    status: r.status,
    class: cls,
    inviter: cls.teacher,
    invitee: { userId: r.inviteeId, name: r.inviteeName, account: r.inviteeAccount },
    message: r.message,
    reason: r.reason,
    createdAt: iso(r.createdAt),
    answeredAt: isoOrNull(r.answeredAt),
    withdrawnAt: isoOrNull(r.withdrawnAt),
    expired: r.expired === true,
    evaluationId: r.evaluationId,
    evaluationStatus: r.evaluationStatus,
  };
}

/** Invitations to me (received) or from me (sent), newest first, filtered and paged in SQL. */
export async function listInvitations(ctx: MemberCtx, q: z.output<typeof ZInvitationListRequest>) {
  const clock = schoolClock(ctx);
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const received = q.box === 'received';
    const f: SQL[] = [received ? sql`i.invitee_id = ${me}` : sql`i.inviter_id = ${me}`];
    if (q.status) f.push(sql`i.status = ${q.status}`);
    if (q.keyword) {
      const p = containsPattern(q.keyword);
      f.push(sql`(c.name ilike ${p} or c.code ilike ${p} or ${received ? sql`t.name` : sql`ie.name`} ilike ${p})`);
    }
    const where = sql.join(f, sql` and `);
    const rows = rowsOf<InvitationRow>(await tx.execute(sql`
      select ${invitationColumns(clock)}, (count(*) over ())::int as total ${invitationFrom} where ${where}
      order by i.created_at desc, i.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`));
    let total = Number(rows[0]?.total ?? 0);
    if (!rows.length && q.pageNum > 1) total = Number(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n ${invitationFrom} where ${where}`))[0]?.n ?? 0);
    const times = await sessionClock(tx);
    return page(rows.map((r) => presentInvitation(r, times)), total, q);
  });
}

/** One invitation, for its inviter or its invitee only. */
export async function invitationDetail(ctx: MemberCtx, invitationId: string) {
  const clock = schoolClock(ctx);
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const [r] = rowsOf<InvitationRow>(await tx.execute(sql`
      select ${invitationColumns(clock)}, 1 as total ${invitationFrom}
      where i.id = ${invitationId} and (i.inviter_id = ${me} or i.invitee_id = ${me})`));
    if (!r) throw new AppError('common.notFound');
    return presentInvitation(r, await sessionClock(tx));
  });
}

/** People I may invite: members of the school who evaluate lessons, not me, by name or account. */
export async function listInvitees(ctx: MemberCtx, q: { keyword?: string | undefined }) {
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const kw = q.keyword ? sql`and (a.name ilike ${containsPattern(q.keyword)} or a.account ilike ${containsPattern(q.keyword)})` : sql``;
    const rows = rowsOf<{ userId: string; name: string; account: string; orgUnitName: string | null }>(await tx.execute(sql`
      select a.id::text as "userId", a.name, a.account, ou.name as "orgUnitName"
      from school_memberships m join accounts a on a.id = m.account_id
      left join org_units ou on ou.school_id = m.school_id and ou.id = m.org_unit_id
      where ${evaluatorWhere} and m.account_id <> ${me} ${kw}
      order by a.name, a.id limit ${MAX_INVITEES}`));
    return rows;
  });
}

/** My own classes that have not ended, from today (or a later dateFrom), with their open invitations counted. */
export async function myClasses(ctx: MemberCtx, q: z.output<typeof ZMyClassesRequest>) {
  const clock = schoolClock(ctx);
  const me = ctx.auth.accountId;
  const from = q.dateFrom && q.dateFrom > clock.date ? q.dateFrom : clock.date;
  return inSchool(ctx, async (tx) => {
    const f: SQL[] = [sql`c.teacher_id = ${me}`, sql`cs.lesson_date >= ${from}::date`, sql`not coalesce(${endedSql(clock)}, false)`];
    if (q.keyword) {
      const p = containsPattern(q.keyword);
      f.push(sql`(c.name ilike ${p} or c.code ilike ${p})`);
    }
    const where = sql.join(f, sql` and `);
    const fromSql = sql`from course_sessions cs ${classJoins(sql`c.teacher_id`)} ${lastSessionJoin}`;
    const rows = rowsOf<ClassRow & { total: number }>(await tx.execute(sql`
      select ${classColumns}, (count(*) over ())::int as total ${fromSql} where ${where}
      order by cs.lesson_date, cs.session_start, c.code, cs.id limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`));
    let total = Number(rows[0]?.total ?? 0);
    if (!rows.length && q.pageNum > 1) total = Number(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n ${fromSql} where ${where}`))[0]?.n ?? 0);
    if (!rows.length) return page<TMyClass>([], total, q);
    const counts = new Map(rowsOf<{ id: string; n: number }>(await tx.execute(sql`
      select course_session_id::text as id, count(*)::int as n from invitations
      where course_session_id in (${idList(rows.map((r) => r.courseSessionId))}) and status in ('pending', 'agreed')
      group by course_session_id`)).map((r) => [r.id, Number(r.n)]));
    const times = await sessionClock(tx);
    return page<TMyClass>(rows.map((r) => ({ ...presentClass(r, times), invitedCount: counts.get(r.courseSessionId) ?? 0 })), total, q);
  });
}

// ---------------------------------------------------------------- changing

const sessionsOf = (m: { sessionStart: number; sessionEnd: number }) => `${m.sessionStart}-${m.sessionEnd}`;

/** Invites people to one of my classes that has not ended; each invitee is notified. */
export async function invite(ctx: MemberCtx, input: { courseSessionId: string; inviteeIds: string[]; message?: string | undefined }) {
  const clock = schoolClock(ctx);
  const me = ctx.auth.accountId;
  const ids = [...new Set(input.inviteeIds)];
  return inSchoolNotifying(ctx, async (tx, notify) => {
    const m = await findMeeting(tx, input.courseSessionId);
    if (m.teacherId !== me) throw new AppError('invitation.notYourClass');
    if (await meetingEnded(tx, clock, m)) throw new AppError('invitation.classEnded');
    type Person = { id: string; name: string; evaluator: boolean };
    const people = rowsOf<Person>(await tx.execute(sql`
      select a.id::text as id, a.name, (${evaluatorWhere} and m.account_id <> ${me}) as evaluator
      from school_memberships m join accounts a on a.id = m.account_id
      where m.account_id in (${idList(ids)})`));
    // Someone who is not a member of this school (another school's person) is not found, as any record of it.
    if (people.length !== ids.length) throw new AppError('common.notFound');
    const refused = people.filter((p) => !p.evaluator);
    if (refused.length) throw new AppError('invitation.notInvitee', { names: refused.map((p) => p.name).join(', ') });
    const nameOf = new Map(people.map((p) => [p.id, p.name]));
    const taken = rowsOf<{ id: string }>(await tx.execute(sql`
      select invitee_id::text as id from invitations
      where course_session_id = ${m.id} and invitee_id in (${idList(ids)}) and status in ('pending', 'agreed')`));
    if (taken.length) throw new AppError('invitation.duplicate', { names: taken.map((t) => nameOf.get(t.id) ?? '').join(', ') });
    const message = input.message ? input.message : null;
    const now = ctx.deps.now().toISOString();
    // The partial unique index is the backstop against a concurrent invitation of the same person to the same class.
    const values = sql.join(ids.map((id) => sql`(${ctx.auth.schoolId}, ${m.id}, ${m.courseId}, ${me}, ${id}, ${message}, ${now}::timestamptz)`), sql`, `);
    const made = rowsOf<{ id: string; inviteeId: string }>(await tx.execute(sql`
      insert into invitations (school_id, course_session_id, course_id, inviter_id, invitee_id, message, created_at) values ${values}
      on conflict (school_id, course_session_id, invitee_id) where status in ('pending', 'agreed') do nothing
      returning id::text as id, invitee_id::text as "inviteeId"`));
    if (made.length !== ids.length) {
      const done = new Set(made.map((r) => r.inviteeId));
      throw new AppError('invitation.duplicate', { names: ids.filter((id) => !done.has(id)).map((id) => nameOf.get(id) ?? '').join(', ') });
    }
    const params = { course: m.courseName, date: m.lessonDate, sessions: sessionsOf(m), inviter: ctx.auth.name };
    await notify(made.map((r): TNotifyItem => ({ recipientId: r.inviteeId, kind: 'invitation.new', params, link: RECEIVED_LINK })));
    const byInvitee = new Map(made.map((r) => [r.inviteeId, r.id]));
    return { invitationIds: ids.map((id) => byInvitee.get(id)!) };
  });
}

type Held = {
  id: string; status: TInvitationStatus; inviterId: string; inviteeId: string; inviteeName: string; inviterName: string;
  courseSessionId: string; evaluationSubmitted: boolean;
};

/** An invitation with what its rules need; not found unless I am `role` in it (so another school's is not found either). */
async function heldInvitation(tx: Tx, invitationId: string, me: string, role: 'inviter' | 'invitee'): Promise<Held> {
  const [r] = rowsOf<Held>(await tx.execute(sql`
    select i.id::text as id, i.status, i.inviter_id::text as "inviterId", i.invitee_id::text as "inviteeId",
      ie.name as "inviteeName", ir.name as "inviterName", i.course_session_id::text as "courseSessionId",
      exists (select 1 from evaluations e where e.school_id = i.school_id and e.invitation_id = i.id and e.status = 'submitted') as "evaluationSubmitted"
    from invitations i join accounts ie on ie.id = i.invitee_id join accounts ir on ir.id = i.inviter_id
    where i.id = ${invitationId} and ${role === 'inviter' ? sql`i.inviter_id` : sql`i.invitee_id`} = ${me}`));
  if (!r) throw new AppError('common.notFound');
  return r;
}

/** Another of my agreed invitations whose class overlaps this one on the same day. */
async function assertNoAgreedOverlap(tx: Tx, me: string, invitationId: string, m: Meeting) {
  const [hit] = rowsOf<{ name: string }>(await tx.execute(sql`
    select c.name from invitations i
    join course_sessions s on s.school_id = i.school_id and s.id = i.course_session_id
    join courses c on c.school_id = s.school_id and c.id = s.course_id
    where i.invitee_id = ${me} and i.status = 'agreed' and i.id <> ${invitationId} and s.lesson_date = ${m.lessonDate}::date
      and s.session_start <= ${m.sessionEnd} and s.session_end >= ${m.sessionStart}
    order by i.answered_at desc limit 1`));
  if (hit) throw new AppError('evaluation.timeConflict', { course: hit.name });
}

/** The invitee agrees (no overlapping activity of theirs) or rejects with a reason; the inviter is notified. */
export async function answerInvitation(ctx: MemberCtx, input: { invitationId: string; decision: 'agree' | 'reject'; reason?: string | undefined }) {
  const clock = schoolClock(ctx);
  const me = ctx.auth.accountId;
  return inSchoolNotifying(ctx, async (tx, notify) => {
    const inv = await heldInvitation(tx, input.invitationId, me, 'invitee');
    const m = await findMeeting(tx, inv.courseSessionId);
    const refusal = invitationActionRefusal({ status: inv.status, classEnded: await meetingEnded(tx, clock, m), evaluationSubmitted: inv.evaluationSubmitted }, input.decision);
    if (refusal) throw new AppError(refusal);
    const agree = input.decision === 'agree';
    if (agree) {
      // One person's agreements and evaluation starts run one at a time: the conflict checks cannot race.
      await lockEvaluator(tx, me);
      await assertNoAgreedOverlap(tx, me, inv.id, m);
      await assertNoConflict(tx, me, m);
    }
    const reason = agree ? null : (input.reason ?? '').trim();
    const next = nextInvitationStatus(inv.status, input.decision)!;
    const done = rowsOf(await tx.execute(sql`
      update invitations set status = ${next}, reason = ${reason}, answered_at = ${ctx.deps.now().toISOString()}::timestamptz
      where id = ${inv.id} and invitee_id = ${me} and status = ${inv.status} returning id`));
    if (!done.length) throw new AppError('invitation.badTransition');
    await notify([{
      recipientId: inv.inviterId,
      kind: agree ? 'invitation.agreed' : 'invitation.rejected',
      params: { course: m.courseName, date: m.lessonDate, sessions: sessionsOf(m), invitee: inv.inviteeName, ...(reason ? { reason } : {}) },
      link: SENT_LINK,
    }]);
    return invitationDetailIn(ctx, tx, inv.id, clock);
  });
}

/** The inviter withdraws a pending or agreed invitation whose evaluation is not submitted; the invitee is notified. */
export async function withdrawInvitation(ctx: MemberCtx, invitationId: string) {
  const clock = schoolClock(ctx);
  const me = ctx.auth.accountId;
  return inSchoolNotifying(ctx, async (tx, notify) => {
    const inv = await heldInvitation(tx, invitationId, me, 'inviter');
    const refusal = invitationActionRefusal({ status: inv.status, classEnded: false, evaluationSubmitted: inv.evaluationSubmitted }, 'withdraw');
    if (refusal) throw new AppError(refusal);
    // Guarded by the state read and by the evaluation not being submitted meanwhile.
    const done = rowsOf(await tx.execute(sql`
      update invitations i set status = 'withdrawn', withdrawn_at = ${ctx.deps.now().toISOString()}::timestamptz
      where i.id = ${inv.id} and i.inviter_id = ${me} and i.status = ${inv.status}
        and not exists (select 1 from evaluations e where e.school_id = i.school_id and e.invitation_id = i.id and e.status = 'submitted')
      returning i.id`));
    if (!done.length) {
      const again = await heldInvitation(tx, invitationId, me, 'inviter');
      throw new AppError(again.evaluationSubmitted ? 'invitation.evaluated' : 'invitation.badTransition');
    }
    const m = await findMeeting(tx, inv.courseSessionId);
    await notify([{
      recipientId: inv.inviteeId, kind: 'invitation.withdrawn',
      params: { course: m.courseName, date: m.lessonDate, sessions: sessionsOf(m), inviter: inv.inviterName },
      link: RECEIVED_LINK,
    }]);
    return invitationDetailIn(ctx, tx, inv.id, clock);
  });
}

async function invitationDetailIn(ctx: MemberCtx, tx: Tx, invitationId: string, clock: Clock) {
  const [r] = rowsOf<InvitationRow>(await tx.execute(sql`select ${invitationColumns(clock)}, 1 as total ${invitationFrom} where i.id = ${invitationId}`));
  if (!r) throw new AppError('common.notFound');
  return presentInvitation(r, await sessionClock(tx));
}

// ---------------------------------------------------------------- the invited evaluation

/**
 * The invitee of an agreed invitation starts (or reopens) its evaluation, of kind 'invited', with a
 * published template of their choice, once the class's day has come. The evaluation is theirs: a
 * later withdrawal leaves it with them, and reopening returns it.
 */
export async function startInvitedEvaluation(ctx: MemberCtx, q: { invitationId: string; templateId: string }) {
  const today = schoolClock(ctx).date;
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const inv = await heldInvitation(tx, q.invitationId, me, 'invitee');
    const existing = async () => rowsOf<{ id: string }>(await tx.execute(sql`select id::text as id from evaluations where invitation_id = ${inv.id}`))[0];
    const before = await existing();
    if (before) return { evaluationId: before.id, created: false };
    if (inv.status !== 'agreed') throw new AppError('invitation.notAgreed');
    const m = await findMeeting(tx, inv.courseSessionId);
    if (m.lessonDate > today) throw new AppError('evaluation.courseNotStarted');
    type T = { status: string; deleted: boolean; versionId: string | null };
    const [tpl] = rowsOf<T>(await tx.execute(sql`
      select t.status, t.deleted_at is not null as deleted, tv.id::text as "versionId"
      from evaluation_templates t left join template_versions tv on tv.school_id = t.school_id and tv.template_id = t.id and tv.version = t.version
      where t.id = ${q.templateId}`));
    if (!tpl) throw new AppError('common.notFound');
    if (tpl.status !== 'published' || tpl.deleted || !tpl.versionId) throw new AppError('template.notUsable');
    await lockEvaluator(tx, me);
    const raced = await existing();
    if (raced) return { evaluationId: raced.id, created: false };
    await assertNoConflict(tx, me, m);
    const id = await insertEvaluation(ctx, tx, m, { kind: 'invited', planId: null, templateVersionId: tpl.versionId, anonymous: false, invitationId: inv.id });
    if (id) return { evaluationId: id, created: true };
    // Only a concurrent start from the same invitation can get here (evaluations_invitation_uq): it made the one to use.
    const made = await existing();
    if (!made) throw new AppError('common.notFound');
    return { evaluationId: made.id, created: false };
  });
}
