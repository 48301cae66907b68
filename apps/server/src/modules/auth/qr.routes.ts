import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  QR_LOGIN,
  ZCreateQrRequest,
  ZCreateQrResponse,
  ZQrConfirmRequest,
  ZQrDescribeResponse,
  ZQrInfoQuery,
  ZQrInfoResponse,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { accountCtx } from '../../platform/route-context.ts';
import * as qr from './qr.service.ts';
import { setSessionCookie } from './auth.routes.ts';

const QR_COOKIE = 'hxk_qr';
const tags = ['auth'];

export function requestOrigin(req: FastifyRequest, publicOrigin: string | undefined): string {
  if (publicOrigin) return publicOrigin.replace(/\/$/, '');
  return `${req.protocol}://${req.headers.host ?? 'localhost'}`;
}

export const qrRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;

  app.post('/base/wechat/hero/create/wechat/qrcode', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Create a sign-in (type 1) or registration (type 2) QR code', body: ZCreateQrRequest, response: okSchema(ZCreateQrResponse) },
  }, async (req, reply) => {
    const { response, browserSecret } = await qr.createQr(req.ctx, { ...req.body, origin: requestOrigin(req, config.publicOrigin) });
    // Only this browser can redeem the code, even if someone else reads the id off the screen.
    reply.setCookie(QR_COOKIE, browserSecret, {
      path: '/base/wechat/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
      maxAge: QR_LOGIN.ttlSeconds + 60,
    });
    return ok(response);
  });

  app.get('/base/wechat/hero/get/wechat/qrcode/info', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Poll a QR code; signs this browser in once confirmed', querystring: ZQrInfoQuery, response: okSchema(ZQrInfoResponse) },
  }, async (req, reply) => {
    const info = await qr.qrInfo(req.ctx, req.query.qrCodeId, req.cookies[QR_COOKIE], { host: req.host });
    if (info.session) setSessionCookie(reply, config, info.session);
    return ok(info);
  });

  app.get('/base/wechat/hero/qrcode/describe', {
    config: { permission: 'account' },
    schema: { tags, summary: 'On the phone: which browser a QR code would sign in', querystring: ZQrInfoQuery, response: okSchema(ZQrDescribeResponse) },
  }, async (req) => ok(await qr.describeQr(req.ctx, req.query.qrCodeId)));

  app.post('/base/wechat/hero/qrcode/confirm', {
    config: { permission: 'account' },
    schema: { tags, summary: 'On the phone: approve or refuse a QR sign-in', body: ZQrConfirmRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await qr.confirmQr(accountCtx(req), req.body.qrCodeId, req.body.approve);
    return ok(null);
  });
};
