import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  addDays,
  mondayOf,
  zonedClock,
  type TAnswer,
  type TAppeal,
  type TAppealRow,
  type TCourseReport,
  type TEvaluation,
  type TReportCourseRow,
  type TTemplateContent,
} from '@hxk/contracts';
import { accounts, appeals, courseSessions, evaluationSectionScores, evaluations, notifications, planCourses, planSupervisors, supervisionPlans } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { PDF, PNG } from '../files/fixtures.ts';
import { demoName } from '../../db/seed/seed.ts';

const A_P = '/app/ddxk/appeal/v1';
const R_P = '/app/ddxk/report/v1';
const E_P = '/app/ddxk/evaluation/v1';
type Page<T> = { list: T[]; total: number };
type Meeting = { id: string; courseId: string; sessionStart: number; sessionEnd: number };

/** Answers that satisfy every question of a form, a little below the full score. */
function answersFor(content: TTemplateContent, drop = 0): Record<string, TAnswer> {
  const out: Record<string, TAnswer> = {};
  for (const q of content.sections.flatMap((s) => s.questions)) {
    const comment = 'Clear structure; students took part.';
    switch (q.type) {
      case 'single': out[q.key] = { optionKey: q.options[drop % q.options.length]!.key, comment }; break;
      case 'multiple': out[q.key] = { optionKeys: q.options.slice(0, 2).map((o) => o.key), comment }; break;
      case 'score': out[q.key] = { score: q.score - 1 - drop, comment }; break;
      case 'star': out[q.key] = { stars: q.stars - drop, comment }; break;
      case 'combo1': out[q.key] = { optionKey: q.options[0]!.key, score: q.options[0]!.score, comment }; break;
      case 'combo2': out[q.key] = { elementScores: Object.fromEntries(q.elements.map((e) => [e.key, e.score - drop])), comment }; break;
    }
  }
  return out;
}

