import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCourseListRequest,
  ZCoursePage,
  ZMyPlanPage,
  ZMyPlansRequest,
  ZPeopleLookupRequest,
  ZPeopleLookupResponse,
  ZPlan,
  ZPlanClasses,
  ZPlanClassesRequest,
  ZPlanIdsRequest,
  ZPlanListRequest,
  ZPlanPage,
  ZPlanProgress,
  ZPlanQuery,
  ZSavePlanRequest,
  ZSteeringListRequest,
  ZSteeringPage,
  ZSupervisionGroupOption,
  ZTeacherOptions,
  ZTeacherOptionsQuery,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import { listCourses, teacherOptions } from '../courses/courses.service.ts';
import { groupOptions, lookupPeople } from '../supervision/supervision.service.ts';
import * as svc from './plans.service.ts';
import * as progress from './progress.service.ts';

const tags = ['plans'];
const P = '/app/ddxk/plan/v1';

export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`${P}/pageList`, {
    config: { permission: 'supervisionScheme' },
    schema: { tags, summary: 'Supervision plans (all, created by me, joined by me), filtered and paged, with progress', body: ZPlanListRequest, response: okSchema(ZPlanPage) },
  }, async (req) => ok(await svc.listPlans(memberCtx(req), req.body)));

  app.get(`${P}/detail`, {
    config: { permission: 'supervisionScheme' },
    schema: { tags, summary: 'One plan with its courses, supervisors and groups', querystring: ZPlanQuery, response: okSchema(ZPlan) },
  }, async (req) => ok(await svc.planDetail(memberCtx(req), req.query.planId)));

  app.post(`${P}/saveOrUpdate`, {
    config: { permission: 'plan:edit' },
    schema: { tags, summary: 'Add a plan, or change an unpublished one (planId given); pins the template’s published version', body: ZSavePlanRequest, response: okSchema(ZPlan) },
  }, async (req) => ok(await svc.savePlan(memberCtx(req), req.body)));

  app.post(`${P}/publish`, {
    config: { permission: 'plan:publish' },
    schema: { tags, summary: 'Publish plans (all or none)', body: ZPlanIdsRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.publishPlans(memberCtx(req), req.body.ids, true);
    return ok(null);
  });

  app.post(`${P}/unpublish`, {
    config: { permission: 'plan:publish' },
    schema: { tags, summary: 'Unpublish plans (all or none)', body: ZPlanIdsRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.publishPlans(memberCtx(req), req.body.ids, false);
    return ok(null);
  });

  app.post(`${P}/deleteByIds`, {
    config: { permission: 'plan:edit' },
    schema: { tags, summary: 'Delete unpublished plans without evaluations (all or none)', body: ZPlanIdsRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.deletePlans(memberCtx(req), req.body.ids);
    return ok(null);
  });

  // Pickers of the plan form.
  app.post(`${P}/courses`, {
    config: { permission: 'plan:edit' },
    schema: { tags, summary: 'Courses to pick for a plan', body: ZCourseListRequest, response: okSchema(ZCoursePage) },
  }, async (req) => ok(await listCourses(memberCtx(req), req.body)));

  app.get(`${P}/teachers`, {
    config: { permission: 'plan:edit' },
    schema: { tags, summary: 'Teachers to filter the course picker by', querystring: ZTeacherOptionsQuery, response: okSchema(ZTeacherOptions) },
  }, async (req) => ok(await teacherOptions(memberCtx(req), req.query)));

  app.get(`${P}/people`, {
    config: { permission: 'plan:edit' },
    schema: { tags, summary: 'People to pick as supervisors', querystring: ZPeopleLookupRequest, response: okSchema(ZPeopleLookupResponse) },
  }, async (req) => ok(await lookupPeople(memberCtx(req), req.query)));

  app.get(`${P}/groups`, {
    config: { permission: 'plan:edit' },
    schema: { tags, summary: 'Supervision groups to pick (their members become supervisors)', response: okSchema(z.array(ZSupervisionGroupOption)) },
  }, async (req) => ok(await groupOptions(memberCtx(req))));

  // Progress.
  app.get(`${P}/progress`, {
    config: { permission: 'supervisionScheme' },
    schema: { tags, summary: 'Progress of a plan: each supervisor’s classes attended, each course’s evaluations', querystring: ZPlanQuery, response: okSchema(ZPlanProgress) },
  }, async (req) => ok(await progress.planProgress(memberCtx(req), req.query.planId)));

  app.post(`${P}/target/pageList`, {
    config: { permission: 'targetAdvance' },
    schema: { tags, summary: 'Published plans, those with the most supervisors behind first', body: ZPlanListRequest, response: okSchema(ZPlanPage) },
  }, async (req) => ok(await progress.targetList(memberCtx(req), req.body)));

  app.get(`${P}/target/detail`, {
    config: { permission: 'targetAdvance' },
    schema: { tags, summary: 'Progress of a plan with the supervisors behind first', querystring: ZPlanQuery, response: okSchema(ZPlanProgress) },
  }, async (req) => ok(await progress.targetDetail(memberCtx(req), req.query.planId)));

  app.post(`${P}/steering/pageList`, {
    config: { permission: 'SteeringList' },
    schema: { tags, summary: 'Supervisors of the published plans in progress, with their classes attended', body: ZSteeringListRequest, response: okSchema(ZSteeringPage) },
  }, async (req) => ok(await progress.steeringList(memberCtx(req), req.body)));

  // A supervisor's own plans.
  app.post(`${P}/my/pageList`, {
    config: { permission: 'LessonEvaluationPlan' },
    schema: { tags, summary: 'Published plans I supervise, with my progress and my next classes', body: ZMyPlansRequest, response: okSchema(ZMyPlanPage) },
  }, async (req) => ok(await progress.myPlans(memberCtx(req), req.body)));

  app.get(`${P}/my/classes`, {
    config: { permission: 'LessonEvaluationPlan' },
    schema: { tags, summary: 'Classes of one of my plans on a day or in a week', querystring: ZPlanClassesRequest, response: okSchema(ZPlanClasses) },
  }, async (req) => ok(await progress.myClasses(memberCtx(req), req.query)));
};
