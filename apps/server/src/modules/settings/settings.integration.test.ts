import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
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

  it('adds and edits entries for administrators only, with validation', async () => {
    const refused = await call(env.app, { url: '/base/application/v1/saveOrUpdate', body: { category: 'X', name: 'X', webPath: '/x' }, token: teacher });
    expect(refused.status).toBe(403);
    const bad = await call(env.app, { url: '/base/application/v1/saveOrUpdate', body: { category: 'X', name: 'X', webPath: 'javascript:alert(1)' }, token: admin, headers: { language: 'en' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('http(s)');
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
