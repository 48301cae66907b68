import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  computeSt,
  ZClassReport,
  ZClassReportQuery,
  ZEvidenceFrameQuery,
  ZSaveTranscriptionSettings,
  ZTranscriptionSettings,
  ZTranscriptionTestResult,
  ZSaveSensitiveWordRequest,
  ZSaveWarningRuleRequest,
  ZSensitiveWord,
  ZSensitiveWordIdRequest,
  ZSensitiveWordsImportResult,
  ZSensitiveWordsPage,
  ZSensitiveWordsRequest,
  ZStComputeRequest,
  ZStComputeResponse,
  ZWarningRule,
  ZWarningRuleIdRequest,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { contentDisposition, FILE_CSP } from '../files/files.routes.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './analysis.service.ts';
import { saveTranscriptionSettings, testTranscription, transcriptionSettings } from './transcription-settings.ts';

const tags = ['ai-analysis'];
const P = '/app/ddxk/ai/v1';
/** 10,000 lines of a CSV lexicon fit well within this. */
const LEXICON_FILE_BYTES = 2 * 1024 * 1024;

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  // A pure computation over the caller's own input: any member may use it (the report and the
  // pipeline run the same function, so a person can check a report's figures by hand).
  app.post(`${P}/st/compute`, {
    config: { permission: 'member' },
    schema: {
      tags,
      summary: 'S-T analysis of a sequence: Rt = N_T / N, Ch = (g - 1) / N with g the runs, and the teaching mode (practice Rt <= 0.3, lecture Rt >= 0.7, else dialogue Ch >= 0.4, else mixed)',
      body: ZStComputeRequest,
      response: okSchema(ZStComputeResponse),
    },
  }, async (req) => ok({ ...computeSt(req.body.sequence), intervalSeconds: req.body.intervalSeconds }));

  app.get(`${P}/report`, {
    config: { permission: 'member' },
    schema: {
      tags,
      summary: "The AI classroom report of a class: figures with their method and confidence, samples, talk and transcript, sensitive words, warnings and people's corrections (the class's teacher, or a patrol reach covering its room)",
      querystring: ZClassReportQuery,
      response: okSchema(ZClassReport),
    },
  }, async (req) => ok(await svc.classReport(memberCtx(req), req.query.courseSessionId)));

  app.get(`${P}/evidence`, {
    config: { permission: 'member' },
    schema: {
      tags,
      summary: "A frame the class's analysis kept as evidence (JPEG, faces blurred to their outlines; a sample with hasEvidence, by its second t from the class's start), for the readers of the report",
      querystring: ZEvidenceFrameQuery,
      produces: ['image/jpeg'],
    },
  }, async (req, reply) => {
    const jpeg = await svc.evidenceFrame(memberCtx(req), req.query.courseSessionId, req.query.t);
    // With the files' security headers: opened on its own, the frame is an image and nothing else.
    return reply
      .type('image/jpeg')
      .header('content-disposition', contentDisposition('inline', `evidence-${req.query.t}.jpg`))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', FILE_CSP)
      .header('cache-control', 'private, max-age=300')
      .send(jpeg);
  });

  app.get(`${P}/warning-rules`, {
    config: { permission: 'aiWarningSettings' },
    schema: { tags, summary: "The school's AI warning rules", response: okSchema(z.array(ZWarningRule)) },
  }, async (req) => ok(await svc.listWarningRules(memberCtx(req))));

  app.post(`${P}/warning-rules/save`, {
    config: { permission: 'aiWarningSettings' },
    schema: { tags, summary: 'Adds a warning rule, or changes one (with id): kind, threshold %, minutes, category, level mild / moderate / severe', body: ZSaveWarningRuleRequest, response: okSchema(ZWarningRule) },
  }, async (req) => ok(await svc.saveWarningRule(memberCtx(req), req.body)));

  app.post(`${P}/warning-rules/delete`, {
    config: { permission: 'aiWarningSettings' },
    schema: { tags, summary: 'Deletes a warning rule (warnings it raised stay, without their rule)', body: ZWarningRuleIdRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.deleteWarningRule(memberCtx(req), req.body.id);
    return ok(null);
  });

  app.get(`${P}/transcription`, {
    config: { permission: 'aiWarningSettings' },
    schema: { tags, summary: "The school's speech-to-text service (an OpenAI-compatible /v1/audio/transcriptions): address, model, whether a key is set (never the key), and which service analyses use now", response: okSchema(ZTranscriptionSettings) },
  }, async (req) => ok(await transcriptionSettings(memberCtx(req))));

  app.post(`${P}/transcription/save`, {
    config: { permission: 'aiWarningSettings' },
    schema: { tags, summary: "Sets the school's own transcription service (address, model and key together; apiKey absent keeps the stored key, which only stays with an unchanged address) or, all null, goes back to the deployment's", body: ZSaveTranscriptionSettings, response: okSchema(ZTranscriptionSettings) },
  }, async (req) => ok(await saveTranscriptionSettings(memberCtx(req), req.body)));

  app.post(`${P}/transcription/test`, {
    config: { permission: 'aiWarningSettings', cost: 'ai' },
    schema: { tags, summary: 'Sends a second of generated silence to the service in use and says whether it answered with a timed transcript (else the localized reason)', response: okSchema(ZTranscriptionTestResult) },
  }, async (req) => ok(await testTranscription(memberCtx(req))));

  app.get(`${P}/sensitive-words`, {
    config: { permission: 'aiWarningSettings' },
    schema: { tags, summary: "A page of the school's sensitive-word lexicon (keyword, category)", querystring: ZSensitiveWordsRequest, response: okSchema(ZSensitiveWordsPage) },
  }, async (req) => ok(await svc.sensitiveWordPage(memberCtx(req), req.query)));

  app.post(`${P}/sensitive-words/save`, {
    config: { permission: 'aiWarningSettings' },
    schema: { tags, summary: 'Adds a sensitive word, or changes one (with id): word, category, severity mild / moderate / severe', body: ZSaveSensitiveWordRequest, response: okSchema(ZSensitiveWord) },
  }, async (req) => ok(await svc.saveSensitiveWord(memberCtx(req), req.body)));

  app.post(`${P}/sensitive-words/delete`, {
    config: { permission: 'aiWarningSettings' },
    schema: { tags, summary: 'Deletes a sensitive word (hits already found stay in their reports)', body: ZSensitiveWordIdRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.deleteSensitiveWord(memberCtx(req), req.body.id);
    return ok(null);
  });

  app.post(`${P}/sensitive-words/import`, {
    config: { permission: 'aiWarningSettings', cost: 'import' },
    schema: { tags, summary: 'Imports a CSV lexicon (word,category,severity; UTF-8, UTF-16 or GBK): all or nothing, with the errors per line', consumes: ['multipart/form-data'], response: okSchema(ZSensitiveWordsImportResult) },
  }, async (req) => {
    const part = await req.file({ limits: { fileSize: LEXICON_FILE_BYTES } });
    if (!part) throw new AppError('file.missing');
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file.tooLarge', { limit: '2MB' });
      throw e;
    }
    return ok(await svc.importSensitiveWords(memberCtx(req), data));
  });

  app.get(`${P}/sensitive-words/export`, {
    config: { permission: 'aiWarningSettings', cost: 'export' },
    schema: { tags, summary: 'The lexicon as a CSV file (UTF-8 with BOM, word,category,severity)' },
  }, async (req, reply) => {
    const csv = await svc.exportSensitiveWords(memberCtx(req));
    return reply.type('text/csv; charset=utf-8').header('content-disposition', contentDisposition('attachment', 'sensitive-words.csv')).header('cache-control', 'no-store').send(csv);
  });
};
