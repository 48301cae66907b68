import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAppeal,
  ZAppealIdsRequest,
  ZAppealListRequest,
  ZAppealPage,
  ZAppealQuery,
  ZClearAppealsResponse,
  ZCreateAppealRequest,
  ZCreateAppealResponse,
  ZHandleAppealRequest,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './appeals.service.ts';

const tags = ['appeals'];
const P = '/app/ddxk/appeal/v1';

export const appealsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`${P}/create`, {
    config: { permission: 'MeAppeal' },
    schema: { tags, summary: 'Appeal the score of a submitted evaluation of my class (reason of 5+ characters, up to 10 of my images)', body: ZCreateAppealRequest, response: okSchema(ZCreateAppealResponse) },
  }, async (req) => ok(await svc.createAppeal(memberCtx(req), req.body)));

  app.post(`${P}/mine`, {
    config: { permission: 'MeAppeal' },
    schema: { tags, summary: 'My appeals, newest first (evaluator hidden when anonymous)', body: ZAppealListRequest, response: okSchema(ZAppealPage) },
  }, async (req) => ok(await svc.myAppeals(memberCtx(req), req.body)));

  app.post(`${P}/list`, {
    config: { permission: 'EvaluateAppeal' },
    schema: { tags, summary: "The school's appeals for handlers, pending first, then newest", body: ZAppealListRequest, response: okSchema(ZAppealPage) },
  }, async (req) => ok(await svc.allAppeals(memberCtx(req), req.body)));

  // Record-level rules in the service: the appeal's teacher, its evaluation's evaluator, or a handler.
  app.get(`${P}/detail`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'One appeal with its images and what the reader may do with it', querystring: ZAppealQuery, response: okSchema(ZAppeal) },
  }, async (req) => ok(await svc.appealDetail(memberCtx(req), req.query.appealId)));

  app.post(`${P}/withdraw`, {
    config: { permission: 'MeAppeal' },
    schema: { tags, summary: 'Withdraw my pending appeal', body: ZAppealQuery, response: okSchema(ZAppeal) },
  }, async (req) => ok(await svc.withdrawAppeal(memberCtx(req), req.body.appealId)));

  app.post(`${P}/delete`, {
    config: { permission: 'MeAppeal' },
    schema: { tags, summary: 'Remove handled or revoked appeals from my list (all or none; the records stay)', body: ZAppealIdsRequest, response: okSchema(z.null()) },
  }, async (req) => ok(await svc.deleteAppeals(memberCtx(req), req.body.appealIds)));

  app.post(`${P}/clear`, {
    config: { permission: 'MeAppeal' },
    schema: { tags, summary: 'Remove every handled or revoked appeal from my list', response: okSchema(ZClearAppealsResponse) },
  }, async (req) => ok(await svc.clearAppeals(memberCtx(req))));

  app.post(`${P}/handle`, {
    config: { permission: 'appeal:handle' },
    schema: { tags, summary: 'Resolve a pending appeal with the score after appeal, or mark it not to be resolved (opinion of 5+ characters)', body: ZHandleAppealRequest, response: okSchema(ZAppeal) },
  }, async (req) => ok(await svc.handleAppeal(memberCtx(req), req.body)));
};
