import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLiveAnalysisResponse, TPatrolRoomsResponse, TRealtimeMessage } from '@hxk/contracts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { seedDemoLiveAnalysis } from '../../db/seed/demo-live-analysis.ts';
import { assertRoomInReach, responsibleForRoom } from '../live/live.service.ts';
import { zonedInstant } from '../recordings/recording-windows.ts';
import { pendingLiveTimers, realClock, type LiveClock } from './live-source.ts';
import { activeLiveRuns, LIVE_JOB, liveDemoKey, queueLive, useLiveClock, type LiveSourceSpec } from './live.job.ts';
import { gatewayPathName } from '../../platform/adapters/media-gateway-mediamtx.ts';
import { startMediaMtxDouble, type MediaMtxDouble } from '../../test/mediamtx-double.ts';
import { childProcesses } from '../../test/processes.ts';
import { verifyPlayToken } from '../live/play-token.ts';

const P = '/app/ddxk/ai/v1';

/** ffmpeg processes this test process has as children now (a finished analysis leaves none, not even a zombie). */
const ffmpegChildren = () => childProcesses().filter((p) => p.comm === 'ffmpeg').map((p) => p.pid);

/** The harness's clock, with waits that take no time: the class's last two minutes run in seconds. */
function virtualClock(env: TestEnv): LiveClock {
  return {
    now: () => env.clock.now,
    async sleep(ms, signal) {
      signal.throwIfAborted();
      if (ms > 0) env.clock.advance(ms / 1000);
    },
  };
}

type Klass = { id: string; lessonDate: string; startMinute: number; endMinute: number; classroomId: string };

