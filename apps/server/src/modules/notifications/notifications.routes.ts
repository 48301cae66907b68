import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMarkReadRequest, ZNotificationListRequest, ZNotificationPage, ZUnreadCount } from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './notifications.service.ts';

const tags = ['notifications'];
const P = '/app/ddxk/notification/v1';

// Every route reads and changes only the caller's own notifications.
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`${P}/list`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'My notifications, newest first, with my unread count', body: ZNotificationListRequest, response: okSchema(ZNotificationPage) },
  }, async (req) => ok(await svc.listNotifications(memberCtx(req), req.body)));

  app.get(`${P}/unread`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'How many of my notifications are unread', response: okSchema(ZUnreadCount) },
  }, async (req) => ok(await svc.unreadCount(memberCtx(req))));

  app.post(`${P}/read`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'Mark some (ids) or all of my notifications read; returns my unread count', body: ZMarkReadRequest, response: okSchema(ZUnreadCount) },
  }, async (req) => ok(await svc.markRead(memberCtx(req), req.body)));
};
