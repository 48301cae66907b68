import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  mondayOf,
  zonedClock,
  type TAnswer,
  type TInvitation,
  type TInvitee,
  type TMyClass,
  type TNotification,
  type TTemplateContent,
} from '@hxk/contracts';
import { courseSessions, evaluations, notifications } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { demoName } from '../../db/seed/seed.ts';

const P = '/app/ddxk/invitation/v1';
type Page<T> = { list: T[]; total: number };
type Meeting = { id: string; courseId: string; lessonDate: string; sessionStart: number; sessionEnd: number; week: number };
type Start = { evaluationId: string; created: boolean };

/** Answers that satisfy every question of a form. */
function fullAnswers(content: TTemplateContent): Record<string, TAnswer> {
  const out: Record<string, TAnswer> = {};
  for (const q of content.sections.flatMap((s) => s.questions)) {
    const comment = 'Clear structure; students took part.';
    switch (q.type) {
      case 'single': out[q.key] = { optionKey: q.options[0]!.key, comment }; break;
      case 'multiple': out[q.key] = { optionKeys: q.options.slice(0, 2).map((o) => o.key), comment }; break;
      case 'score': out[q.key] = { score: q.score - 1, comment }; break;
      case 'star': out[q.key] = { stars: q.stars, comment }; break;
      case 'combo1': out[q.key] = { optionKey: q.options[0]!.key, score: q.options[0]!.score, comment }; break;
      case 'combo2': out[q.key] = { elementScores: Object.fromEntries(q.elements.map((e) => [e.key, e.score])), comment }; break;
    }
  }
  return out;
}

