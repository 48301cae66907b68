/**
 * In-app notifications (issue 6): stored per recipient, listed and marked read over the API, and
 * pushed live over the WebSocket (GET /app/ws) as { type: 'notification', notification, unread } (realtime.ts).
 * Text is rendered by the web from the kind and its params in the reader's language; params never
 * carry an anonymous evaluator.
 */
import { z } from 'zod';
import { ZId, ZPageRequest, zPage } from './common.ts';
import { ZIdList } from './catalog.ts';

export const NOTIFICATION_KINDS = [
  'invitation.new',
  'invitation.agreed',
  'invitation.rejected',
  'invitation.withdrawn',
  'evaluation.received',
  'appeal.new',
  'appeal.resolved',
  'appeal.unresolved',
  'appeal.withdrawn',
  'lessonPlan.reminder',
  'lessonPlan.evaluated',
  'lessonPlan.appealed',
  'lessonPlan.appealResolved',
  'lessonPlan.appealUnresolved',
] as const;
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);
export type TNotificationKind = z.infer<typeof ZNotificationKind>;
export const ZNotificationParams = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type TNotificationParams = z.infer<typeof ZNotificationParams>;

export const ZNotification = z.object({
  notificationId: ZId,
  kind: ZNotificationKind,
  params: ZNotificationParams,
  /** Where the notification leads in the web (a path under /hxk/ with its query), if anywhere. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;
export const ZNotificationPage = zPage(ZNotification).extend({ unread: z.number().int() });

export const ZNotificationListRequest = z.object({ ...ZPageRequest.shape, unreadOnly: z.boolean().default(false) });
export const ZUnreadCount = z.object({ unread: z.number().int() });
/** Mark some (ids) or all of mine read. */
export const ZMarkReadRequest = z.object({ ids: ZIdList(100).optional(), all: z.boolean().optional() });
