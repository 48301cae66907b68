import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  SESSION,
  SESSION_COOKIE,
  ZLastIdentityQuery,
  ZLastIdentityResponse,
  ZLoginLogQuery,
  ZLoginRequest,
  ZLoginResponse,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSendSmsQuery,
  ZSendSmsResponse,
  ZSwitchSchoolRequest,
  type TLoginResponse,
} from '@hxk/contracts';
import type { Config } from '../../config.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { accountCtx, memberCtx } from '../../platform/route-context.ts';
import { AppError } from '../../platform/errors.ts';
import { tokenOf } from '../../platform/guard.ts';
import * as auth from './auth.service.ts';
import { qrRoutes } from './qr.routes.ts';

export function setSessionCookie(reply: FastifyReply, config: Config, session: TLoginResponse): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: SESSION.absoluteSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure });
}

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;

  app.post('/base/login/v1/do', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Sign in by password or SMS code', body: ZLoginRequest, response: okSchema(ZLoginResponse) },
  }, async (req, reply) => {
    const session = await auth.login(req.ctx, req.body, { host: req.host });
    setSessionCookie(reply, config, session);
    return ok(session);
  });

  app.get('/base/login/v1/send/sms/code', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Send an SMS verification code', querystring: ZSendSmsQuery, response: okSchema(ZSendSmsResponse) },
  }, async (req) => ok(await auth.sendSmsCode(req.ctx, req.query.phone, req.query.purpose)));

  const logoutHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    await auth.logout(req.ctx);
    clearSessionCookie(reply, config);
    return ok(null);
  };
  app.get('/base/login/v1/logout', {
    config: { permission: 'public' },
    schema: {
      tags,
      summary: 'Sign out (ends this session); with the session cookie it needs the X-Requested-With header',
      response: okSchema(z.null()),
    },
    // A GET is not CSRF-checked, and a link or <img> on another site sends the cookie along: without
    // the app's own header (which no cross-site page can add) the session stays. Bearer clients are
    // no browser. Refused before the handler runs, so nothing is ended.
    onRequest: async (req) => {
      if (!req.headers['x-requested-with'] && tokenOf(req)?.via !== 'bearer') throw new AppError('auth.csrf');
    },
  }, logoutHandler);
  app.post('/base/login/v1/logout', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Sign out (ends this session)', response: okSchema(z.null()) },
  }, logoutHandler);

  app.get('/base/login/v1/doLoginLog', {
    config: { permission: 'member' },
    schema: { tags, summary: 'Confirm a login log entry with the platform id', querystring: ZLoginLogQuery, response: okSchema(z.object({ logged: z.boolean() })) },
  }, async (req) => ok(await auth.confirmLoginLog(memberCtx(req), req.query.logId, req.query.pfId)));

  app.get('/base/login/hero/v1/last/identity/list', {
    config: { permission: 'account' },
    schema: { tags, summary: "The caller's identities in their schools", querystring: ZLastIdentityQuery, response: okSchema(ZLastIdentityResponse) },
  }, async (req) => ok(await auth.lastIdentityList(accountCtx(req), req.query.username)));

  app.post('/base/login/v1/switch/school', {
    config: { permission: 'account' },
    schema: { tags, summary: 'Switch the session to another school of the caller', body: ZSwitchSchoolRequest, response: okSchema(ZLoginResponse) },
  }, async (req, reply) => {
    const session = await auth.switchSchool(accountCtx(req), req.body.schoolId);
    setSessionCookie(reply, config, session);
    return ok(session);
  });

  app.post('/base/login/v1/register', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Register an account (phone verified by SMS code)', body: ZRegisterRequest, response: okSchema(ZLoginResponse) },
  }, async (req, reply) => {
    const session = await auth.register(req.ctx, req.body);
    setSessionCookie(reply, config, session);
    return ok(session);
  });

  app.post('/base/login/v1/forget/pwd', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Forgot password: set a new one with an SMS code', body: ZResetPasswordRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await auth.resetPasswordBySms(req.ctx, req.body);
    return ok(null);
  });

  await app.register(qrRoutes);
};