describe.each(DRIVERS)('invitations to listen on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let leader: string;
  let supervisor: string;
  let teacher: string;
  let teacher2: string;
  let student: string;
  let supervisorB: string;
  let teacherB: string;
  let day: string;
  let content: TTemplateContent;
  /** The demo teacher's classes on `day` (last week's Monday): A 1-2, C 3-4, B 5-6, E 7-8. */
  let A: Meeting;
  let B: Meeting;
  let C: Meeting;
  let E: Meeting;
  /** Another teacher's classes added on `day`, overlapping C (X, 3-4) and E (Y, 7-8). */
  let X: Meeting;
  let Y: Meeting;
  let courseName: Map<string, string>;
  const real = new Date();
  const u = (name: string) => env.schoolA.users[name]!.id;
  const db = <T>(fn: (tx: Tx) => Promise<T>) => platformTx(env.dbh.db, 'seed', fn);
  const en = { language: 'en' };
  const post = <T>(path: string, token: string, body: unknown) => call<T>(env.app, { url: `${P}/${path}`, token, body, headers: en });
  const get = <T>(path: string, token: string) => call<T>(env.app, { url: `${P}/${path}`, token, headers: en });
  const invite = (token: string, courseSessionId: string, inviteeIds: string[], message?: string) =>
    post<{ invitationIds: string[] }>('invite', token, { courseSessionId, inviteeIds, ...(message ? { message } : {}) });
  const answer = (token: string, invitationId: string, decision: 'agree' | 'reject', reason?: string) =>
    post<TInvitation>('answer', token, { invitationId, decision, ...(reason ? { reason } : {}) });
  const withdraw = (token: string, invitationId: string) => post<TInvitation>('withdraw', token, { invitationId });
  const startInvited = (token: string, invitationId: string, templateId = env.schoolA.evaluation.templateId) =>
    call<Start>(env.app, { url: '/app/ddxk/evaluation/v1/start/invited', token, body: { invitationId, templateId }, headers: en });
  const list = (token: string, body: Record<string, unknown>) => post<Page<TInvitation>>('list', token, { pageSize: 50, ...body });
  const notes = (accountId: string) => db((tx) => tx.select().from(notifications).where(eq(notifications.recipientId, accountId)).orderBy(asc(notifications.createdAt), asc(notifications.id)));

  function atSchoolTime(date: string, minute: number): Date {
    let t = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
    for (let i = 0; i < 2; i++) {
      const c = zonedClock(new Date(t), env.config.schoolTimezone);
      const shown = c.minute + (c.date === date ? 0 : c.date < date ? -1440 : 1440);
      t -= (shown - minute) * 60_000;
    }
    return new Date(t);
  }
  const at = (date: string, hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    env.clock.now = atSchoolTime(date, h! * 60 + m!);
  };

  beforeAll(async () => {
    env = await createTestEnv(driver);
    const teacher2Account = env.schoolA.directory.teachers[0]!.account;
    [admin, leader, supervisor, teacher, teacher2, student, supervisorB, teacherB] = await Promise.all([
      loginAs(env.app, 'admin'), loginAs(env.app, 'leader'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'teacher'),
      loginAs(env.app, teacher2Account), loginAs(env.app, 'student'),
      loginAs(env.app, env.schoolB.users.supervisor!.account), loginAs(env.app, env.schoolB.users.teacher!.account),
    ]);
    const today = zonedClock(real, env.config.schoolTimezone).date;
    day = addDays(mondayOf(today), -7); // the clock goes back in time only: sessions signed in now stay fresh
    const mine = env.schoolA.directory.courses.filter((c) => c.teacherId === u('teacher')).map((c) => c.id);
    const cols = { id: courseSessions.id, courseId: courseSessions.courseId, lessonDate: courseSessions.lessonDate, sessionStart: courseSessions.sessionStart, sessionEnd: courseSessions.sessionEnd, week: courseSessions.week };
    const meetings = await db((tx) => tx.select(cols).from(courseSessions)
      .where(and(inArray(courseSessions.courseId, mine), eq(courseSessions.lessonDate, day))).orderBy(asc(courseSessions.sessionStart)));
    expect(meetings.map((m) => m.sessionStart)).toEqual([1, 3, 5, 7]);
    [A, C, B, E] = meetings as [Meeting, Meeting, Meeting, Meeting];
    const other = env.schoolA.directory.courses.find((c) => c.teacherId === env.schoolA.directory.teachers[0]!.id)!;
    [X, Y] = await db((tx) => tx.insert(courseSessions).values([3, 7].map((s) => ({
      schoolId: env.schoolA.schoolId, courseId: other.id, week: A.week, weekday: 1, sessionStart: s, sessionEnd: s + 1, lessonDate: day,
    }))).returning(cols)) as [Meeting, Meeting];
    courseName = new Map(rowsOf<{ id: string; name: string }>(await db((tx) => tx.execute(sql`select id::text as id, name from courses`))).map((r) => [r.id, r.name]));
    const version = await db((tx) => tx.execute(sql`select content from template_versions where id = ${env.schoolA.evaluation.templateVersionId}`));
    content = rowsOf<{ content: TTemplateContent }>(version)[0]!.content;
    at(addDays(day, -1), '12:00'); // the Sunday before: every class of `day` is ahead
  });
  afterAll(async () => {
    env.clock.now = real;
    await env?.close();
  });

  let invC: string; // the supervisor's invitation to C
  let invCLeader: string; // the leader's invitation to C

  it('offers people who evaluate lessons as invitees, and my classes that have not ended', async () => {
    const people = await get<TInvitee[]>('invitees', teacher);
    expect(people.body.code, people.body.msg).toBe(1);
    const ids = people.body.data.map((p) => p.userId);
    expect(ids).toEqual(expect.arrayContaining([u('admin'), u('leader'), u('supervisor')]));
    expect(ids).not.toContain(u('teacher'));
    expect(ids).not.toContain(u('student'));
    const byName = await get<TInvitee[]>('invitees?keyword=superv', teacher);
    expect(byName.body.data.map((p) => p.userId)).toEqual([u('supervisor')]);
    const asSupervisor = await get<TInvitee[]>('invitees', supervisor);
    expect(asSupervisor.body.data.map((p) => p.userId)).not.toContain(u('supervisor'));

    const classes = await post<Page<TMyClass>>('classes', teacher, { pageSize: 50, dateFrom: day });
    expect(classes.body.code, classes.body.msg).toBe(1);
    const onDay = classes.body.data.list.filter((c) => c.lessonDate === day);
    expect(onDay.map((c) => c.courseSessionId)).toEqual([A.id, C.id, B.id, E.id]);
    expect(onDay.every((c) => c.invitedCount === 0 && c.teacher.userId === u('teacher'))).toBe(true);
    const dates = classes.body.data.list.map((c) => c.lessonDate);
    expect([...dates].sort()).toEqual(dates);

    const forbidden = await post('list', student, {});
    expect(forbidden.status).toBe(403);
  });

  it('refuses invitations to someone else\'s class, of people who do not evaluate, and of another school', async () => {
    const notMine = await invite(teacher, X.id, [u('supervisor')]);
    expect(notMine.body.errorKey).toBe('invitation.notYourClass');
    const notMine2 = await invite(teacher2, C.id, [u('supervisor')]);
    expect(notMine2.body.errorKey).toBe('invitation.notYourClass');
    const studentInvitee = await invite(teacher, C.id, [u('supervisor'), u('student')]);
    expect(studentInvitee.body.errorKey).toBe('invitation.notInvitee');
    expect(studentInvitee.body.msg).toContain(demoName('student'));
    const myself = await invite(teacher, C.id, [u('teacher')]);
    expect(myself.body.errorKey).toBe('invitation.notInvitee');
    const foreign = await invite(teacher, C.id, [env.schoolB.users.supervisor!.id]);
    expect(foreign.status).toBe(404);
    const fromB = await invite(teacherB, C.id, [env.schoolB.users.supervisor!.id]);
    expect(fromB.status).toBe(404);
    const long = await invite(teacher, C.id, [u('supervisor')], 'x'.repeat(501));
    expect(long.status).toBe(400);
    expect(await notes(u('supervisor'))).toHaveLength(0);
  });

  it('invites, refuses a second open invitation of the same person, and notifies each invitee', async () => {
    const made = await invite(teacher, C.id, [u('supervisor'), u('leader')], 'Please come and listen to the new unit.');
    expect(made.body.code, made.body.msg).toBe(1);
    [invC, invCLeader] = made.body.data.invitationIds as [string, string];
    const again = await invite(teacher, C.id, [u('supervisor')]);
    expect(again.status).toBe(409);
    expect(again.body.errorKey).toBe('invitation.duplicate');
    expect(again.body.msg).toContain(demoName('supervisor'));

    const [n] = await notes(u('supervisor'));
    expect(n).toMatchObject({ kind: 'invitation.new', link: '/InviteMeToListen?tab=received', readAt: null });
    expect(n!.params).toEqual({ course: courseName.get(C.courseId), date: day, sessions: '3-4', inviter: demoName('teacher') });
    expect(await notes(u('leader'))).toHaveLength(1);

    const classes = await post<Page<TMyClass>>('classes', teacher, { pageSize: 50, dateFrom: day });
    expect(classes.body.data.list.find((c) => c.courseSessionId === C.id)!.invitedCount).toBe(2);

    // Two invitations of the same person to the same class at once: one is made, the other refused.
    const racing = await Promise.all([invite(teacher, C.id, [u('admin')]), invite(teacher, C.id, [u('admin')])]);
    expect(racing.map((r) => r.body.errorKey ?? 'ok').sort()).toEqual(['invitation.duplicate', 'ok']);
    const adminOpen = await db((tx) => tx.execute(sql`select count(*)::int as n from invitations where invitee_id = ${u('admin')} and course_session_id = ${C.id}`));
    expect(Number(rowsOf<{ n: number }>(adminOpen)[0]!.n)).toBe(1);
  });

  it('lists received and sent invitations, filtered, and shows one only to its two people', async () => {
    const received = await list(supervisor, { box: 'received' });
    expect(received.body.code, received.body.msg).toBe(1);
    expect(received.body.data.total).toBe(1);
    expect(received.body.data.list[0]).toMatchObject({
      invitationId: invC, status: 'pending', expired: false, message: 'Please come and listen to the new unit.',
      inviter: { userId: u('teacher') }, invitee: { userId: u('supervisor') }, evaluationId: null, evaluationStatus: null,
      class: { courseSessionId: C.id, lessonDate: day, sessionStart: 3, sessionEnd: 4, startTime: '10:00', endTime: '11:40' },
    });
    const sent = await list(teacher, { box: 'sent' });
    expect(sent.body.data.list.map((i) => i.invitationId)).toEqual(expect.arrayContaining([invC, invCLeader]));
    expect(sent.body.data.total).toBe(3); // and the administrator's
    const byName = await list(teacher, { box: 'sent', keyword: demoName('leader') });
    expect(byName.body.data.list.map((i) => i.invitationId)).toEqual([invCLeader]);
    const byCourse = await list(supervisor, { box: 'received', keyword: courseName.get(C.courseId)!.slice(0, 5) });
    expect(byCourse.body.data.total).toBe(1);
    const byInviter = await list(supervisor, { box: 'received', keyword: demoName('teacher').slice(0, 2) });
    expect(byInviter.body.data.total).toBe(1);
    const none = await list(supervisor, { box: 'received', status: 'agreed' });
    expect(none.body.data.total).toBe(0);
    const mySent = await list(supervisor, { box: 'sent' });
    expect(mySent.body.data.total).toBe(0);

    expect((await get<TInvitation>(`detail?invitationId=${invC}`, teacher)).body.data.invitationId).toBe(invC);
    expect((await get<TInvitation>(`detail?invitationId=${invC}`, supervisor)).body.code).toBe(1);
    expect((await get(`detail?invitationId=${invC}`, leader)).status).toBe(404);
    expect((await get(`detail?invitationId=${invC}`, admin)).status).toBe(404);
    expect((await get(`detail?invitationId=${invC}`, supervisorB)).status).toBe(404);
  });

  it('rejects with a reason of at least 5 characters and notifies the inviter', async () => {
    const short = await answer(leader, invCLeader, 'reject', 'no');
    expect(short.status).toBe(400);
    expect(short.body.msg).toContain('Write at least 5 characters.');
    const noReason = await answer(leader, invCLeader, 'reject');
    expect(noReason.status).toBe(400);

    const done = await answer(leader, invCLeader, 'reject', '  Busy that morning  ');
    expect(done.body.code, done.body.msg).toBe(1);
    expect(done.body.data).toMatchObject({ status: 'rejected', reason: 'Busy that morning' });
    expect(done.body.data.answeredAt).not.toBeNull();
    const teacherNotes = await notes(u('teacher'));
    expect(teacherNotes.at(-1)).toMatchObject({ kind: 'invitation.rejected', link: '/InviteMeToListen?tab=sent' });
    expect(teacherNotes.at(-1)!.params).toEqual({ course: courseName.get(C.courseId), date: day, sessions: '3-4', invitee: demoName('leader'), reason: 'Busy that morning' });

    expect((await answer(leader, invCLeader, 'agree')).body.errorKey).toBe('invitation.badTransition');
    expect((await withdraw(teacher, invCLeader)).body.errorKey).toBe('invitation.badTransition');
  });

  it('lets only the invitee answer: anyone else, in this school or another, finds nothing', async () => {
    expect((await answer(leader, invC, 'agree')).status).toBe(404);
    expect((await answer(teacher, invC, 'agree')).status).toBe(404);
    expect((await answer(supervisorB, invC, 'agree')).status).toBe(404);
    expect((await withdraw(supervisorB, invC)).status).toBe(404);
    expect((await withdraw(teacherB, invC)).status).toBe(404);
    expect((await withdraw(teacher2, invC)).status).toBe(404);
    expect((await withdraw(supervisor, invC)).status).toBe(404);
    expect((await startInvited(supervisorB, invC)).status).toBe(404);
    expect((await startInvited(leader, invC)).status).toBe(404);
  });

  it('starts no invited evaluation before agreeing; agreeing notifies the inviter', async () => {
    const early = await startInvited(supervisor, invC);
    expect(early.body.errorKey).toBe('invitation.notAgreed');

    const agreed = await answer(supervisor, invC, 'agree');
    expect(agreed.body.code, agreed.body.msg).toBe(1);
    expect(agreed.body.data).toMatchObject({ status: 'agreed', reason: null });
    const last = (await notes(u('teacher'))).at(-1)!;
    expect(last.kind).toBe('invitation.agreed');
    expect(last.params).toEqual({ course: courseName.get(C.courseId), date: day, sessions: '3-4', invitee: demoName('supervisor') });
    expect((await answer(supervisor, invC, 'agree')).body.errorKey).toBe('invitation.badTransition');

    // The class is tomorrow: its evaluation cannot start yet.
    const tooSoon = await startInvited(supervisor, invC);
    expect(tooSoon.body.errorKey).toBe('evaluation.courseNotStarted');
  });

  it('refuses to agree to a class at the same time as another agreed invitation or an evaluation', async () => {
    const x = await invite(teacher2, X.id, [u('supervisor')]);
    expect(x.body.code, x.body.msg).toBe(1);
    const clash = await answer(supervisor, x.body.data.invitationIds[0]!, 'agree');
    expect(clash.status).toBe(409);
    expect(clash.body.errorKey).toBe('evaluation.timeConflict');
    expect(clash.body.msg).toContain(courseName.get(C.courseId)!);
    // Rejecting it is fine.
    expect((await answer(supervisor, x.body.data.invitationIds[0]!, 'reject', 'Already at another class')).body.code).toBe(1);

    at(day, '15:55'); // Y opens for evaluation
    const free = await call<Start>(env.app, { url: '/app/ddxk/evaluation/v1/start/free', token: leader, body: { courseSessionId: Y.id, templateId: env.schoolA.evaluation.templateId }, headers: en });
    at(addDays(day, -1), '12:00');
    expect(free.body.code, free.body.msg).toBe(1);
    const e = await invite(teacher, E.id, [u('leader')]);
    const clash2 = await answer(leader, e.body.data.invitationIds[0]!, 'agree');
    expect(clash2.body.errorKey).toBe('evaluation.timeConflict');
    expect(clash2.body.msg).toContain(courseName.get(Y.courseId)!);

    // A pending invitation can be withdrawn; the invitee hears of it and can no longer answer.
    const w = await withdraw(teacher, e.body.data.invitationIds[0]!);
    expect(w.body.code, w.body.msg).toBe(1);
    expect(w.body.data).toMatchObject({ status: 'withdrawn' });
    expect(w.body.data.withdrawnAt).not.toBeNull();
    const last = (await notes(u('leader'))).at(-1)!;
    expect(last).toMatchObject({ kind: 'invitation.withdrawn', link: '/InviteMeToListen?tab=received' });
    expect(last.params).toEqual({ course: courseName.get(E.courseId), date: day, sessions: '7-8', inviter: demoName('teacher') });
    expect((await answer(leader, e.body.data.invitationIds[0]!, 'reject', 'Too late now')).body.errorKey).toBe('invitation.badTransition');
    expect((await withdraw(teacher, e.body.data.invitationIds[0]!)).body.errorKey).toBe('invitation.badTransition');
    // Withdrawn is not open: the same person may be invited to the same class again.
    expect((await invite(teacher, E.id, [u('leader')])).body.code).toBe(1);
  });

  it('withdraws an agreed invitation; the draft already started stays the invitee\'s own', async () => {
    at(day, '08:30'); // A is in class
    const a = await invite(teacher, A.id, [u('supervisor')]);
    const id = a.body.data.invitationIds[0]!;
    // Two answers at once: the state guard lets only one through.
    const both = await Promise.all([answer(supervisor, id, 'agree'), answer(supervisor, id, 'agree')]);
    expect(both.map((r) => r.body.errorKey ?? 'ok').sort()).toEqual(['invitation.badTransition', 'ok']);
    const started = await startInvited(supervisor, id);
    expect(started.body.code, started.body.msg).toBe(1);
    const w = await withdraw(teacher, id);
    expect(w.body.code, w.body.msg).toBe(1);
    expect(w.body.data.status).toBe('withdrawn');
    const [row] = await db((tx) => tx.select().from(evaluations).where(eq(evaluations.id, started.body.data.evaluationId)));
    expect(row).toMatchObject({ evaluatorId: u('supervisor'), status: 'draft', invitationId: id });
    expect((await startInvited(supervisor, id)).body.data).toEqual({ evaluationId: started.body.data.evaluationId, created: false });
  });

  it('starts the invited evaluation once, and refuses withdrawal once it is submitted', async () => {
    at(day, '10:30'); // C is in class
    const draftTemplate = await startInvited(supervisor, invC, env.schoolA.evaluation.draftTemplateId);
    expect(draftTemplate.body.errorKey).toBe('template.notUsable');
    const first = await startInvited(supervisor, invC);
    expect(first.body.code, first.body.msg).toBe(1);
    expect(first.body.data.created).toBe(true);
    const again = await startInvited(supervisor, invC);
    expect(again.body.data).toEqual({ evaluationId: first.body.data.evaluationId, created: false });
    const [row] = await db((tx) => tx.select().from(evaluations).where(eq(evaluations.id, first.body.data.evaluationId)));
    expect(row).toMatchObject({ kind: 'invited', invitationId: invC, evaluatorId: u('supervisor'), teacherId: u('teacher'), anonymous: false, planId: null, courseSessionId: C.id });

    const submitted = await call(env.app, { url: '/app/ddxk/evaluation/v1/submit', token: supervisor, body: { evaluationId: first.body.data.evaluationId, answers: fullAnswers(content) }, headers: en });
    expect(submitted.body.code, submitted.body.msg).toBe(1);
    const refused = await withdraw(teacher, invC);
    expect(refused.status).toBe(409);
    expect(refused.body.errorKey).toBe('invitation.evaluated');

    const received = await list(supervisor, { box: 'received', status: 'agreed' });
    expect(received.body.data.list.find((i) => i.invitationId === invC)).toMatchObject({ evaluationId: first.body.data.evaluationId, evaluationStatus: 'submitted' });
  });

  it('expires a pending invitation once its class has ended', async () => {
    const b = await invite(teacher, B.id, [u('supervisor')]);
    expect(b.body.code, b.body.msg).toBe(1);
    const id = b.body.data.invitationIds[0]!;
    at(day, '16:00'); // B (5-6) ended at 15:40
    const late = await answer(supervisor, id, 'agree');
    expect(late.body.errorKey).toBe('invitation.expired');
    expect((await answer(supervisor, id, 'reject', 'Could not make it')).body.errorKey).toBe('invitation.expired');
    const shown = await get<TInvitation>(`detail?invitationId=${id}`, supervisor);
    expect(shown.body.data).toMatchObject({ status: 'pending', expired: true });
    const endedClass = await invite(teacher, B.id, [u('leader')]);
    expect(endedClass.body.errorKey).toBe('invitation.classEnded');
    const classes = await post<Page<TMyClass>>('classes', teacher, { pageSize: 50 });
    const onDay = classes.body.data.list.filter((c) => c.lessonDate === day).map((c) => c.courseSessionId);
    expect(onDay).toEqual([E.id]);
    // The teacher may still withdraw it.
    expect((await withdraw(teacher, id)).body.code).toBe(1);
  });

  it('lists, counts and marks read only my own notifications', async () => {
    const N = '/app/ddxk/notification/v1';
    type NPage = Page<TNotification> & { unread: number };
    const mine = await call<NPage>(env.app, { url: `${N}/list`, token: supervisor, body: { pageSize: 5 } });
    expect(mine.body.code, mine.body.msg).toBe(1);
    const stored = await notes(u('supervisor'));
    expect(mine.body.data.total).toBe(stored.length);
    expect(mine.body.data.unread).toBe(stored.length);
    expect(mine.body.data.list).toHaveLength(5);
    expect(new Set(stored.map((n) => n.kind))).toEqual(new Set(['invitation.new', 'invitation.withdrawn']));
    const times = mine.body.data.list.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const first = mine.body.data.list[0]!.notificationId;
    // Another person's ids are not theirs to mark.
    const other = await call<{ unread: number }>(env.app, { url: `${N}/read`, token: leader, body: { ids: [first] } });
    expect(other.body.code).toBe(1);
    expect((await call<{ unread: number }>(env.app, { url: `${N}/unread`, token: supervisor })).body.data.unread).toBe(stored.length);
    const one = await call<{ unread: number }>(env.app, { url: `${N}/read`, token: supervisor, body: { ids: [first] } });
    expect(one.body.data.unread).toBe(stored.length - 1);
    const unreadOnly = await call<NPage>(env.app, { url: `${N}/list`, token: supervisor, body: { pageSize: 50, unreadOnly: true } });
    expect(unreadOnly.body.data.list.map((n) => n.notificationId)).not.toContain(first);
    expect(unreadOnly.body.data.total).toBe(stored.length - 1);
    const all = await call<{ unread: number }>(env.app, { url: `${N}/read`, token: supervisor, body: { all: true } });
    expect(all.body.data.unread).toBe(0);
    expect((await call<{ unread: number }>(env.app, { url: `${N}/unread`, token: leader })).body.data.unread).toBeGreaterThan(0);

    const studentList = await call<NPage>(env.app, { url: `${N}/list`, token: student, body: {} });
    expect(studentList.body.data).toMatchObject({ total: 0, unread: 0, list: [] });
    const outsider = await call<NPage>(env.app, { url: `${N}/list`, token: supervisorB, body: {} });
    expect(outsider.body.data.total).toBe(0);
  });
});
