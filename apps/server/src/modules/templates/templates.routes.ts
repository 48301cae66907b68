import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddTemplateQuestionsRequest,
  ZCheckTemplateResponse,
  ZSaveTemplateRequest,
  ZSaveTemplateResponse,
  ZTemplate,
  ZTemplateCopyResponse,
  ZTemplateIdsRequest,
  ZTemplateListRequest,
  ZTemplateOption,
  ZTemplatePage,
  ZTemplateQuery,
  ZTemplateVersion,
  ZTemplateVersionList,
  ZTemplateVersionQuery,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './templates.service.ts';
import * as actions from './template-actions.ts';

const tags = ['templates'];
const P = '/app/ddxk/template/v1';

export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`${P}/pageList`, {
    config: { permission: 'evaluationTemplate' },
    schema: { tags, summary: 'Evaluation templates of the school, newest changed first, by name and status', body: ZTemplateListRequest, response: okSchema(ZTemplatePage) },
  }, async (req) => ok(await svc.listTemplates(memberCtx(req), req.body)));

  app.get(`${P}/detail`, {
    config: { permission: 'evaluationTemplate' },
    schema: { tags, summary: 'One template with its working content', querystring: ZTemplateQuery, response: okSchema(ZTemplate) },
  }, async (req) => ok(await svc.templateDetail(memberCtx(req), req.query.templateId)));

  app.post(`${P}/saveOrUpdate`, {
    config: { permission: 'template:edit' },
    schema: { tags, summary: 'Add a template (a draft) or change one; a published one publishes its next version', body: ZSaveTemplateRequest, response: okSchema(ZSaveTemplateResponse) },
  }, async (req) => ok(await svc.saveTemplate(memberCtx(req), req.body)));

  app.post(`${P}/check`, {
    config: { permission: 'template:edit' },
    schema: { tags, summary: 'What publishing this form would refuse, and suggestions; nothing is saved', body: ZSaveTemplateRequest, response: okSchema(ZCheckTemplateResponse) },
  }, async (req) => ok(svc.checkTemplate(memberCtx(req), req.body)));

  app.post(`${P}/addQuestions`, {
    config: { permission: 'template:edit' },
    schema: { tags, summary: 'Copy approved bank questions into a section of a template', body: ZAddTemplateQuestionsRequest, response: okSchema(ZTemplate) },
  }, async (req) => ok(await svc.addQuestions(memberCtx(req), req.body)));

  app.post(`${P}/publish`, {
    config: { permission: 'template:publish' },
    schema: { tags, summary: 'Publish templates (drafts or stopped ones), all or none', body: ZTemplateIdsRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await actions.publishTemplates(memberCtx(req), req.body.ids);
    return ok(null);
  });

  app.post(`${P}/stop`, {
    config: { permission: 'template:publish' },
    schema: { tags, summary: 'Stop published templates, all or none; plans using them are not affected', body: ZTemplateIdsRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await actions.stopTemplates(memberCtx(req), req.body.ids);
    return ok(null);
  });

  app.post(`${P}/deleteByIds`, {
    config: { permission: 'template:edit' },
    schema: { tags, summary: 'Delete drafts and stopped templates, all or none; their versions stay for plans', body: ZTemplateIdsRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await actions.deleteTemplates(memberCtx(req), req.body.ids);
    return ok(null);
  });

  app.post(`${P}/copy`, {
    config: { permission: 'template:edit' },
    schema: { tags, summary: 'Copy templates as new drafts', body: ZTemplateIdsRequest, response: okSchema(ZTemplateCopyResponse) },
  }, async (req) => ok(await actions.copyTemplates(memberCtx(req), req.body.ids)));

  app.get(`${P}/options`, {
    config: { permission: 'plan:edit' },
    schema: { tags, summary: 'Published templates for the plan form, by name', response: okSchema(z.array(ZTemplateOption)) },
  }, async (req) => ok(await svc.templateOptions(memberCtx(req))));

  // Evaluators fill the version their plan pinned, so any member of the school may read one.
  app.get(`${P}/version`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'A published version, even of a template stopped or deleted since', querystring: ZTemplateVersionQuery, response: okSchema(ZTemplateVersion) },
  }, async (req) => ok(await svc.versionDetail(memberCtx(req), req.query.templateVersionId)));

  app.get(`${P}/versions`, {
    config: { permission: 'evaluationTemplate' },
    schema: { tags, summary: 'The published versions of a template, newest first, with their plan counts', querystring: ZTemplateQuery, response: okSchema(ZTemplateVersionList) },
  }, async (req) => ok(await svc.listVersions(memberCtx(req), req.query.templateId)));
};
