import { useEffect, useEffectEvent, useState } from 'react';
import { Badge, Button, Drawer, Grid, notification, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { normalizeLanguage } from '@hxk/contracts/language';
import type { TNotification } from '@hxk/contracts/notifications';
import type { TRealtimeMessage } from '@hxk/contracts/realtime';
import { hasToken } from '../../../lib/auth-state.ts';
import { emitRealtime } from '../../../lib/realtime-events.ts';
import { myAccessQueryOptions } from '../../../lib/my-access.ts';
import { UNREAD_KEY, useUnread } from '../api/get-unread.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { appLink } from './app-link.ts';
import { keepConnected, realtimeUrl, subjectKey, warnNoSocketOnce } from './realtime.ts';
import { notificationText } from './notification-text.ts';
import { NotificationList } from './NotificationList.tsx';

const TOAST_SECONDS = 5;

/**
 * The header's bell: my unread count, kept live over the WebSocket (hello, then one message per new
 * notification, each also shown as a short toast), and the list in a drawer. It holds the app's one
 * socket: every message is also handed to the app's realtime events (lib/realtime-events.ts).
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation('notifications');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const wide = Grid.useBreakpoint().sm ?? true;
  const [open, setOpen] = useState(false);
  const [toast, toastHolder] = notification.useNotification({ maxCount: 3 });
  const unread = useUnread();
  const markRead = useMarkRead();
  const me = useQuery(myAccessQueryOptions());
  // A new person or school is a new socket (the server binds it to the session's school).
  const scope = me.data ? `${me.data.userId}:${me.data.schoolId ?? ''}` : null;

  const follow = (n: TNotification) => {
    const to = appLink(n.link, import.meta.env.BASE_URL);
    setOpen(false);
    if (to) void navigate(to);
  };

  const onMessage = useEffectEvent((m: TRealtimeMessage) => {
    // The one socket serves every feature: they listen on the app's realtime events.
    emitRealtime(m);
    if (m.type !== 'hello' && m.type !== 'notification') return;
    qc.setQueryData(UNREAD_KEY, { unread: m.unread });
    if (m.type !== 'notification') return;
    const n = m.notification;
    void qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
    // What the notification is about changed: lists showing it refresh ('invitation.agreed' → ['invitations']).
    // An open evaluation is left alone: a refetch under a draft being filled would fight its autosave.
    void qc.invalidateQueries({ queryKey: [subjectKey(n.kind)], predicate: (q) => !(q.queryKey[0] === 'evaluations' && q.queryKey[1] === 'detail') });
    const key = `notification-${n.notificationId}`;
    toast.info({
      key,
      title: t('toastTitle'),
      description: notificationText(t, n, normalizeLanguage(i18n.language)),
      duration: TOAST_SECONDS,
      placement: wide ? 'topRight' : 'top',
      icon: <BellOutlined />,
      onClick: () => {
        toast.destroy(key);
        markRead.mutate({ ids: [n.notificationId] });
        follow(n);
      },
      props: { 'data-testid': 'notification-toast' },
      style: { cursor: n.link ? 'pointer' : undefined },
    });
  });
  const noSocket = useEffectEvent(() => warnNoSocketOnce(t('noSocket')));

  useEffect(() => {
    if (!scope) return;
    if (typeof window.WebSocket !== 'function') {
      noSocket();
      return;
    }
    return keepConnected({ url: realtimeUrl(window.location.origin), onMessage, shouldReconnect: hasToken });
  }, [scope]);

  const count = unread.data?.unread ?? 0;
  return (
    <>
      {toastHolder}
      <Tooltip title={t('title')}>
        <Button
          type="text"
          shape="circle"
          aria-label={count ? t('bellUnread', { count }) : t('title')}
          onClick={() => setOpen(true)}
          data-testid="header-notifications"
          data-unread={count}
          icon={
            <Badge count={count} size="small" overflowCount={99} data-testid="notification-badge">
              <BellOutlined style={{ fontSize: 18 }} />
            </Badge>
          }
        />
      </Tooltip>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('title')} size={wide ? 420 : '100%'} destroyOnHidden data-testid="notification-drawer">
        <NotificationList onOpen={follow} />
      </Drawer>
    </>
  );
}
