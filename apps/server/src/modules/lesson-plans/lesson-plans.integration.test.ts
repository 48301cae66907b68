import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { eq, ne } from 'drizzle-orm';
import { zonedClock, type TLessonPlanCollection, type TLessonPlanDue, type TLessonPlanStatistics, type TMyLessonPlanDues } from '@hxk/contracts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { courseSessions, memberScopeTeachers, schoolMemberships } from '../../db/schema/index.ts';
import { schoolTx } from '../../platform/tenancy.ts';
import { DOCX, PDF, PNG } from '../files/fixtures.ts';
import { demoName } from '../../db/seed/seed.ts';

const P = '/app/ddxk/lessonPlan/v1';

/** A real upload through the upload route (multipart: the text fields first, then the file). */
async function upload(app: FastifyInstance, token: string, name: string, bytes: Buffer, fields: Record<string, string>, lang = 'en') {
  const boundary = `----hxkplan${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST', url: '/base/tool/file/v1/simple/upload', payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest', authorization: `Bearer ${token}`, language: lang },
  });
  return res.json() as { code: number; msg: string; errorKey?: string; data: { fileId: string } };
}

describe.each(DRIVERS)('lesson plans on %s', (driver) => {
  let env: TestEnv;
  let bin: string;
  let soffice: string;
  const tokens: Record<string, string> = {};
  let collection: TLessonPlanCollection;
  let due: TLessonPlanDue;
  let planId: string;

  beforeAll(async () => {
    // A stand-in for LibreOffice's soffice (none is installed here): writes a PDF where --outdir says.
    bin = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-plan-bin-'));
    soffice = path.join(bin, 'soffice');
    await fsp.writeFile(soffice, `#!/bin/sh\nout="$(eval echo \\$$(($# - 1)))"; in="$(eval echo \\$$#)"; b=$(basename "$in"); printf '%%PDF-1.4 preview' > "$out/\${b%.*}.pdf"\n`, { mode: 0o755 });
    env = await createTestEnv(driver, { env: { LESSON_PLAN_SOFFICE: soffice } });
    // Noon at the school: the windows below are set around it.
    env.clock.now = new Date(`${zonedClock(new Date(), env.config.schoolTimezone).date}T12:00:00+08:00`);
    for (const a of ['admin', 'leader', 'supervisor', 'teacher', 't001', 'admin2']) tokens[a] = await loginAs(env.app, a);
  });
  afterAll(async () => {
    await env?.close();
    await fsp.rm(bin, { recursive: true, force: true });
  });

  const setWindows = (upload: [string, string] | null, modify: [string, string] | null, retention: 'forever' | '1y' = 'forever') =>
    call(env.app, {
      url: '/base/system/settings/v1/save', token: tokens.admin,
      body: {
        lessonPlanUpload: upload ? { start: upload[0], end: upload[1] } : { start: null, end: null },
        lessonPlanModify: modify ? { start: modify[0], end: modify[1] } : { start: null, end: null },
        lessonPlanRetention: retention, planTeacherCanView: true, planAnonymous: false, recordingRetentionDays: 180, waitingMinutes: 10,
      },
    });
  /** A file route's raw reply (a PDF or an Office file, or the envelope of a refusal). */
  const raw = (url: string, who: string, lang = 'en') => env.app.inject({ url, headers: { authorization: `Bearer ${tokens[who]}`, language: lang } });
  const inA = <T>(fn: Parameters<typeof schoolTx<T>>[2]) => schoolTx(env.dbh.db, env.schoolA.schoolId, fn);
  /** Two classes of a course, or one class of any other course. */
  const classesOf = (courseId: string) => inA((tx) => tx.select({ id: courseSessions.id }).from(courseSessions).where(eq(courseSessions.courseId, courseId)).orderBy(courseSessions.lessonDate).limit(2));
  const classElsewhere = (courseId: string) => inA((tx) => tx.select({ id: courseSessions.id }).from(courseSessions).where(ne(courseSessions.courseId, courseId)).limit(1));
  const kinds = async (who: string) => (await call<{ list: { kind: string; params: Record<string, unknown> }[] }>(env.app, { url: '/app/ddxk/notification/v1/list', token: tokens[who], body: { pageNum: 1, pageSize: 20 } })).body.data.list;
  const mine = async (who = 'teacher', tab = 'all') => (await call<TMyLessonPlanDues>(env.app, { url: `${P}/mine`, token: tokens[who], body: { tab } })).body;

  it('lets a manager release a collection to departments; a teacher may not; it reaches only courses of the school', async () => {
    const body = {
      name: 'Week 12 lesson plans', type: 'lessonPlan', deadline: new Date(env.clock.now.getTime() + 86_400_000).toISOString(), description: 'One per course',
      targetKind: 'departments', targetIds: env.schoolA.directory.departmentIds,
    };
    expect((await call(env.app, { url: `${P}/collection/release`, token: tokens.teacher, body })).status).toBe(403);
    // Another school's departments reach nothing here.
    const foreign = await call(env.app, { url: `${P}/collection/release`, token: tokens.leader, body: { ...body, targetIds: env.schoolB.directory.departmentIds } });
    expect(foreign.body).toMatchObject({ errorKey: 'lessonPlan.noTargets' });
    const res = await call<TLessonPlanCollection>(env.app, { url: `${P}/collection/release`, token: tokens.leader, body });
    expect(res.body.code).toBe(1);
    collection = res.body.data;
    expect(collection.due).toBe(env.schoolA.directory.courses.filter((c) => env.schoolA.directory.departmentIds.includes(c.orgUnitId)).length);
    expect(collection).toMatchObject({ handedIn: 0, creator: { name: demoName('leader') } });

    const list = (await mine()).data.list;
    const teacherCourses = env.schoolA.directory.courses.filter((c) => c.teacherId === env.schoolA.users.teacher!.id);
    expect(list).toHaveLength(teacherCourses.length);
    expect(list.every((d) => d.plan === null && d.collection.name === 'Week 12 lesson plans')).toBe(true);
    due = list[0]!;
    // School B's administrator cannot see or withdraw it.
    expect((await call<TLessonPlanCollection[]>(env.app, { url: `${P}/collection/list`, token: tokens.admin2 })).body.data).toEqual([]);
    expect((await call(env.app, { url: `${P}/collection/delete`, token: tokens.admin2, body: { collectionId: collection.collectionId } })).status).toBe(404);
  });

  it('refuses a file that is not really a PDF or Office file by its content, and a same-named file twice', async () => {
    const context = `lessonPlan:${due.dueId}`;
    const fake = await upload(env.app, tokens.teacher!, 'plan.docx', Buffer.from('just some text pretending to be Word'), { accept: 'lessonPlan', context }, 'zh');
    expect(fake).toMatchObject({ code: 444, errorKey: 'file.formatWrong', msg: '文件格式错误' });
    const png = await upload(env.app, tokens.teacher!, 'slide.png', PNG, { accept: 'lessonPlan', context });
    expect(png.errorKey).toBe('file.onlyLessonPlan');
    // Uploaded as anything, a picture still cannot become a lesson plan.
    const any = await upload(env.app, tokens.teacher!, 'slide.png', PNG, { context });
    expect(any.code).toBe(1);
    const sneaked = await call(env.app, { url: `${P}/submit`, token: tokens.teacher, body: { dueId: due.dueId, fileIds: [any.data.fileId] } });
    expect(sneaked.body).toMatchObject({ errorKey: 'lessonPlan.badFile' });
    expect((await upload(env.app, tokens.teacher!, 'plan.pdf', PDF, { accept: 'lessonPlan', context })).code).toBe(1);
    const twice = await upload(env.app, tokens.teacher!, 'plan.pdf', PDF, { accept: 'lessonPlan', context });
    expect(twice).toMatchObject({ errorKey: 'file.nameTaken' });
  });

  it('hands a plan in only within the daily upload window, and changes it only within the modification window', async () => {
    const context = `lessonPlan:${due.dueId}`;
    const pdf = await upload(env.app, tokens.teacher!, 'outline.pdf', PDF, { accept: 'lessonPlan', context });
    const docx = await upload(env.app, tokens.teacher!, 'slides.docx', DOCX, { accept: 'lessonPlan', context });
    expect((await setWindows(['13:00', '14:00'], ['13:00', '14:00'])).body.code).toBe(1);
    const closed = await call(env.app, { url: `${P}/submit`, token: tokens.teacher, body: { dueId: due.dueId, fileIds: [pdf.data.fileId, docx.data.fileId] }, headers: { language: 'zh' } });
    expect(closed.status).toBe(403);
    expect(closed.body).toMatchObject({ errorKey: 'lessonPlan.uploadClosed', msg: '当前不在教案上传时间内（每天 13:00-14:00）' });
    expect((await mine()).data.windows.upload).toEqual({ start: '13:00', end: '14:00', open: false });

    await setWindows(['08:00', '18:00'], ['13:00', '14:00']);
    // Another teacher cannot hand in this teacher's plan.
    expect((await call(env.app, { url: `${P}/submit`, token: tokens.t001, body: { dueId: due.dueId, fileIds: [pdf.data.fileId] } })).status).toBe(404);
    const ok = await call<TLessonPlanDue>(env.app, { url: `${P}/submit`, token: tokens.teacher, body: { dueId: due.dueId, fileIds: [pdf.data.fileId, docx.data.fileId] } });
    expect(ok.body.code).toBe(1);
    const plan = ok.body.data.plan!;
    planId = plan.planId;
    expect(plan).toMatchObject({ version: 1, late: false, level: null, timesCited: 0 });
    expect(plan.files.map((f) => [f.name, f.preview])).toEqual([['outline.pdf', 'pdf'], ['slides.docx', 'pending']]);
    expect((await call(env.app, { url: `${P}/submit`, token: tokens.teacher, body: { dueId: due.dueId, fileIds: [pdf.data.fileId] } })).body.errorKey).toBe('lessonPlan.alreadySubmitted');

    const extra = await upload(env.app, tokens.teacher!, 'notes.pdf', PDF, { accept: 'lessonPlan', context });
    const change = { planId, addFileIds: [extra.data.fileId], removeFileIds: [pdf.data.fileId] };
    const shut = await call(env.app, { url: `${P}/change`, token: tokens.teacher, body: change });
    expect(shut.body).toMatchObject({ errorKey: 'lessonPlan.modifyClosed', msg: 'Lesson plans can be changed only from 13:00 to 14:00 each day.' });
    await setWindows(['08:00', '18:00'], ['11:00', '13:00']);
    expect((await call(env.app, { url: `${P}/change`, token: tokens.t001, body: change })).status).toBe(404);
    const changed = await call<TLessonPlanDue>(env.app, { url: `${P}/change`, token: tokens.teacher, body: change });
    expect(changed.body.data.plan!.version).toBe(2);
    // Versions kept: the removed file stays in the record.
    expect(changed.body.data.plan!.files.map((f) => [f.name, f.addedIn, f.removedIn])).toEqual([['slides.docx', 1, null], ['notes.pdf', 2, null], ['outline.pdf', 1, 2]]);
  });

  it('converts an Office file to a PDF preview in a job, and says why when no converter is installed', async () => {
    const docxPreview = async () => (await mine()).data.list.find((d) => d.dueId === due.dueId)!.plan!.files.find((f) => f.name === 'slides.docx')!;
    for (let i = 0; i < 100 && (await docxPreview()).preview === 'pending'; i++) await new Promise((r) => setTimeout(r, 100));
    const file = await docxPreview();
    expect(file.preview).toBe('ready');
    const preview = await raw(`${P}/file?planId=${planId}&fileId=${file.fileId}&mode=preview`, 'teacher');
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="slides.pdf"/);
    expect(preview.body).toBe('%PDF-1.4 preview');

    // LibreOffice gone: the next Office file is offered for download with the reason.
    await fsp.rm(soffice);
    const context = `lessonPlan:${due.dueId}`;
    const more = await upload(env.app, tokens.teacher!, 'more.docx', DOCX, { accept: 'lessonPlan', context });
    const changed = await call<TLessonPlanDue>(env.app, { url: `${P}/change`, token: tokens.teacher, body: { planId, addFileIds: [more.data.fileId] } });
    const none = changed.body.data.plan!.files.find((f) => f.name === 'more.docx')!;
    expect(none.preview).toBe('noConverter');
    const refused = await call(env.app, { url: `${P}/file?planId=${planId}&fileId=${none.fileId}&mode=preview`, token: tokens.teacher, headers: { language: 'ja' } });
    expect(refused.body).toMatchObject({ errorKey: 'lessonPlan.previewNoConverter', msg: 'サーバーに LibreOffice がないため Office ファイルはプレビューできません。ダウンロードして読んでください。' });
    const download = await raw(`${P}/file?planId=${planId}&fileId=${none.fileId}`, 'teacher');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="more.docx"/);
    expect(download.rawPayload.equals(DOCX)).toBe(true);
  });

  it('lists the plans of the class being patrolled, and counts a citation once per person, plan and class', async () => {
    const [first, second] = await classesOf(due.course.courseId);
    const [elsewhere] = await classElsewhere(due.course.courseId);
    const inClass = await call<TLessonPlanDue[]>(env.app, { url: `${P}/class?courseSessionId=${first!.id}`, token: tokens.supervisor });
    expect(inClass.body.data.map((d) => d.plan!.planId)).toEqual([planId]);
    // Not a reader of plans; another school's reader; a class of another course lists that course's plans only.
    expect((await call(env.app, { url: `${P}/class?courseSessionId=${first!.id}`, token: tokens.t001 })).status).toBe(403);
    expect((await call(env.app, { url: `${P}/class?courseSessionId=${first!.id}`, token: tokens.admin2 })).status).toBe(404);
    expect((await call<TLessonPlanDue[]>(env.app, { url: `${P}/class?courseSessionId=${elsewhere!.id}`, token: tokens.supervisor })).body.data.every((d) => d.course.courseId !== due.course.courseId)).toBe(true);

    const pdf = inClass.body.data[0]!.plan!.files.find((f) => f.name === 'notes.pdf')!;
    const open = (who: string, q: string) => raw(`${P}/file?planId=${planId}&fileId=${pdf.fileId}&mode=preview&${q}`, who);
    const cited = async () => (await mine()).data.list.find((d) => d.dueId === due.dueId)!.plan!.timesCited;
    // A citation names the class.
    expect((await open('supervisor', 'from=patrol')).statusCode).toBe(400);
    const opened = await open('supervisor', `from=patrol&courseSessionId=${first!.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(await cited()).toBe(1);
    // Again in the same class, from the evaluation of it too: still one.
    await open('supervisor', `from=patrol&courseSessionId=${first!.id}`);
    await open('supervisor', `from=evaluation&courseSessionId=${first!.id}`);
    expect(await cited()).toBe(1);
    // Another class of the course, and another person: one each. A class of another course, the teacher, a list: none.
    await open('supervisor', `from=evaluation&courseSessionId=${second!.id}`);
    await open('leader', `from=patrol&courseSessionId=${first!.id}`);
    await open('supervisor', `from=patrol&courseSessionId=${elsewhere!.id}`);
    await open('teacher', `from=patrol&courseSessionId=${first!.id}`);
    await open('supervisor', 'from=list');
    expect(await cited()).toBe(3);
    // Another school's reader cannot cite it (the plan does not exist there).
    expect((await open('admin2', `from=patrol&courseSessionId=${first!.id}`)).statusCode).toBe(404);
  });

  it('keeps a supervisor with selected teachers to them: other plans are not listed and their ids are not found', async () => {
    const me = env.schoolA.users.supervisor!.id;
    const other = env.schoolA.directory.courses.find((c) => c.teacherId !== env.schoolA.users.teacher!.id)!.teacherId;
    const [first] = await classesOf(due.course.courseId);
    await inA(async (tx) => {
      await tx.update(schoolMemberships).set({ teacherScope: 'selected' }).where(eq(schoolMemberships.accountId, me));
      await tx.insert(memberScopeTeachers).values({ schoolId: env.schoolA.schoolId, accountId: me, teacherId: other });
    });
    try {
      const list = await call<TLessonPlanDue[]>(env.app, { url: `${P}/evaluation/list`, token: tokens.supervisor, body: { range: 'all', evaluated: 'all' } });
      expect(list.body.code).toBe(1);
      expect(list.body.data.some((d) => d.teacher.userId === env.schoolA.users.teacher!.id)).toBe(false);
      expect((await call(env.app, { url: `${P}/class?courseSessionId=${first!.id}`, token: tokens.supervisor })).status).toBe(404);
      expect((await call(env.app, { url: `${P}/evaluate`, token: tokens.supervisor, body: { planId, level: 2 } })).status).toBe(404);
      const fileId = due.plan?.files[0]?.fileId ?? (await mine()).data.list.find((d) => d.dueId === due.dueId)!.plan!.files[0]!.fileId;
      expect((await raw(`${P}/file?planId=${planId}&fileId=${fileId}`, 'supervisor')).statusCode).toBe(404);
    } finally {
      await inA(async (tx) => {
        await tx.delete(memberScopeTeachers).where(eq(memberScopeTeachers.accountId, me));
        await tx.update(schoolMemberships).set({ teacherScope: 'all' }).where(eq(schoolMemberships.accountId, me));
      });
    }
    // The leader's management figures follow the same rule.
    const leader = env.schoolA.users.leader!.id;
    const whole = (await call<TLessonPlanCollection[]>(env.app, { url: `${P}/collection/list`, token: tokens.leader })).body.data[0]!;
    await inA((tx) => tx.update(schoolMemberships).set({ teacherScope: 'selected' }).where(eq(schoolMemberships.accountId, leader)));
    try {
      const none = (await call<TLessonPlanCollection[]>(env.app, { url: `${P}/collection/list`, token: tokens.leader })).body.data[0]!;
      expect([whole.handedIn, none.due, none.handedIn]).toEqual([1, 0, 0]);
      const stats = await call<TLessonPlanStatistics>(env.app, { url: `${P}/statistics?collectionId=${collection.collectionId}`, token: tokens.leader });
      expect(stats.body.data.totals.due).toBe(0);
    } finally {
      await inA((tx) => tx.update(schoolMemberships).set({ teacherScope: 'all' }).where(eq(schoolMemberships.accountId, leader)));
    }
  });

  it('lets a supervisor grade a plan 1-4 with a comment, and the teacher sees the level', async () => {
    const list = await call<TLessonPlanDue[]>(env.app, { url: `${P}/evaluation/list`, token: tokens.supervisor, body: { range: 'all', evaluated: 'no' } });
    expect(list.body.data.map((d) => d.plan!.planId)).toEqual([planId]);
    const pdf = list.body.data[0]!.plan!.files.find((f) => f.name === 'notes.pdf')!;

    const five = await call(env.app, { url: `${P}/evaluate`, token: tokens.supervisor, body: { planId, level: 5, comment: '' } });
    expect(five.status).toBe(400);
    // Neither another teacher, nor another school, nor the teacher themself.
    expect((await call(env.app, { url: `${P}/evaluate`, token: tokens.t001, body: { planId, level: 3 } })).status).toBe(403);
    expect((await call(env.app, { url: `${P}/evaluate`, token: tokens.admin2, body: { planId, level: 3 } })).status).toBe(404);
    expect((await raw(`${P}/file?planId=${planId}&fileId=${pdf.fileId}`, 'admin2')).statusCode).toBe(404);
    expect((await raw(`${P}/file?planId=${planId}&fileId=${pdf.fileId}`, 't001')).statusCode).toBe(404);

    const graded = await call<TLessonPlanDue>(env.app, { url: `${P}/evaluate`, token: tokens.supervisor, body: { planId, level: 3, comment: 'Clear goals; add exercises.' } });
    expect(graded.body.data.plan).toMatchObject({ level: 3, comment: 'Clear goals; add exercises.', evaluator: { name: demoName('supervisor') }, timesCited: 3, appeal: null });
    const evaluated = (await mine('teacher', 'evaluated')).data.list;
    expect(evaluated.map((d) => [d.dueId, d.plan!.level])).toEqual([[due.dueId, 3]]);
    const notes = await call<{ list: { kind: string }[] }>(env.app, { url: '/app/ddxk/notification/v1/list', token: tokens.teacher, body: { pageNum: 1, pageSize: 10 } });
    expect(notes.body.data.list.map((n) => n.kind)).toContain('lessonPlan.evaluated');
  });

  it('counts hand-ins per department and teacher, reminds the missing, and exports them', async () => {
    const stats = await call<TLessonPlanStatistics>(env.app, { url: `${P}/statistics?collectionId=${collection.collectionId}`, token: tokens.leader });
    expect(stats.body.data.totals).toMatchObject({ due: collection.due, handedIn: 1, late: 0, missing: collection.due - 1, evaluated: 1 });
    expect(stats.body.data.levels).toEqual([{ level: 1, count: 0 }, { level: 2, count: 0 }, { level: 3, count: 1 }, { level: 4, count: 0 }]);
    expect(stats.body.data.byTeacher.find((t) => t.account === 'teacher')).toMatchObject({ handedIn: 1 });
    expect((await call(env.app, { url: `${P}/statistics`, token: tokens.teacher })).status).toBe(403);
    const b = await call<TLessonPlanStatistics>(env.app, { url: `${P}/statistics?collectionId=${collection.collectionId}`, token: tokens.admin2 });
    expect(b.body.data.totals.due).toBe(0);

    const reminded = await call<{ reminded: number }>(env.app, { url: `${P}/collection/remind`, token: tokens.leader, body: { collectionId: collection.collectionId } });
    expect(reminded.body.data.reminded).toBe(stats.body.data.byTeacher.filter((t) => t.missing > 0).length);
    const notes = await call<{ list: { kind: string }[] }>(env.app, { url: '/app/ddxk/notification/v1/list', token: tokens.t001, body: { pageNum: 1, pageSize: 10 } });
    expect(notes.body.data.list.map((n) => n.kind)).toContain('lessonPlan.reminder');

    const xlsx = await env.app.inject({ url: `${P}/statistics/export?collectionId=${collection.collectionId}`, headers: { authorization: `Bearer ${tokens.leader}`, language: 'en' } });
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Teachers', 'Departments']);
    expect(wb.worksheets[0]!.getRow(1).getCell(5).value).toBe('Handed in');
  });

  it('lets the teacher appeal a grade once; the grader accepts with a new level, an administrator rejects with a reason', async () => {
    const appeal = (who: string, body: object) => call<TLessonPlanDue>(env.app, { url: `${P}/appeal`, token: tokens[who], body });
    const handle = (who: string, body: object) => call<TLessonPlanDue>(env.app, { url: `${P}/appeal/handle`, token: tokens[who], body });
    expect((await appeal('teacher', { planId, reason: 'no' })).status).toBe(400);
    expect((await appeal('t001', { planId, reason: 'Not my plan but I object' })).status).toBe(404);
    expect((await appeal('admin2', { planId, reason: 'Another school objects' })).status).toBe(404);
    const made = await appeal('teacher', { planId, reason: 'The exercises are in the second file.' });
    expect(made.body.data.plan!.appeal).toMatchObject({ status: 'pending', level: 3, levelAfter: null, reason: 'The exercises are in the second file.' });
    expect((await appeal('teacher', { planId, reason: 'And once more, please.' })).body.errorKey).toBe('lessonPlan.appealOnce');
    expect((await kinds('supervisor')).map((n) => n.kind)).toContain('lessonPlan.appealed');
    const appealId = made.body.data.plan!.appeal!.appealId;

    // Neither another school, nor an evaluator who did not grade it, nor the teacher.
    expect((await handle('admin2', { appealId, action: 'accept', levelAfter: 2 })).status).toBe(404);
    expect((await handle('leader', { appealId, action: 'accept', levelAfter: 2 })).body.errorKey).toBe('lessonPlan.notAppealHandler');
    expect((await handle('teacher', { appealId, action: 'accept', levelAfter: 1 })).status).toBe(403);
    expect((await handle('supervisor', { appealId, action: 'reject', opinion: '' })).status).toBe(400);
    const accepted = await handle('supervisor', { appealId, action: 'accept', levelAfter: 2 });
    expect(accepted.body.data.plan).toMatchObject({ level: 2, appeal: { status: 'resolved', level: 3, levelAfter: 2, handler: { name: demoName('supervisor') } } });
    expect((await handle('supervisor', { appealId, action: 'reject', opinion: 'Changed my mind.' })).body.errorKey).toBe('lessonPlan.appealHandled');
    expect((await kinds('teacher')).find((n) => n.kind === 'lessonPlan.appealResolved')?.params).toMatchObject({ level: 3, levelAfter: 2 });

    // A second plan: graded 4, appealed, rejected by an administrator with a reason; the level stays.
    const other = (await mine()).data.list.find((d) => d.plan === null)!;
    const file = await upload(env.app, tokens.teacher!, 'second.pdf', PDF, { accept: 'lessonPlan', context: `lessonPlan:${other.dueId}` });
    const second = (await call<TLessonPlanDue>(env.app, { url: `${P}/submit`, token: tokens.teacher, body: { dueId: other.dueId, fileIds: [file.data.fileId] } })).body.data.plan!;
    expect((await appeal('teacher', { planId: second.planId, reason: 'Nothing graded yet here.' })).body.errorKey).toBe('lessonPlan.notGraded');
    await call(env.app, { url: `${P}/evaluate`, token: tokens.supervisor, body: { planId: second.planId, level: 4 } });
    const again = await appeal('teacher', { planId: second.planId, reason: 'Level 4 seems harsh for this.' });
    const rejected = await handle('admin', { appealId: again.body.data.plan!.appeal!.appealId, action: 'reject', opinion: 'The plan has no objectives.' });
    expect(rejected.body.data.plan).toMatchObject({ level: 4, appeal: { status: 'unresolved', levelAfter: null, opinion: 'The plan has no objectives.', handler: { name: demoName('admin') } } });
    expect((await kinds('teacher')).find((n) => n.kind === 'lessonPlan.appealUnresolved')?.params).toMatchObject({ reason: 'The plan has no objectives.' });
  });

  it('removes files older than a year when the school keeps plans for a year, and the plan says so', async () => {
    await setWindows(null, null, '1y');
    env.clock.advance(366 * 86_400);
    // Sessions do not outlive a year: sign in again.
    for (const a of ['teacher', 'supervisor']) tokens[a] = await loginAs(env.app, a);
    await env.app.deps.jobs.enqueueRecurring(true);
    const files = async () => (await mine()).data.list.find((d) => d.dueId === due.dueId)!.plan!.files;
    for (let i = 0; i < 100 && (await files()).some((f) => !f.expired); i++) await new Promise((r) => setTimeout(r, 100));
    const after = await files();
    expect(after.every((f) => f.expired)).toBe(true);
    expect(after.map((f) => f.name)).toContain('slides.docx');
    const gone = await call(env.app, { url: `${P}/file?planId=${planId}&fileId=${after[0]!.fileId}`, token: tokens.teacher });
    expect(gone.body).toMatchObject({ errorKey: 'lessonPlan.fileExpired' });
    // The grade and the record stay.
    expect((await mine('teacher', 'evaluated')).data.list.find((d) => d.dueId === due.dueId)!.plan!.level).toBe(2);
  });
});
