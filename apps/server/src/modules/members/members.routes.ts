import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminResetPasswordRequest,
  ZAdminResetPasswordResponse,
  ZMember,
  ZMemberListRequest,
  ZMemberPage,
  ZMemberQuery,
  ZSaveMemberRequest,
  ZSetMemberStatusRequest,
  ZSaveSsoSettingsRequest,
  ZSsoSettings,
  ZSsoSyncResult,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './members.service.ts';
import * as sso from './sso-sync.service.ts';

const tags = ['users'];

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Single-sign-on user sync (SCIM 2.0 source configured per school). GET as the spec names it;
  // POST too.
  const sync = {
    config: { permission: 'user:sync' as const, cost: 'sync' as const },
    schema: { tags, summary: "Sync the school's people from its identity system (SCIM 2.0)", response: okSchema(ZSsoSyncResult) },
  };
  app.get('/buttjoint/open/sso/sync/user', sync, async (req) => ok(await sso.syncUsers(memberCtx(req))));
  app.post('/buttjoint/open/sso/sync/user', sync, async (req) => ok(await sso.syncUsers(memberCtx(req))));

  app.get('/base/system/sso/v1/settings', {
    config: { permission: 'user:sync' },
    schema: { tags, summary: "The school's user-sync source (the token is never returned)", response: okSchema(ZSsoSettings) },
  }, async (req) => ok(await sso.getSsoSettings(memberCtx(req))));

  app.post('/base/system/sso/v1/settings', {
    config: { permission: 'user:sync' },
    schema: { tags, summary: "Set the school's user-sync source", body: ZSaveSsoSettingsRequest, response: okSchema(ZSsoSettings) },
  }, async (req) => ok(await sso.saveSsoSettings(memberCtx(req), req.body)));

  app.post('/base/user/v1/list', {
    config: { permission: 'userManagement' },
    schema: { tags, summary: 'Members of the school with their roles, searched and paged', body: ZMemberListRequest, response: okSchema(ZMemberPage) },
  }, async (req) => ok(await svc.listMembers(memberCtx(req), req.body)));

  app.get('/base/system/user/detail', {
    config: { permission: 'userManagement' },
    schema: { tags, summary: 'One member of the school', querystring: ZMemberQuery, response: okSchema(ZMember) },
  }, async (req) => ok(await svc.memberDetail(memberCtx(req), req.query.userId)));

  app.post('/base/system/user/v1/save', {
    config: {
      permission: 'user:add',
      also: [
        { permission: 'user:edit', field: 'body.userId', when: 'set' },
        // Making someone an administrator is its own button.
        { permission: 'user:addAdmin', field: 'body.identity', when: { equals: 1 } },
      ],
    },
    schema: { tags, summary: 'Add a person to the school, or change a member (userId given: needs user:edit too)', body: ZSaveMemberRequest, response: okSchema(ZMember) },
  }, async (req) => ok(await svc.saveMember(memberCtx(req), req.body)));

  app.post('/base/system/user/v1/status', {
    config: { permission: 'user:disable' },
    schema: { tags, summary: "Disable or re-enable a member in this school", body: ZSetMemberStatusRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.setMemberStatus(memberCtx(req), req.body.userId, req.body.enabled);
    return ok(null);
  });

  app.post('/base/user/v1/reset/pwd', {
    config: { permission: 'user:resetPwd' },
    schema: { tags, summary: "Reset a member's password to the default; they must change it at next sign-in", body: ZAdminResetPasswordRequest, response: okSchema(ZAdminResetPasswordResponse) },
  }, async (req) => ok(await svc.resetMemberPassword(memberCtx(req), req.body.userId)));
};
