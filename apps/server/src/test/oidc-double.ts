import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');

/**
 * A local OpenID Connect provider: discovery, JWKS (RS256), an authorization endpoint that signs in
 * `state.user` at once and returns a code, a token endpoint that checks the client secret and the PKCE
 * verifier and returns an id_token signed with the JWKS key, and an end-session endpoint. `state.tamper`
 * makes the next id_token wrong in one way (another audience, expired, another nonce, another key).
 */
export function startOidcDouble(opts: { clientId: string; clientSecret: string }) {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const kid = 'k1';
  const state = {
    user: 'teacher',
    name: 'Teacher by OIDC',
    tamper: null as null | 'audience' | 'expired' | 'nonce' | 'signature',
    codes: new Map<string, { nonce: string; challenge: string; redirectUri: string; user: string }>(),
    tokenRequests: 0,
    endSessions: [] as string[],
  };
  let issuer = '';
  const sign = (claims: Record<string, unknown>, key: crypto.KeyObject) => {
    const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
    const body = b64url(JSON.stringify(claims));
    return `${head}.${body}.${b64url(crypto.sign('sha256', Buffer.from(`${head}.${body}`), key))}`;
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        end_session_endpoint: `${issuer}/logout`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }] });
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      if (p.get('client_id') !== opts.clientId || p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge') || !p.get('nonce')) return json(res, 400, { error: 'invalid_request' });
      const code = crypto.randomBytes(16).toString('hex');
      state.codes.set(code, { nonce: p.get('nonce')!, challenge: p.get('code_challenge')!, redirectUri: p.get('redirect_uri')!, user: state.user });
      const back = new URL(p.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/logout') {
      state.endSessions.push(url.search);
      res.writeHead(302, { location: url.searchParams.get('post_logout_redirect_uri') ?? '/' });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        state.tokenRequests++;
        const p = new URLSearchParams(raw);
        if (p.get('client_id') !== opts.clientId || p.get('client_secret') !== opts.clientSecret) return json(res, 401, { error: 'invalid_client' });
        const grant = state.codes.get(p.get('code') ?? '');
        state.codes.delete(p.get('code') ?? '');
        const challenge = crypto.createHash('sha256').update(p.get('code_verifier') ?? '').digest('base64url');
        if (!grant || grant.challenge !== challenge || grant.redirectUri !== p.get('redirect_uri')) return json(res, 400, { error: 'invalid_grant' });
        const now = Math.floor(Date.now() / 1000);
        const t = state.tamper;
        state.tamper = null;
        const claims = {
          iss: issuer, sub: `sub-${grant.user}`, aud: t === 'audience' ? 'someone-else' : opts.clientId,
          iat: t === 'expired' ? now - 7200 : now, exp: t === 'expired' ? now - 3600 : now + 300,
          nonce: t === 'nonce' ? 'not-the-nonce' : grant.nonce, preferred_username: grant.user, name: state.name, sid: 'sid-1',
        };
        json(res, 200, { access_token: crypto.randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: sign(claims, t === 'signature' ? stranger : privateKey) });
      });
      return;
    }
    res.writeHead(404);
    res.end();
  });
  return {
    state,
    async listen() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return issuer;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
