import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZDeleteSupervisionGroupsRequest,
  ZPeopleLookupRequest,
  ZPeopleLookupResponse,
  ZSaveSupervisionGroupRequest,
  ZSaveSupervisionGroupResponse,
  ZSupervisionGroup,
  ZSupervisionGroupByUserQuery,
  ZSupervisionGroupListRequest,
  ZSupervisionGroupOption,
  ZSupervisionGroupPage,
  ZSupervisionGroupQuery,
  ZUserSupervisionGroup,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './supervision.service.ts';

const tags = ['supervision'];
const P = '/app/ddxk/supervision/group/v1';

export const supervisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`${P}/pageList`, {
    config: { permission: 'SupervisionGroupManagement' },
    schema: { tags, summary: 'Supervision groups of the school, searched by name and paged', body: ZSupervisionGroupListRequest, response: okSchema(ZSupervisionGroupPage) },
  }, async (req) => ok(await svc.listGroups(memberCtx(req), req.body)));

  app.get(`${P}/detail`, {
    config: { permission: 'SupervisionGroupManagement' },
    schema: { tags, summary: 'One supervision group with its leader, members and scope', querystring: ZSupervisionGroupQuery, response: okSchema(ZSupervisionGroup) },
  }, async (req) => ok(await svc.groupDetail(memberCtx(req), req.query.groupId)));

  app.post(`${P}/saveOrUpdate`, {
    config: { permission: 'supervisionGroup:edit' },
    schema: { tags, summary: 'Add a supervision group, or change one (groupId given)', body: ZSaveSupervisionGroupRequest, response: okSchema(ZSaveSupervisionGroupResponse) },
  }, async (req) => ok(await svc.saveGroup(memberCtx(req), req.body)));

  app.post(`${P}/deleteByIds`, {
    config: { permission: 'supervisionGroup:edit' },
    schema: { tags, summary: 'Delete supervision groups', body: ZDeleteSupervisionGroupsRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.deleteGroups(memberCtx(req), req.body.ids);
    return ok(null);
  });

  // User management puts people into groups.
  app.get(`${P}/options`, {
    config: { permission: 'userManagement' },
    schema: { tags, summary: 'Supervision groups as options (id and name)', response: okSchema(z.array(ZSupervisionGroupOption)) },
  }, async (req) => ok(await svc.groupOptions(memberCtx(req))));

  app.get(`${P}/people`, {
    config: { permission: 'SupervisionGroupManagement' },
    schema: { tags, summary: 'People of the school to pick as leader, members or supervised teachers', querystring: ZPeopleLookupRequest, response: okSchema(ZPeopleLookupResponse) },
  }, async (req) => ok(await svc.lookupPeople(memberCtx(req), req.query)));

  // Anyone may ask about themselves; asking about someone else is user management's business.
  app.get('/app/ddxk/role/v1/supervisionGroupByUserId', {
    config: { permission: 'member', also: [{ permission: 'userManagement', field: 'query.userId', when: 'otherThanCaller' }] },
    schema: { tags, summary: 'The supervision groups a person belongs to, as leader or member', querystring: ZSupervisionGroupByUserQuery, response: okSchema(z.array(ZUserSupervisionGroup)) },
  }, async (req) => ok(await svc.groupsOfUser(memberCtx(req), req.query.userId)));
};
