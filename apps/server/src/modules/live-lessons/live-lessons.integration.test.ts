import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { zonedInstant } from '../recordings/recording-windows.ts';
import { rawPublicKey, signLicence } from '../licence/licence-code.ts';
import { licencePayload } from '../licence/sign-cli.ts';

type Lesson = { lessonId: string; title: string; state: string; audience: string; cameraId: string; classroomId: string; schoolId: string };
type Page<T> = { list: T[]; total: number };
type Share = { shareId: string; code: string; schoolId: string; audience: string; expiresAt: string; revokedAt: string | null };
type Grant = { url: string; cameraId: string; quality: string };

const P = '/app/live-lessons/v1';
const HOUR = 3_600_000;
const vendor = crypto.generateKeyPairSync('ed25519');
type ClassNow = { courseSessionId: string; courseName: string; teacherName: string } | null;

describe.each(DRIVERS)('live lessons and shares on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let teacher: string;
  const en = { language: 'en' };
  const api = <T>(url: string, opts: { body?: unknown; token?: string } = {}) => call<T>(env.app, { url: `${P}${url}`, headers: en, ...opts });
  /** A time `h` hours from the test clock's now. */
  const at = (h: number) => new Date(env.clock.now.getTime() + h * HOUR).toISOString();
  const room = (i: number) => env.schoolA.directory.classrooms[i]!;
  const save = (body: Record<string, unknown>, token = admin) => api<Lesson>('/save', { body: { title: 'Open class', audience: 'public', cameraId: room(0).cameraIds[0], ...body }, token });

  beforeAll(async () => {
    env = await createTestEnv(driver, { env: { LICENCE_PUBLIC_KEY: rawPublicKey(vendor.publicKey) } });
    [admin, admin2, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'teacher')]);
  });
  afterAll(async () => env?.close());

  it('validates a lesson: fields, end after start, length, end not past', async () => {
    const missing = await api('/save', { body: { audience: 'public', cameraId: room(0).cameraIds[0], startsAt: at(1), endsAt: at(2) }, token: admin });
    expect(missing.status).toBe(400);
    expect(missing.body.errorKey).toBe('common.validation');
    const badTime = await save({ startsAt: 'tomorrow', endsAt: at(2) });
    expect(badTime.status).toBe(400);
    expect(badTime.body.errorKey).toBe('common.validation');
    const reversed = await save({ startsAt: at(2), endsAt: at(1) });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ errorKey: 'liveLessons.endBeforeStart', msg: 'The end must be after the start.' });
    const same = await save({ startsAt: at(2), endsAt: at(2) });
    expect(same.body.errorKey).toBe('liveLessons.endBeforeStart');
    const long = await save({ startsAt: at(1), endsAt: at(14) });
    expect(long.body).toMatchObject({ errorKey: 'liveLessons.tooLong', msg: 'A live lesson cannot last more than 12 hours.' });
    const past = await save({ startsAt: at(-3), endsAt: at(-2) });
    expect(past.body.errorKey).toBe('liveLessons.endInPast');
    const noCamera = await save({ cameraId: '999999999', startsAt: at(1), endsAt: at(2) });
    expect(noCamera.status).toBe(404);
  });

  it('schedules, lists by state, edits, and refuses a second lesson on the camera at the same time', async () => {
    const created = await save({ title: 'Functions', startsAt: at(100), endsAt: at(101) });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ title: 'Functions', state: 'upcoming', audience: 'public', classroomId: room(0).id, schoolId: env.schoolA.schoolId });
    const id = created.body.data.lessonId;

    const clash = await save({ title: 'Other', startsAt: at(100.5), endsAt: at(102) });
    expect(clash.status).toBe(409);
    expect(clash.body.errorKey).toBe('liveLessons.overlap');
    expect(clash.body.msg).toContain('"Functions"');
    // Back to back is no overlap; another camera of the room is free.
    expect((await save({ title: 'Next', startsAt: at(101), endsAt: at(102) })).status).toBe(200);
    expect((await save({ title: 'Other camera', cameraId: room(0).cameraIds[1], startsAt: at(100), endsAt: at(101) })).status).toBe(200);

    const edited = await save({ lessonId: id, title: 'Functions II', audience: 'members', startsAt: at(100), endsAt: at(100.75) });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ lessonId: id, title: 'Functions II', audience: 'members' });
    // Editing a lesson does not clash with itself.
    expect((await save({ lessonId: id, title: 'Functions II', startsAt: at(100.25), endsAt: at(100.75) })).status).toBe(200);

    const upcoming = await api<Page<Lesson>>('/list', { body: { state: 'upcoming', keyword: 'Functions', pageNum: 1, pageSize: 10 }, token: admin });
    expect(upcoming.body.data.total).toBe(1);
    expect(upcoming.body.data.list[0]!.lessonId).toBe(id);
    const paged = await api<Page<Lesson>>('/list', { body: { pageNum: 1, pageSize: 2 }, token: admin });
    expect(paged.body.data.list).toHaveLength(2);
    expect(paged.body.data.total).toBeGreaterThanOrEqual(3);
    const detail = await api<Lesson>(`/detail?lessonId=${id}`, { token: admin });
    expect(detail.body.data.title).toBe('Functions II');
  });

  it('keeps the back office to its permissions and another school out', async () => {
    const lesson = (await save({ title: 'Private', audience: 'members', startsAt: at(200), endsAt: at(201) })).body.data;
    expect((await api('/list', { body: {}, token: teacher })).body.errorKey).toBe('auth.forbidden');
    expect((await api('/save', { body: { title: 'x', audience: 'public', cameraId: room(0).cameraIds[0], startsAt: at(300), endsAt: at(301) }, token: teacher })).status).toBe(403);
    // Another school's administrator: not found everywhere.
    expect((await api(`/detail?lessonId=${lesson.lessonId}`, { token: admin2 })).status).toBe(404);
    expect((await api(`/watch?lessonId=${lesson.lessonId}`, { token: admin2 })).status).toBe(404);
    expect((await api('/cancel', { body: { lessonId: lesson.lessonId }, token: admin2 })).status).toBe(404);
    expect((await api('/play', { body: { lessonId: lesson.lessonId }, token: admin2 })).status).toBe(404);
    expect((await save({ lessonId: lesson.lessonId, startsAt: at(200), endsAt: at(201) }, admin2)).status).toBe(404);
    expect((await api(`/shares?lessonId=${lesson.lessonId}`, { token: admin2 })).status).toBe(404);
    expect((await api('/shares/create', { body: { lessonId: lesson.lessonId, audience: 'public', expiry: '1d' }, token: admin2 })).status).toBe(404);
    const list2 = await api<Page<Lesson>>('/list', { body: {}, token: admin2 });
    expect(list2.body.data.list.map((l) => l.lessonId)).not.toContain(lesson.lessonId);
    // Another school's camera cannot be scheduled.
    expect((await save({ title: 'Theirs', startsAt: at(400), endsAt: at(401) }, admin2)).status).toBe(404);
    // A member of the school (a teacher) watches it; the open viewer wants a sign-in from others.
    expect((await api<{ lesson: Lesson }>(`/watch?lessonId=${lesson.lessonId}`, { token: teacher })).body.data.lesson.title).toBe('Private');
    const anon = await api(`/open/watch?schoolId=${env.schoolA.schoolId}&lessonId=${lesson.lessonId}`);
    expect(anon.status).toBe(403);
    expect(anon.body.errorKey).toBe('liveLessons.signInRequired');
    expect((await api(`/open/watch?schoolId=${env.schoolA.schoolId}&lessonId=${lesson.lessonId}`, { token: admin2 })).body.errorKey).toBe('liveLessons.signInRequired');
    expect((await api(`/open/watch?schoolId=${env.schoolA.schoolId}&lessonId=${lesson.lessonId}`, { token: teacher })).status).toBe(200);
    expect((await api('/open/play', { body: { schoolId: env.schoolA.schoolId, lessonId: lesson.lessonId } })).body.errorKey).toBe('liveLessons.signInRequired');
    // The lesson looked for in the wrong school does not exist.
    expect((await api(`/open/watch?schoolId=${env.schoolB.schoolId}&lessonId=${lesson.lessonId}`)).status).toBe(404);
  });

  it('plays a public lesson without sign-in only while it is on air, then says the program has ended', async () => {
    const camera = room(1).cameraIds[0]!;
    const lesson = (await save({ title: 'Live now soon', cameraId: camera, startsAt: at(0.5), endsAt: at(1.5) })).body.data;
    const q = { schoolId: env.schoolA.schoolId, lessonId: lesson.lessonId };
    const before = await api<{ lesson: Lesson; now: string }>(`/open/watch?schoolId=${q.schoolId}&lessonId=${q.lessonId}`);
    expect(before.status).toBe(200);
    expect(before.body.data.lesson.state).toBe('upcoming');
    const early = await api('/open/play', { body: q });
    expect(early.status).toBe(409);
    expect(early.body.errorKey).toBe('liveLessons.notLive');

    env.clock.advance(45 * 60);
    expect((await api<{ lesson: Lesson }>(`/open/watch?schoolId=${q.schoolId}&lessonId=${q.lessonId}`)).body.data.lesson.state).toBe('live');
    const grant = await api<Grant>('/open/play', { body: q });
    expect(grant.status).toBe(200);
    expect(grant.body.data).toMatchObject({ cameraId: camera, quality: 'main' });
    const playlist = await env.app.inject({ method: 'GET', url: grant.body.data.url });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXTM3U');
    // The token is for this camera only.
    expect((await env.app.inject({ method: 'GET', url: grant.body.data.url.replace(`/${camera}/`, `/${room(0).cameraIds[0]}/`) })).statusCode).toBe(403);
    // A member plays it through the member endpoint too.
    expect((await api<Grant>('/play', { body: { lessonId: lesson.lessonId }, token: teacher })).status).toBe(200);

    env.clock.advance(60 * 60);
    const after = await api('/open/play', { body: q });
    expect(after.status).toBe(410);
    expect(after.body).toMatchObject({ errorKey: 'liveLessons.ended', msg: 'The program has ended.' });
    expect((await api<{ lesson: Lesson }>(`/open/watch?schoolId=${q.schoolId}&lessonId=${q.lessonId}`)).body.data.lesson.state).toBe('ended');
    // Ended lessons are locked.
    expect((await save({ lessonId: lesson.lessonId, cameraId: camera, startsAt: at(1), endsAt: at(2) })).body.errorKey).toBe('liveLessons.locked');
    expect((await api('/cancel', { body: { lessonId: lesson.lessonId }, token: admin })).body.errorKey).toBe('liveLessons.locked');
  });

  it('cancels a lesson: it stops playing, frees its camera and cannot be edited', async () => {
    const camera = room(2).cameraIds[0]!;
    const lesson = (await save({ title: 'To cancel', cameraId: camera, startsAt: at(-0.1), endsAt: at(1) })).body.data;
    expect(lesson.state).toBe('live');
    expect((await api('/cancel', { body: { lessonId: lesson.lessonId }, token: admin })).status).toBe(200);
    expect((await api<Lesson>(`/detail?lessonId=${lesson.lessonId}`, { token: admin })).body.data.state).toBe('cancelled');
    expect((await api('/open/play', { body: { schoolId: env.schoolA.schoolId, lessonId: lesson.lessonId } })).status).toBe(404);
    expect((await save({ lessonId: lesson.lessonId, cameraId: camera, startsAt: at(1), endsAt: at(2) })).body.errorKey).toBe('liveLessons.locked');
    expect((await save({ title: 'Instead', cameraId: camera, startsAt: at(0), endsAt: at(1) })).status).toBe(200);
    const watchable = await api<Page<Lesson>>('/watchable', { body: { keyword: 'To cancel' }, token: admin });
    expect(watchable.body.data.total).toBe(0);
    const managed = await api<Page<Lesson>>('/list', { body: { keyword: 'To cancel', state: 'cancelled' }, token: admin });
    expect(managed.body.data.total).toBe(1);
  });

  it('shares a lesson with an expiry, for anyone or for members, and refuses expired and revoked links', async () => {
    const camera = room(1).cameraIds[1]!;
    const lesson = (await save({ title: 'Shared', cameraId: camera, audience: 'members', startsAt: at(-0.1), endsAt: at(3) })).body.data;
    const share = (audience: string, expiry: string, expiresAt?: string) =>
      api<Share>('/shares/create', { body: { lessonId: lesson.lessonId, audience, expiry, ...(expiresAt ? { expiresAt } : {}) }, token: admin });

    const pub = await share('public', '1d');
    expect(pub.status).toBe(200);
    expect(pub.body.data.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Date(pub.body.data.expiresAt).getTime() - env.clock.now.getTime()).toBe(24 * HOUR);
    const open = (code: string, token?: string) => api<{ lesson: Lesson; share: Share }>(`/open/share?schoolId=${env.schoolA.schoolId}&code=${code}`, token ? { token } : {});
    // A public share opens a members-only lesson for anyone who has the link, and plays it.
    const opened = await open(pub.body.data.code);
    expect(opened.status).toBe(200);
    expect(opened.body.data.lesson).toMatchObject({ title: 'Shared', state: 'live' });
    expect((await api<Grant>('/open/share/play', { body: { schoolId: env.schoolA.schoolId, code: pub.body.data.code } })).status).toBe(200);

    const members = await share('members', '7d');
    expect((await open(members.body.data.code)).body.errorKey).toBe('liveLessons.signInRequired');
    expect((await open(members.body.data.code, admin2)).body.errorKey).toBe('liveLessons.signInRequired');
    expect((await open(members.body.data.code, teacher)).status).toBe(200);

    expect((await share('public', 'custom', at(-1))).body.errorKey).toBe('shares.badExpiry');
    expect((await share('public', 'custom', at(24 * 366))).body.errorKey).toBe('shares.badExpiry');
    expect((await share('public', 'custom')).status).toBe(400);
    const custom = await share('public', 'custom', at(2));
    expect(custom.body.data.expiresAt).toBe(at(2));

    // Another school cannot revoke or open it.
    expect((await api('/shares/revoke', { body: { shareId: members.body.data.shareId }, token: admin2 })).status).toBe(404);
    expect((await api(`/open/share?schoolId=${env.schoolB.schoolId}&code=${pub.body.data.code}`)).body.errorKey).toBe('shares.notFound');
    expect((await api('/open/share?schoolId=1&code=short')).status).toBe(400);

    expect((await api('/shares/revoke', { body: { shareId: members.body.data.shareId }, token: admin })).status).toBe(200);
    const revoked = await open(members.body.data.code, teacher);
    expect(revoked.status).toBe(410);
    expect(revoked.body).toMatchObject({ errorKey: 'shares.revoked', msg: 'This share link has been revoked.' });
    const listed = await api<Share[]>(`/shares?lessonId=${lesson.lessonId}`, { token: admin });
    expect(listed.body.data.map((s) => s.shareId)).toEqual([custom.body.data.shareId, members.body.data.shareId, pub.body.data.shareId]);
    expect(listed.body.data[1]!.revokedAt).not.toBeNull();

    env.clock.advance(2 * 3600 + 1);
    expect((await open(custom.body.data.code)).body).toMatchObject({ errorKey: 'shares.expired', msg: 'This share link has expired.' });
    expect((await api('/open/share/play', { body: { schoolId: env.schoolA.schoolId, code: custom.body.data.code } })).status).toBe(410);
    expect((await open(pub.body.data.code)).status).toBe(200);
    env.clock.advance(2 * 3600);
    // The lesson has ended: the link still opens (to say so), play says the program has ended.
    expect((await open(pub.body.data.code)).body.data.lesson.state).toBe('ended');
    expect((await api('/open/share/play', { body: { schoolId: env.schoolA.schoolId, code: pub.body.data.code } })).body.errorKey).toBe('liveLessons.ended');
    admin = await loginAs(env.app, 'admin'); // the clock has run past the session's idle limit
    expect((await share('public', '1d')).body.errorKey).toBe('shares.lessonOver');
  });
  it('offers the assistant\'s commentary on the class under way in the room: to members in its patrol reach, while the lesson is on air, with the assistant licensed', async () => {
    // A class of the school in a room with cameras; the clock moves ten minutes into it.
    const [cls] = await platformTx(env.dbh.db, 'seed', async (tx) => rowsOf<{ id: string; course: string; date: string; start: number; cameraId: string }>(await tx.execute(sql`
      select cs.id::text as id, c.name as course, cs.lesson_date::text as date, st.start_minute as start,
        (select cam.id::text from cameras cam where cam.school_id = cs.school_id and cam.classroom_id = cs.classroom_id order by cam.id limit 1) as "cameraId"
      from course_sessions cs
      join courses c on c.school_id = cs.school_id and c.id = cs.course_id
      join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_start
      where cs.school_id = ${env.schoolA.schoolId} and exists (select 1 from cameras cam where cam.school_id = cs.school_id and cam.classroom_id = cs.classroom_id)
      order by cs.lesson_date desc, cs.id limit 1`)));
    env.clock.now = new Date(zonedInstant(cls!.date, cls!.start + 10, env.config.schoolTimezone).getTime());
    [admin, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'teacher')]);
    const lesson = (await save({ title: 'Beside the class', cameraId: cls!.cameraId, startsAt: at(-0.1), endsAt: at(0.5) })).body.data;
    expect(lesson.state).toBe('live');
    const classNow = async (token: string) => (await api<{ classNow: ClassNow }>(`/watch?lessonId=${lesson.lessonId}`, { token })).body.data.classNow;
    expect(await classNow(admin)).toEqual({ courseSessionId: cls!.id, courseName: cls!.course, teacherName: expect.any(String) });
    // A teacher without patrol reach watches the lesson, without the commentary; so does the open viewer.
    expect(await classNow(teacher)).toBeNull();
    const open = await api<{ classNow: ClassNow }>(`/open/watch?schoolId=${env.schoolA.schoolId}&lessonId=${lesson.lessonId}`);
    expect(open.body.data.classNow).toBeNull();
    // Not on air (a later lesson in the same room): none either.
    const later = (await save({ title: 'Later', cameraId: cls!.cameraId, startsAt: at(1), endsAt: at(2) })).body.data;
    expect((await api<{ classNow: ClassNow }>(`/watch?lessonId=${later.lessonId}`, { token: admin })).body.data.classNow).toBeNull();
    // A licence without the assistant: no commentary offered.
    const { deploymentId } = (await call<{ deploymentId: string }>(env.app, { url: '/base/licence/v1/info', headers: en, token: admin })).body.data;
    const payload = licencePayload({ licensee: 'Example University', deploymentId, schools: 10, classrooms: 10_000, features: ['live', 'ai', 'statistics', 'lessonPlans', 'sso'], issuedAt: env.clock.now, expiresAt: new Date(env.clock.now.getTime() + 365 * 86_400_000) });
    const activated = await call(env.app, { url: '/base/licence/v1/activate', body: { code: signLicence(payload, vendor.privateKey) }, headers: en, token: admin });
    expect(activated.body.code, activated.body.msg).toBe(1);
    expect(await classNow(admin)).toBeNull();
  });
});
