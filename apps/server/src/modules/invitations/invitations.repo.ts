/** The invitations' SQL: lists and details with their class, invitees, my classes, and state changes (docs/decisions/0016-repositories.md). */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { INVITATION_STATUSES, MENU_BY_KEY, ZEvaluationStatus, type TInvitationStatus } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { col, idList, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { containsPattern } from '../../platform/tenancy.ts';
import { ClassRow, classColumns, classJoins } from '../evaluations/evaluated-class.repo.ts';

/** The school's date and minute of the day. */
export type Clock = { date: string; minute: number };
type Paging = { pageNum: number; pageSize: number };

const Count = z.object({ n: col.int });
const Id = z.object({ id: col.text });

/** People who evaluate lessons are those whose roles grant this menu. */
const EVALUATOR_MENU = MENU_BY_KEY.get('LessonEvaluationRecord')!.menuId;

/** Has the meeting cs ended by the school's clock (st2: the session time of its last session)? */
const endedSql = (clock: Clock) => sql`(cs.lesson_date < ${clock.date}::date or (cs.lesson_date = ${clock.date}::date and st2.end_minute <= ${clock.minute}))`;
const lastSessionJoin = sql`left join session_times st2 on st2.school_id = cs.school_id and st2.session_no = cs.session_end`;

/** The end minute of a session of the day, if the school has that session. */
export async function sessionEndMinute(tx: Tx, sessionNo: number): Promise<number | undefined> {
  // index: session_times_no_uq (school_id, session_no)
  const t = await queryRow(tx, z.object({ end: col.int }), sql`select end_minute as "end" from session_times where session_no = ${sessionNo}`);
  return t?.end;
}

/** Approved, active members of the school whose roles grant the evaluator menu (alias m for the membership, a for the account). */
const evaluatorWhere = sql`m.status = 'approved' and a.status = 'active' and exists (
  select 1 from user_roles ur join role_menus rm on rm.school_id = ur.school_id and rm.role_id = ur.role_id
  where ur.school_id = m.school_id and ur.account_id = m.account_id and rm.menu_id = ${EVALUATOR_MENU})`;

// ---------------------------------------------------------------- reading

const InvitationRow = ClassRow.extend({
  invitationId: col.text, status: col.oneOf(INVITATION_STATUSES), message: col.textOrNull, reason: col.textOrNull,
  inviteeId: col.text, inviteeName: col.text, inviteeAccount: col.text,
  createdAt: col.ts, answeredAt: col.tsOrNull, withdrawnAt: col.tsOrNull,
  expired: col.boolOrNull, evaluationId: col.textOrNull, evaluationStatus: ZEvaluationStatus.nullable(), total: col.int,
});
export type InvitationRow = z.output<typeof InvitationRow>;

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

/** Invitations to me (received) or from me (sent), with a state and a keyword (course, its code, or the other person). */
export type InvitationFilter = { box: 'received' | 'sent'; me: string; status?: TInvitationStatus | undefined; keyword?: string | undefined };

function invitationWhere(q: InvitationFilter): SQL {
  const received = q.box === 'received';
  const f: SQL[] = [received ? sql`i.invitee_id = ${q.me}` : sql`i.inviter_id = ${q.me}`];
  if (q.status) f.push(sql`i.status = ${q.status}`);
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    f.push(sql`(c.name ilike ${p} or c.code ilike ${p} or ${received ? sql`t.name` : sql`ie.name`} ilike ${p})`);
  }
  return sql.join(f, sql` and `);
}

