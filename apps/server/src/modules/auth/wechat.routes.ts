import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorEnvelope } from '@hxk/contracts';
import { AppError } from '../../platform/errors.ts';
import { checkSignature, parseScanEvent } from '../../platform/adapters/wechat-mp.ts';
import * as qr from './qr.service.ts';

const CALLBACK = '/base/wechat/hero/callback';
const tags = ['auth'];
/** WeChat reads plain text back; failures are the usual error envelope. */
const textReply = (description: string) => ({ 200: z.string().describe(description), '4xx': ZErrorEnvelope, '5xx': ZErrorEnvelope });

/**
 * In plain-text mode WeChat signs only token, timestamp and nonce, not the message: a signed query
 * seen once (in an access log, say) could carry any body. A push is therefore accepted only within
 * this many seconds of its timestamp, and each (timestamp, nonce) only once.
 */
const PUSH_WINDOW_SECONDS = 300;

const ZSignedQuery = z.object({
  signature: z.string().max(64).default(''),
  timestamp: z.string().max(20).default(''),
  nonce: z.string().max(64).default(''),
});

/** WeChat's message push (服务器配置, plain-text mode) for official-account QR sign-in. */
export const wechatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tokenOrNotFound = (): string => {
    if (deps.config.wechat.provider !== 'wechat') throw new AppError('common.notFound');
    return deps.config.wechat.token;
  };

  // Only this plugin reads XML bodies, and keeps them as the raw string.
  app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, body);
  });

  app.get(CALLBACK, {
    config: { permission: 'public' },
    schema: { tags, summary: 'WeChat server check: echoes echostr when the signature is valid', querystring: ZSignedQuery.extend({ echostr: z.string().max(256).default('') }), response: textReply('text/plain: the echostr received') },
  }, async (req, reply) => {
    const { signature, timestamp, nonce, echostr } = req.query;
    if (!checkSignature(tokenOrNotFound(), timestamp, nonce, signature)) throw new AppError('wechat.signature');
    return reply.type('text/plain; charset=utf-8').send(echostr);
  });

  app.post(CALLBACK, {
    // WeChat's servers send XML with no session: the signature, not the CSRF rule, proves the sender.
    config: { permission: 'public', csrf: false },
    schema: { tags, summary: 'WeChat message push: QR scan and subscribe-by-QR events', querystring: ZSignedQuery, consumes: ['text/xml', 'application/xml'], body: z.string(), response: textReply('text/plain: success') },
  }, async (req, reply) => {
    const { signature, timestamp, nonce } = req.query;
    if (!checkSignature(tokenOrNotFound(), timestamp, nonce, signature)) throw new AppError('wechat.signature');
    const age = Math.abs(deps.now().getTime() / 1000 - Number(timestamp));
    if (!(age <= PUSH_WINDOW_SECONDS)) throw new AppError('wechat.signature');
    if ((await deps.counters.hit(`wechat:push:${timestamp}:${nonce}`, PUSH_WINDOW_SECONDS * 2)) > 1) throw new AppError('wechat.signature');
    const message = parseScanEvent(req.body);
    if (message?.sceneId) await qr.applyWechatScan(deps, { sceneId: message.sceneId, openId: message.openId });
    // Anything but "success" (or an empty reply) makes WeChat tell the user the account is down.
    return reply.type('text/plain; charset=utf-8').send('success');
  });
};
