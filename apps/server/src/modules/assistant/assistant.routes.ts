import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIVE_COMMENTARY_PATH,
  normalizeLanguage,
  ZAskProblemQuery,
  ZAssistantSettings,
  ZAssistantStatus,
  ZAssistantTestResult,
  ZAssistantUsage,
  ZAssistantUsageQuery,
  ZErrorEnvelope,
  ZNewSessionQuery,
  ZProblemList,
  ZSaveAssistantSettings,
  ZSessionHistory,
  ZSessionIdQuery,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { tokenOf } from '../../platform/guard.ts';
import { assertOrigin } from '../../platform/realtime-socket.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './assistant.service.ts';
import { liveCommentarySocket, type CommentarySocket } from './live-commentary.socket.ts';
import * as provider from './provider.ts';

const tags = ['assistant'];
// The spec's paths, spelling included (section 7).
const P = '/ai/deekseek/v1';
// The school's own model and fair use (docs/decisions/0029): the AI settings screen's permission.
const S = '/ai/assistant/v1';

export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`${P}/askProblem`, {
    config: { permission: 'member', cost: 'ai' },
    schema: {
      tags,
      summary: 'Ask a question in one of my sessions; the answer streams as server-sent events',
      description:
        'text/event-stream: each event is `data: <json>` shaped as an OpenAI-compatible chat chunk (choices[0].delta.reasoning_content for thinking, ' +
        '.content for the answer, finish_reason on the last one) with messageId and sessionId; the first carries the session title, the last the tools ' +
        'used (name, parameters, row counts, link), thinkMs and stopState, or error. Then `data: [DONE]`. Closing the connection stops the answer ' +
        'and its upstream request at once; the message is kept as stopped. An empty question is refused (assistant.emptyProblem) before anything streams.',
      querystring: ZAskProblemQuery,
      response: { 200: z.string().describe('text/event-stream'), '4xx': ZErrorEnvelope, '5xx': ZErrorEnvelope },
    },
  }, async (req, reply) => {
    const ctx = memberCtx(req);
    // The asker pressed stop or left (even while the question was being kept): end the answer, and
    // its upstream request, now.
    const stop = new AbortController();
    reply.raw.on('close', () => stop.abort());
    const prepared = await svc.prepareAsk(ctx, req.query);
    const out = new PassThrough();
    void (async () => {
      try {
        for await (const chunk of svc.answer(ctx, prepared, stop.signal)) {
          if (stop.signal.aborted) break;
          out.write(`data: ${JSON.stringify(chunk)}\n\n`);
        }
        if (!stop.signal.aborted) out.write('data: [DONE]\n\n');
      } catch (err) {
        req.log.error({ err }, 'assistant stream failed');
      } finally {
        out.end();
      }
    })();
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      // A stream is sent as it is written; the 200 schema above only documents it.
      .send(out as never);
  });

  app.route({
    method: 'GET',
    url: LIVE_COMMENTARY_PATH,
    config: { permission: 'member' },
    schema: {
      tags,
      summary: 'WebSocket of the live commentary (upgrade with the session cookie; lang: the reader\'s language): send { liveId, type: 101 } (liveId: a class in progress, its course session id)',
      querystring: z.object({ lang: z.string().max(8).optional() }),
      description:
        'Receives the commentary on the class\'s live figures as OpenAI-shaped chunks { type: 101, liveId, choices: [{ delta: { reasoning_content | content }, finish_reason }] }: ' +
        'the first says who comments (source llm or rules) and the course, the last has finish_reason stop (or error, with error). Only for those whose patrol reach covers the room; ' +
        'a refusal (live.noPatrol, live.outOfScope, common.notFound for another school\'s class, assistant.budgetReached, common.rateLimited) is { type: "error", key, message }. ' +
        'Another init replaces the commentary under way. A plain GET is refused.',
    },
    onRequest: async (req) => {
      if (req.ws) assertOrigin(req, req.ctx.deps.config);
    },
    handler: async () => {
      throw new AppError('common.notFound');
    },
    wsHandler: (socket: CommentarySocket, req) => {
      const ctx = memberCtx(req);
      // A browser's handshake carries no language header: the page names its language.
      liveCommentarySocket(socket, req.query.lang ? { ...ctx, lang: normalizeLanguage(req.query.lang) } : ctx, tokenOf(req)?.token ?? '');
    },
  });

  app.post(`${P}/deleteSession`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'Delete one of my sessions with its messages', querystring: ZSessionIdQuery, response: okSchema(z.null()) },
  }, async (req) => ok(await svc.deleteSession(memberCtx(req), req.query.sessionId).then(() => null)));

  app.get(`${P}/getNewSessionId`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'Start a session ("new conversation" until its first question); data is its id', querystring: ZNewSessionQuery, response: okSchema(z.string()) },
  }, async (req) => ok(await svc.newSession(memberCtx(req), req.query.model)));

  app.get(`${P}/getProblemList`, {
    config: { permission: 'member' },
    schema: { tags, summary: "One of my sessions' questions, oldest first, each with its thinking, answer, stop state and tools", querystring: ZSessionIdQuery, response: okSchema(ZProblemList) },
  }, async (req) => ok(await svc.problemList(memberCtx(req), req.query.sessionId)));

  app.get(`${P}/getSessionHistoryList`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'My sessions (id, title, createTime), last asked first', response: okSchema(ZSessionHistory) },
  }, async (req) => ok(await svc.sessionHistory(memberCtx(req))));

  app.get(`${P}/status`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'Whether a language model answers (else the offline data assistant), and its models', response: okSchema(ZAssistantStatus) },
  }, async (req) => ok(await svc.status(memberCtx(req))));

  app.get(`${P}/myUsage`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'My own questions and tokens of a month (school time) per day and model, and what is left of the school\'s budget', querystring: ZAssistantUsageQuery, response: okSchema(ZAssistantUsage) },
  }, async (req) => ok(await provider.myUsage(memberCtx(req), req.query.month)));

  app.get(`${S}/settings`, {
    config: { permission: 'aiWarningSettings' },
    schema: { tags, summary: "The school's language model (address, model, whether a key is set — never the key — and whose model answers now) and its fair-use limits", response: okSchema(ZAssistantSettings) },
  }, async (req) => ok(await provider.assistantSettings(memberCtx(req))));

  app.post(`${S}/settings/save`, {
    config: { permission: 'aiWarningSettings' },
    schema: {
      tags,
      summary: "Sets the school's own language model (address, model and key together; apiKey absent keeps the stored key, which only stays with an unchanged address; all null goes back to the deployment's) and its monthly token budget and questions per person per hour (null: none)",
      body: ZSaveAssistantSettings,
      response: okSchema(ZAssistantSettings),
    },
  }, async (req) => ok(await provider.saveAssistantSettings(memberCtx(req), req.body)));

  app.post(`${S}/settings/test`, {
    config: { permission: 'aiWarningSettings', cost: 'ai' },
    schema: { tags, summary: 'Asks the model in use for a one-word answer (ended at its first word) and says whether it answered, else the localized reason', response: okSchema(ZAssistantTestResult) },
  }, async (req) => ok(await provider.testProvider(memberCtx(req))));

  app.get(`${S}/usage`, {
    config: { permission: 'aiWarningSettings' },
    schema: { tags, summary: "The school's assistant use of a month (school time): questions and tokens per day and model (never per person), against its budget", querystring: ZAssistantUsageQuery, response: okSchema(ZAssistantUsage) },
  }, async (req) => ok(await provider.schoolUsage(memberCtx(req), req.query.month)));
};
