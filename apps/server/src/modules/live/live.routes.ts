import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPlayGrant, ZPlayRequest, ZStreamQuality } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import { verifyPlayToken } from './play-token.ts';
import * as svc from './live.service.ts';
import { closeLiveMedia, liveMedia } from './media.ts';

const tags = ['live'];
const P = '/app/live/v1';

const ZHlsParams = z.object({ cameraId: z.string().regex(/^\d{1,20}$/), quality: ZStreamQuality, file: z.string().max(40) });

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  app.addHook('onClose', async () => closeLiveMedia(app.deps));

  app.post(`${P}/play`, {
    config: { permission: 'SCADA' },
    schema: { tags, summary: "A short-lived play URL for one camera (sub stream for tiles, main for the focused view), when its room is within the caller's patrol scope", body: ZPlayRequest, response: okSchema(ZPlayGrant) },
  }, async (req) => ok(await svc.requestPlay(memberCtx(req), req.body)));

  // The simulator's HLS files. Not an API route: the play token in ?t= is the whole admission (no
  // session, no rate limit: a wall of tiles fetches a playlist per tile every second).
  app.get(`${svc.HLS_PREFIX}/:cameraId/:quality/:file`, {
    schema: { hide: true, params: ZHlsParams, querystring: z.object({ t: z.string().max(600).default('') }) },
  }, async (req, reply) => {
    const { cameraId, quality, file } = req.params;
    const check = verifyPlayToken(config.live.playTokenSecret, req.query.t, { cameraId, quality }, app.deps.now().getTime());
    void reply.header('cache-control', 'no-store');
    if (!check.ok) return reply.code(403).type('text/plain').send(`play token ${check.reason}`);
    const found = await liveMedia(app.deps)?.read(svc.streamKey(check.grant.schoolId, cameraId, quality), file);
    if (!found) return reply.code(404).type('text/plain').send('stream not running');
    if ('playlist' in found) {
      // Segments carry the same token: any HLS player (hls.js, Safari's own) fetches them as listed.
      const t = encodeURIComponent(req.query.t);
      return reply.type('application/vnd.apple.mpegurl').send(found.playlist.replace(/^(s\d+\.ts)$/gm, `$1?t=${t}`));
    }
    return reply.type('video/mp2t').send(fs.createReadStream(found.segment));
  });
};
