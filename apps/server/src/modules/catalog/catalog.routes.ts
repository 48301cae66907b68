import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCatalogIdsRequest,
  ZCheckQuestionResponse,
  ZClassification,
  ZClassificationDictQuery,
  ZClassificationListRequest,
  ZClassificationOption,
  ZClassificationPage,
  ZIndicator,
  ZIndicatorListRequest,
  ZIndicatorPage,
  ZIndicatorQuery,
  ZIndicatorTree,
  ZQuestion,
  ZQuestionBody,
  ZQuestionListRequest,
  ZQuestionnaireTypeDict,
  ZQuestionPage,
  ZQuestionQuery,
  ZReviewQuestionsRequest,
  ZSaveClassificationRequest,
  ZSaveIndicatorRequest,
  ZSaveQuestionRequest,
  ZSaveQuestionResponse,
  type TClassificationKind,
  type TRoutePermission,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as classes from './classifications.service.ts';
import * as ind from './indicators.service.ts';
import * as qs from './questions.service.ts';

const ZListClassifications = ZClassificationListRequest.omit({ kind: true });
/** The kind comes from the path; a `kind` in the body is ignored. */
const ZSaveClassification = ZSaveClassificationRequest.omit({ kind: true });
const ZReadQuestionsRequest = ZQuestionListRequest.omit({ status: true, mine: true });

