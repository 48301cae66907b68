import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZChangePlanRequest,
  ZClassLessonPlans,
  ZClassLessonPlansQuery,
  ZHandleLessonPlanAppealRequest,
  ZLessonPlanAppealRequest,
  ZLessonPlanCollectionList,
  ZLessonPlanCollectionQuery,
  ZCreateLessonPlanCollectionRequest,
  ZCreateLessonPlanCollectionResponse,
  ZLessonPlanDue,
  ZEvaluatePlanRequest,
  ZPlanEvaluationList,
  ZPlanEvaluationListRequest,
  ZLessonPlanStatistics,
  ZLessonPlanTargetOptions,
  ZMyLessonPlanDues,
  ZMyLessonPlanDuesRequest,
  ZPlanEvaluationForm,
  ZPlanEvaluationFormQuery,
  ZLessonPlanTemplateOptions,
  ZPlanFileQuery,
  ZLessonPlanRemindResponse,
  ZLessonPlanStatisticsQuery,
  ZSubmitPlanRequest,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import { contentDisposition } from '../files/files.routes.ts';
import * as svc from './lesson-plans.service.ts';

const tags = ['lesson plans'];
const P = '/app/ddxk/lessonPlan/v1';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const lessonPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`${P}/collection/release`, {
    config: { permission: svc.MANAGE },
    schema: {
      tags,
      summary: 'Release a lesson-plan collection (name, type, deadline, description) to teachers, departments (with their sub-units) or courses: one plan becomes due per course reached (this semester\'s for teachers and departments)',
      body: ZCreateLessonPlanCollectionRequest,
      response: okSchema(ZCreateLessonPlanCollectionResponse),
    },
  }, async (req) => ok(await svc.releaseCollection(memberCtx(req), req.body)));

  app.get(`${P}/collection/targets`, {
    config: { permission: svc.MANAGE },
    schema: { tags, summary: 'Whom a collection may be released to: teachers with courses this semester, departments, this semester\'s courses', response: okSchema(ZLessonPlanTargetOptions) },
  }, async (req) => ok(await svc.targetOptions(memberCtx(req))));

  app.get(`${P}/collection/templates`, {
    config: { permission: svc.MANAGE },
    schema: { tags, summary: 'Published evaluation templates a collection may be graded with (its current version is pinned at release)', response: okSchema(ZLessonPlanTemplateOptions) },
  }, async (req) => ok(await svc.templateChoices(memberCtx(req))));

  app.get(`${P}/collection/list`, {
    config: { permission: 'member' },
    schema: { tags, summary: "For managers and statistics readers: the school's collections, newest first, each with plans due, handed in, late and evaluated", response: okSchema(ZLessonPlanCollectionList) },
  }, async (req) => ok(await svc.listCollections(memberCtx(req))));

  app.post(`${P}/collection/delete`, {
    config: { permission: svc.MANAGE },
    schema: { tags, summary: 'Withdraw a collection with its dues and the plans handed in for it', body: ZLessonPlanCollectionQuery, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.deleteCollection(memberCtx(req), req.body.collectionId);
    return ok(null);
  });

  app.post(`${P}/collection/remind`, {
    config: { permission: svc.MANAGE },
    schema: { tags, summary: 'Notify every teacher who still owes plans of the collection', body: ZLessonPlanCollectionQuery, response: okSchema(ZLessonPlanRemindResponse) },
  }, async (req) => ok(await svc.remind(memberCtx(req), req.body.collectionId)));

  app.post(`${P}/mine`, {
    config: { permission: 'lessonPlan' },
    schema: {
      tags,
      summary: 'My dues (tab all, or evaluated: graded plans only) with their plans and files, and whether the daily upload and modification windows are open now',
      body: ZMyLessonPlanDuesRequest,
      response: okSchema(ZMyLessonPlanDues),
    },
  }, async (req) => ok(await svc.myDues(memberCtx(req), req.body.tab)));

  app.post(`${P}/submit`, {
    config: { permission: 'lessonPlan' },
    schema: {
      tags,
      summary: 'Hand in the plan of one of my dues within the daily upload window: 1-10 PPT, PDF, Word or Excel files uploaded with accept=lessonPlan and context lessonPlan:<dueId>; late when past the deadline',
      body: ZSubmitPlanRequest,
      response: okSchema(ZLessonPlanDue),
    },
  }, async (req) => ok(await svc.submitPlan(memberCtx(req), req.body)));

  app.post(`${P}/change`, {
    config: { permission: 'lessonPlan' },
    schema: {
      tags,
      summary: 'Change my handed-in plan within the daily modification window: add and remove files (1-10 stay); each change is a new version and removed files stay in the record',
      body: ZChangePlanRequest,
      response: okSchema(ZLessonPlanDue),
    },
  }, async (req) => ok(await svc.changePlan(memberCtx(req), req.body)));

  app.post(`${P}/evaluation/list`, {
    config: { permission: svc.EVALUATE },
    schema: {
      tags,
      summary: 'Handed-in plans of courses with a class today, this week (Monday to Sunday) or all, graded, not graded or both',
      body: ZPlanEvaluationListRequest,
      response: okSchema(ZPlanEvaluationList),
    },
  }, async (req) => ok(await svc.evaluationList(memberCtx(req), req.body)));

  app.post(`${P}/evaluate`, {
    config: { permission: svc.EVALUATE },
    schema: {
      tags,
      summary: "Grade a plan with a level 1-4 and a comment, or, when its collection has an evaluation template, with that template's version filled in (every question answered; the level follows from the score: 90/80/60 % of full marks); a later grade replaces it; never one's own plan; the teacher is notified",
      body: ZEvaluatePlanRequest,
      response: okSchema(ZLessonPlanDue),
    },
  }, async (req) => ok(await svc.evaluatePlan(memberCtx(req), req.body)));

  // The plan's teacher and its readers within reach (evaluators among them): checked in the service.
  app.get(`${P}/evaluation/form`, {
    config: { permission: 'member' },
    schema: {
      tags,
      summary: "A plan's evaluation form: the template version its collection is graded with, the score bands of the levels and, once graded, the answers and score; for the plan's teacher and its readers",
      querystring: ZPlanEvaluationFormQuery,
      response: okSchema(ZPlanEvaluationForm),
    },
  }, async (req) => ok(await svc.evaluationForm(memberCtx(req), req.query.planId)));

  // Readers of plans (managers, evaluators, statistics readers) within their reach: checked in the service.
  app.get(`${P}/class`, {
    config: { permission: 'member' },
    schema: {
      tags,
      summary: "The plans handed in for the course of one class (the patrol detail's and the evaluation form's tab), for readers of plans whose scope holds the course; another school's class or one out of scope is 404",
      querystring: ZClassLessonPlansQuery,
      response: okSchema(ZClassLessonPlans),
    },
  }, async (req) => ok(await svc.classPlans(memberCtx(req), req.query.courseSessionId)));

  app.post(`${P}/appeal`, {
    config: { permission: 'lessonPlan' },
    schema: { tags, summary: "Appeal the grade of my plan, once, with a reason (5-1000 characters); the grader is notified", body: ZLessonPlanAppealRequest, response: okSchema(ZLessonPlanDue) },
  }, async (req) => ok(await svc.appealGrade(memberCtx(req), req.body)));

  app.post(`${P}/appeal/handle`, {
    config: { permission: svc.EVALUATE },
    schema: {
      tags,
      summary: "The plan's grader or an administrator decides a pending appeal: accept with a new level 1-4, or for a template-graded plan a new score (its band gives the level), which the plan takes, or reject with a reason; the teacher is notified",
      body: ZHandleLessonPlanAppealRequest,
      response: okSchema(ZLessonPlanDue),
    },
  }, async (req) => ok(await svc.handleAppeal(memberCtx(req), req.body)));

  // Record-level rules in the service: the plan's teacher, managers, evaluators and statistics readers.
  app.get(`${P}/file`, {
    config: { permission: 'member' },
    schema: {
      tags,
      summary: "A plan's file: mode=download the upload as it is (attachment); mode=preview a PDF or the PDF converted from an Office file, inline. from=patrol|evaluation with the class's courseSessionId counts a citation when someone other than the teacher opens it, once per person, plan and class",
      querystring: ZPlanFileQuery,
    },
  }, async (req, reply) => {
    const f = await svc.openPlanFile(memberCtx(req), req.query);
    return reply
      .type(f.contentType)
      .header('content-length', f.size)
      .header('content-disposition', contentDisposition(f.inline ? 'inline' : 'attachment', f.name))
      .header('x-content-type-options', 'nosniff')
      // A preview is a PDF (its content decided on upload or by the conversion) shown by the browser's
      // own viewer inside the page; it may load nothing and run no page script (decision 0025).
      .header('content-security-policy', f.inline ? "default-src 'none'; frame-ancestors 'self'" : "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', 'private, no-cache')
      .send(f.body);
  });

  // Managers (lessonPlanManagement) and statistics readers (lessonPlanStatistics): checked in the service.
  app.get(`${P}/statistics`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'For managers and statistics readers: plans due, handed in, late, missing and evaluated per department and per teacher, and the level distribution; of one collection or all', querystring: ZLessonPlanStatisticsQuery, response: okSchema(ZLessonPlanStatistics) },
  }, async (req) => ok(await svc.statistics(memberCtx(req), req.query.collectionId)));

  app.get(`${P}/statistics/export`, {
    config: { permission: 'member', cost: 'export' },
    schema: { tags, summary: 'For managers and statistics readers: the hand-in statistics as .xlsx: a sheet per teacher and one per department', querystring: ZLessonPlanStatisticsQuery },
  }, async (req, reply) => {
    const { data, fileName } = await svc.exportStatistics(memberCtx(req), req.query.collectionId);
    return reply.type(XLSX).header('content-disposition', contentDisposition('attachment', fileName)).header('cache-control', 'no-store').send(data);
  });
};
