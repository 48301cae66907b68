import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedClock, type TAttendanceRecord, type TInspectionRecord, type TPatrolClass, type TPatrolComment, type TPatrolDetailRoom, type TVisit } from '@hxk/contracts';
import { courses, courseSessions, memberScopeTeachers, schoolMemberships, sessionTimes, supervisionGroupMembers, supervisionGroups } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

type Page<T> = { list: T[]; total: number };
const P = '/app/patrol/v1';
/** A school day with no demo classes: the fixture's class is the only one. */
const DAY = '2031-03-12';

describe.each(DRIVERS)('patrol records on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let leader: string;
  let supervisor: string;
  let teacher: string;
  let sessionId: string;
  let teacherId: string;
  let visitId: string;
  const en = { language: 'en' };
  const seed = <T>(fn: Parameters<typeof platformTx<T>>[2]) => platformTx(env.dbh.db, 'seed', fn);
  const get = <T>(token: string, url: string) => call<T>(env.app, { method: 'GET', url, token, headers: en });
  const post = <T>(token: string, url: string, body: unknown) => call<T>(env.app, { url, body, token, headers: en });
  const room = () => env.schoolA.directory.classrooms[0]!;
  const otherRoom = () => env.schoolA.directory.classrooms[1]!;

  function atSchoolTime(date: string, minute: number): Date {
    let t = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
    for (let i = 0; i < 2; i++) {
      const c = zonedClock(new Date(t), env.config.schoolTimezone);
      const shown = c.minute + (c.date === date ? 0 : c.date < date ? -1440 : 1440);
      t -= (shown - minute) * 60_000;
    }
    return new Date(t);
  }

  beforeAll(async () => {
    env = await createTestEnv(driver);
    const schoolId = env.schoolA.schoolId;
    // A class in the first room during session 2 of DAY, and the clock 10 minutes into it.
    const s2 = (await seed((tx) => tx.select().from(sessionTimes).where(and(eq(sessionTimes.schoolId, schoolId), eq(sessionTimes.sessionNo, 2)))))[0]!;
    const anyCourse = (await seed((tx) => tx.select().from(courses).where(eq(courses.schoolId, schoolId)).limit(1)))[0]!;
    teacherId = env.schoolA.directory.teachers[0]!.id;
    sessionId = await seed(async (tx) => {
      const [c] = await tx.insert(courses).values({ schoolId, semesterId: anyCourse.semesterId, code: 'PATROL-T1', name: 'Patrolled Physics', teacherId }).returning();
      const [cs] = await tx.insert(courseSessions).values({ schoolId, courseId: c!.id, classroomId: room().id, week: 60, weekday: 3, sessionStart: 2, sessionEnd: 2, lessonDate: DAY }).returning();
      return cs!.id;
    });
    env.clock.now = atSchoolTime(DAY, s2.startMinute + 10);
    // Signed in on that day: sessions live on the test clock.
    [admin, admin2, leader, supervisor, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'leader'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'teacher')]);
  });
  afterAll(async () => env?.close());

  it('shows a room in reach with its cameras, devices and the class now', async () => {
    const r = await get<TPatrolDetailRoom>(supervisor, `${P}/room?classroomId=${room().id}`);
    expect(r.status).toBe(200);
    expect(r.body.data.classroomId).toBe(room().id);
    expect(r.body.data.cameras.map((c) => c.id).sort()).toEqual([...room().cameraIds].sort());
    expect(r.body.data.current).toMatchObject({ courseSessionId: sessionId, courseName: 'Patrolled Physics', state: 'inClass', attendance: null, sessionStart: 2 });
    expect(r.body.data.current!.teacher.userId).toBe(teacherId);
    const empty = await get<TPatrolDetailRoom>(supervisor, `${P}/room?classroomId=${otherRoom().id}`);
    expect(empty.body.data.current).toBeNull();
  });

  it('records a visit from opening to leaving, kept alive by heartbeats', async () => {
    const start = await post<TVisit>(supervisor, `${P}/visit/start`, { classroomId: room().id });
    expect(start.status).toBe(200);
    expect(start.body.data).toMatchObject({ classroomId: room().id, courseSessionId: sessionId, endedAt: null, evaluationId: null });
    visitId = start.body.data.visitId;
    env.clock.advance(30);
    const beat = await post<TVisit>(supervisor, `${P}/visit/heartbeat`, { visitId });
    expect(beat.status).toBe(200);
    expect(beat.body.data.lastSeenAt).toBe(env.clock.now.toISOString());
    // Someone else's visit is nobody else's to keep alive or end.
    expect((await post(admin, `${P}/visit/heartbeat`, { visitId })).body.errorKey).toBe('patrol.notYourVisit');
    expect((await post(admin2, `${P}/visit/end`, { visitId })).status).toBe(404);
  });

  it('takes comments stamped with the moment of the video, and lists mine on the class', async () => {
    const videoAt = new Date(env.clock.now.getTime() - 5000).toISOString();
    const add = await post<TPatrolComment>(supervisor, `${P}/visit/comment`, { visitId, videoAt, content: '  Students at the back are on their phones  ' });
    expect(add.status).toBe(200);
    expect(add.body.data).toMatchObject({ visitId, courseSessionId: sessionId, content: 'Students at the back are on their phones', videoAt });
    const list = await get<TPatrolComment[]>(supervisor, `${P}/visit/comments?visitId=${visitId}`);
    expect(list.body.data.map((c) => c.content)).toEqual(['Students at the back are on their phones']);
    const early = await post(supervisor, `${P}/visit/comment`, { visitId, videoAt: new Date(env.clock.now.getTime() - 3600_000).toISOString(), content: 'x' });
    expect(early.status).toBe(400);
    expect(early.body.errorKey).toBe('patrol.videoAtOutOfVisit');
    const blank = await post(supervisor, `${P}/visit/comment`, { visitId, videoAt, content: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errorKey).toBe('common.validation');
    const long = await post(supervisor, `${P}/visit/comment`, { visitId, videoAt, content: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect((await get(admin, `${P}/visit/comments?visitId=${visitId}`)).status).toBe(404);
  });

  it('marks the teacher\'s attendance at the class watched, changeably', async () => {
    const late = await post<TPatrolClass>(supervisor, `${P}/visit/attendance`, { visitId, status: 'late' });
    expect(late.status).toBe(200);
    expect(late.body.data).toMatchObject({ courseSessionId: sessionId, attendance: 'late' });
    const normal = await post<TPatrolClass>(supervisor, `${P}/visit/attendance`, { visitId, status: 'normal' });
    expect(normal.body.data.attendance).toBe('normal');
    expect((await get<TPatrolDetailRoom>(supervisor, `${P}/room?classroomId=${room().id}`)).body.data.current!.attendance).toBe('normal');
    expect((await post(supervisor, `${P}/visit/attendance`, { visitId, status: 'asleep' })).status).toBe(400);
    // A visit of a room without a class has nothing to mark.
    const bare = await post<TVisit>(supervisor, `${P}/visit/start`, { classroomId: otherRoom().id });
    const none = await post(supervisor, `${P}/visit/attendance`, { visitId: bare.body.data.visitId, status: 'absent' });
    expect(none.status).toBe(409);
    expect(none.body.errorKey).toBe('patrol.noClass');
    expect((await post(supervisor, `${P}/visit/end`, { visitId: bare.body.data.visitId })).status).toBe(200);
  });

  it('starts a temporary evaluation of the class watched and keeps it on the visit', async () => {
    const templates = await get<{ templateId: string }[]>(supervisor, '/app/ddxk/evaluation/v1/templates');
    const templateId = templates.body.data[0]!.templateId;
    const r = await post<{ evaluationId: string; created: boolean }>(supervisor, `${P}/visit/evaluate`, { visitId, templateId });
    expect(r.status).toBe(200);
    expect(r.body.data.created).toBe(true);
    const again = await post<{ evaluationId: string; created: boolean }>(supervisor, `${P}/visit/evaluate`, { visitId, templateId });
    expect(again.body.data).toEqual({ evaluationId: r.body.data.evaluationId, created: false });
    const detail = await get<{ kind: string; class: { courseSessionId: string } }>(supervisor, `/app/ddxk/evaluation/v1/detail?evaluationId=${r.body.data.evaluationId}`);
    expect(detail.body.data).toMatchObject({ kind: 'temporary', class: { courseSessionId: sessionId }, byPatrol: true });
  });

  it('marks evaluations made during patrol in the records and filters by it', async () => {
    type Row = { evaluationId: string; byPatrol: boolean };
    const records = (body: Record<string, unknown>) => post<Page<Row>>(supervisor, '/app/ddxk/evaluation/v1/records', { pageNum: 1, pageSize: 50, ...body });
    // A free-listening evaluation of the same class: the same kind of record, not made during patrol.
    const templateId = (await get<{ templateId: string }[]>(supervisor, '/app/ddxk/evaluation/v1/templates')).body.data[0]!.templateId;
    const free = await post<{ evaluationId: string }>(supervisor, '/app/ddxk/evaluation/v1/start/free', { courseSessionId: sessionId, templateId });
    expect(free.status).toBe(200);
    const all = await records({});
    const patrolled = all.body.data.list.filter((e) => e.byPatrol);
    expect(patrolled).toHaveLength(1);
    expect(all.body.data.list.find((e) => e.evaluationId === free.body.data.evaluationId)?.byPatrol).toBe(false);
    const only = await records({ byPatrol: true });
    expect(only.body.data).toMatchObject({ total: 1, list: [{ evaluationId: patrolled[0]!.evaluationId, byPatrol: true }] });
    const others = await records({ byPatrol: false });
    expect(others.body.data.total).toBe(all.body.data.total - 1);
    expect(others.body.data.list.every((e) => !e.byPatrol)).toBe(true);
    expect((await get<{ byPatrol: boolean }>(supervisor, `/app/ddxk/evaluation/v1/detail?evaluationId=${free.body.data.evaluationId}`)).body.data.byPatrol).toBe(false);
    // Another school's list never counts this school's patrol visits.
    expect((await post<Page<Row>>(admin2, '/app/ddxk/evaluation/v1/records', { pageNum: 1, pageSize: 50, byPatrol: true })).body.data.total).toBe(0);
  });

  it('ends a visit once, and refuses acting in it afterwards', async () => {
    env.clock.advance(60);
    const end = await post<TVisit>(supervisor, `${P}/visit/end`, { visitId });
    expect(end.body.data.endedAt).toBe(env.clock.now.toISOString());
    env.clock.advance(10);
    const again = await post<TVisit>(supervisor, `${P}/visit/end`, { visitId });
    expect(again.body.data.endedAt).toBe(end.body.data.endedAt);
    const beat = await post(supervisor, `${P}/visit/heartbeat`, { visitId });
    expect(beat.status).toBe(409);
    expect(beat.body).toMatchObject({ errorKey: 'patrol.visitEnded', msg: 'This patrol visit has ended. Open the classroom again.' });
  });

  it('ends a visit that went quiet at its last heartbeat', async () => {
    const v = (await post<TVisit>(admin, `${P}/visit/start`, { classroomId: room().id })).body.data;
    env.clock.advance(121);
    expect((await post(admin, `${P}/visit/heartbeat`, { visitId: v.visitId })).body.errorKey).toBe('patrol.visitEnded');
    const list = await post<Page<TInspectionRecord>>(admin, `${P}/records`, { pageNum: 1, pageSize: 10 });
    const quiet = list.body.data.list.find((r) => r.visitId === v.visitId)!;
    expect(quiet).toMatchObject({ ongoing: false, endedAt: v.startedAt, durationSeconds: 0 });
  });

  it('lists inspection records: mine for a supervisor, everyone\'s for an administrator, the team\'s for a group leader', async () => {
    const mine = await post<Page<TInspectionRecord>>(supervisor, `${P}/records`, { pageNum: 1, pageSize: 10 });
    expect(mine.status).toBe(200);
    expect(mine.body.data.list.every((r) => r.supervisor.account === 'supervisor')).toBe(true);
    const rec = mine.body.data.list.find((r) => r.visitId === visitId)!;
    expect(rec).toMatchObject({ courseSessionId: sessionId, courseName: 'Patrolled Physics', ongoing: false, durationSeconds: 90, attendance: 'normal', evaluation: { status: 'draft' } });
    expect(rec.comments.map((c) => c.content)).toEqual(['Students at the back are on their phones']);

    const all = await post<Page<TInspectionRecord>>(admin, `${P}/records`, { pageNum: 1, pageSize: 10 });
    expect(new Set(all.body.data.list.map((r) => r.supervisor.account))).toEqual(new Set(['supervisor', 'admin']));

    // The demo leader leads the supervisor's group: the team's records, not the administrator's.
    const team = await post<Page<TInspectionRecord>>(leader, `${P}/records`, { pageNum: 1, pageSize: 10 });
    expect(team.body.data.list.map((r) => r.supervisor.account)).toContain('supervisor');
    expect(team.body.data.list.map((r) => r.supervisor.account)).not.toContain('admin');
    const { schoolId, users } = env.schoolA;
    const led = await seed((tx) => tx.update(supervisionGroups).set({ leaderId: null })
      .where(and(eq(supervisionGroups.schoolId, schoolId), eq(supervisionGroups.leaderId, users.leader!.id))).returning({ id: supervisionGroups.id }));
    expect((await post<Page<TInspectionRecord>>(leader, `${P}/records`, { pageNum: 1, pageSize: 10 })).body.data.total).toBe(0);
    await seed(async (tx) => {
      const [g] = await tx.insert(supervisionGroups).values({ schoolId, name: 'Patrol team', leaderId: users.leader!.id }).returning();
      await tx.insert(supervisionGroupMembers).values({ schoolId, groupId: g!.id, accountId: users.supervisor!.id });
    });
    expect(led.length).toBeGreaterThan(0);
    expect((await post<Page<TInspectionRecord>>(leader, `${P}/records`, { pageNum: 1, pageSize: 10 })).body.data.list.map((r) => r.supervisor.account)).toContain('supervisor');
    const people = await get<{ account: string }[]>(leader, `${P}/records/supervisors`);
    expect(people.body.data.map((p) => p.account)).toEqual(['supervisor']);
  });

  it('filters inspection records by day, building, room, keyword and supervisor, and pages them', async () => {
    const q = (f: Record<string, unknown>) => post<Page<TInspectionRecord>>(admin, `${P}/records`, { pageNum: 1, pageSize: 10, ...f });
    expect((await q({ dateFrom: DAY, dateTo: DAY })).body.data.total).toBe(3);
    expect((await q({ dateFrom: '2031-03-13' })).body.data.total).toBe(0);
    expect((await q({ classroomId: otherRoom().id })).body.data.total).toBe(1);
    expect((await q({ keyword: 'physics' })).body.data.total).toBe(2);
    expect((await q({ keyword: 'nothing like it' })).body.data.total).toBe(0);
    expect((await q({ supervisorId: env.schoolA.users.admin!.id })).body.data.total).toBe(1);
    const paged = await post<Page<TInspectionRecord>>(admin, `${P}/records`, { pageNum: 2, pageSize: 2 });
    expect(paged.body.data).toMatchObject({ total: 3 });
    expect(paged.body.data.list).toHaveLength(1);
    expect((await q({ buildingId: 'abc' })).status).toBe(400);
  });

  it('lists attendance with filters and exports it as a workbook', async () => {
    const list = await post<Page<TAttendanceRecord>>(admin, `${P}/attendance`, { pageNum: 1, pageSize: 10, status: 'normal', dateFrom: DAY, dateTo: DAY });
    expect(list.status).toBe(200);
    expect(list.body.data.list).toHaveLength(1);
    expect(list.body.data.list[0]).toMatchObject({ courseSessionId: sessionId, status: 'normal', lessonDate: DAY, markedBy: { account: 'supervisor' }, teacher: { userId: teacherId } });
    expect((await post<Page<TAttendanceRecord>>(admin, `${P}/attendance`, { pageNum: 1, pageSize: 10, status: 'absent' })).body.data.total).toBe(0);
    expect((await post<Page<TAttendanceRecord>>(admin, `${P}/attendance`, { pageNum: 1, pageSize: 10, teacher: 'no such teacher' })).body.data.total).toBe(0);
    expect((await post<Page<TAttendanceRecord>>(supervisor, `${P}/attendance`, { pageNum: 1, pageSize: 10 })).body.data.total).toBe(1);
    expect((await post<Page<TAttendanceRecord>>(admin2, `${P}/attendance`, { pageNum: 1, pageSize: 10 })).body.data.total).toBe(0);

    const file = await env.app.inject({ method: 'GET', url: `${P}/attendance/export?dateFrom=${DAY}`, headers: { authorization: `Bearer ${admin}`, language: 'en' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(8).text).toBe('Attendance');
    expect(ws.getRow(2).getCell(3).text).toBe('Patrolled Physics');
    expect(ws.getRow(2).getCell(8).text).toBe('Normal');
    expect(ws.rowCount).toBe(2);
  });

  it('keeps another school out', async () => {
    expect((await get(admin2, `${P}/room?classroomId=${room().id}`)).status).toBe(404);
    expect((await post(admin2, `${P}/visit/start`, { classroomId: room().id })).status).toBe(404);
    expect((await post(admin2, `${P}/visit/comment`, { visitId, videoAt: env.clock.now.toISOString(), content: 'x' })).status).toBe(404);
    expect((await post(admin2, `${P}/visit/attendance`, { visitId, status: 'absent' })).status).toBe(404);
    expect((await post<Page<TInspectionRecord>>(admin2, `${P}/records`, { pageNum: 1, pageSize: 10 })).body.data.total).toBe(0);
    const file = await env.app.inject({ method: 'GET', url: `${P}/attendance/export`, headers: { authorization: `Bearer ${admin2}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(1);
  });

  it('refuses people without patrol screens, without the permission, and rooms out of their scope', async () => {
    expect((await get(teacher, `${P}/room?classroomId=${room().id}`)).body.errorKey).toBe('auth.forbidden');
    expect((await post(teacher, `${P}/records`, { pageNum: 1, pageSize: 10 })).status).toBe(403);
    expect((await post(teacher, `${P}/attendance`, { pageNum: 1, pageSize: 10 })).status).toBe(403);
    expect((await get(teacher, `${P}/attendance/export`)).status).toBe(403);

    const { schoolId, users } = env.schoolA;
    const supervisorId = users.supervisor!.id;
    await seed(async (tx) => {
      await tx.update(schoolMemberships).set({ realtimePatrol: false }).where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.accountId, supervisorId)));
      await tx.update(supervisionGroups).set({ realtimePatrol: false }).where(eq(supervisionGroups.schoolId, schoolId));
    });
    const none = await post(supervisor, `${P}/visit/start`, { classroomId: room().id });
    expect(none.status).toBe(403);
    expect(none.body.errorKey).toBe('live.noPatrol');

    const other = env.schoolA.directory.teachers.map((t) => t.id).find((id) => id !== teacherId)!;
    await seed(async (tx) => {
      await tx.update(schoolMemberships).set({ realtimePatrol: true, teacherScope: 'selected' }).where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.accountId, supervisorId)));
      await tx.delete(memberScopeTeachers).where(and(eq(memberScopeTeachers.schoolId, schoolId), eq(memberScopeTeachers.accountId, supervisorId)));
      await tx.insert(memberScopeTeachers).values({ schoolId, accountId: supervisorId, teacherId: other });
    });
    const inRoom = await seed((tx) => tx.selectDistinct({ t: courses.teacherId }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .where(eq(courseSessions.classroomId, room().id)));
    if (!inRoom.some((r) => r.t === other)) {
      const out = await get(supervisor, `${P}/room?classroomId=${room().id}`);
      expect(out.status).toBe(403);
      expect(out.body.errorKey).toBe('live.outOfScope');
      expect((await post(supervisor, `${P}/visit/start`, { classroomId: room().id })).body.errorKey).toBe('live.outOfScope');
    }
    await seed((tx) => tx.insert(memberScopeTeachers).values({ schoolId, accountId: supervisorId, teacherId }));
    expect((await get(supervisor, `${P}/room?classroomId=${room().id}`)).status).toBe(200);
  });
});