/** A real upload through the upload route (multipart: the text fields first, then the file). */
async function upload(app: FastifyInstance, token: string, name: string, bytes: Buffer, fields: Record<string, string> = { accept: 'image', context: 'appeal' }) {
  const boundary = `----hxkappeal${Math.random().toString(16).slice(2)}`;
  const parts = [
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  const res = await app.inject({
    method: 'POST', url: '/base/tool/file/v1/simple/upload', payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest', authorization: `Bearer ${token}` },
  });
  const body = res.json() as { code: number; msg: string; data: { fileId: string } };
  if (body.code !== 1) throw new Error(`upload of ${name} failed: ${body.msg}`);
  return body.data.fileId;
}

describe.each(DRIVERS)('appeals, reports and indicator scores on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let leader: string;
  let supervisor: string;
  let teacher: string;
  let student: string;
  let otherTeacher: string;
  let admin2: string;
  let teacher2: string;
  let content: TTemplateContent;
  let day: string;
  /** The teacher's classes on `day`: A 1-2 and C 3-4 (one course), B 5-6 (another). */
  let A: Meeting;
  let B: Meeting;
  let C: Meeting;
  let anonPlan: string;
  let hiddenPlan: string;
  /** The two evaluations of the test seed (by the supervisor). */
  let seeded: { id: string; courseId: string; teacherId: string }[];
  /** The supervisor's evaluations of E (B's course, 7-8) and of the teacher's first class the day after: what the teacher appeals. */
  let first: { id: string; courseId: string; totalScore: number };
  let second: { id: string; courseId: string; totalScore: number };
  let evalA: string;
  let evalB: string;
  let evalC: string;
  const u = (name: string) => env.schoolA.users[name]!.id;
  const db = <T>(fn: (tx: Tx) => Promise<T>) => platformTx(env.dbh.db, 'seed', fn);
  const en = { language: 'en' };
  const post = <T>(url: string, token: string, body: unknown) => call<T>(env.app, { url, token, body, headers: en });
  const get = <T>(url: string, token: string) => call<T>(env.app, { url, token, headers: en });
  const create = (token: string, body: Record<string, unknown>) => post<{ appealId: string }>(`${A_P}/create`, token, body);
  const detail = (id: string, token: string) => get<TAppeal>(`${A_P}/detail?appealId=${id}`, token);
  const handle = (token: string, body: Record<string, unknown>) => post<TAppeal>(`${A_P}/handle`, token, body);
  const mine = (token: string, body: Record<string, unknown> = {}) => post<Page<TAppealRow>>(`${A_P}/mine`, token, { pageSize: 100, ...body });
  const report = (q: string, token: string) => get<TCourseReport>(`${R_P}/course?${q}`, token);
  const noticesOf = (who: string) => db((tx) => tx.select().from(notifications).where(eq(notifications.recipientId, who)).orderBy(asc(notifications.createdAt), asc(notifications.id)));

  /** Starts and submits a plan evaluation of a class through the API. */
  async function evaluate(token: string, planId: string, m: Meeting, drop = 0) {
    const s = await post<{ evaluationId: string }>(`${E_P}/start/plan`, token, { planId, courseSessionId: m.id });
    expect(s.body.code, s.body.msg).toBe(1);
    const done = await post<TEvaluation>(`${E_P}/submit`, token, { evaluationId: s.body.data.evaluationId, answers: answersFor(content, drop), comment: 'Report comment' });
    expect(done.body.code, done.body.msg).toBe(1);
    return done.body.data;
  }

  beforeAll(async () => {
    env = await createTestEnv(driver);
    const other = env.schoolA.directory.teachers[0]!.account;
    [admin, leader, supervisor, teacher, student, otherTeacher, admin2, teacher2] = await Promise.all([
      loginAs(env.app, 'admin'), loginAs(env.app, 'leader'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'teacher'), loginAs(env.app, 'student'),
      loginAs(env.app, other), loginAs(env.app, 'admin2'), loginAs(env.app, env.schoolB.users.teacher!.account),
    ]);
    day = addDays(mondayOf(zonedClock(new Date(), env.config.schoolTimezone).date), -7);
    const courses = env.schoolA.directory.courses.filter((c) => c.teacherId === u('teacher')).map((c) => c.id);
    const meetings = await db((tx) => tx.select({ id: courseSessions.id, courseId: courseSessions.courseId, sessionStart: courseSessions.sessionStart, sessionEnd: courseSessions.sessionEnd })
      .from(courseSessions).where(and(inArray(courseSessions.courseId, courses), eq(courseSessions.lessonDate, day))).orderBy(asc(courseSessions.sessionStart)));
    const [a, c, b, e] = meetings as [Meeting, Meeting, Meeting, Meeting];
    [A, C, B] = [a, c, b];
    expect(A.courseId).toBe(C.courseId);
    expect(B.courseId).not.toBe(A.courseId);
    const version = await db((tx) => tx.execute(sql`select content from template_versions where id = ${env.schoolA.evaluation.templateVersionId}`));
    content = (version as unknown as { rows: { content: TTemplateContent }[] }).rows[0]!.content;
    seeded = await db((tx) => tx.select({ id: evaluations.id, courseId: evaluations.courseId, teacherId: evaluations.teacherId }).from(evaluations)
      .where(eq(evaluations.planId, env.schoolA.evaluation.planId)));
    expect(seeded).toHaveLength(2);
    const [next] = await db((tx) => tx.select({ id: courseSessions.id, courseId: courseSessions.courseId, sessionStart: courseSessions.sessionStart, sessionEnd: courseSessions.sessionEnd })
      .from(courseSessions).where(and(inArray(courseSessions.courseId, courses), eq(courseSessions.lessonDate, addDays(day, 1)))).orderBy(asc(courseSessions.sessionStart)).limit(1));
    const one = await evaluate(supervisor, env.schoolA.evaluation.planId, e!, 1);
    const two = await evaluate(supervisor, env.schoolA.evaluation.planId, next!, 1);
    first = { id: one.evaluationId, courseId: one.class.courseId, totalScore: one.totalScore! };
    second = { id: two.evaluationId, courseId: two.class.courseId, totalScore: two.totalScore! };
    // An anonymous plan over B's course and a plan that hides reports from teachers over A's, both the leader's.
    const schoolId = env.schoolA.schoolId;
    const planOf = async (name: string, courseId: string, flags: { anonymous: boolean; teacherCanView: boolean }) => db(async (tx) => {
      const [p] = await tx.insert(supervisionPlans).values({
        schoolId, name, evaluationType: 'ordinary', templateId: env.schoolA.evaluation.templateId, templateVersionId: env.schoolA.evaluation.templateVersionId,
        semesterId: env.schoolA.directory.semesterId, startDate: addDays(day, -7), endDate: addDays(day, 60), published: true, ...flags,
      }).returning();
      await tx.insert(planCourses).values({ schoolId, planId: p!.id, courseId });
      await tx.insert(planSupervisors).values({ schoolId, planId: p!.id, accountId: u('leader') });
      return p!.id;
    });
    anonPlan = await planOf('Anonymous round', B.courseId, { anonymous: true, teacherCanView: true });
    hiddenPlan = await planOf('Hidden round', A.courseId, { anonymous: false, teacherCanView: false });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('writes the score of each primary indicator at submit and tells the teacher, not when the plan hides reports', async () => {
    const before = (await noticesOf(u('teacher'))).length;
    const a = await evaluate(leader, env.schoolA.evaluation.planId, A);
    evalA = a.evaluationId;
    const rows = await db((tx) => tx.select().from(evaluationSectionScores).where(eq(evaluationSectionScores.evaluationId, evalA)).orderBy(asc(evaluationSectionScores.sectionKey)));
    expect(rows.map((r) => r.sectionKey)).toEqual(content.sections.map((s) => s.key));
    expect(rows.map((r) => r.indicatorKey)).toEqual(content.sections.map((s) => s.indicatorId));
    expect(rows.map((r) => r.name)).toEqual(content.sections.map((s) => s.name));
    expect(rows.reduce((s, r) => s + r.score, 0)).toBeCloseTo(a.totalScore!, 2);
    expect(rows.reduce((s, r) => s + r.full, 0)).toBe(100);

    const notes = await noticesOf(u('teacher'));
    expect(notes).toHaveLength(before + 1);
    expect(notes.at(-1)).toMatchObject({
      kind: 'evaluation.received', link: `/TeachingRecordDetail?evaluationId=${evalA}`,
      params: { date: day, sessions: `${A.sessionStart}-${A.sessionEnd}`, score: a.totalScore, fullScore: 100, course: a.class.courseName },
    });
    expect(JSON.stringify(notes.at(-1)!.params)).not.toContain(u('leader'));

    evalC = (await evaluate(leader, hiddenPlan, C)).evaluationId;
    expect(await db((tx) => tx.select().from(evaluationSectionScores).where(eq(evaluationSectionScores.evaluationId, evalC)))).toHaveLength(content.sections.length);
    expect((await noticesOf(u('teacher'))).map((n) => n.link)).not.toContain(`/TeachingRecordDetail?evaluationId=${evalC}`);

    // The test seed's evaluations have theirs too.
    const seededRows = await db((tx) => tx.select().from(evaluationSectionScores).where(inArray(evaluationSectionScores.evaluationId, seeded.map((s) => s.id))));
    expect(seededRows).toHaveLength(2 * content.sections.length);
  });

  it('lets the teacher appeal once with a reason of 5 or more characters, refuses everyone else', async () => {
    const short = await create(teacher, { evaluationId: first.id, reason: ' abc ' });
    expect(short.status).toBe(400);
    expect(short.body.msg).toContain('Write at least 5 characters.');
    const zh = await call(env.app, { url: `${A_P}/create`, token: teacher, body: { evaluationId: first.id, reason: 'abc' }, headers: { language: 'zh' } });
    expect(zh.body.msg).toContain('请至少填写 5 个字符');

    for (const token of [otherTeacher, admin2, teacher2]) expect((await create(token, { evaluationId: first.id, reason: 'Not my score at all' })).status).toBe(404);
    const hidden = await create(teacher, { evaluationId: evalC, reason: 'The plan hides this one' });
    expect(hidden.status).toBe(409);
    expect(hidden.body.errorKey).toBe('appeal.notAppealable');
    expect((await create(student, { evaluationId: first.id, reason: 'Students do not appeal' })).status).toBe(403);

    const ok = await create(teacher, { evaluationId: first.id, reason: 'The content score misses the case study.' });
    expect(ok.body.code, ok.body.msg).toBe(1);
    const again = await create(teacher, { evaluationId: first.id, reason: 'Once more with feeling' });
    expect(again.status).toBe(409);
    expect(again.body.errorKey).toBe('appeal.pendingExists');

    const row = (await db((tx) => tx.select().from(appeals).where(eq(appeals.id, ok.body.data.appealId))))[0]!;
    expect(row).toMatchObject({ status: 'pending', teacherId: u('teacher'), score: first.totalScore, evaluationId: first.id });
    const told = (await noticesOf(u('supervisor'))).at(-1)!;
    expect(told).toMatchObject({ kind: 'appeal.new', link: `/Appeal/Detail?appealId=${ok.body.data.appealId}`, params: { date: expect.any(String), teacher: demoName('teacher') } });

    const read = await detail(ok.body.data.appealId, teacher);
    expect(read.body.code, read.body.msg).toBe(1);
    expect(read.body.data).toMatchObject({
      status: 'pending', canWithdraw: true, canDelete: false, canHandle: false, conflictOfInterest: false, evaluator: { userId: u('supervisor') }, teacher: { userId: u('teacher') },
      score: first.totalScore, fullScore: 100, scoreAfter: null, images: [], handler: null, opinion: null,
    });
    expect((await detail(ok.body.data.appealId, supervisor)).body.data).toMatchObject({ canWithdraw: false, canHandle: false });
    expect((await detail(ok.body.data.appealId, leader)).body.data).toMatchObject({ canWithdraw: false, canHandle: true, conflictOfInterest: false });
    for (const token of [otherTeacher, admin2, teacher2, student]) expect((await detail(ok.body.data.appealId, token)).status).toBe(404);

    const listed = await mine(teacher);
    expect(listed.body.data.list.map((r) => r.appealId)).toContain(ok.body.data.appealId);
    expect((await mine(otherTeacher)).body.data.total).toBe(0);
    // Filtered by evaluation: this one's pending appeal, and none of another evaluation.
    expect((await mine(teacher, { status: 'pending', evaluationId: first.id })).body.data.list.map((r) => r.appealId)).toEqual([ok.body.data.appealId]);
    expect((await mine(teacher, { status: 'pending', evaluationId: second.id })).body.data.total).toBe(0);
    expect((await post(`${A_P}/list`, teacher, {})).status).toBe(403);
    expect((await post(`${A_P}/list`, supervisor, {})).status).toBe(403);
  });

  it('takes every transition the state machine allows through the API and refuses the others', async () => {
    const pending = (await mine(teacher, { status: 'pending' })).body.data.list.find((r) => r.evaluationId === first.id)!;
    const id = pending.appealId;

    // Pending: not deletable; handling needs appeal:handle (the supervision member lacks it).
    const del = await post(`${A_P}/delete`, teacher, { appealIds: [id] });
    expect(del.status).toBe(409);
    expect(del.body.errorKey).toBe('appeal.badTransition');
    expect((await handle(supervisor, { appealId: id, decision: 'resolve', scoreAfter: 90, opinion: 'I agree with it' })).status).toBe(403);
    expect((await handle(teacher, { appealId: id, decision: 'resolve', scoreAfter: 90, opinion: 'I agree with it' })).status).toBe(403);
    const over = await handle(leader, { appealId: id, decision: 'resolve', scoreAfter: 100.5, opinion: 'Raised after review' });
    expect(over.status).toBe(400);
    expect(over.body.errorKey).toBe('appeal.scoreOutOfRange');
    expect(over.body.msg).toBe('Input out of range: the score after appeal must be from 0 to 100.');
    const negative = await handle(leader, { appealId: id, decision: 'resolve', scoreAfter: -1, opinion: 'Raised after review' });
    expect(negative.status).toBe(400);
    expect(negative.body.msg).toContain('is out of range');
    expect((await handle(leader, { appealId: id, decision: 'resolve', opinion: 'Raised after review' })).status).toBe(400);
    const terse = await handle(leader, { appealId: id, decision: 'resolve', scoreAfter: 90, opinion: 'ok' });
    expect(terse.status).toBe(400);
    expect(terse.body.msg).toContain('Write at least 5 characters.');
    expect((await handle(admin2, { appealId: id, decision: 'resolve', scoreAfter: 90, opinion: 'Other school' })).status).toBe(404);

    const resolved = await handle(leader, { appealId: id, decision: 'resolve', scoreAfter: 95, opinion: 'The case study was there: raised.' });
    expect(resolved.body.code, resolved.body.msg).toBe(1);
    expect(resolved.body.data).toMatchObject({ status: 'resolved', scoreAfter: 95, opinion: 'The case study was there: raised.', handler: { userId: u('leader') }, canHandle: false });
    expect(resolved.body.data.handledAt).toBeTruthy();
    for (const who of ['teacher', 'supervisor']) {
      expect((await noticesOf(u(who))).at(-1)).toMatchObject({ kind: 'appeal.resolved', link: `/Appeal/Detail?appealId=${id}`, params: { score: first.totalScore, scoreAfter: 95, handler: demoName('leader') } });
    }
    const twice = await handle(admin, { appealId: id, decision: 'unresolve', opinion: 'Changed my mind' });
    expect(twice.status).toBe(409);
    expect(twice.body.errorKey).toBe('appeal.badTransition');
    expect((await post(`${A_P}/withdraw`, teacher, { appealId: id })).body.errorKey).toBe('appeal.badTransition');
    expect((await detail(id, teacher)).body.data).toMatchObject({ canWithdraw: false, canDelete: true });

    // A new appeal of the same evaluation once the first is closed; withdrawn by the teacher only.
    const again = await create(teacher, { evaluationId: first.id, reason: 'One more point about timing.' });
    expect(again.body.code, again.body.msg).toBe(1);
    const revokedId = again.body.data.appealId;
    expect((await post(`${A_P}/withdraw`, supervisor, { appealId: revokedId })).status).toBe(403);
    expect((await post(`${A_P}/withdraw`, otherTeacher, { appealId: revokedId })).status).toBe(404);
    const withdrawn = await post<TAppeal>(`${A_P}/withdraw`, teacher, { appealId: revokedId });
    expect(withdrawn.body.code, withdrawn.body.msg).toBe(1);
    expect(withdrawn.body.data).toMatchObject({ status: 'revoked', canWithdraw: false, canDelete: true });
    expect(withdrawn.body.data.withdrawnAt).toBeTruthy();
    expect((await noticesOf(u('supervisor'))).at(-1)).toMatchObject({ kind: 'appeal.withdrawn', link: `/Appeal/Detail?appealId=${revokedId}` });
    expect((await post(`${A_P}/withdraw`, teacher, { appealId: revokedId })).body.errorKey).toBe('appeal.badTransition');
    expect((await handle(leader, { appealId: revokedId, decision: 'resolve', scoreAfter: 80, opinion: 'Too late for this' })).body.errorKey).toBe('appeal.badTransition');

    // Not resolved, by an administrator.
    const third = await create(teacher, { evaluationId: second.id, reason: 'The demeanour score is too low.' });
    const unresolved = await handle(admin, { appealId: third.body.data.appealId, decision: 'unresolve', scoreAfter: 99, opinion: 'The score stands as given.' });
    expect(unresolved.body.code, unresolved.body.msg).toBe(1);
    expect(unresolved.body.data).toMatchObject({ status: 'unresolved', scoreAfter: null, handler: { userId: u('admin') } });
    expect((await noticesOf(u('teacher'))).at(-1)).toMatchObject({ kind: 'appeal.unresolved', params: { handler: demoName('admin') } });

    // Handlers see pending ones first.
    const open = await create(teacher, { evaluationId: evalA, reason: 'Pending for the handlers list' });
    expect(open.body.code, open.body.msg).toBe(1);
    const all = await post<Page<TAppealRow>>(`${A_P}/list`, leader, { pageSize: 100 });
    expect(all.body.code, all.body.msg).toBe(1);
    expect(all.body.data.list[0]!.status).toBe('pending');
    expect((await post<Page<TAppealRow>>(`${A_P}/list`, leader, { status: 'resolved' })).body.data.list.map((r) => r.appealId)).toEqual([id]);
    expect((await post<Page<TAppealRow>>(`${A_P}/list`, admin2, {})).body.data.total).toBe(0);

    // Delete: all or none, mine only; clear takes the rest of the closed ones.
    const mixed = await post(`${A_P}/delete`, teacher, { appealIds: [id, open.body.data.appealId] });
    expect(mixed.body.errorKey).toBe('appeal.badTransition');
    expect((await post(`${A_P}/delete`, otherTeacher, { appealIds: [id] })).status).toBe(404);
    expect((await post(`${A_P}/delete`, teacher, { appealIds: [id, revokedId] })).body.code).toBe(1);
    const left = (await mine(teacher)).body.data.list.map((r) => r.appealId);
    expect(left).not.toContain(id);
    expect(left).not.toContain(revokedId);
    expect((await post(`${A_P}/delete`, teacher, { appealIds: [id] })).status).toBe(404);
    const cleared = await post<{ cleared: number }>(`${A_P}/clear`, teacher, {});
    expect(cleared.body.data.cleared).toBe(1);
    expect((await mine(teacher)).body.data.list.map((r) => r.status)).toEqual(['pending']);
    // The records stay for handlers.
    expect((await post<Page<TAppealRow>>(`${A_P}/list`, leader, { pageSize: 100 })).body.data.total).toBe(all.body.data.total);
    expect((await detail(id, leader)).body.data.status).toBe('resolved');
  });

  it('takes up to 10 images of my own, unused by other appeals, readable only by the people of the appeal', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 11; i++) ids.push(await upload(env.app, teacher, `evidence-${i}.png`, PNG));
    const theirs = await upload(env.app, otherTeacher, 'theirs.png', PNG);
    const anon = await evaluate(leader, anonPlan, B, 1);
    evalB = anon.evaluationId;

    const eleven = await create(teacher, { evaluationId: evalB, reason: 'Eleven pictures of the board', imageIds: ids });
    expect(eleven.status).toBe(400);
    expect(eleven.body.msg).toContain('takes up to 10 images per appeal');
    const foreign = await create(teacher, { evaluationId: evalB, reason: 'Somebody else picture', imageIds: [ids[0], theirs] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errorKey).toBe('appeal.badImage');
    const pdf = await upload(env.app, teacher, 'notes.pdf', PDF, {});
    expect((await create(teacher, { evaluationId: evalB, reason: 'Not a picture at all', imageIds: [pdf] })).body.errorKey).toBe('appeal.badImage');
    expect((await create(teacher, { evaluationId: evalB, reason: 'The same picture twice', imageIds: [ids[0], ids[0]] })).body.errorKey).toBe('appeal.badImage');

    // Before the appeal takes them, the images are the uploader's alone: nobody else reads or deletes them.
    const info = (token: string) => call(env.app, { url: `/base/tool/file/v1/get/info/of/id?fileId=${ids[0]}`, token });
    expect((await info(teacher)).status).toBe(200);
    for (const token of [leader, admin, supervisor, student]) expect((await info(token)).status).toBe(404);
    const del = (token: string, id: string) => call(env.app, { url: `/base/tool/file/v1/delete?fileId=${id}`, method: 'POST', token, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect((await del(admin, ids[0]!)).status).toBe(404);

    const ten = await create(teacher, { evaluationId: evalB, reason: 'Ten pictures of the board', imageIds: ids.slice(0, 10) });
    expect(ten.body.code, ten.body.msg).toBe(1);
    const read = await detail(ten.body.data.appealId, teacher);
    expect(read.body.data.images.map((i) => i.fileId)).toEqual(ids.slice(0, 10));
    expect(read.body.data.images[0]).toMatchObject({ name: 'evidence-1.png', size: PNG.length, url: `/base/tool/file/v1/download?fileId=${ids[0]}` });
    expect(read.body.data.imageCount).toBe(10);

    // An image another appeal uses is refused, whatever the evaluation.
    const reused = await create(teacher, { evaluationId: second.id, reason: 'Same picture again', imageIds: [ids[3]] });
    expect(reused.body.errorKey).toBe('appeal.badImage');

    // The uploader, the evaluator (the leader, also a handler) and handlers read it; the others do not.
    const download = async (token: string) => (await env.app.inject({ url: `/base/tool/file/v1/download?fileId=${ids[0]}`, headers: { authorization: `Bearer ${token}` } })).statusCode;
    for (const token of [teacher, leader, admin]) expect((await info(token)).status).toBe(200);
    for (const token of [supervisor, otherTeacher, student, admin2]) expect((await info(token)).status).toBe(404);
    expect(await download(teacher)).toBe(200);
    expect(await download(leader)).toBe(200);
    expect(await download(supervisor)).toBe(404);
    expect(await download(otherTeacher)).toBe(404);
    // The leader evaluated it: they may read the appeal but not judge it (their name would reach the
    // teacher as the handler of an anonymous evaluation). The teacher cannot judge their own either.
    // The detail says so before they try.
    expect((await detail(ten.body.data.appealId, leader)).body.data).toMatchObject({ canHandle: false, conflictOfInterest: true });
    const own = await handle(leader, { appealId: ten.body.data.appealId, decision: 'resolve', scoreAfter: 90, opinion: 'Judging my own work' });
    expect(own.status).toBe(409);
    expect(own.body.errorKey).toBe('appeal.conflictOfInterest');
    // An image no appeal took stays its uploader's alone.
    const unattached = (token: string) => call(env.app, { url: `/base/tool/file/v1/get/info/of/id?fileId=${ids[10]}`, token });
    expect((await unattached(teacher)).status).toBe(200);
    for (const token of [supervisor, leader, admin]) expect((await unattached(token)).status).toBe(404);
  });

  it('never shows the teacher the evaluator of an anonymous evaluation', async () => {
    const [who] = await db((tx) => tx.select({ name: accounts.name, account: accounts.account }).from(accounts).where(eq(accounts.id, u('leader'))));
    const leaks = (text: string) => [`"${u('leader')}"`, who!.name, `"${who!.account}"`].filter((s) => text.includes(s));
    const appealed = (await mine(teacher)).body.data.list.find((r) => r.evaluationId === evalB)!;
    expect(appealed.evaluator).toBeNull();

    const listed = await mine(teacher, { keyword: '' });
    const anonRows = listed.body.data.list.filter((r) => r.evaluationId === evalB);
    expect(leaks(JSON.stringify(anonRows))).toEqual([]);
    const read = await detail(appealed.appealId, teacher);
    expect(read.body.data.evaluator).toBeNull();
    expect(leaks(read.res.body)).toEqual([]);
    expect(read.body.data.anonymous).toBe(true);
    // Handlers and the evaluator see who evaluated, told that it is an anonymous evaluation (decision 0018).
    expect((await detail(appealed.appealId, admin)).body.data).toMatchObject({ evaluator: { userId: u('leader') }, anonymous: true });

    const notes = (await noticesOf(u('teacher'))).filter((n) => n.link?.includes(evalB) || n.link?.includes(appealed.appealId));
    expect(notes.map((n) => n.kind)).toEqual(['evaluation.received']);
    expect(leaks(JSON.stringify(notes))).toEqual([]);

    const byCourse = await report(`courseId=${B.courseId}`, teacher);
    expect(byCourse.body.code, byCourse.body.msg).toBe(1);
    expect(byCourse.body.data.history.find((h) => h.evaluationId === evalB)!.evaluator).toBeNull();
    expect(leaks(byCourse.res.body)).toEqual([]);
    const one = await report(`evaluationId=${evalB}`, teacher);
    expect(one.body.data.evaluationId).toBe(evalB);
    expect(leaks(one.res.body)).toEqual([]);
    const courses = await post<Page<TReportCourseRow>>(`${R_P}/courses`, teacher, {});
    expect(leaks(courses.res.body)).toEqual([]);
    // Plan managers see the evaluator.
    const managed = await report(`courseId=${B.courseId}`, admin);
    expect(managed.body.data.history.find((h) => h.evaluationId === evalB)!.evaluator).toMatchObject({ userId: u('leader') });
  });

  it('lets only one of two appeals sent at once stay pending (the partial unique index backs the check)', async () => {
    const both = await Promise.all([0, 1].map((i) => create(teacher, { evaluationId: second.id, reason: `Sent twice at once (${i})` })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.errorKey).toBe('appeal.pendingExists');
    const rows = await db((tx) => tx.select().from(appeals).where(and(eq(appeals.evaluationId, second.id), eq(appeals.status, 'pending'))));
    expect(rows).toHaveLength(1);
    // Nobody of another school can act on it.
    const id = rows[0]!.id;
    expect((await post(`${A_P}/withdraw`, teacher2, { appealId: id })).status).toBe(404);
    expect((await post(`${A_P}/delete`, teacher2, { appealIds: [id] })).status).toBe(404);
    expect((await detail(id, teacher)).body.data.status).toBe('pending');
  });

  it("reports a teacher's courses and indicators against the school, with the score after appeal", async () => {
    const courses = await post<Page<TReportCourseRow>>(`${R_P}/courses`, teacher, { pageSize: 100 });
    expect(courses.body.code, courses.body.msg).toBe(1);
    const rowA = courses.body.data.list.find((c) => c.courseId === A.courseId)!;
    // The hidden plan's evaluation of C does not count.
    const visibleA = [...seeded.filter((s) => s.courseId === A.courseId && s.teacherId === u('teacher')).map((s) => s.id), evalA];
    expect(rowA.evaluationCount).toBe(visibleA.length);
    expect(rowA.semesterId).toBe(env.schoolA.directory.semesterId);
    expect(courses.body.data.list.map((c) => c.courseId)).toContain(B.courseId);
    expect((await post(`${R_P}/courses`, teacher, { teacherId: u('leader') })).body.errorKey).toBe('report.notAllowed');
    // Reports is a teacher's own screen (issue 20): an administrator without it reads the same figures in
    // the course evaluation report's list of the courses they may see.
    expect((await post(`${R_P}/courses`, admin, { teacherId: u('teacher') })).status).toBe(403);
    const byAdmin = await post<Page<TReportCourseRow>>(`${R_P}/courses/readable`, admin, { keyword: rowA.courseCode, pageSize: 100 });
    expect(byAdmin.body.data.list.find((c) => c.courseId === A.courseId)).toMatchObject(rowA);
    expect((await post<Page<TReportCourseRow>>(`${R_P}/courses`, otherTeacher, {})).body.data.list.map((c) => c.courseId)).not.toContain(A.courseId);

    const r = await report(`courseId=${A.courseId}`, teacher);
    expect(r.body.code, r.body.msg).toBe(1);
    expect(r.body.data.course).toMatchObject({ courseId: A.courseId, teacher: { userId: u('teacher') } });
    expect(r.body.data.history.map((h) => h.evaluationId).sort()).toEqual(visibleA.sort());
    expect(r.body.data.history.map((h) => h.evaluationId)).not.toContain(evalC);
    const dates = r.body.data.history.map((h) => `${h.lessonDate}${String(h.sessionStart).padStart(2, '0')}`);
    expect([...dates].sort()).toEqual(dates);
    expect(r.body.data.summary.evaluationCount).toBe(visibleA.length);
    // evalA has a pending appeal; the others of A's course none.
    expect(r.body.data.summary.appealedCount).toBe(1);
    expect(rowA.averagePercent).toBe(r.body.data.summary.averagePercent);

    // A resolved appeal's score after appeal counts instead of the total; one not resolved changes nothing.
    const ofB = await report(`courseId=${B.courseId}`, teacher);
    const resolved = ofB.body.data.history.find((h) => h.evaluationId === first.id)!;
    expect(resolved).toMatchObject({ score: first.totalScore, scoreAfterAppeal: 95, fullScore: 100, percent: 95, comment: 'Report comment' });
    const rowB = courses.body.data.list.find((c) => c.courseId === B.courseId)!;
    const expected = ofB.body.data.history.reduce((sum, h) => sum + h.percent, 0) / ofB.body.data.history.length;
    expect(rowB.averagePercent).toBeCloseTo(expected, 0);
    const ofSecond = await report(`evaluationId=${second.id}`, teacher);
    expect(ofSecond.body.data.history.find((h) => h.evaluationId === second.id)).toMatchObject({ scoreAfterAppeal: null, score: second.totalScore });
    expect(ofSecond.body.data.summary.appealedCount).toBeGreaterThanOrEqual(1);

    // Indicators: sum(score)/sum(full) of the course's visible evaluations, against every submitted one of the semester.
    const scores = await db((tx) => tx.select({ evaluationId: evaluationSectionScores.evaluationId, key: evaluationSectionScores.indicatorKey, score: evaluationSectionScores.score, full: evaluationSectionScores.full, status: evaluations.status })
      .from(evaluationSectionScores).innerJoin(evaluations, and(eq(evaluations.schoolId, evaluationSectionScores.schoolId), eq(evaluations.id, evaluationSectionScores.evaluationId)))
      .where(eq(evaluations.schoolId, env.schoolA.schoolId)));
    const pct = (rows: typeof scores) => Math.round((rows.reduce((s, x) => s + x.score, 0) / rows.reduce((s, x) => s + x.full, 0)) * 1000) / 10;
    expect(r.body.data.indicators.map((i) => i.key)).toEqual(content.sections.map((s) => s.indicatorId));
    for (const ind of r.body.data.indicators) {
      const mineRows = scores.filter((s) => s.key === ind.key && visibleA.includes(s.evaluationId));
      const schoolRows = scores.filter((s) => s.key === ind.key && s.status === 'submitted');
      expect(ind).toMatchObject({ percent: pct(mineRows), count: visibleA.length, schoolPercent: pct(schoolRows), schoolCount: new Set(schoolRows.map((s) => s.evaluationId)).size });
      expect(ind.schoolCount).toBeGreaterThan(ind.count);
    }

    // One evaluation: its indicators only, the course's history.
    const one = await report(`evaluationId=${evalA}`, teacher);
    expect(one.body.data.indicators.every((i) => i.count === 1)).toBe(true);
    const own = scores.filter((s) => s.evaluationId === evalA);
    expect(one.body.data.indicators.map((i) => i.percent)).toEqual(content.sections.map((s) => pct(own.filter((o) => o.key === s.indicatorId))));
    expect(one.body.data.history).toHaveLength(visibleA.length);

    // Nobody else's, nor what the plan hides, nor another school's.
    for (const token of [otherTeacher, supervisor, admin2, teacher2]) {
      expect((await report(`courseId=${A.courseId}`, token)).status).toBe(404);
      expect((await report(`evaluationId=${evalA}`, token)).status).toBe(404);
    }
    expect((await report(`evaluationId=${evalC}`, teacher)).status).toBe(404);
    expect((await report(`courseId=${A.courseId}`, student)).status).toBe(403);
    expect((await report(`courseId=${A.courseId}&evaluationId=${evalA}`, teacher)).status).toBe(400);
    expect((await report(`courseId=${A.courseId}`, leader)).body.code).toBe(1);
  });
});
