import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEvaluationStats, ZEvaluationStatsQuery, ZStatsEvaluationPage, ZStatsEvaluationsQuery } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './statistics.service.ts';

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

  app.get(`${P}/evaluation/records`, {
    config: { permission: 'evaluateStatisticsDetailss' },
    schema: {
      tags,
      summary: 'The submitted evaluations behind the statistics of a scope, latest class first (anonymous ones without their evaluator)',
      querystring: ZStatsEvaluationsQuery,
      response: okSchema(ZStatsEvaluationPage),
    },
  }, async (req) => ok(await svc.statsEvaluations(memberCtx(req), req.query)));
};