// Live analysis through the job queue (docs/decisions/0022): the round picks the demo teacher's class
// in progress, draws a 2-minute lesson and plays it live for the class's last two minutes.
describe.each(DRIVERS)('live analysis of a class in progress on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let teacher: string;
  let klass: Klass;
  /** Another class of the teacher, analysed from the built-in camera simulator. */
  let other: Klass;
  let end: Date;
  const got: Record<'admin' | 'student' | 'admin2', TRealtimeMessage[]> = { admin: [], student: [], admin2: [] };
  let wallDuringClass: Promise<TPatrolRoomsResponse> | null = null;

  const A = () => env.schoolA.schoolId;
  const liveRow = () => platformTx(env.dbh.db, 'seed', async (tx) =>
    rowsOf<{ id: string; status: string; jobId: string | null }>(await tx.execute(sql`select id::text, status, job_id::text as "jobId" from class_analyses where course_session_id = ${klass.id} and source = 'live'`))[0]);
  const jobsOf = (kind: string) => platformTx(env.dbh.db, 'seed', async (tx) =>
    rowsOf<{ id: string; status: string; result: unknown; payload: { source: LiveSourceSpec } }>(await tx.execute(sql`select id::text, status, result, payload from jobs where school_id = ${A()} and kind = ${kind} order by id`)));

  beforeAll(async () => {
    env = await createTestEnv(driver, { env: { ANALYSIS_LIVE: 'demo', ANALYSIS_SAMPLE_SECONDS: '10' } });
    const classes = await platformTx(env.dbh.db, 'seed', async (tx) =>
      rowsOf<Klass>(await tx.execute(sql`
        select cs.id::text as id, cs.lesson_date::text as "lessonDate", st.start_minute as "startMinute", et.end_minute as "endMinute", cs.classroom_id::text as "classroomId"
        from course_sessions cs
        join courses c on c.school_id = cs.school_id and c.id = cs.course_id
        join accounts a on a.id = c.teacher_id
        join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_start
        join session_times et on et.school_id = cs.school_id and et.session_no = cs.session_end
        where cs.school_id = ${env.schoolA.schoolId} and a.account = 'teacher' and cs.classroom_id is not null
          and exists (select 1 from cameras cam where cam.school_id = cs.school_id and cam.classroom_id = cs.classroom_id and cam.frame = 'studentFull' and cam.status <> 'offline')
        order by abs(cs.lesson_date - current_date), cs.session_start limit 2`)));
    [klass, other] = classes as [Klass, Klass];
    // The class's last two minutes and five seconds: from its minute 43 on.
    end = zonedInstant(klass.lessonDate, klass.endMinute, env.config.schoolTimezone);
    env.clock.now = new Date(end.getTime() - 125_000);
    useLiveClock(env.app.deps, virtualClock(env));
    // Signed in at the class's time (sessions expire on the app's clock).
    [admin, admin2, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'teacher')]);
    // The school's rule: attendance under 80 % at a single sample (the drawn class has about 70 % of its students).
    const rule = await call(env.app, { url: `${P}/warning-rules/save`, token: admin, body: { kind: 'attendanceBelow', threshold: 80, minutes: 0, level: 'mild' } });
    expect(rule.status).toBe(200);
    await seedDemoLiveAnalysis(env.dbh.db, env.app.deps.storage, { seconds: 120 });

    const listen = async (schoolId: string, accountId: string, into: TRealtimeMessage[], onWarning?: () => void) =>
      env.app.deps.realtime.subscribe(schoolId, accountId, (m) => {
        into.push(m);
        if (m.type === 'warning.raised') onWarning?.();
      });
    await listen(A(), env.schoolA.users.admin!.id, got.admin, () => {
      // While the class goes on, the warning puts the room in the wall's warning filter, in "warning in progress".
      wallDuringClass ??= call<TPatrolRoomsResponse>(env.app, { url: '/app/live/v1/patrol/rooms', token: admin, body: { view: 'classroom', filter: 'warning', pageSize: 36 } }).then((r) => r.body.data);
    });
    await listen(A(), env.schoolA.users.student!.id, got.student);
    await listen(env.schoolB.schoolId, env.schoolB.users.admin!.id, got.admin2);
  }, 180_000);
  afterAll(async () => {
    if (env) useLiveClock(env.app.deps, null);
    await env?.close();
  });

  it('is pushed to the people whose patrol reach covers the room, and only them', async () => {
    const members = await platformTx(env.dbh.db, 'seed', async (tx) =>
      rowsOf<{ id: string }>(await tx.execute(sql`select account_id::text as id from school_memberships where school_id = ${A()} and status = 'approved' order by account_id`)));
    const audience = await schoolTx(env.dbh.db, A(), (tx) => responsibleForRoom(tx, klass.classroomId));
    const reach: string[] = [];
    for (const m of members) {
      const ok = await schoolTx(env.dbh.db, A(), (tx) => assertRoomInReach(tx, m.id, klass.classroomId).then(() => true, () => false));
      if (ok) reach.push(m.id);
    }
    // The same rule as watching the room, for every member at once.
    expect(audience).toEqual(reach);
    expect(audience).toContain(env.schoolA.users.admin!.id);
    expect(audience).not.toContain(env.schoolA.users.student!.id);
  });

  it('analyses the class live: samples every period, S-T per interval, one warning, then done at the class end', async () => {
    await env.app.deps.jobs.enqueueRecurring(true);
    env.app.deps.jobs.wake();
    for (let i = 0; i < 1200; i++) {
      const row = await liveRow();
      const job = (await jobsOf(LIVE_JOB))[0];
      if (row?.status === 'failed' || job?.status === 'failed' || (row?.status === 'done' && job?.status === 'done')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const row = await liveRow();
    const jobs = await jobsOf(LIVE_JOB);
    expect(row?.status, JSON.stringify(jobs)).toBe('done');
    expect(jobs.map((j) => j.status)).toEqual(['done']);

    const r = await call<TLiveAnalysisResponse>(env.app, { url: `${P}/live?courseSessionId=${klass.id}`, token: admin });
    expect(r.status).toBe(200);
    const live = r.body.data.live!;
    expect(live.source).toBe('demo');
    expect(live.status).toBe('done');
    expect(live.endsAt).toBe(end.toISOString());
    const classSeconds = (end.getTime() - Date.parse(live.startedAt!)) / 1000;
    // A sample every 10 s of the last two minutes, from the moment the analysis started.
    expect(live.curve.map((p) => p.t)).toEqual(Array.from({ length: 12 }, (_, i) => classSeconds - 120 + i * 10));
    expect(live.now!.present).toBeGreaterThan(0);
    expect(live.now!.attendanceRate!).toBeLessThan(0.8);
    expect(live.now!.teacherPresent).toBe(true);
    // Four half-minute intervals heard on the lapel and room microphones.
    expect(live.audio).toBe('separated');
    expect(live.st!.sequence).toMatch(/^[ST]{4}$/);
    expect(live.methods.attendanceRate!.method).toMatch(/^faces≥/);
    // One warning, raised at the first sample, ended with the class; its evidence is the sample's moment and figures.
    expect(live.warnings.map((w) => [w.kind, w.level, w.moments, w.endedAt])).toEqual([['ai.attendanceBelow', 'mild', [classSeconds - 120], end.toISOString()]]);
    expect(live.warnings[0]!.figures).toMatchObject({ threshold: 80 });

    // Pushed after every sample to the responsible admin, with the warning once; nothing to the student or to another school.
    const lives = got.admin.filter((m) => m.type === 'analysis.live');
    expect(lives.length).toBeGreaterThanOrEqual(12);
    expect(got.admin.filter((m) => m.type === 'warning.raised').map((m) => m.type === 'warning.raised' && [m.warning.kind, m.warning.courseSessionId, m.warning.classroomId])).toEqual([['ai.attendanceBelow', klass.id, klass.classroomId]]);
    expect(got.student).toEqual([]);
    expect(got.admin2).toEqual([]);
    const wall = await wallDuringClass!;
    const room = wall.list.find((x) => x.classroomId === klass.classroomId);
    expect(room?.warning).toMatchObject({ kind: 'ai.attendanceBelow', level: 'mild' });
    expect(room?.course?.state).toBe('warning');

    // The class report shows the live analysis until the recording's replaces it.
    const report = await call<{ analysis: { source: string; warnings: unknown[] } | null }>(env.app, { url: `${P}/report?courseSessionId=${klass.id}`, token: teacher });
    expect(report.body.data.analysis).toMatchObject({ source: 'live' });
    // Another school's class is not found.
    expect((await call(env.app, { url: `${P}/live?courseSessionId=${klass.id}`, token: admin2 })).status).toBe(404);
    // Nothing left running: no ffmpeg, no run, no timer.
    expect(ffmpegChildren()).toEqual([]);
    expect(activeLiveRuns(env.app.deps)).toBe(0);
    expect(pendingLiveTimers()).toBe(0);
  }, 600_000);

  it('reads the built-in simulator\'s test pictures without sound, and says so', async () => {
    // The demo's marker set aside: a round running meanwhile (on a loaded machine, while the clock is
    // in this class and before it is queued here) would otherwise queue the class with the drawn lesson.
    const marker = await env.app.deps.storage.get(liveDemoKey(A()));
    await env.app.deps.storage.delete(liveDemoKey(A()));
    try {
      await simulatorClass();
    } finally {
      if (marker) await env.app.deps.storage.put(liveDemoKey(A()), marker);
    }
  }, 300_000);

  async function simulatorClass() {
    const otherEnd = zonedInstant(other.lessonDate, other.endMinute, env.config.schoolTimezone);
    env.clock.now = new Date(otherEnd.getTime() - 35_000);
    admin = await loginAs(env.app, 'admin');
    await schoolTx(env.dbh.db, A(), (tx) => queueLive(env.app.deps, tx, { schoolId: A(), cls: { courseSessionId: other.id, classroomId: other.classroomId }, source: { kind: 'simulator' } }));
    env.app.deps.jobs.wake();
    let live: TLiveAnalysisResponse['live'] = null;
    for (let i = 0; i < 600 && live?.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      live = (await call<TLiveAnalysisResponse>(env.app, { url: `${P}/live?courseSessionId=${other.id}`, token: admin })).body.data.live;
    }
    expect(live?.status).toBe('done');
    expect(live!.source).toBe('simulator');
    // Samples of the test pattern: no faces, no sound, so no talk and no S-T — said, not guessed.
    expect(live!.curve.map((p) => p.t).length).toBe(3);
    expect(live!.now!.present).toBe(0);
    expect(live!.audio).toBe('none');
    expect(live!.st).toBeNull();
    expect(live!.talk).toBeNull();
  }

  it('stops at once when the server closes, keeping what it measured for the next round', async () => {
    // Back into the class, on the real clock (waits are timers): queued again (as a round does for a
    // class whose job stopped), the analysis resumes from what it stored.
    env.clock.now = new Date(end.getTime() - 95_000);
    useLiveClock(env.app.deps, realClock(() => env.clock.now));
    const { source } = (await jobsOf(LIVE_JOB))[0]!.payload;
    await schoolTx(env.dbh.db, A(), (tx) => queueLive(env.app.deps, tx, { schoolId: A(), cls: { courseSessionId: klass.id, classroomId: klass.classroomId }, source }));
    env.app.deps.jobs.wake();
    for (let i = 0; i < 600 && activeLiveRuns(env.app.deps) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(activeLiveRuns(env.app.deps)).toBe(1);
    // Let it reach a wait for its next moment (on the real clock: a timer).
    for (let i = 0; i < 600 && pendingLiveTimers() === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    await env.app.close();
    expect(Date.now() - t0).toBeLessThan(8_000);
    expect(activeLiveRuns(env.app.deps)).toBe(0);
    expect(pendingLiveTimers()).toBe(0);
    expect(ffmpegChildren()).toEqual([]);
    // Still running for the class (it goes on): the next round, on any process, resumes it.
    expect((await liveRow())?.status).toBe('running');
    const stopped = (await jobsOf(LIVE_JOB)).at(-1)!;
    expect(stopped).toMatchObject({ status: 'done', result: { stopped: true } });
  }, 300_000);
});

// Through the media gateway (the MediaMTX double): ffmpeg reads only the gateway's stream, with a
// play token the gateway's hook admits; the camera's own address is only ever the gateway's to pull.
// The double serves a test card (no faces): the analysis samples the gateway's picture.
describe.each(DRIVERS.slice(0, 1))('live analysis through the media gateway on %s', (driver) => {
  let env: TestEnv;
  let gw: MediaMtxDouble;
  const HOOK_SECRET = 'hook-secret-for-tests-0123456789';
  afterAll(async () => {
    if (env) useLiveClock(env.app.deps, null);
    await env?.close();
    await gw?.close();
  });

  it('asks the gateway for the room\'s camera with an analysis token, never the camera itself', async () => {
    gw = await startMediaMtxDouble({ closeAfterMs: 300 });
    env = await createTestEnv(driver, {
      env: {
        ANALYSIS_LIVE: 'on', MEDIA_GATEWAY: 'mediamtx', MEDIA_GATEWAY_API_URL: gw.apiUrl, MEDIA_GATEWAY_PLAY_URL: gw.hlsUrl,
        MEDIA_GATEWAY_HOOK_SECRET: HOOK_SECRET, PLAY_TOKEN_SECRET: 'play-token-secret-for-tests-0123456789', OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      },
    });
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    gw.authHTTPAddress = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}/live/gateway/auth?key=${HOOK_SECRET}`;
    const A = env.schoolA.schoolId;
    const cls = await platformTx(env.dbh.db, 'seed', async (tx) => {
      const found = rowsOf<Klass & { cameraId: string }>(await tx.execute(sql`
        select cs.id::text as id, cs.lesson_date::text as "lessonDate", st.start_minute as "startMinute", et.end_minute as "endMinute", cs.classroom_id::text as "classroomId",
          (select cam.id::text from cameras cam where cam.school_id = cs.school_id and cam.classroom_id = cs.classroom_id and cam.frame = 'studentFull') as "cameraId"
        from course_sessions cs
        join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_start
        join session_times et on et.school_id = cs.school_id and et.session_no = cs.session_end
        where cs.school_id = ${A} and cs.classroom_id is not null
          and exists (select 1 from cameras cam where cam.school_id = cs.school_id and cam.classroom_id = cs.classroom_id and cam.frame = 'studentFull')
        order by abs(cs.lesson_date - current_date), cs.session_start limit 1`))[0]!;
      await tx.execute(sql`update cameras set stream_url = 'rtsp://10.20.0.' || (id % 250) || ':554/Streaming/Channels/101' where school_id = ${A} and classroom_id = ${found.classroomId}`);
      return found;
    });
    const end = zonedInstant(cls.lessonDate, cls.endMinute, env.config.schoolTimezone);
    env.clock.now = new Date(end.getTime() - 15_000);
    useLiveClock(env.app.deps, virtualClock(env));
    const analysis = await schoolTx(env.dbh.db, A, (tx) => queueLive(env.app.deps, tx, { schoolId: A, cls: { courseSessionId: cls.id, classroomId: cls.classroomId }, source: { kind: 'gateway' } }));
    env.app.deps.jobs.wake();
    const state = () => platformTx(env.dbh.db, 'seed', async (tx) =>
      rowsOf<{ status: string; job: string | null }>(await tx.execute(sql`select a.status, j.status as job from class_analyses a left join jobs j on j.school_id = a.school_id and j.id = a.job_id where a.id = ${analysis.id}`))[0]);
    for (let i = 0; i < 600 && (await state())?.job !== 'done' && (await state())?.job !== 'failed'; i++) await new Promise((r) => setTimeout(r, 250));
    expect(await state()).toEqual({ status: 'done', job: 'done' });
    // The student camera's picture came through the gateway and was sampled: a test card, no faces.
    const samples = await platformTx(env.dbh.db, 'seed', async (tx) =>
      rowsOf<{ camera: string; faces: number }>(await tx.execute(sql`select camera, faces from class_analysis_samples where school_id = ${A} and analysis_id = ${analysis.id}`)));
    expect(samples.filter((x) => x.camera === 'student').length).toBeGreaterThan(0);
    expect(samples.every((x) => x.faces === 0)).toBe(true);

    // ffmpeg read the gateway's path of the room's student camera, admitted by the hook on the analysis's token.
    const path = gatewayPathName(A, cls.cameraId, 'main');
    const reads = gw.hookCalls.filter((c) => c.body.path === path && c.body.action === 'read');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((c) => c.status === 200)).toBe(true);
    const token = String(reads[0]!.body.token || new URLSearchParams(String(reads[0]!.body.query)).get('t'));
    const check = verifyPlayToken(env.config.live.playTokenSecret, token, { cameraId: cls.cameraId, quality: 'main' }, env.clock.now.getTime() - 60_000);
    expect(check.ok && check.grant.accountId).toBe(`analysis:${analysis.id}`);
    // The camera's own address went to the gateway (its pull), and nowhere else.
    expect(gw.pulls.filter((p) => p.path === path).map((p) => p.source)).toContain(`rtsp://10.20.0.${Number(cls.cameraId) % 250}:554/Streaming/Channels/101`);
    expect(ffmpegChildren()).toEqual([]);
  }, 300_000);
});
