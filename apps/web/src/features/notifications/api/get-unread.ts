import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZUnreadCount } from '@hxk/contracts/notifications';
import { api } from '../../../lib/api.ts';

export const UNREAD_KEY = ['notifications', 'unread'] as const;

export const getUnread = () => api.get('/app/ddxk/notification/v1/unread', undefined, { schema: ZUnreadCount, silent: true });

/** The live socket keeps it current (setQueryData); the request covers the time before it says hello. */
export const unreadQueryOptions = () => queryOptions({ queryKey: UNREAD_KEY, queryFn: getUnread, staleTime: Infinity });

/** How many of my notifications are unread (the bell's badge). */
export function useUnread() {
  return useQuery(unreadQueryOptions());
}
