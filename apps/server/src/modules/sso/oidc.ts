/**
 * OpenID Connect through openid-client (authorization code with PKCE, discovery, id_token checked
 * against the provider's JWKS for issuer, audience, nonce and expiry). Every request it makes goes
 * through the guarded outbound client (its customFetch hook): the issuer is an address a school sets.
 */
import * as client from 'openid-client';
import { AppError } from '../../platform/errors.ts';
import { OutboundError, outboundFetch } from '../../platform/outbound.ts';
import { providerError } from './cas.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** openid-client's fetch, answered by the guarded client; an error status comes back as a bodiless reply. */
export function guardedFetch(allowHosts: readonly string[]): client.CustomFetch {
  return async (url, options) => {
    const headers: Record<string, string> = {};
    new Headers(options.headers as HeadersInit | undefined).forEach((v, k) => {
      headers[k] = v;
    });
    const body = options.body === undefined || options.body === null ? undefined : String(options.body);
    try {
      const res = await outboundFetch(url, { allowHosts, method: (options.method ?? 'GET') as Method, headers, ...(body === undefined ? {} : { body }), maxBytes: 1024 * 1024, timeoutMs: 10_000, maxRedirects: 0 });
      const out = new Headers();
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : v);
      return new Response(new Uint8Array(res.body), { status: res.status, headers: out });
    } catch (err) {
      if (err instanceof OutboundError && err.kind === 'status' && err.status && err.status >= 400) return new Response(null, { status: err.status });
      throw err;
    }
  };
}

export type OidcClientSettings = { issuer: string; clientId: string; clientSecret: string | null; allowHosts: readonly string[] };

/** Discovery (/.well-known/openid-configuration), through the guarded client. Plain http only for allowed private hosts. */
export async function discover(s: OidcClientSettings): Promise<client.Configuration> {
  const fetch = guardedFetch(s.allowHosts);
  const insecure = s.issuer.startsWith('http://');
  try {
    const config = await client.discovery(
      new URL(s.issuer),
      s.clientId,
      s.clientSecret ?? undefined,
      s.clientSecret ? client.ClientSecretPost(s.clientSecret) : client.None(),
      // Non-repudiation checks: the id_token's signature is verified against the provider's JWKS even
      // though it came straight from the token endpoint (openid-client otherwise trusts TLS alone).
      { [client.customFetch]: fetch, execute: [client.enableNonRepudiationChecks, ...(insecure ? [client.allowInsecureRequests] : [])], timeout: 10 },
    );
    config[client.customFetch] = fetch;
    client.enableNonRepudiationChecks(config);
    return config;
  } catch (err) {
    providerError(unwrap(err));
  }
}

const unwrap = (err: unknown): unknown => (err instanceof Error && err.cause instanceof OutboundError ? err.cause : err);

export function authorizationUrl(config: client.Configuration, p: { redirectUri: string; state: string; nonce: string; codeChallenge: string }): string {
  return client.buildAuthorizationUrl(config, {
    redirect_uri: p.redirectUri,
    scope: 'openid profile email',
    response_type: 'code',
    state: p.state,
    nonce: p.nonce,
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
  }).href;
}

export type OidcIdentity = { issuer: string; subject: string; preferredUsername: string | null; name: string | null; sid: string | null };

/** Exchanges the code (with the PKCE verifier) and checks the id_token: signature, issuer, audience, nonce, expiry. */
export async function redeemCode(config: client.Configuration, p: { redirectUri: string; code: string; state: string; nonce: string; codeVerifier: string }): Promise<OidcIdentity> {
  const callback = new URL(p.redirectUri);
  callback.searchParams.set('code', p.code);
  callback.searchParams.set('state', p.state);
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: p.codeVerifier, expectedNonce: p.nonce, expectedState: p.state, idTokenExpected: true });
    claims = tokens.claims();
  } catch (err) {
    const cause = unwrap(err);
    if (cause instanceof OutboundError) providerError(cause);
    // A refused code, a bad signature, another audience, a wrong nonce, an expired token.
    throw new AppError('sso.ticketInvalid');
  }
  if (!claims?.sub) throw new AppError('sso.ticketInvalid');
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return { issuer: claims.iss, subject: claims.sub, preferredUsername: str(claims.preferred_username), name: str(claims.name), sid: str(claims.sid) };
}

/** The provider's end-session address (RP-initiated logout), or null when it has none. */
export function endSessionUrl(config: client.Configuration, p: { postLogoutRedirectUri: string; clientId: string }): string | null {
  if (!config.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(config, { client_id: p.clientId, post_logout_redirect_uri: p.postLogoutRedirectUri }).href;
}

export const pkce = async () => {
  const verifier = client.randomPKCECodeVerifier();
  return { verifier, challenge: await client.calculatePKCECodeChallenge(verifier), state: client.randomState(), nonce: client.randomNonce() };
};
