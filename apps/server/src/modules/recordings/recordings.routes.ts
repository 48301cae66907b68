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
import { memberCtx } from '../../platform/route-context.ts';
import { sendMp4 } from './send-mp4.ts';
import * as svc from './recordings.service.ts';

const tags = ['recordings'];
const P = '/app/recordings/v1';

export const recordingsRoutes: FastifyPluginAsyncZod = async (app) => {
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
    const file = await svc.recordingFile(memberCtx(req), req.query.recordingId);
    return sendMp4(reply, req.ctx.deps.storage, file, { rangeHeader: req.headers.range, cache: 'private, no-cache', download: !!req.query.download });
  });
};
