import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUnreadCount } from '@hxk/contracts/notifications';
import { api } from '../../../lib/api.ts';
import { UNREAD_KEY } from './get-unread.ts';

/** Marks some of my notifications (ids) or all of them read; replies with what stays unread. */
export const markRead = (input: { ids: string[] } | { all: true }) => api.post('/app/ddxk/notification/v1/read', input, { schema: ZUnreadCount });

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (r) => {
      qc.setQueryData(UNREAD_KEY, r);
      void qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
    },
  });
}
