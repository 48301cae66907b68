import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZEvaluationStats, ZEvaluationStatsQuery, ZStatsFilterOptions, ZStatsFilterOptionsQuery, ZStatsEvaluationPage, ZStatsEvaluationsQuery, ZThreeRateClassesQuery, ZThreeRateClassPage, ZThreeRateStats, ZThreeRateStatsQuery,
  ZSensitiveClassesQuery, ZSensitiveClassHits, ZSensitiveClassPage, ZSensitiveHitsQuery, ZSensitiveStats, ZSensitiveStatsQuery,
  ZAssignmentClassesQuery, ZAssignmentClassPage, ZAssignmentStats, ZAssignmentStatsQuery,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './statistics.service.ts';
import * as threeRate from './three-rate.service.ts';
import * as sensitive from './sensitive.service.ts';
import * as assignmentCharts from './assignments.service.ts';

const tags = ['statistics'];
const P = '/app/ddxk/statistics/v1';

// The reader's reach (whole school, supervised departments and teachers, or their own figures) is decided in the service.
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`${P}/evaluation`, {
    config: { permission: 'evaluateStatistics' },
    schema: {
      tags,
      summary: 'Evaluation statistics of a semester (or lesson days in it) for a scope against the school: counts, coverage, score distribution, indicators, weekly trend, top and bottom teachers, supervisors against their quota, and the scope grouped by department or teacher',
      querystring: ZEvaluationStatsQuery,
      response: okSchema(ZEvaluationStats),
    },
  }, async (req) => ok(await svc.evaluationStats(memberCtx(req), req.query)));

  app.get(`${P}/evaluation/options`, {
    config: { permission: 'evaluateStatistics' },
    schema: {
      tags,
      summary: "The choices of the template and plan filters: the templates and plans the semester's submitted evaluations used, by name",
      querystring: ZStatsFilterOptionsQuery,
      response: okSchema(ZStatsFilterOptions),
    },
  }, async (req) => ok(await svc.filterOptions(memberCtx(req), req.query.semesterId)));

  app.get(`${P}/evaluation/records`, {
    config: { permission: 'evaluateStatisticsDetailss' },
    schema: {
      tags,
      summary: 'The submitted evaluations behind the statistics of a scope, latest class first (anonymous ones without their evaluator)',
      querystring: ZStatsEvaluationsQuery,
      response: okSchema(ZStatsEvaluationPage),
    },
  }, async (req) => ok(await svc.statsEvaluations(memberCtx(req), req.query)));

  app.get(`${P}/three-rate`, {
    config: { permission: 'threeRateStatistics' },
    schema: {
      tags,
      summary: 'Three-rate statistics of a semester (or lesson days in it): mean attendance, head-up and front-row rates of the analysed classes of a scope against the school, by week, and grouped by building, classroom, department, teacher, course, time slot or week (class-level figures only)',
      querystring: ZThreeRateStatsQuery,
      response: okSchema(ZThreeRateStats),
    },
  }, async (req) => ok(await threeRate.threeRateStats(memberCtx(req), req.query)));

  app.get(`${P}/three-rate/classes`, {
    config: { permission: 'threeRateStatisticsDetails' },
    schema: {
      tags,
      summary: 'The analysed classes behind the three-rate figures of a scope, latest first, with their rates and counts',
      querystring: ZThreeRateClassesQuery,
      response: okSchema(ZThreeRateClassPage),
    },
  }, async (req) => ok(await threeRate.threeRateClasses(memberCtx(req), req.query)));

  app.get(`${P}/sensitive`, {
    config: { permission: 'sensitiveTopic' },
    schema: {
      tags,
      summary: 'Sensitive-topic classrooms of a semester (or lesson days in it): analysed classes, classes with sensitive-word hits and hits of a scope against the school, and the scope\'s hits by category and severity',
      querystring: ZSensitiveStatsQuery,
      response: okSchema(ZSensitiveStats),
    },
  }, async (req) => ok(await sensitive.sensitiveStats(memberCtx(req), req.query)));

  app.get(`${P}/sensitive/classes`, {
    config: { permission: 'sensitiveTopic' },
    schema: {
      tags,
      summary: 'The classes of a scope with sensitive-word hits (of the category and severity asked), latest first, with their hit count, highest severity, categories and words',
      querystring: ZSensitiveClassesQuery,
      response: okSchema(ZSensitiveClassPage),
    },
  }, async (req) => ok(await sensitive.sensitiveClasses(memberCtx(req), req.query)));

  app.get(`${P}/sensitive/hits`, {
    config: { permission: 'sensitiveTopicDetails' },
    schema: {
      tags,
      summary: 'One class\'s sensitive-word hits in the order heard: the word, its category and severity, the text around it and its moment in the recording',
      querystring: ZSensitiveHitsQuery,
      response: okSchema(ZSensitiveClassHits),
    },
  }, async (req) => ok(await sensitive.sensitiveClassHits(memberCtx(req), req.query)));
  app.get(`${P}/assignments`, {
    config: { permission: 'assignmentsEchartsTeport' },
    schema: {
      tags,
      summary: 'Assignment progress of a semester (or lesson days in it): per task and per supervisor, classes attended (evaluated) against the tasks\' required minimums, with the classes they may attend and those held by now',
      querystring: ZAssignmentStatsQuery,
      response: okSchema(ZAssignmentStats),
    },
  }, async (req) => ok(await assignmentCharts.assignmentStats(memberCtx(req), req.query)));

  app.get(`${P}/assignments/classes`, {
    config: { permission: 'assignmentsEchartsTeport' },
    schema: {
      tags,
      summary: 'The classes one supervisor may attend under the semester\'s tasks (or one task), those up to today latest first then those to come, held and attended, with their evaluation unless it is anonymous',
      querystring: ZAssignmentClassesQuery,
      response: okSchema(ZAssignmentClassPage),
    },
  }, async (req) => ok(await assignmentCharts.assignmentClasses(memberCtx(req), req.query)));
};
