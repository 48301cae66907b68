/**
 * Invitations to listen (issue 6, /InviteMeToListen): a teacher invites people who evaluate lessons to
 * one of their own classes that has not ended; the invitee agrees (no time conflict) or rejects with a
 * reason; the teacher may withdraw until the invited evaluation is submitted. Only the inviter and the
 * invitee see an invitation; anyone else, and another school, gets not found. Every change notifies
 * the other person in the same transaction (inSchoolNotifying), and every state change is guarded by
 * the state it expects, so two answers at once cannot both win.
 */
import type { z } from 'zod';
import {
  invitationActionRefusal,
  nextInvitationStatus,
  type TInvitation,
  type TMyClass,
  type ZInvitationListRequest,
  type ZMyClassesRequest,
} from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { page } from '../../platform/sql-rows.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { presentClass, sessionClock } from '../evaluations/evaluated-class.ts';
import { assertNoConflict, findMeeting, insertEvaluation, lockEvaluator, type Meeting } from '../evaluations/evaluations.service.ts';
import { inSchoolNotifying, type TNotifyItem } from '../notifications/notify.ts';
import * as repo from './invitations.repo.ts';
import type { Clock, HeldInvitation, InvitationRow } from './invitations.repo.ts';

const RECEIVED_LINK = '/InviteMeToListen?tab=received';
const SENT_LINK = '/InviteMeToListen?tab=sent';
const MAX_INVITEES = 50;

/** Has the meeting ended by the school's clock (read apart from a list): a class of today whose end time is unknown has not ended. */
async function meetingEnded(tx: Tx, clock: Clock, m: { lessonDate: string; sessionEnd: number }) {
  if (m.lessonDate !== clock.date) return m.lessonDate < clock.date;
  const end = await repo.sessionEndMinute(tx, m.sessionEnd);
  return end !== undefined && end <= clock.minute;
}

// ---------------------------------------------------------------- reading

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
    createdAt: r.createdAt,
    answeredAt: r.answeredAt,
    withdrawnAt: r.withdrawnAt,
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
    const f = { box: q.box, me, status: q.status, keyword: q.keyword };
    const rows = await repo.invitationPage(tx, clock, { ...f, pageNum: q.pageNum, pageSize: q.pageSize });
    let total = rows[0]?.total ?? 0;
    if (!rows.length && q.pageNum > 1) total = await repo.invitationCount(tx, f);
    const times = await sessionClock(tx);
    return page(rows.map((r) => presentInvitation(r, times)), total, q);
  });
}

/** One invitation, for its inviter or its invitee only. */
export async function invitationDetail(ctx: MemberCtx, invitationId: string) {
  const clock = schoolClock(ctx);
  const me = ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const r = await repo.invitationRow(tx, clock, invitationId, me);
    if (!r) throw new AppError('common.notFound');
    return presentInvitation(r, await sessionClock(tx));
  });
}

/** People I may invite: members of the school who evaluate lessons, not me, by name or account. */
export async function listInvitees(ctx: MemberCtx, q: { keyword?: string | undefined }) {
  const me = ctx.auth.accountId;
  return inSchool(ctx, (tx) => repo.invitees(tx, me, q.keyword, MAX_INVITEES));
}

/** My own classes that have not ended, from today (or a later dateFrom), with their open invitations counted. */
export async function myClasses(ctx: MemberCtx, q: z.output<typeof ZMyClassesRequest>) {
  const clock = schoolClock(ctx);
  const me = ctx.auth.accountId;
  const from = q.dateFrom && q.dateFrom > clock.date ? q.dateFrom : clock.date;
  return inSchool(ctx, async (tx) => {
    const f = { teacherId: me, from, keyword: q.keyword };
    const rows = await repo.myClassPage(tx, clock, { ...f, pageNum: q.pageNum, pageSize: q.pageSize });
    let total = rows[0]?.total ?? 0;
    if (!rows.length && q.pageNum > 1) total = await repo.myClassCount(tx, clock, f);
    if (!rows.length) return page<TMyClass>([], total, q);
    const counts = new Map((await repo.openInvitationCounts(tx, rows.map((r) => r.courseSessionId))).map((r) => [r.id, r.n]));
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
    const people = await repo.membersToInvite(tx, me, ids);
    // Someone who is not a member of this school (another school's person) is not found, as any record of it.
    if (people.length !== ids.length) throw new AppError('common.notFound');
    const refused = people.filter((p) => !p.evaluator);
    if (refused.length) throw new AppError('invitation.notInvitee', { names: refused.map((p) => p.name).join(', ') });
    const nameOf = new Map(people.map((p) => [p.id, p.name]));
    const taken = await repo.alreadyInvited(tx, m.id, ids);
    if (taken.length) throw new AppError('invitation.duplicate', { names: taken.map((t) => nameOf.get(t.id) ?? '').join(', ') });
    const message = input.message ? input.message : null;
    // The partial unique index is the backstop against a concurrent invitation of the same person to the same class.
    const made = await repo.insertInvitations(tx, ctx.auth.schoolId, { courseSessionId: m.id, courseId: m.courseId, inviterId: me, inviteeIds: ids, message }, ctx.deps.now());
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

/** An invitation with what its rules need; not found unless I am `role` in it (so another school's is not found either). */
async function heldInvitation(tx: Tx, invitationId: string, me: string, role: 'inviter' | 'invitee'): Promise<HeldInvitation> {
  const r = await repo.invitationOf(tx, invitationId, me, role);
  if (!r) throw new AppError('common.notFound');
  return r;
}

/** Another of my agreed invitations whose class overlaps this one on the same day. */
async function assertNoAgreedOverlap(tx: Tx, me: string, invitationId: string, m: Meeting) {
  const course = await repo.agreedOverlap(tx, me, invitationId, m);
  if (course !== undefined) throw new AppError('evaluation.timeConflict', { course });
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
    if (!(await repo.answer(tx, inv.id, me, inv.status, { status: next, reason }, ctx.deps.now()))) throw new AppError('invitation.badTransition');
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
    if (!(await repo.withdraw(tx, inv.id, me, inv.status, ctx.deps.now()))) {
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
  const r = await repo.invitationRow(tx, clock, invitationId);
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
    const existing = () => repo.invitedEvaluationId(tx, inv.id);
    const before = await existing();
    if (before) return { evaluationId: before, created: false };
    if (inv.status !== 'agreed') throw new AppError('invitation.notAgreed');
    const m = await findMeeting(tx, inv.courseSessionId);
    if (m.lessonDate > today) throw new AppError('evaluation.courseNotStarted');
    const tpl = await repo.templateForUse(tx, q.templateId);
    if (!tpl) throw new AppError('common.notFound');
    if (tpl.status !== 'published' || tpl.deleted || !tpl.versionId) throw new AppError('template.notUsable');
    await lockEvaluator(tx, me);
    const raced = await existing();
    if (raced) return { evaluationId: raced, created: false };
    await assertNoConflict(tx, me, m);
    const id = await insertEvaluation(ctx, tx, m, { kind: 'invited', planId: null, templateVersionId: tpl.versionId, anonymous: false, invitationId: inv.id });
    if (id) return { evaluationId: id, created: true };
    // Only a concurrent start from the same invitation can get here (evaluations_invitation_uq): it made the one to use.
    const made = await existing();
    if (!made) throw new AppError('common.notFound');
    return { evaluationId: made, created: false };
  });
}
