import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications, schoolSettings } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { APPLICATION_LINK_RE } from '@hxk/contracts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

type Page = { list: { name: string; applicationRes: { id: string; name: string; parentId: string | null }[] }[]; total: number };

describe.each(DRIVERS)('title and applications on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let teacher: string;
  beforeAll(async () => {
    env = await createTestEnv(driver);
    admin = await loginAs(env.app, 'admin');
    teacher = await loginAs(env.app, 'teacher');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('keeps a title per school that only a holder of school:title:edit changes', async () => {
    const t = await call<{ id: string; name: string }>(env.app, { url: '/base/system/title/v1/get', token: teacher });
    expect(t.body.data).toEqual({ id: '333333', name: 'Demo School' });
    const refused = await call(env.app, { url: '/base/system/title/v1/saveOrUpdate', body: { id: 333333, name: 'Mine' }, token: teacher });
    expect(refused.status).toBe(403);
    const saved = await call<{ name: string }>(env.app, { url: '/base/system/title/v1/saveOrUpdate', body: { id: 333333, name: '督导平台' }, token: admin });
    expect(saved.body.data.name).toBe('督导平台');
    expect((await call<{ name: string }>(env.app, { url: '/base/system/title/v1/get', token: teacher })).body.data.name).toBe('督导平台');
    // School B keeps its own.
    const b = await call<{ name: string }>(env.app, { url: '/base/system/title/v1/get', token: await loginAs(env.app, 'teacher2') });
    expect(b.body.data.name).toBe('Second School');
    const empty = await call(env.app, { url: '/base/system/title/v1/saveOrUpdate', body: { name: '  ' }, token: admin });
    expect(empty.status).toBe(400);
  });

  it("gives the shell its start-up facts in one reply, the caller's own", async () => {
    const r = await call<{ title: string; identity: number; isAdmin: boolean; buttons: string[]; menuKeys: string[]; schoolName: string }>(env.app, { url: '/base/user/v1/getUserAppInfo', token: admin });
    expect(r.body.data).toMatchObject({ identity: 1, isAdmin: true, schoolName: 'Demo School' });
    expect(r.body.data.buttons).toContain('school:title:edit');
    expect(r.body.data.menuKeys).toContain('roleManagement');
    const t = await call<{ isAdmin: boolean; buttons: string[]; menuKeys: string[] }>(env.app, { url: `/base/user/v1/getUserAppInfo?userId=${env.schoolA.users.admin!.id}`, token: teacher });
    expect(t.body.data).toMatchObject({ isAdmin: false, buttons: [] });
    expect(t.body.data.menuKeys).not.toContain('roleManagement');
  });

  it('lists application entries grouped, searched and paged', async () => {
    const all = await call<Page>(env.app, { url: '/base/application/v1/getApplictations', body: { pageNum: 1, pageSize: 100 }, token: teacher });
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.list.map((g) => g.name)).toEqual(['Campus', 'Teaching']);
    expect(all.body.data.list[1]!.applicationRes[0]!.parentId).toBe('31415926525');
    const search = await call<Page>(env.app, { url: '/base/application/v1/getApplictations', body: { queryName: 'board' }, token: teacher });
    expect(search.body.data.list).toEqual([{ name: 'Teaching', applicationRes: [expect.objectContaining({ name: 'Data board' })] }]);
    const page2 = await call<Page>(env.app, { url: '/base/application/v1/getApplictations', body: { pageNum: 2, pageSize: 2 }, token: teacher });
    expect(page2.body.data.list.flatMap((g) => g.applicationRes)).toHaveLength(1);
  });

  it('takes only https links or paths with exactly one leading slash, in the contract and in the database', async () => {
    for (const webPath of ['//evil.example', '/\\evil.example', 'http://lib.example.edu/', ' //evil.example', 'https://', '/ x']) {
      const r = await call(env.app, { url: '/base/application/v1/saveOrUpdate', body: { category: 'X', name: 'X', webPath }, token: admin, headers: { language: 'en' } });
      expect(r.status, webPath).toBe(400);
      expect(r.body).toMatchObject({ errorKey: 'common.validation' });
      expect(r.body.msg).toContain('must be an https:// address, or a path on this site starting with a single /');
    }
    const zh = await call(env.app, { url: '/base/application/v1/saveOrUpdate', body: { category: 'X', name: 'X', webPath: '//evil.example' }, token: admin, headers: { language: 'zh' } });
    expect(zh.body.msg).toContain('须为 https:// 地址');
    for (const webPath of ['/', '/hxk/', '/a/b?c=d', 'https://lib.example.edu/x']) {
      const r = await call(env.app, { url: '/base/application/v1/saveOrUpdate', body: { category: 'Links', name: 'Ok', webPath }, token: admin });
      expect(r.body.code, webPath).toBe(1);
    }
    // The database holds the same rule, whoever writes.
    for (const webPath of ['//evil.example', '/\\evil.example', 'http://x.example/']) {
      await expect(
        platformTx(env.dbh.db, 'seed', (tx) => tx.insert(applications).values({ schoolId: env.schoolA.schoolId, category: 'X', name: 'X', webPath })),
        webPath,
      ).rejects.toThrow();
    }
    // Every seeded demo entry satisfies it.
    const rows = await platformTx(env.dbh.db, 'seed', (tx) => tx.select({ webPath: applications.webPath }).from(applications));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.webPath).toMatch(APPLICATION_LINK_RE);
  });

  it('adds and edits entries for administrators only, with validation', async () => {
    const refused = await call(env.app, { url: '/base/application/v1/saveOrUpdate', body: { category: 'X', name: 'X', webPath: '/x' }, token: teacher });
    expect(refused.status).toBe(403);
    const bad = await call(env.app, { url: '/base/application/v1/saveOrUpdate', body: { category: 'X', name: 'X', webPath: 'javascript:alert(1)' }, token: admin, headers: { language: 'en' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('https://');
    const added = await call<{ id: string }>(env.app, { url: '/base/application/v1/saveOrUpdate', body: { category: 'Library', name: 'Catalogue', webPath: 'https://lib.example.edu/' }, token: admin });
    const id = added.body.data.id;
    await call(env.app, { url: '/base/application/v1/saveOrUpdate', body: { id, category: 'Library', name: 'Library catalogue', webPath: 'https://lib.example.edu/' }, token: admin });
    const one = await call<{ name: string }>(env.app, { url: `/base/application/v1/getInfoById?id=${id}`, token: teacher });
    expect(one.body.data.name).toBe('Library catalogue');
  });

  it("another school cannot read or change a school's entries (404, unchanged)", async () => {
    const [entryA] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(applications).where(eq(applications.schoolId, env.schoolA.schoolId)).limit(1));
    const adminB = await loginAs(env.app, 'admin2');
    expect((await call(env.app, { url: `/base/application/v1/getInfoById?id=${entryA!.id}`, token: adminB })).status).toBe(404);
    const change = await call(env.app, { url: '/base/application/v1/saveOrUpdate', body: { id: entryA!.id, category: 'X', name: 'Hijacked', webPath: '/x' }, token: adminB });
    expect(change.status).toBe(404);
    const [after] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(applications).where(eq(applications.id, entryA!.id)));
    expect(after!.name).toBe(entryA!.name);
  });
});

