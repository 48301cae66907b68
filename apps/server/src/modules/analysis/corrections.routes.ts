import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAgreement, ZAgreementQuery, ZAnalysisCorrection, ZSaveCorrectionRequest } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './corrections.service.ts';

const tags = ['ai-analysis'];
const P = '/app/ddxk/ai/v1';

export const correctionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Any member may ask; the service decides on the record (corrections.service.ts): a patrol reach
  // covering the class's room, and not the class's own teacher. Another school's analysis: 404.
  app.post(`${P}/corrections/save`, {
    config: { permission: 'member' },
    schema: {
      tags,
      summary: "Corrects a finished analysis (by analysisId, or the class's courseSessionId): measure 'st' with the recoded sequence (as long as the AI's), or 'attendance' with the students counted (0 to twice the expected). The person's latest correction of a measure counts; the class's own teacher may not correct it",
      body: ZSaveCorrectionRequest,
      response: okSchema(ZAnalysisCorrection),
    },
  }, async (req) => ok(await svc.saveCorrection(memberCtx(req), req.body)));

  // The same permission as the page that shows it (/back/aiWarningSettings): the people who set
  // how far the school trusts the AI's figures (its warning rules) see how far people agree with it.
  app.get(`${P}/agreement`, {
    config: { permission: 'aiWarningSettings' },
    schema: {
      tags,
      summary: "Agreement between the AI and people over the school's corrected classes held from..to: S-T intervals coded alike, Cohen's kappa and same teaching mode; attendance mean absolute difference and share within one student",
      querystring: ZAgreementQuery,
      response: okSchema(ZAgreement),
    },
  }, async (req) => ok(await svc.agreement(memberCtx(req), req.query)));
};
