/**
 * Invitations to listen for the demo (issue 6): the demo teacher has invited the group leader and the
 * supervisor to their classes, in every state — pending for upcoming classes, agreed (one already
 * evaluated and submitted, one for a class today or ahead), rejected with a reason, withdrawn — with the
 * notifications these steps would have sent. Plain inserts in the seed's transaction (platform role),
 * kept within the rules the product enforces: one open invitation per class and person, only classes
 * that had not ended when answered, and a submitted evaluation that scores completely with its
 * indicator scores written as a submit writes them.
 */
import { and, asc, eq, gt, gte, inArray, lt, lte } from 'drizzle-orm';
import { addDays, scoreForm, type TAnswer, type TNotificationKind, type TNotificationParams, type TTemplateContent } from '@hxk/contracts';
import { accounts, courseSessions, courses, evaluations, invitations, notifications, templateVersions } from '../schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { writeSectionScores } from '../../modules/evaluations/section-scores.ts';
import type { SeededSchool } from './seed.ts';

type Class = { id: string; courseId: string; courseName: string; lessonDate: string; sessionStart: number; sessionEnd: number };
type Note = { recipientId: string; kind: TNotificationKind; params: TNotificationParams; link: string; createdAt: Date; readAt: Date | null };

const RECEIVED = '/InviteMeToListen?tab=received';
const SENT = '/InviteMeToListen?tab=sent';

