import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId, ZUserAppInfo, ZUpdateInfoRequest, ZUpdatePasswordRequest, ZUserInfo, ZUserInfoQuery } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { accountCtx, memberCtx } from '../../platform/route-context.ts';
import * as users from './users.service.ts';

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/base/user/v1/info', {
    config: { permission: 'account' },
    schema: { tags, summary: 'Profile of the caller (or of a member of the same school)', querystring: ZUserInfoQuery, response: okSchema(ZUserInfo) },
  }, async (req) => ok(await users.userInfo(accountCtx(req), req.query.userId)));

  app.get('/base/user/v1/getUserAppInfo', {
    config: { permission: 'member' },
    schema: { tags, summary: "The shell's start-up facts: person, school, title, identity, granted menus and buttons", querystring: ZUserInfoQuery, response: okSchema(ZUserAppInfo) },
  }, async (req) => ok(await users.userAppInfo(memberCtx(req))));

  app.post('/base/user/v1/update/info', {
    config: { permission: 'account' },
    schema: { tags, summary: "Update the caller's profile", body: ZUpdateInfoRequest, response: okSchema(ZUserInfo) },
  }, async (req) => ok(await users.updateInfo(accountCtx(req), req.body)));

  app.post('/base/user/v1/update/pwd', {
    config: { permission: 'account' },
    schema: { tags, summary: "Change the caller's password (ends the account's other sessions)", body: ZUpdatePasswordRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await users.updatePassword(accountCtx(req), req.body);
    return ok(null);
  });

  app.get('/base/user/v1/avatar', {
    config: { permission: 'account' },
    schema: { tags, summary: 'Avatar image of the caller or of a member of the same school', querystring: z.object({ userId: ZId, v: z.string().optional() }) },
  }, async (req, reply) => {
    const { data, type } = await users.readAvatar(accountCtx(req), req.query.userId);
    return reply.type(type).header('cache-control', 'private, max-age=86400').send(data);
  });
};
