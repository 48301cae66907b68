import type { AddressInfo } from 'node:net';
import { and, asc, eq, gt, isNotNull, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingMediaUrlAt, type TOpenRecordingResponse, type TRecordingPage } from '@hxk/contracts';
import { cameras, courseSessions, courses, jobs, memberScopeTeachers, recorders, recordings, schoolMemberships, schoolSettings, sessionTimes, supervisionGroups } from '../../db/schema/index.ts';
import { gatewayPathName, rfc3339 } from '../../platform/adapters/media-gateway-mediamtx.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { startMediaMtxDouble, type MediaMtxDouble } from '../../test/mediamtx-double.ts';
import { PLAY_TOKEN_TTL_MS, signPlaybackToken, signPlayToken } from '../live/play-token.ts';
import { reconcileWindows, WINDOWS_JOB } from './gateway-recordings.ts';
import { zonedInstant } from './recording-windows.ts';

const HOOK_SECRET = 'hook-secret-for-tests-0123456789';
const PLAY_SECRET = 'play-token-secret-for-tests-0123456789';

type Meeting = { id: string; classroomId: string; lessonDate: string; startMinute: number; endMinute: number };

describe.each(DRIVERS)('class recordings made by the MediaMTX gateway on %s', (driver) => {
  let env: TestEnv | undefined;
  let gw: MediaMtxDouble;
  let hxk: string;
  let admin: string;
  let admin2: string;
  let teacher: string;
  let supervisor: string;
  let cls: Meeting;
  let other: Meeting;
  let composite: string;
  let teacherCam: string;
  let granted: TOpenRecordingResponse['recording'];
  const en = { language: 'en' };
  const e = () => env!;
  const A = () => e().schoolA.schoolId;
  const seed = <T>(fn: Parameters<typeof platformTx<T>>[2]) => platformTx(e().dbh.db, 'seed', fn);
  const at = (m: Meeting, minute: number, seconds = 0) => new Date(zonedInstant(m.lessonDate, minute, e().config.schoolTimezone).getTime() + seconds * 1000);
  /** Moves the test clock; sessions made on another day have expired, so everyone signs in again. */
  const jump = async (to: Date) => {
    e().clock.now = to;
    [admin, admin2, teacher, supervisor] = (await Promise.all(['admin', 'admin2', 'teacher', 'supervisor'].map((a) => loginAs(e().app, a)))) as [string, string, string, string];
  };
  const round = () => reconcileWindows(e().app.deps, A(), (fn) => schoolTx(e().dbh.db, A(), fn));
  const open = (token: string, courseSessionId: string, source: number) =>
    call<TOpenRecordingResponse>(e().app, { url: '/app/recordings/v1/open', body: { courseSessionId, source }, token, headers: en });
  const hook = (body: Record<string, unknown>) =>
    fetch(`${hxk}/live/gateway/auth?key=${HOOK_SECRET}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const playback = (path: string, query: string) => ({ user: '', password: '', token: '', ip: '10.0.0.9', action: 'playback', path, protocol: '', id: null, query });
  const refusal = async (body: Record<string, unknown>) => {
    const r = await hook(body);
    return `${r.status} ${await r.text()}`;
  };

  beforeAll(async () => {
    // The double records on hxk's clock, so that spans and the timetable agree.
    gw = await startMediaMtxDouble({ apiUser: 'hxk', apiPassword: 'api-pass', closeAfterMs: 300, now: () => (env ? env.clock.now.getTime() : Date.now()) });
    env = await createTestEnv(driver, {
      env: {
        MEDIA_GATEWAY: 'mediamtx',
        MEDIA_GATEWAY_API_URL: gw.apiUrl,
        MEDIA_GATEWAY_API_USER: 'hxk',
        MEDIA_GATEWAY_API_PASSWORD: 'api-pass',
        MEDIA_GATEWAY_PLAY_URL: gw.hlsUrl,
        MEDIA_GATEWAY_PLAYBACK_URL: gw.playbackUrl,
        MEDIA_GATEWAY_HOOK_SECRET: HOOK_SECRET,
        PLAY_TOKEN_SECRET: PLAY_SECRET,
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      },
    });
    // Rounds are run by the tests, on the test clock: the background worker stays out of the way.
    await e().app.deps.jobs.stop();
    await e().app.listen({ port: 0, host: '127.0.0.1' });
    hxk = `http://127.0.0.1:${(e().app.server.address() as AddressInfo).port}`;
    gw.authHTTPAddress = `${hxk}/live/gateway/auth?key=${HOOK_SECRET}`;

    const today = e().clock.now.toISOString().slice(0, 10);
    const times = new Map((await seed((tx) => tx.select().from(sessionTimes).where(eq(sessionTimes.schoolId, A())))).map((t) => [t.sessionNo, t]));
    const meeting = async (when: ReturnType<typeof gt>): Promise<Meeting> => {
      const [m] = await seed((tx) => tx.select({ id: courseSessions.id, classroomId: courseSessions.classroomId, lessonDate: courseSessions.lessonDate, sessionStart: courseSessions.sessionStart, sessionEnd: courseSessions.sessionEnd })
        .from(courseSessions)
        .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
        .where(and(eq(courseSessions.schoolId, A()), eq(courses.teacherId, e().schoolA.users.teacher!.id), isNotNull(courseSessions.classroomId), when))
        .orderBy(asc(courseSessions.lessonDate), asc(courseSessions.sessionStart)).limit(1));
      return { id: m!.id, classroomId: m!.classroomId!, lessonDate: m!.lessonDate, startMinute: times.get(m!.sessionStart)!.startMinute, endMinute: times.get(m!.sessionEnd)!.endMinute };
    };
    cls = await meeting(gt(courseSessions.lessonDate, today));
    other = await meeting(lt(courseSessions.lessonDate, today));
    const room = e().schoolA.directory.classrooms.find((r) => r.id === cls.classroomId)!;
    [composite, teacherCam] = room.cameraIds as [string, string];
    // The room records: its recorder says so, and its cameras have their main RTSP streams.
    await seed(async (tx) => {
      for (const [i, id] of room.cameraIds.entries()) {
        await tx.update(cameras).set({ streamUrl: `rtsp://10.30.1.${20 + i}:554/Streaming/Channels/101` }).where(and(eq(cameras.schoolId, A()), eq(cameras.id, id)));
      }
      await tx.update(recorders).set({ recording: true }).where(and(eq(recorders.schoolId, A()), eq(recorders.id, room.recorderId)));
    });
  }, 60_000);
  afterAll(async () => {
    await env?.close();
    await gw?.close();
  });

  it('records the class\'s paths for its window only: switched on a minute before it, idempotently, off a minute after', async () => {
    const compositePath = gatewayPathName(A(), composite, 'main');
    const cameraPath = gatewayPathName(A(), teacherCam, 'main');
    await jump(at(cls, cls.startMinute, -4 * 60));
    expect(await round()).toMatchObject({ on: 0, off: 0, opened: 0 });
    expect(gw.paths.has(compositePath)).toBe(false);

    e().clock.now = at(cls, cls.startMinute, -150);
    expect(await round()).toMatchObject({ on: 2, off: 0, opened: 2, failed: 0 });
    for (const p of [compositePath, cameraPath]) {
      expect(gw.paths.get(p)).toMatchObject({ sourceOnDemand: false, record: true, recordFormat: 'fmp4', recordDeleteAfter: '4320h' });
      expect(gw.recorded.get(p)).toEqual([{ start: e().clock.now.getTime(), end: null }]);
    }
    expect(gw.activePulls().map((p) => p.path).sort()).toEqual([compositePath, cameraPath].sort());
    const rows = await seed((tx) => tx.select().from(recordings).where(and(eq(recordings.schoolId, A()), eq(recordings.courseSessionId, cls.id))).orderBy(recordings.source));
    expect(rows.map((r) => [r.source, r.cameraId, r.gatewayPath, r.status])).toEqual([[1, composite, compositePath, 'preparing'], [2, teacherCam, cameraPath, 'preparing']]);
    expect(rows[0]!.startedAt.toISOString()).toBe(at(cls, cls.startMinute, -60).toISOString());
    expect(rows[0]!.durationSeconds).toBe((cls.endMinute - cls.startMinute + 2) * 60);

    // The same round again, and one in the middle of the class: nothing changes on the gateway.
    const calls = gw.apiCalls.length;
    expect(await round()).toMatchObject({ on: 0, off: 0, opened: 0 });
    await jump(at(cls, cls.startMinute, 20 * 60));
    expect(await round()).toMatchObject({ on: 0, off: 0, opened: 0 });
    expect(gw.apiCalls.slice(calls).every((c) => c.startsWith('GET /v3/config/paths/list'))).toBe(true);
    expect((await open(admin, cls.id, 2)).body.errorKey).toBe('recordings.notEnded');

    // Ended, but its window still open: the recording is being finished.
    await jump(at(cls, cls.endMinute, 30));
    expect(await round()).toMatchObject({ on: 0, off: 0, closed: 0 });
    const finishing = await open(admin, cls.id, 2);
    expect(finishing.status).toBe(200);
    expect(finishing.body.data.recording).toMatchObject({ status: 'preparing', mediaUrl: null, seek: 'restart' });

    // A minute after the end, through the job queue as in production: off again, rows ready.
    e().clock.now = at(cls, cls.endMinute, 65);
    await e().app.deps.jobs.enqueueRecurring(true);
    while (await e().app.deps.jobs.runNext());
    const [job] = await seed((tx) => tx.select().from(jobs).where(and(eq(jobs.schoolId, A()), eq(jobs.kind, WINDOWS_JOB))));
    expect(job).toMatchObject({ status: 'done', result: expect.objectContaining({ off: 2, closed: 2 }) });
    for (const p of [compositePath, cameraPath]) {
      expect(gw.paths.get(p)).toMatchObject({ sourceOnDemand: true, record: false, recordDeleteAfter: '4320h' });
      expect(gw.recorded.get(p)![0]!.end).toBe(e().clock.now.getTime());
    }
    expect(gw.activePulls()).toEqual([]);
    const listed = await call<TRecordingPage>(e().app, { url: `/app/recordings/v1/page?classroomId=${cls.classroomId}&recorded=1`, token: admin });
    expect(listed.body.data.list.find((c) => c.courseSessionId === cls.id)?.readySources).toEqual([1, 2]);
    // Only the gateway records: a class without a recording says so instead of "prepared when opened".
    expect(listed.body.data.list.every((c) => c.onDemand === false)).toBe(true);
  });

  it('grants the playback server\'s MP4 after asking it for the class\'s span; the hook admits that person\'s token', async () => {
    const r = await open(admin, cls.id, 2);
    expect(r.status).toBe(200);
    granted = r.body.data.recording;
    const path = gatewayPathName(A(), teacherCam, 'main');
    const u = new URL(granted.mediaUrl!);
    expect(`${u.origin}${u.pathname}`).toBe(`${gw.playbackUrl}/get`);
    expect(Object.fromEntries([...u.searchParams].filter(([k]) => k !== 't'))).toEqual({ path, start: rfc3339(new Date(granted.startedAt)), duration: String(granted.durationSeconds), format: 'mp4' });
    expect(granted).toMatchObject({ status: 'ready', seek: 'restart', downloadUrl: granted.mediaUrl, mediaExpiresAt: new Date(e().clock.now.getTime() + PLAY_TOKEN_TTL_MS).toISOString() });
    // hxk asked the playback server first, with its own token, admitted by its own hook.
    expect(gw.playbackCalls.at(-1)).toMatchObject({ route: '/list', status: 200, query: { path } });

    // The browser plays from the gateway, and seeks by asking again from a later moment.
    const mp4 = await fetch(granted.mediaUrl!);
    expect(mp4.status).toBe(200);
    expect(mp4.headers.get('accept-ranges')).toBe('none');
    expect(Buffer.from(await mp4.arrayBuffer()).subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(gw.hookCalls.at(-1)).toMatchObject({ status: 200, body: { action: 'playback', path } });
    const later = await fetch(recordingMediaUrlAt(granted.mediaUrl!, granted.startedAt, granted.durationSeconds, 600));
    expect(later.status).toBe(200);
    await later.arrayBuffer();

    // The class's teacher watches too, but gets no download without the download button.
    const own = await open(teacher, cls.id, 1);
    expect(own.body.data.recording).toMatchObject({ status: 'ready', downloadUrl: null });
    expect((await fetch(own.body.data.recording.mediaUrl!)).status).toBe(200);
    // Video never passes through hxk: its own media route has no file for it.
    const local = await e().app.inject({ method: 'GET', url: `/app/recordings/v1/media?recordingId=${granted.id}`, headers: { authorization: `Bearer ${admin}` } });
    expect(local.statusCode).toBe(409);
  }, 60_000);

  it('has the hook refuse another school, another camera, a span outside the recording, live tokens, an out-of-scope person and an expired token', async () => {
    const path = gatewayPathName(A(), teacherCam, 'main');
    const token = new URL(granted.mediaUrl!).searchParams.get('t')!;
    const q = (t: string, start: Date, duration: number) => new URLSearchParams({ path, start: rfc3339(start), duration: String(duration), format: 'mp4', t }).toString();
    const from = new Date(granted.startedAt);
    expect((await hook(playback(path, q(token, from, granted.durationSeconds)))).status).toBe(200);
    // The same token as a bearer token.
    expect((await hook({ ...playback(path, new URLSearchParams({ path, start: rfc3339(from), duration: '60' }).toString()), token })).status).toBe(200);
    expect(await refusal(playback(gatewayPathName(e().schoolB.schoolId, teacherCam, 'main'), q(token, from, 60)))).toBe('401 school');
    expect(await refusal(playback(gatewayPathName(A(), composite, 'main'), q(token, from, 60)))).toBe('401 camera');
    expect(await refusal(playback(gatewayPathName(A(), teacherCam, 'sub'), q(token, from, 60)))).toBe('401 path');
    expect(await refusal(playback(path, q(token, new Date(from.getTime() - 3_600_000), 60)))).toBe('401 span');
    expect(await refusal(playback(path, q(token, from, granted.durationSeconds + 120)))).toBe('401 span');
    expect(await refusal(playback(path, `path=${path}&t=${encodeURIComponent(token)}`))).toBe('401 span');
    expect(await refusal({ ...playback(path, q(token, from, 60)), action: 'read' })).toMatch(/^401 /);
    // A live play token opens no recording, and a playback token no live stream.
    const live = signPlayToken(Buffer.from(PLAY_SECRET), { schoolId: A(), accountId: e().schoolA.users.admin!.id, cameraId: teacherCam, quality: 'main', expiresAt: e().clock.now.getTime() + 60_000 });
    expect(await refusal(playback(path, q(live, from, 60)))).toBe('401 signature');
    expect(await refusal({ ...playback(path, `t=${encodeURIComponent(token)}`), action: 'read', protocol: 'hls' })).toBe('401 signature');

    const sign = (schoolId: string, viewer: string) => signPlaybackToken(Buffer.from(PLAY_SECRET), {
      schoolId, viewer, recordingId: granted.id, cameraId: teacherCam, from: from.getTime(), to: from.getTime() + granted.durationSeconds * 1000, expiresAt: e().clock.now.getTime() + 60_000,
    });
    // Another school's person, with a token of their school or (forged for) this one.
    const admin2Id = e().schoolB.users.admin!.id;
    expect(await refusal(playback(path, q(sign(e().schoolB.schoolId, admin2Id), from, 60)))).toBe('401 school');
    expect(await refusal(playback(path, q(sign(A(), admin2Id), from, 60)))).toBe('401 live.noPatrol');
    expect((await open(admin2, cls.id, 2)).status).toBe(404);

    // A supervisor whose scope does not cover the room: no grant, and a token made for them is refused.
    const supervisorId = e().schoolA.users.supervisor!.id;
    const inRoom = (await seed((tx) => tx.selectDistinct({ t: courses.teacherId }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .where(and(eq(courseSessions.schoolId, A()), eq(courseSessions.classroomId, cls.classroomId))))).map((x) => x.t);
    const outside = e().schoolA.directory.teachers.map((t) => t.id).find((id) => !inRoom.includes(id))!;
    expect(outside).toBeTruthy();
    await seed(async (tx) => {
      await tx.update(supervisionGroups).set({ realtimePatrol: false }).where(eq(supervisionGroups.schoolId, A()));
      await tx.update(schoolMemberships).set({ realtimePatrol: true, teacherScope: 'selected' }).where(and(eq(schoolMemberships.schoolId, A()), eq(schoolMemberships.accountId, supervisorId)));
      await tx.insert(memberScopeTeachers).values({ schoolId: A(), accountId: supervisorId, teacherId: outside });
    });
    expect((await open(supervisor, cls.id, 2)).body.errorKey).toBe('live.outOfScope');
    expect(await refusal(playback(path, q(sign(A(), supervisorId), from, 60)))).toBe('401 live.outOfScope');
    // Once the room is in their scope, the same kind of token is admitted.
    await seed((tx) => tx.insert(memberScopeTeachers).values({ schoolId: A(), accountId: supervisorId, teacherId: inRoom[0]! }));
    expect((await hook(playback(path, q(sign(A(), supervisorId), from, 60)))).status).toBe(200);

    // Five minutes on, the admin's token has expired.
    e().clock.advance(PLAY_TOKEN_TTL_MS / 1000 + 1);
    expect(await refusal(playback(path, q(token, from, 60)))).toBe('401 expired');
  });

  it('says "not available" when the gateway has no span, and "not recorded" for a class it never recorded', async () => {
    gw.recorded.delete(gatewayPathName(A(), composite, 'main'));
    const gone = await open(admin, cls.id, 1);
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({ errorKey: 'recordings.notAvailable', msg: expect.stringContaining('not available on the media gateway') });
    const never = await open(admin, other.id, 2);
    expect(never.status).toBe(409);
    expect(never.body.errorKey).toBe('recordings.notRecorded');
    // Nothing is drawn on this server with a gateway.
    expect(await seed((tx) => tx.select().from(recordings).where(and(eq(recordings.schoolId, A()), eq(recordings.courseSessionId, other.id))))).toEqual([]);
  });

  it('keeps the school\'s retention on the paths (MediaMTX deletes the segments) and drops older rows', async () => {
    await seed((tx) => tx.insert(schoolSettings).values({ schoolId: A(), recordingRetentionDays: 1 })
      .onConflictDoUpdate({ target: schoolSettings.schoolId, set: { recordingRetentionDays: 1 } }));
    expect(await round()).toMatchObject({ retention: 2, dropped: 0 });
    for (const p of [composite, teacherCam]) expect(gw.paths.get(gatewayPathName(A(), p, 'main'))).toMatchObject({ recordDeleteAfter: '24h', record: false });
    expect(await round()).toMatchObject({ retention: 0, on: 0, off: 0 });
    e().clock.advance(2 * 86_400);
    expect(await round()).toMatchObject({ dropped: 2 });
    expect(await seed((tx) => tx.select().from(recordings).where(and(eq(recordings.schoolId, A()), eq(recordings.courseSessionId, cls.id))))).toEqual([]);
  });
});