type Settings = {
  defaultResetPasswordSet: boolean;
  lessonPlanUpload: { start: string | null; end: string | null };
  lessonPlanModify: { start: string | null; end: string | null };
  lessonPlanRetention: string;
  planTeacherCanView: boolean;
  planAnonymous: boolean;
  recordingRetentionDays: number;
  aiRetentionDays: number;
  waitingMinutes: number;
  uploadFilesPerMinute: number;
  uploadMbPerHour: number;
  storageQuotaMb: number;
  storageUsedBytes: number;
};
/** What a school that never set its uploads reads (its files take nothing yet). */
const UPLOADS = { uploadFilesPerMinute: 20, uploadMbPerHour: 1024, storageQuotaMb: 20480, storageUsedBytes: 0 };
const SETTINGS = {
  lessonPlanUpload: { start: '08:00', end: '18:30' },
  lessonPlanModify: { start: null, end: null },
  lessonPlanRetention: '1y',
  planTeacherCanView: false,
  planAnonymous: true,
  recordingRetentionDays: 365,
  aiRetentionDays: 90,
  waitingMinutes: 15,
};

describe.each(DRIVERS)('global settings on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let teacher: string;
  let adminB: string;
  const get = (token: string) => call<Settings>(env.app, { url: '/base/system/settings/v1/get', token });
  const save = (token: string, body: object, language = 'en') => call<Settings>(env.app, { url: '/base/system/settings/v1/save', body, token, headers: { language } });
  const row = async (schoolId: string) => (await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(schoolSettings).where(eq(schoolSettings.schoolId, schoolId))))[0];

  beforeAll(async () => {
    env = await createTestEnv(driver);
    admin = await loginAs(env.app, 'admin');
    teacher = await loginAs(env.app, 'teacher');
    adminB = await loginAs(env.app, 'admin2');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('starts from the defaults and saves every setting', async () => {
    const before = await get(admin);
    expect(before.body.data).toEqual({
      defaultResetPasswordSet: false,
      lessonPlanUpload: { start: null, end: null },
      lessonPlanModify: { start: null, end: null },
      lessonPlanRetention: 'forever',
      planTeacherCanView: true,
      planAnonymous: false,
      recordingRetentionDays: 180,
      aiRetentionDays: 180,
      waitingMinutes: 10,
      ...UPLOADS,
    });
    const saved = await save(admin, SETTINGS);
    expect(saved.body.data).toEqual({ ...SETTINGS, ...UPLOADS, defaultResetPasswordSet: false });
    expect(await row(env.schoolA.schoolId)).toMatchObject({ lessonPlanUploadStart: 480, lessonPlanUploadEnd: 1110, waitingMinutes: 15 });
    expect((await get(admin)).body.data).toEqual({ ...SETTINGS, ...UPLOADS, defaultResetPasswordSet: false });
    // The title lives in the same row and is kept.
    await call(env.app, { url: '/base/system/title/v1/saveOrUpdate', body: { name: 'Kept title' }, token: admin });
    await save(admin, SETTINGS);
    expect((await row(env.schoolA.schoolId))!.title).toBe('Kept title');
  });

  it('saves the upload rate and the storage quota, keeps them when a save leaves them out, and refuses values out of range', async () => {
    const uploads = { uploadFilesPerMinute: 5, uploadMbPerHour: 50, storageQuotaMb: 100 };
    const saved = await save(admin, { ...SETTINGS, ...uploads });
    expect(saved.body.data).toMatchObject(uploads);
    expect(await row(env.schoolA.schoolId)).toMatchObject(uploads);
    await save(admin, SETTINGS);
    expect((await get(admin)).body.data).toMatchObject(uploads);
    for (const bad of [{ uploadFilesPerMinute: 0 }, { uploadMbPerHour: 0 }, { storageQuotaMb: -1 }, { storageQuotaMb: 200 * 1024 * 1024 }, { uploadFilesPerMinute: 2.5 }]) {
      const refused = await save(admin, { ...SETTINGS, ...bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.errorKey).toBe('common.validation');
    }
    expect((await get(admin)).body.data).toMatchObject(uploads);
    await save(admin, { ...SETTINGS, uploadFilesPerMinute: 20, uploadMbPerHour: 1024, storageQuotaMb: 20480 });
  });

  it('saves the AI retention apart from the recordings\', keeps it when a save leaves it out, and refuses values out of range', async () => {
    const { aiRetentionDays: _left, ...older } = SETTINGS;
    const saved = await save(admin, { ...SETTINGS, recordingRetentionDays: 30, aiRetentionDays: 0 });
    expect(saved.body.data).toMatchObject({ recordingRetentionDays: 30, aiRetentionDays: 0 });
    expect(await row(env.schoolA.schoolId)).toMatchObject({ recordingRetentionDays: 30, aiRetentionDays: 0 });
    // A client older than the setting leaves it out: kept.
    expect((await save(admin, older)).body.data).toMatchObject({ recordingRetentionDays: 365, aiRetentionDays: 0 });
    for (const bad of [-1, 3651, 1.5]) {
      const refused = await save(admin, { ...SETTINGS, aiRetentionDays: bad });
      expect(refused.status, String(bad)).toBe(400);
    }
    expect((await get(admin)).body.data.aiRetentionDays).toBe(0);
    // Another school's setting is its own.
    expect((await get(adminB)).body.data.aiRetentionDays).toBe(180);
    await save(admin, SETTINGS);
  });

  it('refuses bad windows, numbers and passwords with localized messages and keeps what was saved', async () => {
    const half = await save(admin, { ...SETTINGS, lessonPlanModify: { start: '09:00', end: null } });
    expect(half.status).toBe(400);
    expect(half.body.msg).toContain('needs both a start and an end time, or neither');
    const backwards = await save(admin, { ...SETTINGS, lessonPlanUpload: { start: '18:00', end: '08:00' } }, 'zh');
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toContain('结束时间必须晚于开始时间');
    const clock = await save(admin, { ...SETTINGS, lessonPlanUpload: { start: '8:00', end: '25:00' } }, 'ja');
    expect(clock.body.msg).toContain('HH:mm');
    expect((await save(admin, { ...SETTINGS, waitingMinutes: 500 })).status).toBe(400);
    const weak = await save(admin, { ...SETTINGS, defaultResetPassword: 'password' });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toContain('8-16 characters');
    expect((await get(admin)).body.data).toEqual({ ...SETTINGS, ...UPLOADS, defaultResetPasswordSet: false });
  });

  it("uses the school's default reset password for resets and new people, never shows it, and falls back to the deployment's", async () => {
    const saved = await save(admin, { ...SETTINGS, defaultResetPassword: 'School#2026' });
    expect(saved.body.data.defaultResetPasswordSet).toBe(true);
    expect(JSON.stringify(saved.body)).not.toContain('School#2026');
    expect(JSON.stringify((await get(admin)).body)).not.toContain('School#2026');
    // Stored as a hash only.
    expect((await row(env.schoolA.schoolId))!.defaultResetPassword).toMatch(/^\$argon2id\$/);

    const reset = await call(env.app, { url: '/base/user/v1/reset/pwd', body: { userId: env.schoolA.users.supervisor!.id }, token: admin });
    expect(reset.body.code).toBe(1);
    const login = await call<{ mustChangePassword: boolean }>(env.app, { url: '/base/login/v1/do', body: { type: 'password', account: 'supervisor', password: 'School#2026' } });
    expect(login.body.data.mustChangePassword).toBe(true);
    const old = await call(env.app, { url: '/base/login/v1/do', body: { type: 'password', account: 'supervisor', password: env.config.defaultResetPassword } });
    expect(old.body.code).not.toBe(1);

    const added = await call(env.app, { url: '/base/system/user/v1/save', body: { account: 'settings.new', name: 'New Person', identity: 4 }, token: admin });
    expect(added.body.code).toBe(1);
    const newLogin = await call(env.app, { url: '/base/login/v1/do', body: { type: 'password', account: 'settings.new', password: 'School#2026' } });
    expect(newLogin.body.code).toBe(1);

    // Omitted keeps it; null returns to the deployment default.
    expect((await save(admin, SETTINGS)).body.data.defaultResetPasswordSet).toBe(true);
    expect((await save(admin, { ...SETTINGS, defaultResetPassword: null })).body.data.defaultResetPasswordSet).toBe(false);
    await call(env.app, { url: '/base/user/v1/reset/pwd', body: { userId: env.schoolA.users.leader!.id }, token: admin });
    const fallback = await call(env.app, { url: '/base/login/v1/do', body: { type: 'password', account: 'leader', password: env.config.defaultResetPassword } });
    expect(fallback.body.code).toBe(1);

    // School B's resets are untouched by school A's setting.
    await save(admin, { ...SETTINGS, defaultResetPassword: 'School#2026' });
    await call(env.app, { url: '/base/user/v1/reset/pwd', body: { userId: env.schoolB.users.leader!.id }, token: adminB });
    expect((await call(env.app, { url: '/base/login/v1/do', body: { type: 'password', account: 'leader2', password: env.config.defaultResetPassword } })).body.code).toBe(1);
  });

  it('keeps each school to its own settings and refuses a teacher (403)', async () => {
    const before = await row(env.schoolA.schoolId);
    expect((await get(adminB)).body.data).toMatchObject({ waitingMinutes: 10, defaultResetPasswordSet: false });
    await save(adminB, { ...SETTINGS, waitingMinutes: 30, storageQuotaMb: 7 });
    expect((await get(admin)).body.data.storageQuotaMb).toBe(20480);
    expect((await get(adminB)).body.data.storageQuotaMb).toBe(7);
    expect((await row(env.schoolA.schoolId))!.waitingMinutes).toBe(before!.waitingMinutes);
    expect((await row(env.schoolB.schoolId))!.waitingMinutes).toBe(30);
    expect((await get(teacher)).status).toBe(403);
    expect((await save(teacher, { ...SETTINGS, waitingMinutes: 99 })).status).toBe(403);
    expect((await row(env.schoolA.schoolId))!.waitingMinutes).toBe(before!.waitingMinutes);
  });

  it('deletes application entries for administrators only, never another school\'s', async () => {
    const added = await call<{ id: string }>(env.app, { url: '/base/application/v1/saveOrUpdate', body: { category: 'Library', name: 'To delete', webPath: '/x' }, token: admin });
    const id = added.body.data.id;
    expect((await call(env.app, { url: '/base/application/v1/deleteById', body: { id }, token: teacher })).status).toBe(403);
    expect((await call(env.app, { url: '/base/application/v1/deleteById', body: { id }, token: adminB })).status).toBe(404);
    expect((await call(env.app, { url: `/base/application/v1/getInfoById?id=${id}`, token: admin })).status).toBe(200);
    expect((await call(env.app, { url: '/base/application/v1/deleteById', body: { id }, token: admin })).body.code).toBe(1);
    expect((await call(env.app, { url: `/base/application/v1/getInfoById?id=${id}`, token: admin })).status).toBe(404);
    expect((await call(env.app, { url: '/base/application/v1/deleteById', body: { id }, token: admin })).status).toBe(404);
  });
});
