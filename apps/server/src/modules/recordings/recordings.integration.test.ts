import { and, asc, desc, eq, gt, isNotNull, lt, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOpenRecordingResponse, TRecordedClassResponse, TRecordingPage } from '@hxk/contracts';
import { courseSessions, courses, memberScopeTeachers, recordings, schoolMemberships, supervisionGroups, videoDownloadLogs } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

type Meeting = { id: string; classroomId: string | null; courseId: string };

describe.each(DRIVERS)('class recordings on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let supervisor: string;
  let teacher: string;
  let ended: Meeting;
  let future: Meeting;
  let ready: TOpenRecordingResponse['recording'];
  const en = { language: 'en' };
  const seed = <T>(fn: Parameters<typeof platformTx<T>>[2]) => platformTx(env.dbh.db, 'seed', fn);

  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, admin2, supervisor, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'teacher')]);
    const today = env.clock.now.toISOString().slice(0, 10);
    const teacherId = env.schoolA.users.teacher!.id;
    const mine = (when: ReturnType<typeof lt>) => seed((tx) => tx.select({ id: courseSessions.id, classroomId: courseSessions.classroomId, courseId: courseSessions.courseId }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .where(and(eq(courseSessions.schoolId, env.schoolA.schoolId), eq(courses.teacherId, teacherId), isNotNull(courseSessions.classroomId), when))
      .orderBy(desc(courseSessions.lessonDate)).limit(1));
    ended = (await mine(lt(courseSessions.lessonDate, today)))[0]!;
    future = (await seed((tx) => tx.select({ id: courseSessions.id, classroomId: courseSessions.classroomId, courseId: courseSessions.courseId }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .where(and(eq(courseSessions.schoolId, env.schoolA.schoolId), gt(courseSessions.lessonDate, today), ne(courses.teacherId, teacherId)))
      .orderBy(asc(courseSessions.lessonDate)).limit(1)))[0]!;
    expect(ended?.classroomId && future).toBeTruthy();
  }, 60_000);
  afterAll(async () => env?.close());

  const open = (token: string, courseSessionId: string, source: number) =>
    call<TOpenRecordingResponse>(env.app, { url: '/app/recordings/v1/open', body: { courseSessionId, source }, token, headers: en });
  const media = (token: string | null, url: string, headers: Record<string, string> = {}) =>
    env.app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  async function untilReady(token: string, courseSessionId: string, source: number) {
    const until = Date.now() + 60_000;
    for (;;) {
      const r = await open(token, courseSessionId, source);
      expect(r.status).toBe(200);
      if (r.body.data.recording.status !== 'preparing' || Date.now() > until) return r.body.data;
      await new Promise((res) => setTimeout(res, 300));
    }
  }

  it('prepares an ended class\'s camera recording on first request, then serves it with HTTP Range', async () => {
    const first = await open(admin, ended.id, 2);
    expect(first.status).toBe(200);
    expect(first.body.data.class).toMatchObject({ courseSessionId: ended.id, classroomId: ended.classroomId, ended: true });
    expect(first.body.data.recording).toMatchObject({ source: 2, status: 'preparing', mediaUrl: null });
    const done = await untilReady(admin, ended.id, 2);
    expect(done.recording).toMatchObject({ status: 'ready', durationSeconds: 20, startedAt: done.class.startAt });
    ready = done.recording;
    expect(ready.sizeBytes).toBeGreaterThan(10_000);
    // The same row: a second open queues nothing new.
    const rows = await seed((tx) => tx.select().from(recordings).where(eq(recordings.courseSessionId, ended.id)));
    expect(rows).toHaveLength(1);

    const whole = await media(admin, ready.mediaUrl!);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(ready.sizeBytes);
    expect(whole.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // faststart: the index (moov) comes before the media data.
    expect(whole.rawPayload.indexOf('moov')).toBeLessThan(whole.rawPayload.indexOf('mdat'));

    const part = await media(admin, ready.mediaUrl!, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${ready.sizeBytes}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 1100))).toBe(true);
    const tail = await media(admin, ready.mediaUrl!, { range: 'bytes=-500' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(whole.rawPayload.length - 500))).toBe(true);
    const open1 = await media(admin, ready.mediaUrl!, { range: `bytes=${ready.sizeBytes! - 10}-` });
    expect(open1.rawPayload.length).toBe(10);
    const bad = await media(admin, ready.mediaUrl!, { range: `bytes=${ready.sizeBytes}-` });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${ready.sizeBytes}`);
    expect((await media(null, ready.mediaUrl!)).statusCode).toBe(401);
  }, 90_000);

  it('lists ended classes of a room and of a course by date, paged, with their recorded sources', async () => {
    const byRoom = await call<TRecordingPage>(env.app, { url: `/app/recordings/v1/page?classroomId=${ended.classroomId}&pageNum=1&pageSize=5`, token: admin });
    expect(byRoom.status).toBe(200);
    expect(byRoom.body.data.list.length).toBeLessThanOrEqual(5);
    expect(byRoom.body.data.total).toBeGreaterThan(byRoom.body.data.list.length - 1);
    expect(byRoom.body.data.list.every((c) => c.classroomId === ended.classroomId && c.ended)).toBe(true);
    const dates = byRoom.body.data.list.map((c) => c.lessonDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const byCourse = await call<TRecordingPage>(env.app, { url: `/app/recordings/v1/page?courseId=${ended.courseId}&pageSize=50`, token: teacher });
    const row = byCourse.body.data.list.find((c) => c.courseSessionId === ended.id);
    expect(row?.readySources).toEqual([2]);
    expect(row?.onDemand).toBe(true);
    expect(byCourse.body.data.list.some((c) => c.courseSessionId === future.id)).toBe(false);
    const recorded = await call<TRecordingPage>(env.app, { url: `/app/recordings/v1/page?recorded=1&pageSize=50`, token: admin });
    expect(recorded.body.data.list.map((c) => c.courseSessionId)).toEqual([ended.id]);
    expect(recorded.body.data.total).toBe(1);
    const page2 = await call<TRecordingPage>(env.app, { url: `/app/recordings/v1/page?classroomId=${ended.classroomId}&pageNum=2&pageSize=1`, token: admin });
    expect(page2.body.data.list[0]?.courseSessionId).toBe(byRoom.body.data.list[1]?.courseSessionId);
    // Another school sees none of them.
    const other = await call<TRecordingPage>(env.app, { url: `/app/recordings/v1/page?classroomId=${ended.classroomId}`, token: admin2 });
    expect(other.body.data.total).toBe(0);
  });

  it('lets the class\'s own teacher watch it, but not download it without the download button', async () => {
    const cls = await call<TRecordedClassResponse>(env.app, { url: `/app/recordings/v1/class?courseSessionId=${ended.id}`, token: teacher });
    expect(cls.status).toBe(200);
    expect(cls.body.data.readySources).toEqual([2]);
    expect((await open(teacher, ended.id, 2)).body.data.recording.status).toBe('ready');
    expect((await media(teacher, ready.mediaUrl!, { range: 'bytes=0-9' })).statusCode).toBe(206);
    const refused = await media(teacher, `${ready.mediaUrl}&download=1`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorKey).toBe('auth.forbidden');
    // Another teacher's class (no patrol permission): refused.
    const notMine = await call(env.app, { url: `/app/recordings/v1/class?courseSessionId=${future.id}`, token: teacher, headers: en });
    expect(notMine.status).toBe(403);
    expect(notMine.body.errorKey).toBe('live.noPatrol');
  });

  it('downloads with the download log for a holder of the download button', async () => {
    const saved = await call<{ id: string }>(env.app, {
      url: '/base/video/download/log/v1/save', token: admin,
      body: { cameraId: ready.cameraId, courseSessionId: ended.id, fileName: 'class.mp4', startAt: ready.startedAt, endAt: new Date(Date.parse(ready.startedAt) + 20_000).toISOString() },
    });
    expect(saved.status).toBe(200);
    const logs = await seed((tx) => tx.select().from(videoDownloadLogs).where(eq(videoDownloadLogs.id, saved.body.data.id)));
    expect(logs[0]).toMatchObject({ courseSessionId: ended.id, classroomId: ended.classroomId, accountId: env.schoolA.users.admin!.id });
    const file = await media(admin, `${ready.mediaUrl}&download=1`, { range: 'bytes=0-9' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=".*\.mp4"/);
    expect(file.rawPayload.length).toBe(ready.sizeBytes);
  });

  it('keeps supervisors to their scope, and other schools out', async () => {
    const supervisorId = env.schoolA.users.supervisor!.id;
    const inRoom = (await seed((tx) => tx.selectDistinct({ teacherId: courses.teacherId }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .where(eq(courseSessions.classroomId, ended.classroomId!)))).map((r) => r.teacherId);
    const other = env.schoolA.directory.teachers.map((t) => t.id).find((id) => !inRoom.includes(id))!;
    expect(other).toBeTruthy();
    await seed(async (tx) => {
      await tx.update(supervisionGroups).set({ realtimePatrol: false }).where(eq(supervisionGroups.schoolId, env.schoolA.schoolId));
      await tx.update(schoolMemberships).set({ realtimePatrol: true, teacherScope: 'selected' })
        .where(and(eq(schoolMemberships.schoolId, env.schoolA.schoolId), eq(schoolMemberships.accountId, supervisorId)));
      await tx.insert(memberScopeTeachers).values({ schoolId: env.schoolA.schoolId, accountId: supervisorId, teacherId: other });
    });
    const out = await open(supervisor, ended.id, 2);
    expect(out.status).toBe(403);
    expect(out.body).toMatchObject({ errorKey: 'live.outOfScope', msg: 'This classroom is outside the scope you supervise.' });
    expect((await media(supervisor, ready.mediaUrl!)).statusCode).toBe(403);
    const listed = await call<TRecordingPage>(env.app, { url: `/app/recordings/v1/page?classroomId=${ended.classroomId}`, token: supervisor });
    expect(listed.body.data.total).toBe(0);

    await seed((tx) => tx.insert(memberScopeTeachers).values({ schoolId: env.schoolA.schoolId, accountId: supervisorId, teacherId: inRoom[0]! }));
    expect((await open(supervisor, ended.id, 2)).status).toBe(200);
    expect((await media(supervisor, ready.mediaUrl!, { range: 'bytes=0-1' })).statusCode).toBe(206);

    for (const r of [
      await call(env.app, { url: `/app/recordings/v1/class?courseSessionId=${ended.id}`, token: admin2 }),
      await open(admin2, ended.id, 2),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.errorKey).toBe('common.notFound');
    }
    expect((await media(admin2, ready.mediaUrl!)).statusCode).toBe(404);
  });

  it('offers only the sources the school\'s recording views allow, and only for ended classes', async () => {
    const notEnded = await open(admin, future.id, 2);
    expect(notEnded.status).toBe(409);
    expect(notEnded.body.errorKey).toBe('recordings.notEnded');
    expect((await call(env.app, { url: '/base/recorder/set/v1/save', body: { recorderVideoView: 0, serverVideoView: 1 }, token: admin })).status).toBe(200);
    const off = await open(admin, ended.id, 1);
    expect(off.status).toBe(409);
    expect(off.body.errorKey).toBe('recordings.sourceOff');
    expect((await call(env.app, { url: '/base/recorder/set/v1/save', body: { recorderVideoView: 1, serverVideoView: 1 }, token: admin })).status).toBe(200);
    const recorder = await open(admin, ended.id, 1);
    expect(recorder.status).toBe(200);
    expect(recorder.body.data.recording).toMatchObject({ source: 1 });
    const invalid = await call(env.app, { url: '/app/recordings/v1/open', body: { courseSessionId: ended.id, source: 3 }, token: admin, headers: en });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errorKey).toBe('common.validation');
    expect((await call(env.app, { url: '/app/recordings/v1/open', body: { courseSessionId: '999999999', source: 2 }, token: admin })).status).toBe(404);
    expect((await media(admin, '/app/recordings/v1/media?recordingId=999999999')).statusCode).toBe(404);
    await untilReady(admin, ended.id, 1);
  }, 90_000);
});
