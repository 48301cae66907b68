import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZClipSharesQuery, ZCreateClipShareRequest, ZShare, ZShareIdRequest, ZShareList, ZShareMediaQuery } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as shares from './recording-shares.service.ts';
import { sendMp4 } from './send-mp4.ts';

const tags = ['recordings'];
const P = '/app/recordings/v1';

/** Sharing clips of class recordings (recording-shares.service.ts); a clip's link opens through the live lessons' /open/share. */
export const recordingSharesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`${P}/shares/create`, {
    config: { permission: 'SCADARecording' },
    schema: {
      tags,
      summary: 'Share a clip of a recording (the whole recording unless clipStart/clipEnd seconds are given) by link and poster, with an audience and an expiry; for whoever may play the recording',
      body: ZCreateClipShareRequest,
      response: okSchema(ZShare),
    },
  }, async (req) => ok(await shares.createClipShare(memberCtx(req), req.body)));

  app.get(`${P}/shares`, {
    config: { permission: 'SCADARecording' },
    schema: { tags, summary: "A recording's clip shares, newest first", querystring: ZClipSharesQuery, response: okSchema(ZShareList) },
  }, async (req) => ok(await shares.clipShares(memberCtx(req), req.query.recordingId)));

  app.post(`${P}/shares/revoke`, {
    config: { permission: 'SCADARecording' },
    schema: { tags, summary: "Revoke a clip's share: its link and media stop opening", body: ZShareIdRequest, response: okSchema(z.null()) },
  }, async (req) => ok(await shares.revokeClipShare(memberCtx(req), req.body.shareId)));

  app.get(`${P}/open/share/media`, {
    config: { permission: 'public' },
    schema: {
      tags,
      summary: "The MP4 of a shared clip's recording, with HTTP Range (206), while the link opens for the caller (not revoked or expired; a members-only share needs a member of its school)",
      querystring: ZShareMediaQuery,
    },
  }, async (req, reply) => sendMp4(reply, req.ctx.deps.storage, await shares.clipFile(req.ctx, req.query), { rangeHeader: req.headers.range, cache: 'private, no-cache' }));
};
