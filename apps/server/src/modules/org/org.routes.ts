import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddOrgUnitRequest,
  ZCollegeDictResponse,
  ZMoveOrgUnitRequest,
  ZOrgPeoplePage,
  ZOrgPeopleRequest,
  ZOrgTreeResponse,
  ZOrgUnit,
  ZOrgUnitIdRequest,
  ZRenameOrgUnitRequest,
  ZSetPeopleUnitRequest,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './org.service.ts';

const tags = ['org'];
const P = '/base/org/v1';

export const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/base/base/data/v1/college/dict', {
    config: { permission: 'member' },
    schema: { tags, summary: 'Colleges and departments as a tree (for selectors)', response: okSchema(ZCollegeDictResponse) },
  }, async (req) => ok(await svc.collegeDict(memberCtx(req))));

  app.get(`${P}/tree`, {
    config: { permission: 'ZZJGtrre' },
    schema: { tags, summary: 'The organisation tree with people per node (own and including sub-units)', response: okSchema(ZOrgTreeResponse) },
  }, async (req) => ok(await svc.orgTree(memberCtx(req))));

  app.post(`${P}/people`, {
    config: { permission: 'ZZJGtrre' },
    schema: { tags, summary: 'People of a unit (optionally with its sub-units), paged', body: ZOrgPeopleRequest, response: okSchema(ZOrgPeoplePage) },
  }, async (req) => ok(await svc.unitPeople(memberCtx(req), req.body)));

  app.post(`${P}/add`, {
    config: { permission: 'org:edit' },
    schema: { tags, summary: 'Add a college, department or office under a unit', body: ZAddOrgUnitRequest, response: okSchema(ZOrgUnit) },
  }, async (req) => ok(await svc.addUnit(memberCtx(req), req.body)));

  app.post(`${P}/rename`, {
    config: { permission: 'org:edit' },
    schema: { tags, summary: 'Rename a unit (names are unique among siblings)', body: ZRenameOrgUnitRequest, response: okSchema(ZOrgUnit) },
  }, async (req) => ok(await svc.renameUnit(memberCtx(req), req.body)));

  app.post(`${P}/move`, {
    config: { permission: 'org:edit' },
    schema: { tags, summary: 'Move a unit under another parent, at a position among its siblings', body: ZMoveOrgUnitRequest, response: okSchema(ZOrgUnit) },
  }, async (req) => ok(await svc.moveUnit(memberCtx(req), req.body)));

  app.post(`${P}/delete`, {
    config: { permission: 'org:edit' },
    schema: { tags, summary: 'Delete an empty unit (refused while people, courses or sub-units hang on it)', body: ZOrgUnitIdRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.deleteUnit(memberCtx(req), req.body.id);
    return ok(null);
  });

  app.post(`${P}/setPeopleUnit`, {
    config: { permission: 'org:edit' },
    schema: { tags, summary: 'Put people into a unit (the school root: out of any unit)', body: ZSetPeopleUnitRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.setPeopleUnit(memberCtx(req), req.body);
    return ok(null);
  });
};
