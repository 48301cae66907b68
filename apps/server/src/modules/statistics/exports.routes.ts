import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStatsExportJob, ZStatsExportJobQuery, ZStatsExportRequest, ZStatsExportStarted } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import { contentDisposition } from '../files/files.routes.ts';
import * as svc from './exports.service.ts';

const tags = ['statistics'];
const P = '/app/ddxk/statistics/v1/exports';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Any statistics reader may ask; the service requires the view's own menu and the screen's scope,
// and keeps a job and its file to the person who started it (docs/decisions/0032).
export const statisticsExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(P, {
    config: { permission: 'statistics' },
    schema: {
      tags,
      summary: 'Starts an Excel export of a statistics view with its filters (the screen\'s figures and every row behind them) as a background job; the view\'s menu and the screen\'s scope apply',
      body: ZStatsExportRequest,
      response: okSchema(ZStatsExportStarted),
    },
  }, async (req) => ok(await svc.start(memberCtx(req), req.body)));

  app.get(`${P}/job`, {
    config: { permission: 'statistics' },
    schema: {
      tags,
      summary: 'The caller\'s export: status, progress, and the file\'s name once it can be downloaded (another person\'s or school\'s export is not found)',
      querystring: ZStatsExportJobQuery,
      response: okSchema(ZStatsExportJob),
    },
  }, async (req) => ok(await svc.status(memberCtx(req), req.query.jobId)));

  app.get(`${P}/download`, {
    config: { permission: 'statistics' },
    schema: { tags, summary: 'The caller\'s finished export as .xlsx (another person\'s or school\'s export is not found)', querystring: ZStatsExportJobQuery },
  }, async (req, reply) => {
    const file = await svc.download(memberCtx(req), req.query.jobId);
    return reply
      .type(XLSX)
      .header('content-length', file.size)
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
};
