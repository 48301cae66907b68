import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { startOidcDouble } from '../../test/oidc-double.ts';

type Session = { token: string; schoolId: string; account: string; name: string; entry: string };

describe.each(DRIVERS)('single sign-on by OpenID Connect on %s', (driver) => {
  let env: TestEnv;
  let adminA: string;
  const idp = startOidcDouble({ clientId: 'hxk-demo', clientSecret: 'client-secret-1' });
  let issuer: string;
  beforeAll(async () => {
    issuer = await idp.listen();
    env = await createTestEnv(driver, { env: { OUTBOUND_ALLOW_HOSTS: new URL(issuer).host } });
    adminA = await loginAs(env.app, 'admin');
    const saved = await call(env.app, { url: '/base/system/sso/v1/settings', token: adminA, body: { protocol: 'oidc', oidcIssuer: issuer, oidcClientId: 'hxk-demo', oidcClientSecret: 'client-secret-1' } });
    expect(saved.body.code).toBe(1);
    expect(JSON.stringify(saved.body)).not.toContain('client-secret-1');
  });
  afterAll(async () => {
    await env?.close();
    await idp.close();
  });

  /** /SSO's start, then the provider signs the person in and sends the browser back: the code and state it returns with. */
  async function startAndReturn(entry = 'front') {
    const r = await call<{ redirectUrl: string }>(env.app, { url: `/base/sso/v1/start?entry=${entry}`, headers: { host: 'localhost' } });
    expect(r.body.code).toBe(1);
    const cookie = r.res.cookies.find((c) => c.name === 'hxk_sso')!;
    expect(cookie.httpOnly).toBe(true);
    const auth = new URL(r.body.data.redirectUrl);
    expect(auth.origin + auth.pathname).toBe(`${issuer}/authorize`);
    expect(auth.searchParams.get('redirect_uri')).toBe('http://localhost/hxk/SSO');
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    const back = await fetch(auth, { redirect: 'manual' });
    const to = new URL(back.headers.get('location')!);
    return { code: to.searchParams.get('code')!, state: to.searchParams.get('state')!, cookie: `hxk_sso=${cookie.value}` };
  }
  const complete = (body: Record<string, unknown>, cookie?: string) =>
    call<Session>(env.app, { url: '/base/sso/v1/complete', body, headers: { host: 'localhost', language: 'en', ...(cookie ? { cookie } : {}) } });

  it('code + PKCE: the id_token checked, the member signed in; the same code and state again, or from another browser, are refused', async () => {
    const { code, state, cookie } = await startAndReturn('back');
    const r = await complete({ code, state }, cookie);
    expect(r.body.data).toMatchObject({ account: 'teacher', schoolId: env.schoolA.schoolId, entry: 'back' });
    expect((await call<{ sso: boolean }>(env.app, { url: '/base/user/v1/info', token: r.body.data.token })).body.data.sso).toBe(true);

    expect((await complete({ code, state }, cookie)).body).toMatchObject({ errorKey: 'sso.stateInvalid', msg: 'The sign-in request is invalid or has expired. Sign in again.' });
    const other = await startAndReturn();
    expect((await complete({ code: other.code, state: other.state }, 'hxk_sso=another-browser')).body.errorKey).toBe('sso.stateInvalid');
    expect((await complete({ code: other.code, state: other.state })).body.errorKey).toBe('sso.stateInvalid');
    expect((await complete({ code: other.code, state: `999999.${other.state}` }, other.cookie)).body.errorKey).toBe('sso.stateInvalid');
  });

  it.each(['audience', 'expired', 'nonce', 'signature'] as const)('an id_token with the wrong %s is refused', async (tamper) => {
    const { code, state, cookie } = await startAndReturn();
    idp.state.tamper = tamper;
    const r = await complete({ code, state }, cookie);
    expect(r.body).toMatchObject({ errorKey: 'sso.ticketInvalid' });
    expect(r.status).toBe(400);
  });

  it('a person of another school is refused; logging out goes to the provider end-session', async () => {
    idp.state.user = 'admin2';
    try {
      const { code, state, cookie } = await startAndReturn();
      expect((await complete({ code, state }, cookie)).body.errorKey).toBe('sso.unknownPerson');
    } finally {
      idp.state.user = 'teacher';
    }
    const { code, state, cookie } = await startAndReturn();
    const { token } = (await complete({ code, state }, cookie)).body.data;
    const out = await call<{ url: string }>(env.app, { url: '/base/sso/v1/logout-url', token, headers: { host: 'localhost' } });
    const url = new URL(out.body.data.url);
    expect(url.origin + url.pathname).toBe(`${issuer}/logout`);
    expect(url.searchParams.get('client_id')).toBe('hxk-demo');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost/hxk/login');
  });
});
