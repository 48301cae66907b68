import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApplicationEntry,
  ZApplicationQuery,
  ZApplicationsRequest,
  ZApplicationsResponse,
  ZDeleteApplicationRequest,
  ZGlobalSettings,
  ZSaveGlobalSettingsRequest,
  ZSaveApplicationRequest,
  ZSaveTitleRequest,
  ZTitleRecord,
} from '@hxk/contracts';
import { z } from 'zod';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './settings.service.ts';


export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/base/system/title/v1/get', {
    config: { permission: 'member' },
    schema: { tags: ['settings'], summary: "The school's product title (title record 333333)", response: okSchema(ZTitleRecord) },
  }, async (req) => ok(await svc.getTitle(memberCtx(req))));

  app.post('/base/system/title/v1/saveOrUpdate', {
    config: { permission: 'school:title:edit' },
    schema: { tags: ['settings'], summary: "Change the school's product title", body: ZSaveTitleRequest, response: okSchema(ZTitleRecord) },
  }, async (req) => ok(await svc.saveTitle(memberCtx(req), req.body.name)));

  app.post('/base/application/v1/getApplictations', {
    config: { permission: 'member' },
    schema: { tags: ['applications'], summary: 'Application entries, searched by name and grouped', body: ZApplicationsRequest, response: okSchema(ZApplicationsResponse) },
  }, async (req) => ok(await svc.listApplications(memberCtx(req), req.body)));

  app.get('/base/application/v1/getInfoById', {
    config: { permission: 'member' },
    schema: { tags: ['applications'], summary: 'One application entry', querystring: ZApplicationQuery, response: okSchema(ZApplicationEntry) },
  }, async (req) => ok(await svc.getApplication(memberCtx(req), req.query.id)));

  app.post('/base/application/v1/saveOrUpdate', {
    config: { permission: 'application:edit' },
    schema: { tags: ['applications'], summary: 'Add or change an application entry', body: ZSaveApplicationRequest, response: okSchema(ZApplicationEntry) },
  }, async (req) => ok(await svc.saveApplication(memberCtx(req), req.body)));

  app.post('/base/application/v1/deleteById', {
    config: { permission: 'application:edit' },
    schema: { tags: ['applications'], summary: 'Delete an application entry', body: ZDeleteApplicationRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.deleteApplication(memberCtx(req), req.body.id);
    return ok(null);
  });

  app.get('/base/system/settings/v1/get', {
    config: { permission: 'GlobalSettings' },
    schema: { tags: ['settings'], summary: "The school's global settings (the default reset password only as a flag)", response: okSchema(ZGlobalSettings) },
  }, async (req) => ok(await svc.getGlobalSettings(memberCtx(req))));

  app.post('/base/system/settings/v1/save', {
    config: { permission: 'settings:edit' },
    schema: { tags: ['settings'], summary: "Save the school's global settings", body: ZSaveGlobalSettingsRequest, response: okSchema(ZGlobalSettings) },
  }, async (req) => ok(await svc.saveGlobalSettings(memberCtx(req), req.body)));
};
