import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZNotificationPage } from '@hxk/contracts/notifications';
import { api } from '../../../lib/api.ts';

export type NotificationQuery = { pageNum: number; pageSize: number; unreadOnly: boolean };

export const getNotifications = (q: NotificationQuery) => api.post('/app/ddxk/notification/v1/list', q, { schema: ZNotificationPage });

export const notificationsQueryOptions = (q: NotificationQuery) =>
  queryOptions({ queryKey: ['notifications', 'list', q], queryFn: () => getNotifications(q), placeholderData: keepPreviousData });

/** My notifications, newest first, with my unread count. */
export function useNotifications(q: NotificationQuery, enabled = true) {
  return useQuery({ ...notificationsQueryOptions(q), enabled });
}