/** A page of invitations, newest first, each row with the count of all matching (window). */
export function invitationPage(tx: Tx, clock: Clock, q: InvitationFilter & Paging): Promise<InvitationRow[]> {
  // index: invitations_invitee_idx (school_id, invitee_id, created_at) received; invitations_inviter_idx (school_id, inviter_id, created_at) sent
  return queryRows(tx, InvitationRow, sql`
    select ${invitationColumns(clock)}, (count(*) over ())::int as total ${invitationFrom} where ${invitationWhere(q)}
    order by i.created_at desc, i.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
}

/** How many invitations match (past the last page, where no row carries the window count). */
export async function invitationCount(tx: Tx, q: InvitationFilter): Promise<number> {
  // index: invitations_invitee_idx (school_id, invitee_id, created_at) received; invitations_inviter_idx (school_id, inviter_id, created_at) sent
  const r = await queryRow(tx, Count, sql`select count(*)::int as n ${invitationFrom} where ${invitationWhere(q)}`);
  return r?.n ?? 0;
}

/** One invitation; only if `person` is its inviter or invitee, when given. */
export function invitationRow(tx: Tx, clock: Clock, invitationId: string, person?: string) {
  const mine = person === undefined ? sql`` : sql`and (i.inviter_id = ${person} or i.invitee_id = ${person})`;
  // index: invitations_school_id_id_pk (school_id, id)
  return queryRow(tx, InvitationRow, sql`
    select ${invitationColumns(clock)}, 1 as total ${invitationFrom}
    where i.id = ${invitationId} ${mine}`);
}

const Invitee = z.object({ userId: col.text, name: col.text, account: col.text, orgUnitName: col.textOrNull });

/** Members of the school who evaluate lessons, but `me`, by name or account; by name, at most `limit`. */
export function invitees(tx: Tx, me: string, keyword: string | undefined, limit: number) {
  const kw = keyword ? sql`and (a.name ilike ${containsPattern(keyword)} or a.account ilike ${containsPattern(keyword)})` : sql``;
  // index: school_memberships_status_idx (school_id, status, created_at)
  return queryRows(tx, Invitee, sql`
    select a.id::text as "userId", a.name, a.account, ou.name as "orgUnitName"
    from school_memberships m join accounts a on a.id = m.account_id
    left join org_units ou on ou.school_id = m.school_id and ou.id = m.org_unit_id
    where ${evaluatorWhere} and m.account_id <> ${me} ${kw}
    order by a.name, a.id limit ${limit}`);
}

/** A teacher's classes from a date on that have not ended, with a keyword (course or its code). */
export type MyClassFilter = { teacherId: string; from: string; keyword?: string | undefined };

const myClassFrom = sql`from course_sessions cs ${classJoins(sql`c.teacher_id`)} ${lastSessionJoin}`;
function myClassWhere(clock: Clock, q: MyClassFilter): SQL {
  const f: SQL[] = [sql`c.teacher_id = ${q.teacherId}`, sql`cs.lesson_date >= ${q.from}::date`, sql`not coalesce(${endedSql(clock)}, false)`];
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    f.push(sql`(c.name ilike ${p} or c.code ilike ${p})`);
  }
  return sql.join(f, sql` and `);
}

const MyClassRow = ClassRow.extend({ total: col.int });

/** A page of a teacher's classes that have not ended, in time order, each row with the count of all matching (window). */
export function myClassPage(tx: Tx, clock: Clock, q: MyClassFilter & Paging) {
  // index: courses_teacher_idx (school_id, teacher_id, semester_id), then course_sessions_course_day_idx (school_id, course_id, lesson_date)
  return queryRows(tx, MyClassRow, sql`
    select ${classColumns}, (count(*) over ())::int as total ${myClassFrom} where ${myClassWhere(clock, q)}
    order by cs.lesson_date, cs.session_start, c.code, cs.id limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`);
}

/** How many of a teacher's classes match (past the last page). */
export async function myClassCount(tx: Tx, clock: Clock, q: MyClassFilter): Promise<number> {
  // index: courses_teacher_idx (school_id, teacher_id, semester_id), then course_sessions_course_day_idx (school_id, course_id, lesson_date)
  const r = await queryRow(tx, Count, sql`select count(*)::int as n ${myClassFrom} where ${myClassWhere(clock, q)}`);
  return r?.n ?? 0;
}

/** The open (pending or agreed) invitations of each of these class meetings (those with none are left out). */
export function openInvitationCounts(tx: Tx, courseSessionIds: readonly string[]) {
  // index: invitations_session_idx (school_id, course_session_id)
  return queryRows(tx, z.object({ id: col.text, n: col.int }), sql`
    select course_session_id::text as id, count(*)::int as n from invitations
    where course_session_id in (${idList(courseSessionIds)}) and status in ('pending', 'agreed')
    group by course_session_id`);
}

// ---------------------------------------------------------------- changing

const Person = z.object({ id: col.text, name: col.text, evaluator: col.boolOrNull });

/** Members of the school among `ids`, each with whether `me` may invite them (an evaluator, not me). */
export function membersToInvite(tx: Tx, me: string, ids: readonly string[]) {
  // index: school_memberships_account_uq (school_id, account_id)
  return queryRows(tx, Person, sql`
    select a.id::text as id, a.name, (${evaluatorWhere} and m.account_id <> ${me}) as evaluator
    from school_memberships m join accounts a on a.id = m.account_id
    where m.account_id in (${idList(ids)})`);
}

/** Of these people, those already invited (pending or agreed) to the class meeting. */
export function alreadyInvited(tx: Tx, courseSessionId: string, inviteeIds: readonly string[]) {
  // index: invitations_open_uq (school_id, course_session_id, invitee_id) where status in ('pending', 'agreed')
  return queryRows(tx, Id, sql`
    select invitee_id::text as id from invitations
    where course_session_id = ${courseSessionId} and invitee_id in (${idList(inviteeIds)}) and status in ('pending', 'agreed')`);
}

export type NewInvitations = { courseSessionId: string; courseId: string; inviterId: string; inviteeIds: readonly string[]; message: string | null };

/**
 * Inserts one pending invitation per invitee; those already invited meanwhile are skipped (the
 * partial unique index is the backstop against a concurrent invitation), so fewer rows may return.
 */
export function insertInvitations(tx: Tx, schoolId: string, n: NewInvitations, now: Date) {
  const at = now.toISOString();
  const values = sql.join(n.inviteeIds.map((id) => sql`(${schoolId}, ${n.courseSessionId}, ${n.courseId}, ${n.inviterId}, ${id}, ${n.message}, ${at}::timestamptz)`), sql`, `);
  return queryRows(tx, z.object({ id: col.text, inviteeId: col.text }), sql`
    insert into invitations (school_id, course_session_id, course_id, inviter_id, invitee_id, message, created_at) values ${values}
    on conflict (school_id, course_session_id, invitee_id) where status in ('pending', 'agreed') do nothing
    returning id::text as id, invitee_id::text as "inviteeId"`);
}

const Held = z.object({
  id: col.text, status: col.oneOf(INVITATION_STATUSES), inviterId: col.text, inviteeId: col.text, inviteeName: col.text, inviterName: col.text,
  courseSessionId: col.text, evaluationSubmitted: col.bool,
});
export type HeldInvitation = z.output<typeof Held>;

/** An invitation with what its rules need, if `person` is its `role`. */
export function invitationOf(tx: Tx, invitationId: string, person: string, role: 'inviter' | 'invitee'): Promise<HeldInvitation | undefined> {
  // index: invitations_school_id_id_pk (school_id, id)
  return queryRow(tx, Held, sql`
    select i.id::text as id, i.status, i.inviter_id::text as "inviterId", i.invitee_id::text as "inviteeId",
      ie.name as "inviteeName", ir.name as "inviterName", i.course_session_id::text as "courseSessionId",
      exists (select 1 from evaluations e where e.school_id = i.school_id and e.invitation_id = i.id and e.status = 'submitted') as "evaluationSubmitted"
    from invitations i join accounts ie on ie.id = i.invitee_id join accounts ir on ir.id = i.inviter_id
    where i.id = ${invitationId} and ${role === 'inviter' ? sql`i.inviter_id` : sql`i.invitee_id`} = ${person}`);
}

/** The course of the invitee's latest other agreed invitation whose class overlaps these sessions of the day, if any. */
export async function agreedOverlap(tx: Tx, inviteeId: string, invitationId: string, m: { lessonDate: string; sessionStart: number; sessionEnd: number }): Promise<string | undefined> {
  // index: invitations_invitee_idx (school_id, invitee_id, created_at)
  const hit = await queryRow(tx, z.object({ name: col.text }), sql`
    select c.name from invitations i
    join course_sessions s on s.school_id = i.school_id and s.id = i.course_session_id
    join courses c on c.school_id = s.school_id and c.id = s.course_id
    where i.invitee_id = ${inviteeId} and i.status = 'agreed' and i.id <> ${invitationId} and s.lesson_date = ${m.lessonDate}::date
      and s.session_start <= ${m.sessionEnd} and s.session_end >= ${m.sessionStart}
    order by i.answered_at desc limit 1`);
  return hit?.name;
}

export type Answer = { status: TInvitationStatus; reason: string | null };

/** The invitee's answer, if the invitation is still in the state `from`; whether it was recorded. */
export async function answer(tx: Tx, invitationId: string, inviteeId: string, from: TInvitationStatus, a: Answer, now: Date): Promise<boolean> {
  const done = await queryRows(tx, Id, sql`
    update invitations set status = ${a.status}, reason = ${a.reason}, answered_at = ${now.toISOString()}::timestamptz
    where id = ${invitationId} and invitee_id = ${inviteeId} and status = ${from} returning id::text as id`);
  return done.length > 0;
}

/** Withdraws the inviter's invitation if it is still in the state `from` and its evaluation not submitted; whether it did. */
export async function withdraw(tx: Tx, invitationId: string, inviterId: string, from: TInvitationStatus, now: Date): Promise<boolean> {
  const done = await queryRows(tx, Id, sql`
    update invitations i set status = 'withdrawn', withdrawn_at = ${now.toISOString()}::timestamptz
    where i.id = ${invitationId} and i.inviter_id = ${inviterId} and i.status = ${from}
      and not exists (select 1 from evaluations e where e.school_id = i.school_id and e.invitation_id = i.id and e.status = 'submitted')
    returning i.id::text as id`);
  return done.length > 0;
}

// ---------------------------------------------------------------- the invited evaluation

/** The evaluation started from the invitation, if any. */
export async function invitedEvaluationId(tx: Tx, invitationId: string): Promise<string | undefined> {
  // index: evaluations_invitation_uq (school_id, invitation_id) where invitation_id is not null
  const r = await queryRow(tx, Id, sql`select id::text as id from evaluations where invitation_id = ${invitationId}`);
  return r?.id;
}

/** A template's state and its current version, if any (the evaluations module's query). */
export { templateForStart as templateForUse } from '../evaluations/evaluations.repo.ts';
