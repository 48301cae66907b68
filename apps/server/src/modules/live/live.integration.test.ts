import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameras, courseSessions, courses, memberScopeTeachers, schoolMemberships, supervisionGroups } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

type Grant = { cameraId: string; quality: string; protocol: string; url: string; expiresAt: string };

describe.each(DRIVERS)('live video on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let supervisor: string;
  let teacher: string;
  const en = { language: 'en' };
  const seed = <T>(fn: Parameters<typeof platformTx<T>>[2]) => platformTx(env.dbh.db, 'seed', fn);

  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, admin2, supervisor, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'teacher')]);
  });
  afterAll(async () => env?.close());

  const room = () => env.schoolA.directory.classrooms[0]!;
  const play = (token: string, cameraId: string, quality: 'main' | 'sub' = 'sub') =>
    call<Grant>(env.app, { url: '/app/live/v1/play', body: { cameraId, quality }, token, headers: en });
  const get = (url: string) => env.app.inject({ method: 'GET', url });

  it('gives an administrator a short-lived play URL whose playlist and segments the token opens', async () => {
    const cameraId = room().cameraIds[0]!;
    const r = await play(admin, cameraId);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ cameraId, quality: 'sub', protocol: 'hls' });
    expect(new Date(r.body.data.expiresAt).getTime() - env.clock.now.getTime()).toBe(5 * 60_000);
    const playlist = await get(r.body.data.url);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    const token = new URL(r.body.data.url, 'http://x').searchParams.get('t')!;
    const segment = /^(s\d+\.ts\?t=.+)$/m.exec(playlist.body)?.[1];
    expect(segment).toContain(`t=${encodeURIComponent(token)}`);
    const seg = await get(r.body.data.url.replace(/index\.m3u8\?.*$/, segment!));
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.rawPayload.length).toBeGreaterThan(1000);
  });

  it('refuses the stream without the token, with another camera\'s or quality\'s token, and once it has expired', async () => {
    const [c1, c2] = room().cameraIds;
    const r = await play(admin, c1!);
    const url = r.body.data.url;
    expect((await get(url.replace(/\?t=.*$/, ''))).statusCode).toBe(403);
    expect((await get(url.replace(`/${c1}/`, `/${c2}/`))).statusCode).toBe(403);
    expect((await get(url.replace('/sub/', '/main/'))).statusCode).toBe(403);
    expect((await get(url.replace(/\?t=(.)/, '?t=x$1'))).statusCode).toBe(403);
    env.clock.advance(5 * 60 + 1);
    const late = await get(url);
    expect(late.statusCode).toBe(403);
    expect(late.body).toContain('expired');
  });

  it('keeps another school\'s cameras out of reach', async () => {
    const r = await play(admin2, room().cameraIds[0]!);
    expect(r.status).toBe(404);
  });

  it('admits a supervisor only with the patrol permission, and only to rooms in the supervised scope', async () => {
    const supervisorId = (await seed((tx) => tx.select({ id: schoolMemberships.accountId }).from(schoolMemberships)
      .where(and(eq(schoolMemberships.schoolId, env.schoolA.schoolId), eq(schoolMemberships.identity, 3)))))[0]!.id;
    const cameraId = room().cameraIds[0]!;
    // The demo gives the supervisor the permission twice: their own and their group's. Take both away.
    await seed(async (tx) => {
      await tx.update(schoolMemberships).set({ realtimePatrol: false })
        .where(and(eq(schoolMemberships.schoolId, env.schoolA.schoolId), eq(schoolMemberships.accountId, supervisorId)));
      await tx.update(supervisionGroups).set({ realtimePatrol: false }).where(eq(supervisionGroups.schoolId, env.schoolA.schoolId));
    });
    const none = await play(supervisor, cameraId);
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({ errorKey: 'live.noPatrol', msg: 'You do not have the real-time patrol permission. Ask your administrator to grant it.' });

    // Patrol permission, but only the teachers selected, none of whom teaches in the room.
    const inRoom = (await seed((tx) => tx.selectDistinct({ teacherId: courses.teacherId }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .where(eq(courseSessions.classroomId, room().id)))).map((r) => r.teacherId);
    const other = env.schoolA.directory.teachers.map((t) => t.id).find((id) => !inRoom.includes(id))!;
    expect(inRoom.length && other).toBeTruthy();
    await seed(async (tx) => {
      await tx.update(schoolMemberships).set({ realtimePatrol: true, teacherScope: 'selected' })
        .where(and(eq(schoolMemberships.schoolId, env.schoolA.schoolId), eq(schoolMemberships.accountId, supervisorId)));
      await tx.insert(memberScopeTeachers).values({ schoolId: env.schoolA.schoolId, accountId: supervisorId, teacherId: other });
    });
    const out = await play(supervisor, cameraId);
    expect(out.status).toBe(403);
    expect(out.body.errorKey).toBe('live.outOfScope');

    await seed((tx) => tx.insert(memberScopeTeachers).values({ schoolId: env.schoolA.schoolId, accountId: supervisorId, teacherId: inRoom[0]! }));
    expect((await play(supervisor, cameraId)).status).toBe(200);
  });

  it('refuses people without the patrol screen, and offline cameras', async () => {
    const forbidden = await play(teacher, room().cameraIds[0]!);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errorKey).toBe('auth.forbidden');
    const cameraId = room().cameraIds[1]!;
    await seed((tx) => tx.update(cameras).set({ status: 'offline' }).where(and(eq(cameras.schoolId, env.schoolA.schoolId), eq(cameras.id, cameraId))));
    const offline = await play(admin, cameraId);
    expect(offline.status).toBe(409);
    expect(offline.body.errorKey).toBe('live.cameraOffline');
  });

  it('validates the request', async () => {
    const bad = await call(env.app, { url: '/app/live/v1/play', body: { cameraId: 'x', quality: 'hd' }, token: admin, headers: en });
    expect(bad.status).toBe(400);
    expect(bad.body.errorKey).toBe('common.validation');
  });
});
