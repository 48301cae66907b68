import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildings, cameras, classrooms, courseSessions, recorders, schoolSettings, videoDownloadLogs } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { startOnvifDouble, type OnvifDouble } from '../../test/onvif-double.ts';

type Tree = { type: string; id: string; name: string; children: { type: string; floor: number; children: { id: string; name: string; cameras?: { id: string; frame: string }[] }[] }[] }[];
type Camera = { id: string; name: string; hasPassword: boolean; password?: string; sensitivity: number; recorderId: string | null; status: string };
type Detail = { id: string; name: string; recorder: { id: string; hasPassword: boolean; status: string; lastSeenAt: string | null } | null; cameras: Camera[] };

describe.each(DRIVERS)('classrooms and devices on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let teacher: string;
  let cam: OnvifDouble;
  const en = { language: 'en' };
  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, admin2, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'teacher')]);
    cam = await startOnvifDouble({ username: 'ptzuser', password: 'Cam#2026', profiles: ['main'] });
  });
  afterAll(async () => {
    await cam?.close();
    await env?.close();
  });
  const rowOf = async <T>(fn: (tx: Parameters<Parameters<typeof platformTx>[2]>[0]) => Promise<T>) => platformTx(env.dbh.db, 'seed', fn);

  it('lists the building → floor → room tree, with cameras for flag 2', async () => {
    const one = await call<Tree>(env.app, { url: '/base/dict/data/v1/classroom/tree', token: teacher });
    expect(one.status).toBe(200);
    const rooms = one.body.data.flatMap((b) => b.children.flatMap((f) => f.children));
    expect(one.body.data.map((b) => b.type)).toEqual(['building']);
    expect(rooms.map((r) => r.id).sort()).toEqual(env.schoolA.directory.classrooms.map((r) => r.id).sort());
    expect(rooms[0]!.cameras).toBeUndefined();
    const two = await call<Tree>(env.app, { url: '/base/dict/data/v1/classroom/tree?flag=2', token: admin });
    const first = env.schoolA.directory.classrooms[0]!;
    const room = two.body.data.flatMap((b) => b.children.flatMap((f) => f.children)).find((r) => r.id === first.id)!;
    expect(room.cameras!.map((c) => c.id).sort()).toEqual([...first.cameraIds].sort());
    // School B sees only its own rooms.
    const other = await call<Tree>(env.app, { url: '/base/dict/data/v1/classroom/tree', token: admin2 });
    expect(other.body.data.flatMap((b) => b.children.flatMap((f) => f.children)).map((r) => r.id)).not.toContain(first.id);
    const bad = await call(env.app, { url: '/base/dict/data/v1/classroom/tree?flag=3', token: admin });
    expect(bad.status).toBe(400);
  });

  it('adds, renames and deletes buildings and rooms with their rules', async () => {
    const b = await call<{ id: string }>(env.app, { url: '/base/classroom/v1/building/save', body: { name: 'Lab Building' }, token: admin });
    expect(b.status).toBe(200);
    const dupB = await call(env.app, { url: '/base/classroom/v1/building/save', body: { name: 'Lab Building' }, token: admin, headers: en });
    expect(dupB.body).toMatchObject({ errorKey: 'building.nameTaken', msg: 'A building with this name exists already.' });
    const room = { buildingId: b.body.data.id, floor: 2, name: 'L201', capacity: 60, seatRows: 10, frontRows: 3 };
    const r = await call<{ id: string; buildingName: string; enabled: boolean }>(env.app, { url: '/base/classroom/v1/save', body: room, token: admin });
    expect(r.body.data).toMatchObject({ buildingName: 'Lab Building', floor: 2, name: 'L201', enabled: true });
    const dupR = await call(env.app, { url: '/base/classroom/v1/save', body: room, token: admin, headers: en });
    expect(dupR.status).toBe(409);
    expect(dupR.body.errorKey).toBe('classroom.nameTaken');
    const front = await call<null>(env.app, { url: '/base/classroom/v1/save', body: { ...room, name: 'L202', frontRows: 11 }, token: admin, headers: en });
    expect(front.status).toBe(400);
    expect(front.body.msg).toContain('cannot be more than the seat rows');
    const cap = await call(env.app, { url: '/base/classroom/v1/save', body: { ...room, name: 'L202', capacity: 10001 }, token: admin, headers: { language: 'zh' } });
    expect(cap.status).toBe(400);
    expect(cap.body.msg).toContain('须为 0 到 10000 的整数');
    const edited = await call<{ name: string; enabled: boolean }>(env.app, { url: '/base/classroom/v1/save', body: { ...room, id: r.body.data.id, name: 'L201A', enabled: false }, token: admin });
    expect(edited.body.data).toMatchObject({ name: 'L201A', enabled: false });
    const busy = await call(env.app, { url: '/base/classroom/v1/building/delete', body: { id: b.body.data.id }, token: admin, headers: en });
    expect(busy.body).toMatchObject({ errorKey: 'building.hasClassrooms', msg: 'This building still has 1 classroom(s). Delete them first.' });
    expect((await call(env.app, { url: '/base/classroom/v1/delete', body: { id: r.body.data.id }, token: admin })).status).toBe(200);
    expect((await call(env.app, { url: '/base/classroom/v1/building/delete', body: { id: b.body.data.id }, token: admin })).status).toBe(200);
  });

  it('refuses to delete a room that still has classes to come', async () => {
    const busy = env.schoolA.directory.classrooms[0]!;
    const r = await call(env.app, { url: '/base/classroom/v1/delete', body: { id: busy.id }, token: admin, headers: en });
    expect(r.status).toBe(409);
    expect(r.body.errorKey).toBe('classroom.hasFutureSessions');
    expect(r.body.msg).toMatch(/still has \d+ upcoming class session/);
    expect(await rowOf((tx) => tx.select().from(classrooms).where(eq(classrooms.id, busy.id)))).toHaveLength(1);
  });

  it('deletes a room that only has past classes, and a recorder with cameras: the classes and cameras stay in the school', async () => {
    // Foreign keys carry school_id: a plain ON DELETE SET NULL would null the school too (migration 0014).
    const room = env.schoolA.directory.classrooms[1]!;
    const course = env.schoolA.directory.courses[0]!;
    const [past] = await rowOf((tx) => tx.insert(courseSessions).values({
      schoolId: env.schoolA.schoolId, courseId: course.id, classroomId: null, week: 1, weekday: 7, sessionStart: 19, sessionEnd: 20, lessonDate: '2000-01-02',
    }).returning({ id: courseSessions.id }));
    const spare = await call<{ id: string }>(env.app, { url: '/base/classroom/v1/save', body: { buildingId: room.buildingId, floor: 9, name: 'Old lab' }, token: admin });
    expect(spare.body.code).toBe(1);
    await rowOf((tx) => tx.update(courseSessions).set({ classroomId: spare.body.data.id }).where(eq(courseSessions.id, past!.id)));
    expect((await call(env.app, { url: '/base/classroom/v1/delete', body: { id: spare.body.data.id }, token: admin })).status).toBe(200);
    const [kept] = await rowOf((tx) => tx.select().from(courseSessions).where(eq(courseSessions.id, past!.id)));
    expect(kept).toMatchObject({ schoolId: env.schoolA.schoolId, classroomId: null });

    const withCameras = await rowOf((tx) => tx.select().from(cameras).where(eq(cameras.recorderId, room.recorderId)));
    expect(withCameras.length).toBeGreaterThan(0);
    expect((await call(env.app, { url: '/base/recorder/v1/delete', body: { id: room.recorderId }, token: admin })).status).toBe(200);
    const after = await rowOf((tx) => tx.select().from(cameras).where(eq(cameras.classroomId, room.id)));
    expect(after.map((c) => c.id).sort()).toEqual(withCameras.map((c) => c.id).sort());
    expect(after.every((c) => c.recorderId === null && c.schoolId === env.schoolA.schoolId)).toBe(true);
  });

  it('keeps device passwords on the server and manages one recorder and the cameras of a room', async () => {
    const room = env.schoolA.directory.classrooms[2]!;
    const again = await call(env.app, { url: '/base/recorder/v1/save', body: { classroomId: room.id, name: 'Second' }, token: admin, headers: en });
    expect(again.body).toMatchObject({ errorKey: 'recorder.exists', msg: 'This classroom already has a recorder.' });
    const rec = await call<{ hasPassword: boolean }>(env.app, {
      url: '/base/recorder/v1/save', body: { id: room.recorderId, classroomId: room.id, name: 'Main recorder', onvifUrl: cam.url, username: 'ptzuser', password: 'Cam#2026' }, token: admin,
    });
    expect(rec.body.data.hasPassword).toBe(true);
    expect(JSON.stringify(rec.body)).not.toContain('Cam#2026');
    const created = await call<Camera>(env.app, {
      url: '/base/camera/v1/save',
      body: { classroomId: room.id, name: 'Teacher close-up', frame: 'teacherCloseUp', streamUrl: 'http://media.local/live/c1.m3u8', onvifUrl: cam.url, profileToken: 'main', username: 'ptzuser', password: 'Cam#2026', ptz: true, sort: 9 },
      token: admin,
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ hasPassword: true, recorderId: room.recorderId, sensitivity: 50, status: 'unknown' });
    expect(created.body.data.password).toBeUndefined();
    // Editing without a password keeps it; null removes it.
    const kept = await call<Camera>(env.app, { url: '/base/camera/v1/save', body: { id: created.body.data.id, classroomId: room.id, name: 'Teacher close-up', frame: 'teacherCloseUp', onvifUrl: cam.url, profileToken: 'main', username: 'ptzuser', ptz: true }, token: admin });
    expect(kept.body.data.hasPassword).toBe(true);
    const badFrame = await call(env.app, { url: '/base/camera/v1/save', body: { classroomId: room.id, name: 'X', frame: 'ceiling' }, token: admin });
    expect(badFrame.status).toBe(400);
    const badUrl = await call(env.app, { url: '/base/camera/v1/save', body: { classroomId: room.id, name: 'X', frame: 'composite', onvifUrl: 'javascript:alert(1)' }, token: admin, headers: en });
    expect(badUrl.body.msg).toContain('must be an http(s) address');
    const detail = await call<Detail>(env.app, { url: `/base/classroom/v1/getInfoById?id=${room.id}`, token: admin });
    expect(detail.body.data.cameras.map((c) => c.name)).toContain('Teacher close-up');
    expect(detail.body.data.recorder).toMatchObject({ id: room.recorderId, hasPassword: true });
    expect(JSON.stringify(detail.body)).not.toContain('Cam#2026');
    const tmp = await call<Camera>(env.app, { url: '/base/camera/v1/save', body: { classroomId: room.id, name: 'Temp', frame: 'pcScreen', password: 'x' }, token: admin });
    const cleared = await call<Camera>(env.app, { url: '/base/camera/v1/save', body: { id: tmp.body.data.id, classroomId: room.id, name: 'Temp', frame: 'pcScreen', password: null }, token: admin });
    expect(cleared.body.data.hasPassword).toBe(false);
    expect((await call(env.app, { url: '/base/camera/v1/delete', body: { id: tmp.body.data.id }, token: admin })).status).toBe(200);
    expect((await call(env.app, { url: '/base/camera/v1/delete', body: { id: tmp.body.data.id }, token: admin })).status).toBe(404);
  });

  it('saves and reads camera sensitivity as a whole number 0-100', async () => {
    const cameraId = env.schoolA.directory.classrooms[1]!.cameraIds[0]!;
    const saved = await call(env.app, { url: '/base/camera/v1/save/camera/sensitivity', body: { cameraId, sensitivity: 72 }, token: admin });
    expect(saved.body.data).toEqual({ cameraId, sensitivity: 72 });
    expect((await call(env.app, { url: `/base/camera/v1/get/camera/sensitivity?cameraId=${cameraId}`, token: admin })).body.data).toEqual({ cameraId, sensitivity: 72 });
    for (const sensitivity of [101, -1, 50.5]) {
      const r = await call(env.app, { url: '/base/camera/v1/save/camera/sensitivity', body: { cameraId, sensitivity }, token: admin, headers: en });
      expect(r.status, String(sensitivity)).toBe(400);
      expect(r.body.msg).toContain('must be a whole number from 0 to 100');
    }
  });

  it('sends PTZ commands to the camera over ONVIF and explains what cannot be done', async () => {
    const room = env.schoolA.directory.classrooms[2]!;
    const detail = await call<Detail>(env.app, { url: `/base/classroom/v1/getInfoById?id=${room.id}`, token: admin });
    const ptzCam = detail.body.data.cameras.find((c) => c.name === 'Teacher close-up')!;
    const before = cam.commands.length;
    const up = await call(env.app, { url: '/base/camera/v1/control/cloud/platform', body: { cameraId: ptzCam.id, command: 'up', speed: 80 }, token: admin });
    expect(up.body).toMatchObject({ code: 1, data: { cameraId: ptzCam.id, command: 'up' } });
    await call(env.app, { url: '/base/camera/v1/control/cloud/platform', body: { cameraId: ptzCam.id, command: 'stop' }, token: admin });
    expect(cam.commands.slice(before)).toEqual([
      { service: 'ptz', action: 'ContinuousMove', profileToken: 'main', x: '0', y: '0.80', zoom: null },
      { service: 'ptz', action: 'Stop', profileToken: 'main', x: null, y: null, zoom: null },
    ]);
    // A seeded camera has no ONVIF address; a pcScreen "camera" has no PTZ.
    const seeded = room.cameraIds[0]!;
    const noOnvif = await call(env.app, { url: '/base/camera/v1/control/cloud/platform', body: { cameraId: seeded, command: 'left' }, token: admin, headers: en });
    expect(noOnvif.body).toMatchObject({ errorKey: 'device.noOnvif', msg: 'This device has no ONVIF address.' });
    const screen = room.cameraIds[3]!;
    const noPtz = await call(env.app, { url: '/base/camera/v1/control/cloud/platform', body: { cameraId: screen, command: 'left' }, token: admin, headers: en });
    expect(noPtz.body.errorKey).toBe('device.noPtz');
    const badCommand = await call(env.app, { url: '/base/camera/v1/control/cloud/platform', body: { cameraId: ptzCam.id, command: 'spin' }, token: admin });
    expect(badCommand.status).toBe(400);
    // A camera that stopped answering: a clear time-out, not a hang.
    cam.hang = true;
    try {
      const started = Date.now();
      const slow = await call(env.app, { url: '/base/camera/v1/control/cloud/platform', body: { cameraId: ptzCam.id, command: 'down' }, token: admin, headers: en });
      expect(slow.status).toBe(504);
      expect(slow.body.msg).toBe('The device did not answer within 5 seconds.');
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      cam.hang = false;
    }
  }, 20_000);

  it('probes devices and reports the recording status of a room', async () => {
    const room = env.schoolA.directory.classrooms[2]!;
    const probed = await call<{ status: string; manufacturer: string; lastSeenAt: string }>(env.app, { url: '/base/device/v1/probe', body: { kind: 'recorder', id: room.recorderId }, token: admin });
    expect(probed.body.data).toMatchObject({ status: 'online', manufacturer: 'Double & Co', model: 'PTZ-Test 1', error: null });
    expect(probed.body.data.lastSeenAt).toBeTruthy();
    const status = await call<{ recorder: { status: string; lastSeenAt: string }; cameras: { id: string; status: string }[]; recording: boolean }>(env.app, {
      url: `/base/device/v1/get/dev/record/status?classroomId=${room.id}`, token: teacher,
    });
    expect(status.body.data.recorder).toMatchObject({ status: 'online', lastSeenAt: probed.body.data.lastSeenAt });
    expect(status.body.data.recording).toBe(false); // the double has no recording service: nothing known
    // A recorder whose ONVIF recording job is active is recording.
    cam.recordingMode = 'Active';
    const active = await call<{ recording: boolean | null }>(env.app, { url: '/base/device/v1/probe', body: { kind: 'recorder', id: room.recorderId }, token: admin });
    expect(active.body.data.recording).toBe(true);
    const nowRecording = await call<{ recording: boolean; recorder: { recording: boolean } }>(env.app, { url: `/base/device/v1/get/dev/record/status?classroomId=${room.id}`, token: teacher });
    expect(nowRecording.body.data).toMatchObject({ recording: true, recorder: { recording: true } });
    cam.recordingMode = 'Idle';
    const idle = await call<{ recording: boolean | null }>(env.app, { url: '/base/device/v1/probe', body: { kind: 'recorder', id: room.recorderId }, token: admin });
    expect(idle.body.data.recording).toBe(false);
    cam.recordingMode = null;
    expect(status.body.data.cameras.map((c) => c.id)).toEqual(expect.arrayContaining(room.cameraIds));
    // Wrong credentials: the device is there, the reason is given.
    await rowOf((tx) => tx.update(recorders).set({ password: 'wrong' }).where(eq(recorders.id, room.recorderId)));
    const refused = await call<{ status: string; error: string }>(env.app, { url: '/base/device/v1/probe', body: { kind: 'recorder', id: room.recorderId }, token: admin, headers: en });
    expect(refused.body.data).toMatchObject({ status: 'online', error: 'The device refused the user name or password.' });
    // A device that is gone is marked offline.
    const gone = await startOnvifDouble({ username: 'a', password: 'b' });
    await gone.close();
    const camId = room.cameraIds[1]!;
    await rowOf((tx) => tx.update(cameras).set({ onvifUrl: gone.url }).where(eq(cameras.id, camId)));
    const offline = await call<{ status: string; error: string }>(env.app, { url: '/base/device/v1/probe', body: { kind: 'camera', id: camId }, token: admin, headers: en });
    expect(offline.body.data.status).toBe('offline');
    expect(offline.body.data.error).toContain('The device cannot be reached');
    const noOnvif = await call(env.app, { url: '/base/device/v1/probe', body: { kind: 'camera', id: room.cameraIds[0] }, token: admin });
    expect(noOnvif.body.errorKey).toBe('device.noOnvif');
  });

  it('keeps the recording views and the external address; builds on defaults', async () => {
    const initial = await call(env.app, { url: '/base/recorder/set/v1/getInfoById', token: teacher });
    expect(initial.body.data).toMatchObject({ recorderVideoView: 1, serverVideoView: 1 });
    const saved = await call(env.app, { url: '/base/recorder/set/v1/save', body: { recorderVideoView: 0, serverVideoView: 1, externalIp: '203.0.113.7:8080' }, token: admin });
    expect(saved.body.data).toEqual({ recorderVideoView: 0, serverVideoView: 1, externalIp: '203.0.113.7:8080' });
    expect((await call(env.app, { url: '/base/servermanager/v1/hero/getExternalInfo', token: teacher })).body.data).toEqual({ externalIp: '203.0.113.7:8080' });
    const bad = await call(env.app, { url: '/base/recorder/set/v1/save', body: { recorderVideoView: 2, serverVideoView: 1, externalIp: 'not an address' }, token: admin });
    expect(bad.status).toBe(400);
    expect((await call(env.app, { url: '/base/recorder/set/v1/getInfoById', token: admin })).body.data).toMatchObject({ recorderVideoView: 0 });
    // School B is untouched.
    expect((await call(env.app, { url: '/base/servermanager/v1/hero/getExternalInfo', token: admin2 })).body.data).toEqual({ externalIp: null });
  });

  it('records who downloaded which recording and lists it paged', async () => {
    const room = env.schoolA.directory.classrooms[1]!;
    const saved = await call<{ id: string }>(env.app, {
      url: '/base/video/download/log/v1/save', body: { cameraId: room.cameraIds[0], fileName: 'A102-2026-11-20.mp4', startAt: '2026-11-20T08:00:00Z', endAt: '2026-11-20T08:45:00+00:00' }, token: admin,
    });
    expect(saved.status).toBe(200);
    const page = await call<{ list: { id: string; account: string; classroomId: string; classroomName: string; fileName: string }[]; total: number }>(env.app, {
      url: '/base/video/download/log/v1/page', body: { pageNum: 1, pageSize: 10, keyword: 'A102-2026' }, token: admin,
    });
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.list[0]).toMatchObject({ id: saved.body.data.id, account: 'admin', classroomId: room.id, classroomName: room.name });
    expect((await call<{ total: number }>(env.app, { url: '/base/video/download/log/v1/page', body: { pageNum: 1, pageSize: 10 }, token: admin2 })).body.data.total).toBe(0);
  });

  it('keeps the front-row settings within their ranges', async () => {
    expect((await call(env.app, { url: '/base/classroom/v1/frontRow/get', token: admin })).body.data).toEqual({ frontRowEmptySeats: 0, frontRowMinRate: 60 });
    const saved = await call(env.app, { url: '/base/classroom/v1/frontRow/save', body: { frontRowEmptySeats: 10000, frontRowMinRate: 75 }, token: admin });
    expect(saved.body.data).toEqual({ frontRowEmptySeats: 10000, frontRowMinRate: 75 });
    for (const body of [{ frontRowEmptySeats: 10001, frontRowMinRate: 75 }, { frontRowEmptySeats: 1.5, frontRowMinRate: 75 }, { frontRowEmptySeats: 1, frontRowMinRate: 101 }, { frontRowEmptySeats: 1, frontRowMinRate: -1 }]) {
      const r = await call(env.app, { url: '/base/classroom/v1/frontRow/save', body, token: admin, headers: en });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.msg).toMatch(/must be a whole number from 0 to (100|10000)/);
    }
    const [row] = await rowOf((tx) => tx.select().from(schoolSettings).where(eq(schoolSettings.schoolId, env.schoolA.schoolId)));
    expect(row).toMatchObject({ frontRowEmptySeats: 10000, frontRowMinRate: 75 });
    const room = env.schoolA.directory.classrooms[1]!;
    const rooms = await call<{ list: { id: string; seatRows: number }[]; total: number }>(env.app, { url: '/base/classroom/v1/frontRow/rooms', body: { pageNum: 1, pageSize: 2 }, token: admin });
    expect(rooms.body.data.total).toBe(env.schoolA.directory.classrooms.length);
    expect(rooms.body.data.list).toHaveLength(2);
    const edited = await call(env.app, { url: '/base/classroom/v1/frontRow/saveRoom', body: { classroomId: room.id, seatRows: 12, frontRows: 4 }, token: admin });
    expect(edited.body.data).toMatchObject({ id: room.id, seatRows: 12, frontRows: 4 });
    const tooMany = await call(env.app, { url: '/base/classroom/v1/frontRow/saveRoom', body: { classroomId: room.id, seatRows: 3, frontRows: 4 }, token: admin });
    expect(tooMany.status).toBe(400);
  });

  it('refuses every change to a teacher', async () => {
    const room = env.schoolA.directory.classrooms[1]!;
    const attempts: [string, unknown?][] = [
      ['/base/classroom/v1/building/save', { name: 'T' }],
      ['/base/classroom/v1/building/delete', { id: room.buildingId }],
      ['/base/classroom/v1/save', { buildingId: room.buildingId, floor: 1, name: 'T' }],
      ['/base/classroom/v1/delete', { id: room.id }],
      [`/base/classroom/v1/getInfoById?id=${room.id}`],
      ['/base/recorder/v1/save', { classroomId: room.id, name: 'T' }],
      ['/base/recorder/v1/delete', { id: room.recorderId }],
      ['/base/camera/v1/save', { classroomId: room.id, name: 'T', frame: 'composite' }],
      ['/base/camera/v1/delete', { id: room.cameraIds[0] }],
      ['/base/camera/v1/save/camera/sensitivity', { cameraId: room.cameraIds[0], sensitivity: 1 }],
      [`/base/camera/v1/get/camera/sensitivity?cameraId=${room.cameraIds[0]}`],
      ['/base/camera/v1/control/cloud/platform', { cameraId: room.cameraIds[0], command: 'up' }],
      ['/base/recorder/set/v1/save', { recorderVideoView: 1, serverVideoView: 1 }],
      ['/base/device/v1/probe', { kind: 'camera', id: room.cameraIds[0] }],
      ['/base/video/download/log/v1/save', { cameraId: room.cameraIds[0] }],
      ['/base/video/download/log/v1/page', { pageNum: 1, pageSize: 10 }],
      ['/base/classroom/v1/frontRow/get'],
      ['/base/classroom/v1/frontRow/save', { frontRowEmptySeats: 1, frontRowMinRate: 1 }],
      ['/base/classroom/v1/frontRow/rooms', { pageNum: 1, pageSize: 10 }],
      ['/base/classroom/v1/frontRow/saveRoom', { classroomId: room.id, seatRows: 1, frontRows: 1 }],
    ];
    for (const [url, body] of attempts) {
      const r = await call(env.app, { url, body, token: teacher });
      expect(r.status, url).toBe(403);
      expect(r.body.errorKey, url).toBe('auth.forbidden');
    }
  });

  it("does not let another school read, change or delete this school's rooms and devices", async () => {
    const room = env.schoolA.directory.classrooms[1]!;
    const cameraId = room.cameraIds[1]!;
    const snapshot = () => rowOf(async (tx) => ({
      building: await tx.select().from(buildings).where(eq(buildings.id, room.buildingId)),
      room: await tx.select().from(classrooms).where(eq(classrooms.id, room.id)),
      recorder: await tx.select().from(recorders).where(eq(recorders.id, room.recorderId)),
      camera: await tx.select().from(cameras).where(eq(cameras.id, cameraId)),
    }));
    const before = await snapshot();
    const attempts: [string, unknown?][] = [
      ['/base/classroom/v1/building/save', { id: room.buildingId, name: 'Taken over' }],
      ['/base/classroom/v1/building/delete', { id: room.buildingId }],
      ['/base/classroom/v1/save', { id: room.id, buildingId: room.buildingId, floor: 1, name: 'Taken over' }],
      ['/base/classroom/v1/save', { id: room.id, buildingId: env.schoolB.directory.buildingIds[0], floor: 1, name: 'Taken over' }],
      ['/base/classroom/v1/delete', { id: room.id }],
      [`/base/classroom/v1/getInfoById?id=${room.id}`],
      ['/base/recorder/v1/save', { id: room.recorderId, classroomId: room.id, name: 'Taken over', password: 'x' }],
      ['/base/recorder/v1/delete', { id: room.recorderId }],
      ['/base/camera/v1/save', { id: cameraId, classroomId: room.id, name: 'Taken over', frame: 'composite' }],
      ['/base/camera/v1/save', { classroomId: room.id, name: 'Planted', frame: 'composite' }],
      ['/base/camera/v1/delete', { id: cameraId }],
      ['/base/camera/v1/save/camera/sensitivity', { cameraId, sensitivity: 1 }],
      [`/base/camera/v1/get/camera/sensitivity?cameraId=${cameraId}`],
      ['/base/camera/v1/control/cloud/platform', { cameraId, command: 'up' }],
      [`/base/device/v1/get/dev/record/status?classroomId=${room.id}`],
      ['/base/device/v1/probe', { kind: 'recorder', id: room.recorderId }],
      ['/base/video/download/log/v1/save', { cameraId }],
      ['/base/video/download/log/v1/save', { classroomId: room.id }],
      ['/base/classroom/v1/frontRow/saveRoom', { classroomId: room.id, seatRows: 1, frontRows: 1 }],
    ];
    for (const [url, body] of attempts) {
      const r = await call(env.app, { url, body, token: admin2 });
      expect(r.status, url).toBe(404);
      expect(r.body.errorKey, url).toBe('common.notFound');
    }
    expect(await snapshot()).toEqual(before);
    const logs = await rowOf((tx) => tx.select().from(videoDownloadLogs).where(eq(videoDownloadLogs.schoolId, env.schoolB.schoolId)));
    expect(logs).toEqual([]);
    const planted = await rowOf((tx) => tx.select().from(cameras).where(eq(cameras.name, 'Planted')));
    expect(planted).toEqual([]);
  });
});
