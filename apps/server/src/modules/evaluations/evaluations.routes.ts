import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCheckIn,
  ZCheckInRequest,
  ZEvaluation,
  ZEvaluationOpening,
  ZEvaluationQuery,
  ZEvaluationRecordPage,
  ZEvaluationRecordsRequest,
  ZListenClassesRequest,
  ZListenClassPage,
  ZReceivedEvaluationPage,
  ZReceivedEvaluationsRequest,
  ZSaveEvaluationRequest,
  ZSaveEvaluationResponse,
  ZStartEvaluationResponse,
  ZStartOpenEvaluationRequest,
  ZStartPlanEvaluationRequest,
  ZTemplateOption,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './evaluations.service.ts';
import { listenClasses } from './listen.service.ts';

const tags = ['evaluations'];
const P = '/app/ddxk/evaluation/v1';

export const evaluationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`${P}/start/plan`, {
    config: { permission: 'LessonEvaluationPlan' },
    schema: { tags, summary: 'Start (or reopen) my evaluation of a class of one of my plans', body: ZStartPlanEvaluationRequest, response: okSchema(ZStartEvaluationResponse) },
  }, async (req) => ok(await svc.startPlanEvaluation(memberCtx(req), req.body)));

  app.post(`${P}/start/free`, {
    config: { permission: 'FreeCourse' },
    schema: { tags, summary: 'Start (or reopen) a free-listening evaluation of a class with a published template', body: ZStartOpenEvaluationRequest, response: okSchema(ZStartEvaluationResponse) },
  }, async (req) => ok(await svc.startOpenEvaluation(memberCtx(req), 'free', req.body)));

  app.post(`${P}/start/temporary`, {
    config: { permission: 'TemporaryCourseEvaluation' },
    schema: { tags, summary: 'Start (or reopen) a temporary evaluation of a class under way', body: ZStartOpenEvaluationRequest, response: okSchema(ZStartEvaluationResponse) },
  }, async (req) => ok(await svc.startOpenEvaluation(memberCtx(req), 'temporary', req.body)));

  // Opening a class stores nothing: the first save of its form starts the evaluation (start/* above).
  app.get(`${P}/open/plan`, {
    config: { permission: 'LessonEvaluationPlan' },
    schema: { tags, summary: 'Open a class of one of my plans: my evaluation of it, or its blank form (nothing is stored)', querystring: ZStartPlanEvaluationRequest, response: okSchema(ZEvaluationOpening) },
  }, async (req) => ok(await svc.openPlanEvaluation(memberCtx(req), req.query)));

  app.get(`${P}/open/free`, {
    config: { permission: 'FreeCourse' },
    schema: { tags, summary: 'Open a class for free listening: my evaluation of it, or its blank form (nothing is stored)', querystring: ZStartOpenEvaluationRequest, response: okSchema(ZEvaluationOpening) },
  }, async (req) => ok(await svc.openOpenEvaluation(memberCtx(req), 'free', req.query)));

  app.get(`${P}/open/temporary`, {
    config: { permission: 'TemporaryCourseEvaluation' },
    schema: { tags, summary: 'Open a class under way for a temporary evaluation: my evaluation of it, or its blank form (nothing is stored)', querystring: ZStartOpenEvaluationRequest, response: okSchema(ZEvaluationOpening) },
  }, async (req) => ok(await svc.openOpenEvaluation(memberCtx(req), 'temporary', req.query)));

  // Record-level rules in the service: the evaluator, plan managers, or the class's teacher once submitted.
  app.get(`${P}/detail`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'One evaluation with its form and answers', querystring: ZEvaluationQuery, response: okSchema(ZEvaluation) },
  }, async (req) => ok(await svc.evaluationDetail(memberCtx(req), req.query.evaluationId)));

  app.post(`${P}/save`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'Save my draft evaluation (answers may be partial)', body: ZSaveEvaluationRequest, response: okSchema(ZSaveEvaluationResponse) },
  }, async (req) => ok(await svc.saveDraft(memberCtx(req), req.body)));

  app.post(`${P}/submit`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'Submit my evaluation once, every question answered', body: ZSaveEvaluationRequest, response: okSchema(ZEvaluation) },
  }, async (req) => ok(await svc.submitEvaluation(memberCtx(req), req.body)));

  app.post(`${P}/checkIn`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'Check in at a class under way (cannot be undone; a second check-in returns the first)', body: ZCheckInRequest, response: okSchema(ZCheckIn) },
  }, async (req) => ok(await svc.checkIn(memberCtx(req), req.body.courseSessionId)));

  app.post(`${P}/records`, {
    config: { permission: 'LessonEvaluationRecord' },
    schema: { tags, summary: 'My evaluations, newest first, filtered and paged', body: ZEvaluationRecordsRequest, response: okSchema(ZEvaluationRecordPage) },
  }, async (req) => ok(await svc.myRecords(memberCtx(req), req.body)));

  app.post(`${P}/classes`, {
    config: { permission: 'FreeCourse' },
    schema: { tags, summary: 'Classes of the school on a day, with their state and my evaluation', body: ZListenClassesRequest, response: okSchema(ZListenClassPage) },
  }, async (req) => ok(await listenClasses(memberCtx(req), req.body)));

  app.post(`${P}/classes/now`, {
    config: { permission: 'TemporaryCourseEvaluation' },
    schema: { tags, summary: 'Classes under way or about to start now, with my evaluation', body: ZListenClassesRequest, response: okSchema(ZListenClassPage) },
  }, async (req) => ok(await listenClasses(memberCtx(req), { ...req.body, now: true })));

  app.get(`${P}/templates`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'Published templates for free listening and temporary evaluation', response: okSchema(z.array(ZTemplateOption)) },
  }, async (req) => ok(await svc.openTemplates(memberCtx(req))));

  app.post(`${P}/received`, {
    config: { permission: 'Evaluate' },
    schema: { tags, summary: 'Submitted evaluations of my classes that I may see (evaluator hidden when anonymous)', body: ZReceivedEvaluationsRequest, response: okSchema(ZReceivedEvaluationPage) },
  }, async (req) => ok(await svc.receivedEvaluations(memberCtx(req), req.body)));
};
