import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZOpenRecordingRequest,
  ZOpenRecordingResponse,
  ZRecordedClassQuery,
  ZRecordedClassResponse,
  ZRecordingMediaQuery,
  ZRecordingPage,
  ZRecordingPageRequest,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { memberCtx } from '../../platform/route-context.ts';
import { contentDisposition } from '../files/files.routes.ts';
import { parseRange, sliceStream } from './byte-range.ts';
import * as gateway from './gateway-recordings.ts';
import * as svc from './recordings.service.ts';

const tags = ['recordings'];
const P = '/app/recordings/v1';

export const recordingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.deps.jobs.register(svc.PREPARE_JOB, svc.prepareJob(app.deps));
  // The gateway records classes only with its playback server configured (docs/decisions/0017).
  if (app.deps.config.live.gateway?.playback) {
    app.deps.jobs.register(gateway.WINDOWS_JOB, gateway.windowsJob(app.deps));
    app.deps.jobs.every(gateway.WINDOWS_JOB, gateway.WINDOWS_EVERY_SECONDS);
  }

  app.get(`${P}/class`, {
    config: { permission: 'SCADARecording' },
    schema: { tags, summary: "An ended class's details and the sources already recorded, for its own teacher or someone whose patrol reach covers its room", querystring: ZRecordedClassQuery, response: okSchema(ZRecordedClassResponse) },
  }, async (req) => ok(await svc.recordedClass(memberCtx(req), req.query.courseSessionId)));

  app.post(`${P}/open`, {
    config: { permission: 'SCADARecording' },
    schema: {
      tags,
      summary: "A class's recording from one source (1 recorder, 2 camera, as the school's recording views offer them): ready, or being prepared (poll until ready)",
      body: ZOpenRecordingRequest,
      response: okSchema(ZOpenRecordingResponse),
    },
  }, async (req) => ok(await svc.openRecording(memberCtx(req), req.body)));

  app.get(`${P}/page`, {
    config: { permission: 'SCADARecording' },
    schema: { tags, summary: 'Ended classes the caller may watch (of a room, of a course, or all), newest first, with the sources already recorded; paged', querystring: ZRecordingPageRequest, response: okSchema(ZRecordingPage) },
  }, async (req) => ok(await svc.recordingPage(memberCtx(req), req.query)));

  app.get(`${P}/media`, {
    config: { permission: 'SCADARecording', also: [{ permission: 'video:download', field: 'query.download', when: 'set' }] },
    schema: {
      tags,
      summary: 'The MP4 of a ready recording, with HTTP Range (206) for playing and seeking; download=1 sends it as an attachment (needs the video:download button)',
      querystring: ZRecordingMediaQuery,
    },
  }, async (req, reply) => {
    const { storageKey, fileName } = await svc.recordingFile(memberCtx(req), req.query.recordingId);
    const stored = await req.ctx.deps.storage.open(storageKey);
    if (!stored) throw new AppError('recordings.notReady');
    const { size } = stored;
    void reply
      .type('video/mp4')
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', contentDisposition(req.query.download ? 'attachment' : 'inline', fileName));
    const range = req.query.download ? null : parseRange(req.headers.range, size);
    if (range === 'unsatisfiable') {
      stored.body.destroy();
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    if (!range) return reply.header('content-length', size).send(stored.body);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(sliceStream(stored.body, range));
  });
};
