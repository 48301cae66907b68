import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCourseReport, ZCourseReportQuery, ZReadableReportCoursePage, ZReadableReportCoursesRequest, ZReportCoursePage, ZReportCoursesRequest } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './reports.service.ts';

const tags = ['reports'];
const P = '/app/ddxk/report/v1';

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`${P}/courses`, {
    config: { permission: 'Report' },
    schema: {
      tags,
      summary: "A teacher's courses with visible evaluations, their count and average percent (mine; another teacher's for plan managers)",
      body: ZReportCoursesRequest,
      response: okSchema(ZReportCoursePage),
    },
  }, async (req) => ok(await svc.reportCourses(memberCtx(req), req.body)));

  // Scoped in the service as the report is: the reader's own courses, or every course for plan managers.
  app.post(`${P}/courses/readable`, {
    config: { permission: 'CourseEvaluationReport' },
    schema: {
      tags,
      summary: 'The courses whose report I may open (those I teach; every course for plan managers), with visible evaluations, last evaluated first',
      body: ZReadableReportCoursesRequest,
      response: okSchema(ZReadableReportCoursePage),
    },
  }, async (req) => ok(await svc.readableCourses(memberCtx(req), req.body)));

  // Record-level rules in the service: the course's teacher, or a plan manager.
  app.get(`${P}/course`, {
    config: { permission: 'CourseEvaluationReport' },
    schema: {
      tags,
      summary: "A course's report over its semester, or one evaluation's: indicators against the school, history and comments",
      querystring: ZCourseReportQuery,
      response: okSchema(ZCourseReport),
    },
  }, async (req) => ok(await svc.courseReport(memberCtx(req), req.query)));
};
