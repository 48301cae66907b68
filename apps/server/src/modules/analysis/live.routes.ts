import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLiveAnalysisQuery, ZLiveAnalysisResponse } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import { liveAnalysisOfClass } from './live.service.ts';

const tags = ['ai-analysis'];
const P = '/app/ddxk/ai/v1';

/**
 * Live analysis of classes in progress (docs/decisions/0022-live-analysis.md): the figures so far.
 * Its jobs are registered with the others (job-kinds.ts) and stopped first when the process closes (core.ts).
 */
export const liveAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`${P}/live`, {
    config: { permission: 'member' },
    schema: {
      tags,
      summary: "The live analysis of a class in progress (the class's teacher, or a patrol reach covering its room): the latest sample, the curve so far, S-T so far, the warnings raised with their evidence; live is null when the class is not analysed live",
      querystring: ZLiveAnalysisQuery,
      response: okSchema(ZLiveAnalysisResponse),
    },
  }, async (req) => ok(await liveAnalysisOfClass(memberCtx(req), req.query.courseSessionId)));
};