/** A moment of a day, in UTC: the demo only needs an order that reads naturally. */
const on = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00Z`);

/** A complete, good evaluation of any form: every question answered within its rules, near full marks. */
function completeAnswers(content: TTemplateContent): Record<string, TAnswer> {
  const out: Record<string, TAnswer> = {};
  for (const q of content.sections.flatMap((s) => s.questions)) {
    const comment = q.commentRequired ? 'Well organised; the students were engaged throughout.' : undefined;
    const withComment = <T extends object>(a: T) => (comment ? { ...a, comment } : a);
    switch (q.type) {
      case 'single': out[q.key] = withComment({ optionKey: q.options[0]!.key }); break;
      case 'multiple': out[q.key] = withComment({ optionKeys: q.options.slice(0, 3).map((o) => o.key) }); break;
      case 'score': out[q.key] = withComment({ score: Math.max(0, q.score - 1) }); break;
      case 'star': out[q.key] = withComment({ stars: q.stars }); break;
      case 'combo1': out[q.key] = withComment({ optionKey: q.options[0]!.key, score: q.options[0]!.score }); break;
      case 'combo2': out[q.key] = { elementScores: Object.fromEntries(q.elements.map((e) => [e.key, e.score])), comment: 'Students took part actively and reached the goals.' }; break;
    }
  }
  return out;
}

export async function seedDemoInvitations(tx: Tx, school: SeededSchool, today: string): Promise<void> {
  const { schoolId } = school;
  const teacher = school.users.teacher!;
  const leader = school.users.leader!;
  const supervisor = school.users.supervisor!;
  const people = await tx.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, [teacher.id, leader.id, supervisor.id]));
  const nameOf = (id: string) => people.find((p) => p.id === id)?.name ?? '';
  const names = { teacher: nameOf(teacher.id), leader: nameOf(leader.id), supervisor: nameOf(supervisor.id) };

  const cols = {
    id: courseSessions.id, courseId: courseSessions.courseId, courseName: courses.name, lessonDate: courseSessions.lessonDate,
    sessionStart: courseSessions.sessionStart, sessionEnd: courseSessions.sessionEnd,
  };
  const mine = (range: ReturnType<typeof and>) => tx.select(cols).from(courseSessions)
    .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
    .where(and(eq(courseSessions.schoolId, schoolId), eq(courses.teacherId, teacher.id), range));
  const upcoming: Class[] = await mine(and(gt(courseSessions.lessonDate, today), lte(courseSessions.lessonDate, addDays(today, 21))))
    .orderBy(asc(courseSessions.lessonDate), asc(courseSessions.sessionStart)).limit(6);
  const todays: Class[] = await mine(eq(courseSessions.lessonDate, today)).orderBy(asc(courseSessions.sessionStart));
  // A past class of the last fortnight that nobody has evaluated yet (the plan's evaluations are older).
  const past: Class[] = await mine(and(lt(courseSessions.lessonDate, today), gte(courseSessions.lessonDate, addDays(today, -14))))
    .orderBy(asc(courseSessions.lessonDate), asc(courseSessions.sessionStart));
  const evaluated = new Set((await tx.select({ id: evaluations.courseSessionId }).from(evaluations).where(eq(evaluations.schoolId, schoolId))).map((r) => r.id));
  const done = [...past].reverse().find((c) => !evaluated.has(c.id));
  if (upcoming.length < 5 || !done) return; // a timetable without these classes: nothing to show

  const [version] = await tx.select({ content: templateVersions.content, totalScore: templateVersions.totalScore })
    .from(templateVersions).where(and(eq(templateVersions.schoolId, schoolId), eq(templateVersions.id, school.evaluation.templateVersionId)));
  const content = version!.content as TTemplateContent;

  const notes: Note[] = [];
  const about = (c: Class) => ({ course: c.courseName, date: c.lessonDate, sessions: `${c.sessionStart}-${c.sessionEnd}` });
  async function invite(c: Class, invitee: { id: string }, inviteeName: string, o: {
    createdAt: Date; message?: string; agreedAt?: Date; rejected?: { at: Date; reason: string }; withdrawnAt?: Date;
  }) {
    const status = o.withdrawnAt ? 'withdrawn' : o.rejected ? 'rejected' : o.agreedAt ? 'agreed' : 'pending';
    const answeredAt = o.rejected?.at ?? o.agreedAt ?? null;
    const [row] = await tx.insert(invitations).values({
      schoolId, courseSessionId: c.id, courseId: c.courseId, inviterId: teacher.id, inviteeId: invitee.id, status,
      message: o.message ?? null, reason: o.rejected?.reason ?? null, createdAt: o.createdAt, answeredAt, withdrawnAt: o.withdrawnAt ?? null,
    }).returning({ id: invitations.id });
    // The invitee read the invitation when answering it; pending and withdrawn ones are still unread.
    notes.push({ recipientId: invitee.id, kind: 'invitation.new', params: { ...about(c), inviter: names.teacher }, link: RECEIVED, createdAt: o.createdAt, readAt: answeredAt });
    if (answeredAt) {
      notes.push({
        recipientId: teacher.id, kind: o.rejected ? 'invitation.rejected' : 'invitation.agreed',
        params: { ...about(c), invitee: inviteeName, ...(o.rejected ? { reason: o.rejected.reason } : {}) }, link: SENT, createdAt: answeredAt,
        readAt: answeredAt < on(today, '00:00') ? answeredAt : null,
      });
    }
    if (o.withdrawnAt) notes.push({ recipientId: invitee.id, kind: 'invitation.withdrawn', params: { ...about(c), inviter: names.teacher }, link: RECEIVED, createdAt: o.withdrawnAt, readAt: null });
    return row!.id;
  }

  // Agreed and evaluated: the supervisor listened to a recent class and submitted the evaluation.
  const doneId = await invite(done, supervisor, names.supervisor, {
    createdAt: on(addDays(done.lessonDate, -3), '09:00'), agreedAt: on(addDays(done.lessonDate, -2), '10:00'),
    message: 'I am trying a new discussion format in this class and would value your view.',
  });
  const answers = completeAnswers(content);
  const scored = scoreForm(content, answers, true);
  if (!scored.complete) throw new Error(`demo invited evaluation is incomplete: ${JSON.stringify(scored.errors)}`);
  const submittedAt = on(done.lessonDate, '12:30');
  const [ev] = await tx.insert(evaluations).values({
    schoolId, planId: null, templateVersionId: school.evaluation.templateVersionId, courseSessionId: done.id, courseId: done.courseId,
    teacherId: teacher.id, evaluatorId: supervisor.id, kind: 'invited', invitationId: doneId, status: 'submitted', anonymous: false,
    answers, totalScore: scored.total, comment: 'The discussion format worked well; keep the summaries short.',
    createdAt: on(done.lessonDate, '10:05'), updatedAt: submittedAt, submittedAt,
  }).returning({ id: evaluations.id });
  await writeSectionScores(tx, schoolId, ev!.id, content, scored.bySection);
  notes.push({
    recipientId: teacher.id, kind: 'evaluation.received', params: { ...about(done), score: scored.total, fullScore: Number(version!.totalScore) },
    link: `/TeachingRecordDetail?evaluationId=${ev!.id}`, createdAt: submittedAt, readAt: null,
  });

  const [u1, u2, u3, u4, u5] = upcoming as [Class, Class, Class, Class, Class];
  const yesterday = addDays(today, -1);
  // Agreed for a class today (or the next one).
  await invite(todays[todays.length - 1] ?? u5, leader, names.leader, { createdAt: on(addDays(today, -2), '08:30'), agreedAt: on(yesterday, '09:15') });
  // Pending, for upcoming classes.
  await invite(u1, supervisor, names.supervisor, { createdAt: on(yesterday, '16:00'), message: 'Open lesson on the new chapter; feedback welcome.' });
  await invite(u2, leader, names.leader, { createdAt: on(yesterday, '16:05') });
  // Rejected with a reason.
  await invite(u3, supervisor, names.supervisor, {
    createdAt: on(addDays(today, -3), '11:00'), rejected: { at: on(addDays(today, -2), '14:00'), reason: 'I am leading a teaching workshop at that time.' },
  });
  // Withdrawn by the teacher.
  await invite(u4, leader, names.leader, { createdAt: on(addDays(today, -4), '10:00'), withdrawnAt: on(addDays(today, -3), '17:00') });

  await tx.insert(notifications).values(notes.map((n) => ({ schoolId, ...n })));
}
