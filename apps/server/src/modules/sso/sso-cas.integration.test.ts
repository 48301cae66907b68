import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schoolMemberships, ssoConfigs } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { casLogoutRequest, startCasDouble } from '../../test/cas-double.ts';

type Session = { token: string; schoolId: string; account: string; identity: number; entry: string };
const SERVICE_A = 'http://localhost/hxk/SSO';

describe.each(DRIVERS)('single sign-on by CAS on %s', (driver) => {
  let env: TestEnv;
  let adminA: string;
  let adminB: string;
  const cas = startCasDouble();
  let casUrl: string;
  beforeAll(async () => {
    casUrl = await cas.listen();
    env = await createTestEnv(driver, { env: { OUTBOUND_ALLOW_HOSTS: new URL(casUrl).host } });
    adminA = await loginAs(env.app, 'admin');
    adminB = await loginAs(env.app, 'admin2');
  });
  afterAll(async () => {
    await env?.close();
    await cas.close();
  });

  const settings = (token: string, body?: unknown, lang = 'en') => call<Record<string, unknown>>(env.app, { url: '/base/system/sso/v1/settings', token, headers: { language: lang }, ...(body === undefined ? {} : { body }) });
  const complete = (body: Record<string, unknown>, host = 'localhost') =>
    call<Session>(env.app, { url: '/base/sso/v1/complete', body, headers: { host, language: 'en' } });

  it('settings: a protocol needs its addresses, the OIDC secret is sealed and never returned, teachers and other schools see nothing', async () => {
    expect((await settings(adminA)).body.data).toMatchObject({ protocol: null, casServerUrl: null, hasOidcClientSecret: false, unknownPeople: 'refuse' });
    const incomplete = await settings(adminA, { protocol: 'oidc', oidcIssuer: 'https://idp.example.edu' });
    expect(incomplete.body).toMatchObject({ errorKey: 'sso.incomplete', msg: 'The single-sign-on settings are incomplete: oidcClientId' });
    const withSecret = await settings(adminA, { oidcIssuer: 'https://idp.example.edu/', oidcClientId: 'hxk', oidcClientSecret: 's3cret-value' });
    expect(withSecret.body.data).toMatchObject({ protocol: null, oidcIssuer: 'https://idp.example.edu', oidcClientId: 'hxk', hasOidcClientSecret: true });
    expect(JSON.stringify(withSecret.body)).not.toContain('s3cret-value');
    const [row] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(ssoConfigs).where(eq(ssoConfigs.schoolId, env.schoolA.schoolId)));
    expect(row!.oidcClientSecret).toMatch(/^sealed:v1:/);
    expect(row!.oidcClientSecret).not.toContain('s3cret-value');

    const saved = await settings(adminA, { protocol: 'cas', casServerUrl: `${casUrl}/` });
    expect(saved.body.data).toMatchObject({ protocol: 'cas', casServerUrl: casUrl, scimUrl: null, hasToken: false, hasOidcClientSecret: true });
    expect(JSON.stringify((await settings(adminA)).body)).not.toContain('s3cret-value');

    // Another school's administrator reads and writes only their own school's settings.
    expect((await settings(adminB)).body.data).toMatchObject({ protocol: null, casServerUrl: null, hasOidcClientSecret: false });
    await settings(adminB, { unknownPeople: 'create' });
    expect((await settings(adminA)).body.data).toMatchObject({ protocol: 'cas', unknownPeople: 'refuse' });
    const teacher = await loginAs(env.app, 'teacher');
    expect((await settings(teacher)).status).toBe(403);
    expect((await settings(teacher, { protocol: null })).status).toBe(403);
  });

  it('/SSO without a ticket goes to the school CAS login with the service URL; a school without single sign-on says so', async () => {
    const r = await call<{ redirectUrl: string }>(env.app, { url: '/base/sso/v1/start?entry=front', headers: { host: 'localhost' } });
    expect(r.body.data.redirectUrl).toBe(`${casUrl}/login?service=${encodeURIComponent(SERVICE_A)}`);
    const back = await call<{ redirectUrl: string }>(env.app, { url: '/base/sso/v1/start?entry=back&school=DEMO', headers: { host: 'elsewhere.example' } });
    expect(back.body.data.redirectUrl).toBe(`${casUrl}/login?service=${encodeURIComponent('http://elsewhere.example/hxk/SSOBS?school=DEMO')}`);
    const none = await call(env.app, { url: '/base/sso/v1/start?school=SECOND', headers: { language: 'en' } });
    expect(none.body).toMatchObject({ errorKey: 'sso.notEnabled', msg: 'This school has no single sign-on.' });
    expect((await call(env.app, { url: '/base/sso/v1/start', headers: { host: 'nowhere.example' } })).body.errorKey).toBe('sso.schoolUnknown');
    expect((await call(env.app, { url: '/base/sso/v1/start?school=NOPE' })).body.errorKey).toBe('school.incorrectCode');
  });

  it('a ticket signs in a member of the school (by account name, then by the stored binding); a used ticket is refused', async () => {
    const ticket = cas.issue('teacher', SERVICE_A);
    const r = await complete({ entry: 'front', ticket });
    expect(r.body.code).toBe(1);
    expect(r.body.data).toMatchObject({ account: 'teacher', schoolId: env.schoolA.schoolId, entry: 'front' });
    expect(r.res.cookies.find((c) => c.name === 'hxk_session')?.httpOnly).toBe(true);
    const info = await call<{ sso: boolean; account: string }>(env.app, { url: '/base/user/v1/info', token: r.body.data.token });
    expect(info.body.data).toMatchObject({ sso: true });
    expect(cas.state.requests.some((q) => q.startsWith('/cas/p3/serviceValidate?'))).toBe(true);

    expect((await complete({ entry: 'front', ticket })).body).toMatchObject({ errorKey: 'sso.ticketInvalid' });
    // Even from a CAS server that would validate it again, hxk takes a ticket once.
    cas.state.reuse = true;
    try {
      expect((await complete({ entry: 'front', ticket })).body).toMatchObject({ errorKey: 'sso.ticketInvalid' });
    } finally {
      cas.state.reuse = false;
    }
    expect((await complete({ entry: 'front', ticket: 'ST-forged' })).body).toMatchObject({ errorKey: 'sso.ticketInvalid', msg: 'The single-sign-on ticket is invalid or has expired. Sign in again.' });
  });

  it('falls back to /serviceValidate (CAS 2.0) when the server has no /p3', async () => {
    cas.state.p3 = false;
    try {
      const r = await complete({ entry: 'back', ticket: cas.issue('leader', 'http://localhost/hxk/SSOBS') });
      expect(r.body.data).toMatchObject({ account: 'leader', entry: 'back' });
    } finally {
      cas.state.p3 = true;
    }
  });

  it('a ticket issued for another school, or presented at another school, is refused', async () => {
    // Second School turns CAS on with the same server: a ticket made for its service is no good at the Demo School.
    await settings(adminB, { protocol: 'cas', casServerUrl: casUrl, unknownPeople: 'refuse' });
    const forB = cas.issue('teacher', 'http://localhost/hxk/SSO?school=SECOND');
    expect((await complete({ entry: 'front', ticket: forB })).body.errorKey).toBe('sso.ticketInvalid');
    // The Demo School's teacher is no member of the Second School: refused there, never signed into it.
    const atB = await complete({ entry: 'front', school: 'SECOND', ticket: cas.issue('teacher', 'http://localhost/hxk/SSO?school=SECOND') });
    expect(atB.body).toMatchObject({ errorKey: 'sso.unknownPerson', msg: "This school has no account for you. Ask the school's administrator." });
    // The Second School's own teacher signs in there, by its code, from any host.
    const own = await complete({ entry: 'front', school: 'SECOND', ticket: cas.issue('teacher2', 'http://second.localhost/hxk/SSO?school=SECOND') }, 'second.localhost');
    expect(own.body.data).toMatchObject({ account: 'teacher2', schoolId: env.schoolB.schoolId });
  });

  it('never an account that is not wholly the school: a member here who also applied elsewhere is refused, even once bound', async () => {
    const supervisor = env.schoolA.users.supervisor!;
    await platformTx(env.dbh.db, 'seed', (tx) => tx.insert(schoolMemberships).values({ schoolId: env.schoolB.schoolId, accountId: supervisor.id, identity: 3, status: 'pending' }));
    const r = await complete({ entry: 'front', ticket: cas.issue('supervisor', SERVICE_A) });
    expect(r.body).toMatchObject({ errorKey: 'sso.accountShared' });
    expect(r.status).toBe(403);
    // 'teacher' was bound above; joining another school takes single sign-on away from it too.
    const teacher = env.schoolA.users.teacher!;
    await platformTx(env.dbh.db, 'seed', (tx) => tx.insert(schoolMemberships).values({ schoolId: env.schoolB.schoolId, accountId: teacher.id, identity: 4, status: 'approved' }));
    expect((await complete({ entry: 'front', ticket: cas.issue('teacher', SERVICE_A) })).body.errorKey).toBe('sso.accountShared');
    await platformTx(env.dbh.db, 'seed', (tx) => tx.delete(schoolMemberships).where(and(eq(schoolMemberships.accountId, teacher.id), eq(schoolMemberships.schoolId, env.schoolB.schoolId))));
    expect((await complete({ entry: 'front', ticket: cas.issue('teacher', SERVICE_A) })).body.code).toBe(1);
  });

  it('people unknown to the school are refused, or created in it when the school chooses so', async () => {
    expect((await complete({ entry: 'front', ticket: cas.issue('newcomer', SERVICE_A) })).body.errorKey).toBe('sso.unknownPerson');
    await settings(adminA, { unknownPeople: 'create' });
    cas.state.attributes.pupil9 = { displayName: 'Pupil Nine', userType: 'Student' };
    const r = await complete({ entry: 'front', ticket: cas.issue('pupil9', SERVICE_A) });
    expect(r.body.data).toMatchObject({ account: 'pupil9', name: 'Pupil Nine', schoolId: env.schoolA.schoolId, identity: 5 });
    // A person of another school is never adopted, even when unknown people are created.
    expect((await complete({ entry: 'front', ticket: cas.issue('admin2', SERVICE_A) })).body.errorKey).toBe('sso.unknownPerson');
    await settings(adminA, { unknownPeople: 'refuse' });
  });

  it("logging out goes to the CAS logout; the CAS server's single logout ends the session its ticket opened", async () => {
    const ticket = cas.issue('leader', SERVICE_A);
    const { token } = (await complete({ entry: 'front', ticket })).body.data;
    const url = await call<{ url: string | null }>(env.app, { url: '/base/sso/v1/logout-url', token, headers: { host: 'localhost' } });
    expect(url.body.data.url).toBe(`${casUrl}/logout?service=${encodeURIComponent('http://localhost/hxk/login')}&url=${encodeURIComponent('http://localhost/hxk/login')}`);
    expect((await call<{ url: string | null }>(env.app, { url: '/base/sso/v1/logout-url', token: adminA })).body.data.url).toBeNull();

    const slo = await env.app.inject({ method: 'POST', url: '/hxk/SSO', headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ logoutRequest: casLogoutRequest(ticket) }).toString() });
    expect(slo.statusCode).toBe(200);
    expect((await call(env.app, { url: '/base/user/v1/info', token })).status).toBe(401);
    // A logout request naming a ticket of nothing, or not XML at all, changes nothing.
    const other = await loginAs(env.app, 'leader');
    const junk = await env.app.inject({ method: 'POST', url: '/hxk/SSO', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'logoutRequest=%3C!DOCTYPE%20x%3E' });
    expect(junk.statusCode).toBe(200);
    expect((await call(env.app, { url: '/base/user/v1/info', token: other })).status).toBe(200);
  });
});
