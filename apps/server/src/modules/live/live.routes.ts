import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPlayGrant, ZPlayRequest, ZStreamQuality } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import { authorizeGatewayPlayback } from '../recordings/recordings.service.ts';
import { verifyPlayToken } from './play-token.ts';
import * as svc from './live.service.ts';
import { closeLiveMedia, liveMedia } from './media.ts';

const tags = ['live'];
const P = '/app/live/v1';

/** The JSON MediaMTX posts to its auth hook (authMethod: http); unknown fields are ignored. */
const ZGatewayAuth = z.object({
  user: z.string().max(200).optional(),
  password: z.string().max(1000).optional(),
  token: z.string().max(1000).optional(),
  ip: z.string().max(64).optional(),
  action: z.string().max(20),
  path: z.string().max(200),
  protocol: z.string().max(20).optional(),
  id: z.string().max(64).nullable().optional(),
  query: z.string().max(2000).optional(),
});

const sameSecret = (given: string, want: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b);
};

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

  // The media gateway's auth hook (MediaMTX authMethod: http; docs/operations.md). Not an API route:
  // machine to machine, admitted by the secret in its URL, asked for every read (no session, no
  // rate limit). 2xx lets the reader in; anything else refuses. Unknown without a gateway.
  app.post('/live/gateway/auth', {
    schema: { hide: true, querystring: z.object({ key: z.string().max(200).default('') }), body: ZGatewayAuth },
  }, async (req, reply) => {
    const gateway = config.live.gateway;
    if (!gateway) return reply.code(404).type('text/plain').send('no media gateway configured');
    if (!sameSecret(req.query.key, gateway.hookSecret)) return reply.code(401).type('text/plain').send('hook secret');
    // Recordings (the playback server, action "playback") are the recordings module's to decide.
    const decision = req.body.action === 'playback' ? await authorizeGatewayPlayback(app.deps, req.body) : await svc.authorizeGatewayRead(app.deps, req.body);
    if (!decision.ok) return reply.code(401).type('text/plain').send(decision.reason);
    return reply.code(200).type('text/plain').send('ok');
  });
};
