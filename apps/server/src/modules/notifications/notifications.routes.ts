import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMarkReadRequest, ZNotificationListRequest, ZNotificationPage, ZUnreadCount } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import type { MemberCtx } from '../../platform/context.ts';
import * as svc from './notifications.service.ts';
import { assertOrigin, realtimeSocket, type Socket } from './notifications.ws.ts';

const tags = ['notifications'];
const P = '/app/ddxk/notification/v1';
const m = (ctx: unknown) => ctx as MemberCtx;

// Every route reads and changes only the caller's own notifications.
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`${P}/list`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'My notifications, newest first, with my unread count', body: ZNotificationListRequest, response: okSchema(ZNotificationPage) },
  }, async (req) => ok(await svc.listNotifications(m(req.ctx), req.body)));

  app.get(`${P}/unread`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'How many of my notifications are unread', response: okSchema(ZUnreadCount) },
  }, async (req) => ok(await svc.unreadCount(m(req.ctx))));

  app.post(`${P}/read`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'Mark some (ids) or all of my notifications read; returns my unread count', body: ZMarkReadRequest, response: okSchema(ZUnreadCount) },
  }, async (req) => ok(await svc.markRead(m(req.ctx), req.body)));

  // The WebSocket (wsHandler, so the route stays documented): the guard has authenticated the
  // handshake and required a school; the Origin is checked before the upgrade.
  app.route({
    method: 'GET',
    url: '/app/ws',
    config: { permission: 'member' },
    schema: {
      tags,
      summary: 'WebSocket of live messages (upgrade with the session cookie): { type: "hello", unread }, then { type: "notification", notification, unread }. A plain GET answers my unread count.',
      response: okSchema(ZUnreadCount),
    },
    onRequest: async (req) => {
      if (req.ws) assertOrigin(req, req.ctx.deps.config);
    },
    handler: async (req) => ok(await svc.unreadCount(m(req.ctx))),
    wsHandler: (socket: Socket, req) => realtimeSocket(socket, req),
  });
};
