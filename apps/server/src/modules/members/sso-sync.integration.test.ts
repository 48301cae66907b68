import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { scimUser, startScimDouble } from '../../test/scim-double.ts';

describe.each(DRIVERS)('single-sign-on user sync on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  const double = startScimDouble('scim-secret');
  let base: string;
  beforeAll(async () => {
    base = await double.listen();
    // The double is on loopback: the operator allows exactly its address and port.
    env = await createTestEnv(driver, { env: { OUTBOUND_ALLOW_HOSTS: new URL(base).host } });
    admin = await loginAs(env.app, 'admin');
  });
  afterAll(async () => {
    await env?.close();
    await double.close();
  });

  it('refuses to sync before a source is configured, and to teachers', async () => {
    const r = await call(env.app, { url: '/buttjoint/open/sso/sync/user', token: admin, headers: { language: 'en' } });
    expect(r.body).toMatchObject({ errorKey: 'sso.notConfigured', msg: 'The single-sign-on user sync is not configured.' });
    const teacher = await loginAs(env.app, 'teacher');
    expect((await call(env.app, { url: '/buttjoint/open/sso/sync/user', token: teacher })).status).toBe(403);
    expect((await call(env.app, { url: '/base/system/sso/v1/settings', body: { scimUrl: base, scimToken: 'x' }, token: teacher })).status).toBe(403);
  });

  it('creates, joins, updates and disables people from the source, page by page', async () => {
    const saved = await call<{ scimUrl: string; hasToken: boolean }>(env.app, { url: '/base/system/sso/v1/settings', body: { scimUrl: base, scimToken: 'scim-secret' }, token: admin });
    expect(saved.body.data).toMatchObject({ scimUrl: base, hasToken: true, protocol: null });
    double.state.requests = [];
    double.state.users = [
      ...Array.from({ length: 120 }, (_, i) => scimUser(`staff${i}`, { phoneNumbers: [{ value: `1510000${String(i).padStart(4, '0')}`, primary: true }] })),
      scimUser('pupil1', { userType: 'Student' }),
      scimUser('teacher', { name: { formatted: 'Teacher Chen' } }), // an existing member
      scimUser('leader', { active: false }), // leaves the school
      scimUser('teacher2'), // a member of another school: invited, never adopted
    ];
    const r = await call<{ total: number; created: number; joined: number; updated: number; disabled: number }>(env.app, { url: '/buttjoint/open/sso/sync/user', token: admin });
    // teacher and leader belong to this school only: updated; teacher2 belongs to another: invited.
    expect(r.body.data).toEqual({ total: 124, created: 121, joined: 121, updated: 2, disabled: 1, invited: 1, conflicts: [], conflictCount: 0 });
    expect(double.state.requests.filter((q) => q.startsWith('/scim/v2/Users')).length).toBe(2); // two pages of 100

    const list = await call<{ list: { account: string; identity: number; status: string; name: string }[]; total: number }>(env.app, { url: '/base/user/v1/list', body: { keyword: 'pupil1' }, token: admin });
    expect(list.body.data.list[0]).toMatchObject({ identity: 5, status: 'approved', name: 'Name pupil1' });
    const leader = await call<{ list: { status: string }[] }>(env.app, { url: '/base/user/v1/list', body: { keyword: 'leader' }, token: admin });
    expect(leader.body.data.list[0]!.status).toBe('disabled');
    const teacher = await call<{ list: { name: string }[] }>(env.app, { url: '/base/user/v1/list', body: { keyword: 'teacher' }, token: admin });
    expect(teacher.body.data.list.map((m) => m.name)).toContain('Teacher Chen');

    // Again: nothing new.
    const again = await call<{ created: number; joined: number }>(env.app, { url: '/buttjoint/open/sso/sync/user', method: 'POST', token: admin, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(again.body, JSON.stringify(again.body)).toMatchObject({ code: 1, data: { created: 0, joined: 0 } });
  });

  it('reports a refusal by the source clearly', async () => {
    await call(env.app, { url: '/base/system/sso/v1/settings', body: { scimUrl: base, scimToken: 'wrong' }, token: admin });
    const r = await call(env.app, { url: '/buttjoint/open/sso/sync/user', token: admin, headers: { language: 'en' } });
    expect(r.status).toBe(502);
    // A fixed message: the source's own reply ("bad token") is never shown.
    expect(r.body).toMatchObject({ errorKey: 'sso.sourceAuth', msg: 'The identity system refused the access token.' });
    expect(JSON.stringify(r.body)).not.toContain('bad token');
    const s = await call<{ hasToken: boolean }>(env.app, { url: '/base/system/sso/v1/settings', token: admin });
    expect(JSON.stringify(s.body.data)).not.toContain('wrong'); // the token is never returned
  });
});
