import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOpenRecordingResponse, TShare, TShareView } from '@hxk/contracts';
import { courseSessions, courses, liveLessonShares, memberScopeTeachers, schoolMemberships, supervisionGroups } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { admitsSharePlayback } from './share-playback.ts';

type Recording = TOpenRecordingResponse['recording'];

describe.each(DRIVERS)('recording clip shares on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let supervisor: string;
  let teacher: string;
  let sessionId: string;
  let classroomId: string;
  let rec: Recording;
  const en = { language: 'en' };
  const seed = <T>(fn: Parameters<typeof platformTx<T>>[2]) => platformTx(env.dbh.db, 'seed', fn);
  const P = '/app/recordings/v1';
  const create = (body: Record<string, unknown>, token = admin) =>
    call<TShare>(env.app, { url: `${P}/shares/create`, body: { recordingId: rec.id, audience: 'public', expiry: '7d', ...body }, token, headers: en });
  const open = (code: string, token?: string, schoolId = env.schoolA.schoolId) =>
    call<TShareView>(env.app, { url: `/app/live-lessons/v1/open/share?schoolId=${schoolId}&code=${code}`, headers: en, ...(token ? { token } : {}) });
  const media = (code: string, token?: string, headers: Record<string, string> = {}) =>
    env.app.inject({ method: 'GET', url: `${P}/open/share/media?schoolId=${env.schoolA.schoolId}&code=${code}`, headers: { ...en, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, admin2, supervisor, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'teacher')]);
    const today = env.clock.now.toISOString().slice(0, 10);
    const [ended] = await seed((tx) => tx.select({ id: courseSessions.id, classroomId: courseSessions.classroomId }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .where(and(eq(courseSessions.schoolId, env.schoolA.schoolId), eq(courses.teacherId, env.schoolA.users.teacher!.id), isNotNull(courseSessions.classroomId), lt(courseSessions.lessonDate, today)))
      .orderBy(desc(courseSessions.lessonDate)).limit(1));
    sessionId = ended!.id;
    classroomId = ended!.classroomId!;
    const until = Date.now() + 60_000;
    for (;;) {
      const r = await call<TOpenRecordingResponse>(env.app, { url: `${P}/open`, body: { courseSessionId: sessionId, source: 2 }, token: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      rec = r.body.data.recording;
      if (rec.status !== 'preparing' || Date.now() > until) break;
      await new Promise((res) => setTimeout(res, 300));
    }
    expect(rec.status).toBe('ready');
  }, 90_000);
  afterAll(async () => env?.close());

  it('shares a clip (the whole recording by default), checks the range, and opens a public one without sign-in', async () => {
    const whole = await create({});
    expect(whole.status).toBe(200);
    expect(whole.body.data).toMatchObject({ kind: 'clip', recordingId: rec.id, lessonId: null, clipStart: 0, clipEnd: rec.durationSeconds, audience: 'public', revokedAt: null, schoolId: env.schoolA.schoolId });

    for (const range of [{ clipStart: 5, clipEnd: rec.durationSeconds + 1 }, { clipStart: 12, clipEnd: 12 }, { clipStart: 12, clipEnd: 8 }, { clipStart: rec.durationSeconds }]) {
      const bad = await create(range);
      expect(bad.status, JSON.stringify(range)).toBe(400);
      expect(bad.body).toMatchObject({ errorKey: 'shares.badClip', msg: `The clip must lie within the recording (0–${rec.durationSeconds} s) and end after it starts.` });
    }
    for (const range of [{ clipStart: -1 }, { clipEnd: 0 }, { clipStart: 1.5 }]) expect((await create(range)).body.errorKey).toBe('common.validation');
    expect((await create({ expiry: 'custom', expiresAt: new Date(env.clock.now.getTime() - 1000).toISOString() })).body.errorKey).toBe('shares.badExpiry');
    // The table holds the rule too: a share with a target and no range, or with two targets, cannot be stored.
    await expect(seed((tx) => tx.insert(liveLessonShares).values({ schoolId: env.schoolA.schoolId, recordingId: rec.id, code: 'x'.repeat(22), audience: 'public', expiresAt: new Date() }))).rejects.toThrow();

    const clip = await create({ clipStart: 5, clipEnd: 12 });
    expect(clip.body.data).toMatchObject({ clipStart: 5, clipEnd: 12 });
    const view = await open(clip.body.data.code);
    expect(view.status).toBe(200);
    const data = view.body.data;
    expect(data.kind).toBe('clip');
    if (data.kind !== 'clip') return;
    expect(data.share).toMatchObject({ code: clip.body.data.code, audience: 'public' });
    expect(data.clip).toMatchObject({ recordingId: rec.id, clipStart: 5, clipEnd: 12, durationSeconds: rec.durationSeconds, source: 2, teacherName: expect.any(String) as string });
    expect(data.clip.clipStartsAt).toBe(new Date(Date.parse(rec.startedAt) + 5000).toISOString());
    expect(data.clip.clipEndsAt).toBe(new Date(Date.parse(rec.startedAt) + 12_000).toISOString());
    // On the school's clock: the class's date and start time, plus the range.
    expect(data.clip.clipFrom).toMatch(new RegExp(`^${data.clip.lessonDate} \\d\\d:\\d\\d:05$`));
    expect(data.clip.clipTo).toBe(`${data.clip.clipFrom.slice(0, -2)}12`);
    expect(data.clip).toMatchObject({ mediaUrl: `${P}/open/share/media?schoolId=${env.schoolA.schoolId}&code=${clip.body.data.code}`, mediaOffset: 0, mediaExpiresAt: null });

    // The share's media URL serves that recording, with Range, to a visitor with no session.
    const own = await env.app.inject({ method: 'GET', url: rec.mediaUrl!, headers: { authorization: `Bearer ${admin}` } });
    const part = await media(clip.body.data.code, undefined, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${rec.sizeBytes}`);
    expect(part.rawPayload.equals(own.rawPayload.subarray(100, 1100))).toBe(true);
    expect((await media(clip.body.data.code, undefined, { range: `bytes=${rec.sizeBytes}-` })).statusCode).toBe(416);
    // A clip's code is no live lesson's: the lesson's play and revoke refuse it.
    const play = await call(env.app, { url: '/app/live-lessons/v1/open/share/play', body: { schoolId: env.schoolA.schoolId, code: clip.body.data.code } });
    expect(play.status).toBe(404);
    expect((await call(env.app, { url: '/app/live-lessons/v1/shares/revoke', body: { shareId: clip.body.data.shareId }, token: admin })).status).toBe(404);
    expect((await open(clip.body.data.code)).status).toBe(200);
  });

  it('asks for sign-in for a members-only clip, from strangers and from other schools alike', async () => {
    const members = await create({ audience: 'members', clipStart: 2, clipEnd: 9 });
    const code = members.body.data.code;
    const anon = await open(code);
    expect(anon.status).toBe(403);
    expect(anon.body).toMatchObject({ errorKey: 'shares.signInRequired', msg: 'This share is for members of the school. Please sign in.' });
    expect((await media(code, undefined, { range: 'bytes=0-9' })).statusCode).toBe(403);
    expect((await open(code, admin2)).body.errorKey).toBe('shares.signInRequired');
    expect((await media(code, admin2, { range: 'bytes=0-9' })).statusCode).toBe(403);
    // Any member of the school opens it, whether or not they may patrol the room.
    expect((await open(code, teacher)).status).toBe(200);
    expect((await media(code, teacher, { range: 'bytes=0-9' })).statusCode).toBe(206);
    // The code names its school: under another school it does not exist.
    expect((await open(code, admin2, env.schoolB.schoolId)).body.errorKey).toBe('shares.notFound');
    expect((await open('A'.repeat(22))).body.errorKey).toBe('shares.notFound');
  });

  it('keeps creating, listing and revoking to those who may play the recording, and other schools out', async () => {
    const mine = await create({ clipStart: 0, clipEnd: 4 }, teacher);
    expect(mine.status).toBe(200);
    for (const r of [
      await create({}, admin2),
      await call(env.app, { url: `${P}/shares?recordingId=${rec.id}`, token: admin2, headers: en }),
      await call(env.app, { url: `${P}/shares/revoke`, body: { shareId: mine.body.data.shareId }, token: admin2, headers: en }),
    ]) expect(r.status).toBe(404);

    // A supervisor whose scope does not cover the room may neither share nor manage the recording's shares.
    const supervisorId = env.schoolA.users.supervisor!.id;
    const inRoom = (await seed((tx) => tx.selectDistinct({ teacherId: courses.teacherId }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .where(eq(courseSessions.classroomId, classroomId)))).map((r) => r.teacherId);
    const other = env.schoolA.directory.teachers.map((t) => t.id).find((id) => !inRoom.includes(id))!;
    await seed(async (tx) => {
      await tx.update(supervisionGroups).set({ realtimePatrol: false }).where(eq(supervisionGroups.schoolId, env.schoolA.schoolId));
      await tx.update(schoolMemberships).set({ realtimePatrol: true, teacherScope: 'selected' })
        .where(and(eq(schoolMemberships.schoolId, env.schoolA.schoolId), eq(schoolMemberships.accountId, supervisorId)));
      await tx.insert(memberScopeTeachers).values({ schoolId: env.schoolA.schoolId, accountId: supervisorId, teacherId: other });
    });
    const out = await create({}, supervisor);
    expect(out.status).toBe(403);
    expect(out.body.errorKey).toBe('live.outOfScope');
    expect((await call(env.app, { url: `${P}/shares?recordingId=${rec.id}`, token: supervisor })).status).toBe(403);
    expect((await call(env.app, { url: `${P}/shares/revoke`, body: { shareId: mine.body.data.shareId }, token: supervisor })).status).toBe(403);

    const listed = await call<TShare[]>(env.app, { url: `${P}/shares?recordingId=${rec.id}`, token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.data[0]!.shareId).toBe(mine.body.data.shareId);
    expect(listed.body.data.every((s) => s.kind === 'clip' && s.recordingId === rec.id)).toBe(true);
    const times = listed.body.data.map((s) => s.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('stops opening and playing a clip once revoked or expired', async () => {
    const revoked = await create({});
    const soon = await create({ expiry: 'custom', expiresAt: new Date(env.clock.now.getTime() + 3_600_000).toISOString() });
    expect(soon.status).toBe(200);
    expect((await call(env.app, { url: `${P}/shares/revoke`, body: { shareId: revoked.body.data.shareId }, token: teacher })).status).toBe(200);
    const r = await open(revoked.body.data.code);
    expect(r.status).toBe(410);
    expect(r.body.errorKey).toBe('shares.revoked');
    expect((await media(revoked.body.data.code, undefined, { range: 'bytes=0-9' })).statusCode).toBe(410);
    expect((await media(soon.body.data.code, undefined, { range: 'bytes=0-9' })).statusCode).toBe(206);
    // The gateway's hook admits a share's playback grant only while the share opens, for its own recording, in its school.
    const admits = (viewer: string, recordingId = rec.id, schoolId = env.schoolA.schoolId) => admitsSharePlayback(env.app.deps, schoolId, viewer, recordingId);
    expect(await admits(`share:${soon.body.data.shareId}`)).toBe(true);
    expect(await admits(`share:${revoked.body.data.shareId}`)).toBe(false);
    expect(await admits(`share:${soon.body.data.shareId}`, '999999999')).toBe(false);
    expect(await admits(`share:${soon.body.data.shareId}`, rec.id, env.schoolB.schoolId)).toBe(false);
    expect(await admits(soon.body.data.shareId)).toBe(false);
    // Asked for a gateway path, it must be the recording's (this one is stored here, on no path).
    expect(await admitsSharePlayback(env.app.deps, env.schoolA.schoolId, `share:${soon.body.data.shareId}`, rec.id, `hxk_${env.schoolA.schoolId}_1_main`)).toBe(false);

    env.clock.advance(3600 + 1);
    expect(await admits(`share:${soon.body.data.shareId}`)).toBe(false);
    const e = await open(soon.body.data.code);
    expect(e.status).toBe(410);
    expect(e.body.errorKey).toBe('shares.expired');
    const m = await media(soon.body.data.code, undefined, { range: 'bytes=0-9' });
    expect(m.statusCode).toBe(410);
    expect(m.json()).toMatchObject({ errorKey: 'shares.expired' });
  });
});
