import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../test/harness.ts';
import { addSchool } from './add-school.ts';

describe.each(DRIVERS)('adding a school on %s', (driver) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(driver);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('adds a school with its hosts and first administrator', async () => {
    const id = await addSchool(env.dbh, { name: 'Example University', code: 'EXU', domains: ['https://HXK.example.edu:8443/'], admin: 'teacher' });
    const byHost = await call<string>(env.app, { url: '/base/system/tenant/school/hero/get/tenant/id/by/domain?domainName=hxk.example.edu' });
    expect(byHost.body.data).toBe(id);
    const login = await call<{ schoolId: string; identity: number }>(env.app, { url: '/base/login/v1/do', body: { type: 'password', account: 'teacher', password: 'Demo@2026', schoolId: id } });
    expect(login.body.data).toMatchObject({ schoolId: id, identity: 1 });
    expect((await call(env.app, { url: '/base/system/school/membership/v1/page', token: await loginAs(env.app, 'admin') })).body.code).toBe(1);
  });

  it('refuses a taken code, a taken host and an unknown administrator', async () => {
    await expect(addSchool(env.dbh, { name: 'X', code: 'demo', domains: [] })).rejects.toThrow(/exists already/);
    await expect(addSchool(env.dbh, { name: 'X', code: 'X1', domains: ['localhost'] })).rejects.toThrow(/already serves/);
    await expect(addSchool(env.dbh, { name: 'X', code: 'X2', domains: [], admin: 'nobody' })).rejects.toThrow(/no account/);
  });
});
