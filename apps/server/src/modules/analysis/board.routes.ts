import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDataBoard, ZDataBoardQuery } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './board.service.ts';

const tags = ['ai-analysis'];
const P = '/app/ddxk/ai/v1';

export const boardRoutes: FastifyPluginAsyncZod = async (app) => {
  // School-wide figures: the data-board screen's permission (a hidden screen of the statistics
  // group, the header's data-board link), not 'member' — a teacher or student is refused.
  app.get(`${P}/board`, {
    config: { permission: 'dataAnalysisReport' },
    schema: {
      tags,
      summary:
        "The AI data board of a day (default today, the school's time zone): classes analysed by status against classes held, the three rates now (classes in progress, else the latest analysed class) and per day over the last 7 days, active AI warnings by level with the latest, teaching modes and coverage this week; each figure with its method",
      querystring: ZDataBoardQuery,
      response: okSchema(ZDataBoard),
    },
  }, async (req) => ok(await svc.dataBoard(memberCtx(req), req.query)));
};
