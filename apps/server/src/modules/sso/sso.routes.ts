import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZErrorEnvelope, ZSsoCompleteRequest, ZSsoCompleteResponse, ZSsoLogoutUrlResponse, ZSsoStartRequest, ZSsoStartResponse } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { accountCtx } from '../../platform/route-context.ts';
import { requestOrigin } from '../auth/qr.routes.ts';
import { setSessionCookie } from '../auth/auth.routes.ts';
import { parseLogoutRequest } from './cas.ts';
import * as sso from './sso.service.ts';

const tags = ['sso'];
/** Binds an OpenID Connect sign-in to the browser that started it (login CSRF); lives as long as a sign-in may take. */
const BROWSER_COOKIE = 'hxk_sso';
const BROWSER_COOKIE_SECONDS = 600;

/** Single sign-on by the school's CAS server or OpenID Connect provider (decision 0026). */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const where = (req: FastifyRequest) => ({ origin: requestOrigin(req, config.publicOrigin), host: req.host, browser: req.cookies[BROWSER_COOKIE] });

  app.get('/base/sso/v1/start', {
    config: { permission: 'public' },
    schema: {
      tags,
      summary: "Where /SSO or /SSOBS sends the browser to sign in: the school's CAS login (with the service URL) or its OpenID Connect authorization endpoint (code + PKCE); the school by its code, else by the host",
      querystring: ZSsoStartRequest,
      response: okSchema(ZSsoStartResponse),
    },
  }, async (req, reply) => {
    const browser = sso.newBrowserBinding();
    const res = await sso.start(req.ctx, req.query, { ...where(req), browser });
    reply.setCookie(BROWSER_COOKIE, browser, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, maxAge: BROWSER_COOKIE_SECONDS });
    return ok(res);
  });

  app.post('/base/sso/v1/complete', {
    config: { permission: 'public' },
    schema: {
      tags,
      summary: 'Back from the identity provider: validates the CAS ticket (p3/serviceValidate, else serviceValidate) or redeems the OpenID Connect code (id_token checked), finds the person in the school and signs them in',
      body: ZSsoCompleteRequest,
      response: okSchema(ZSsoCompleteResponse),
    },
  }, async (req, reply) => {
    const { session, entry } = await sso.complete(req.ctx, req.body, where(req));
    setSessionCookie(reply, config, session);
    reply.clearCookie(BROWSER_COOKIE, { path: '/' });
    return ok({ ...session, entry });
  });

  app.get('/base/sso/v1/logout-url', {
    config: { permission: 'account' },
    schema: { tags, summary: "The identity provider's logout address for this session (CAS logout or OpenID Connect end-session), null when it did not come by single sign-on", response: okSchema(ZSsoLogoutUrlResponse) },
  }, async (req) => ok(await sso.logoutUrl(accountCtx(req), requestOrigin(req, config.publicOrigin))));

  // CAS single logout: the CAS server POSTs a SAML LogoutRequest, form-encoded, to the service URL.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  for (const url of ['/hxk/SSO', '/hxk/SSOBS']) {
    app.post(url, {
      // The CAS server sends it with no session; it names a ticket only the CAS server and this browser saw.
      config: { permission: 'public', csrf: false },
      schema: {
        tags,
        summary: 'CAS single logout: ends the session its ticket opened',
        querystring: z.object({ school: z.string().trim().min(1).max(32).optional() }),
        consumes: ['application/x-www-form-urlencoded'],
        body: z.object({ logoutRequest: z.string().max(64 * 1024) }),
        response: { 200: z.string().describe('text/plain: ok'), '4xx': ZErrorEnvelope, '5xx': ZErrorEnvelope },
      },
    }, async (req, reply) => {
      const ticket = parseLogoutRequest(req.body.logoutRequest);
      if (ticket) await sso.casSingleLogout(req.ctx, { school: req.query.school, ticket }, req.host);
      return reply.type('text/plain; charset=utf-8').send('ok');
    });
  }
};