const CLASSIFICATION_PATHS: [TClassificationKind, string, TRoutePermission, TRoutePermission][] = [
  ['indicator', '/app/ddxk/index/classification/v1', 'indexClassification', 'indexClassification:edit'],
  ['question', '/app/ddxk/question/classification/v1', 'questionClassification', 'questionClassification:edit'],
];

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // ------------------------------------------------------------ classifications
  for (const [kind, P, read, edit] of CLASSIFICATION_PATHS) {
    const tags = ['catalog'];
    app.post(`${P}/pageList`, {
      config: { permission: read },
      schema: { tags, summary: `${kind} classifications, searched by name and paged`, body: ZListClassifications, response: okSchema(ZClassificationPage) },
    }, async (req) => ok(await classes.listClassifications(memberCtx(req), kind, req.body)));

    app.post(`${P}/saveOrUpdate`, {
      config: { permission: edit },
      schema: { tags, summary: `Add a ${kind} classification, or change one (classificationId given)`, body: ZSaveClassification, response: okSchema(ZClassification) },
    }, async (req) => ok(await classes.saveClassification(memberCtx(req), kind, req.body)));

    app.post(`${P}/deleteByIds`, {
      config: { permission: edit },
      schema: { tags, summary: `Delete ${kind} classifications (what is filed under them stays, unclassified)`, body: ZCatalogIdsRequest, response: okSchema(z.null()) },
    }, async (req) => {
      await classes.deleteClassifications(memberCtx(req), kind, req.body.ids);
      return ok(null);
    });
  }

  app.get('/app/ddxk/classification/v1/dict', {
    config: { permission: 'member' },
    schema: { tags: ['catalog'], summary: 'Classifications of a kind as options', querystring: ZClassificationDictQuery, response: okSchema(z.array(ZClassificationOption)) },
  }, async (req) => ok(await classes.classificationOptions(memberCtx(req), req.query.kind)));

  app.get('/app/ddxk/questionnaire/type/v1/dict', {
    config: { permission: 'member' },
    schema: { tags: ['catalog'], summary: 'Question classifications, question types and knowledge levels', response: okSchema(ZQuestionnaireTypeDict) },
  }, async (req) => ok(await classes.questionnaireTypeDict(memberCtx(req))));

  // ------------------------------------------------------------ indicators
  const I = '/app/ddxk/index/v1';
  const itags = ['indicators'];
  app.post(`${I}/pageList`, {
    config: { permission: 'indexManagement' },
    schema: { tags: itags, summary: 'First-level indicators with their second-level ones, filtered and paged', body: ZIndicatorListRequest, response: okSchema(ZIndicatorPage) },
  }, async (req) => ok(await ind.listIndicators(memberCtx(req), req.body)));

  app.get(`${I}/detail`, {
    config: { permission: 'indexManagement' },
    schema: { tags: itags, summary: 'One first-level indicator with its second-level ones', querystring: ZIndicatorQuery, response: okSchema(ZIndicator) },
  }, async (req) => ok(await ind.indicatorDetail(memberCtx(req), req.query.indicatorId)));

  app.post(`${I}/saveOrUpdate`, {
    config: { permission: 'indicator:edit' },
    schema: { tags: itags, summary: 'Save a first-level indicator with its whole second-level list', body: ZSaveIndicatorRequest, response: okSchema(ZIndicator) },
  }, async (req) => ok(await ind.saveIndicator(memberCtx(req), req.body)));

  app.post(`${I}/deleteByIds`, {
    config: { permission: 'indicator:edit' },
    schema: { tags: itags, summary: 'Delete indicators with their second-level ones (questions keep no indicator)', body: ZCatalogIdsRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await ind.deleteIndicators(memberCtx(req), req.body.ids);
    return ok(null);
  });

  app.get(`${I}/tree`, {
    config: { permission: 'member' },
    schema: { tags: itags, summary: 'Enabled indicators as a tree, for pickers', response: okSchema(ZIndicatorTree) },
  }, async (req) => ok(await ind.indicatorTree(memberCtx(req))));

  // ------------------------------------------------------------ questions
  const Q = '/app/ddxk/question/v1';
  const qtags = ['questions'];
  app.post(`${Q}/pageList`, {
    config: { permission: 'questionManagement' },
    schema: { tags: qtags, summary: 'The question bank in every state, newest change first', body: ZQuestionListRequest, response: okSchema(ZQuestionPage) },
  }, async (req) => ok(await qs.listQuestions(memberCtx(req), req.body)));

  app.get(`${Q}/detail`, {
    config: { permission: 'questionManagement' },
    schema: { tags: qtags, summary: 'One question of the bank', querystring: ZQuestionQuery, response: okSchema(ZQuestion) },
  }, async (req) => ok(await qs.questionDetail(memberCtx(req), req.query.questionId)));

  app.post(`${Q}/saveOrUpdate`, {
    config: { permission: 'question:edit' },
    schema: { tags: qtags, summary: 'Add a question, or change one (questionId given); rule errors refuse it, suggestions come back', body: ZSaveQuestionRequest, response: okSchema(ZSaveQuestionResponse) },
  }, async (req) => ok(await qs.saveQuestion(memberCtx(req), req.body)));

  app.post(`${Q}/submit`, {
    config: { permission: 'question:edit' },
    schema: { tags: qtags, summary: 'Send draft or rejected questions for review (all or none)', body: ZCatalogIdsRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await qs.submitQuestions(memberCtx(req), req.body.ids);
    return ok(null);
  });

  app.post(`${Q}/review`, {
    config: { permission: 'question:review' },
    schema: { tags: qtags, summary: 'Approve or reject pending questions (a rejection needs a reason)', body: ZReviewQuestionsRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await qs.reviewQuestions(memberCtx(req), req.body);
    return ok(null);
  });

  app.post(`${Q}/deleteByIds`, {
    config: { permission: 'question:edit' },
    schema: { tags: qtags, summary: 'Delete questions (templates keep their copies)', body: ZCatalogIdsRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await qs.deleteQuestions(memberCtx(req), req.body.ids);
    return ok(null);
  });

  app.post(`${Q}/check`, {
    config: { permission: 'question:edit' },
    schema: { tags: qtags, summary: "Check a question's rules without saving it", body: ZQuestionBody, response: okSchema(ZCheckQuestionResponse) },
  }, async (req) => ok(qs.checkQuestionBody(memberCtx(req), req.body)));

  app.post(`${Q}/readList`, {
    config: { permission: 'readQuestions' },
    schema: { tags: qtags, summary: 'Approved questions, filtered and paged', body: ZReadQuestionsRequest, response: okSchema(ZQuestionPage) },
  }, async (req) => ok(await qs.listApproved(memberCtx(req), req.body)));

  app.get(`${Q}/readDetail`, {
    config: { permission: 'readQuestions' },
    schema: { tags: qtags, summary: 'One approved question', querystring: ZQuestionQuery, response: okSchema(ZQuestion) },
  }, async (req) => ok(await qs.approvedQuestionDetail(memberCtx(req), req.query.questionId)));

  app.post(`${Q}/pickList`, {
    config: { permission: 'template:edit' },
    schema: { tags: qtags, summary: 'Approved questions to add to a template', body: ZReadQuestionsRequest, response: okSchema(ZQuestionPage) },
  }, async (req) => ok(await qs.listApproved(memberCtx(req), req.body)));
};
