import { useEffect, useState } from 'react';
import { Badge, Button, Empty, Flex, Pagination, Spin, Switch, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '@hxk/contracts/language';
import type { TNotification } from '@hxk/contracts/notifications';
import { useNotifications, type NotificationQuery } from '../api/get-notifications.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { notificationText, relativeTime } from './notification-text.ts';

const MINUTE = 60_000;

/** My notifications (newest first, "unread only" switch, paged by the server); a click reads and follows one. */
export function NotificationList({ onOpen }: { onOpen: (n: TNotification) => void }) {
  const { t, i18n } = useTranslation('notifications');
  const lng = normalizeLanguage(i18n.language);
  const { token } = theme.useToken();
  const [query, setQuery] = useState<NotificationQuery>({ pageNum: 1, pageSize: 10, unreadOnly: false });
  const page = useNotifications(query);
  const markRead = useMarkRead();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  const list = page.data?.list ?? [];
  const unread = page.data?.unread ?? 0;

  const open = (n: TNotification) => {
    if (!n.readAt) markRead.mutate({ ids: [n.notificationId] });
    onOpen(n);
  };

  return (
    <Flex vertical gap={12} data-testid="notification-list">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex gap={8} align="center">
          <Switch
            size="small"
            checked={query.unreadOnly}
            onChange={(unreadOnly) => setQuery((q) => ({ ...q, unreadOnly, pageNum: 1 }))}
            data-testid="notification-unread-only"
          />
          <Typography.Text>{t('unreadOnly')}</Typography.Text>
        </Flex>
        <Button size="small" disabled={unread === 0} loading={markRead.isPending} onClick={() => markRead.mutate({ all: true })} data-testid="notification-read-all">
          {t('readAll')}
        </Button>
      </Flex>
      {page.isLoading ? (
        <Spin style={{ display: 'block', margin: '32px auto' }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(query.unreadOnly ? 'emptyUnread' : 'empty')} />
      ) : (
        <Flex vertical gap={4}>
          {list.map((n) => (
            <div
              key={n.notificationId}
              role="button"
              tabIndex={0}
              onClick={() => open(n)}
              onKeyDown={(e) => e.key === 'Enter' && open(n)}
              style={{
                display: 'flex',
                gap: 10,
                alignItems: 'flex-start',
                padding: '8px 10px',
                borderRadius: token.borderRadius,
                cursor: 'pointer',
                background: n.readAt ? undefined : token.colorPrimaryBg,
              }}
              data-testid={`notification-${n.notificationId}`}
              data-kind={n.kind}
              data-read={n.readAt ? 'true' : 'false'}
            >
              <Badge status={n.readAt ? 'default' : 'processing'} style={{ visibility: n.readAt ? 'hidden' : 'visible', marginTop: 2 }} aria-label={n.readAt ? undefined : t('unread')} />
              <div style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text strong={!n.readAt} style={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {notificationText(t, n, lng)}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }} title={formatDateTime(n.createdAt)}>
                  {relativeTime(n.createdAt, now, lng)}
                </Typography.Text>
              </div>
            </div>
          ))}
        </Flex>
      )}
      {(page.data?.total ?? 0) > query.pageSize && (
        <Pagination
          simple
          size="small"
          style={{ justifyContent: 'center' }}
          current={query.pageNum}
          pageSize={query.pageSize}
          total={page.data?.total ?? 0}
          onChange={(pageNum) => setQuery((q) => ({ ...q, pageNum }))}
        />
      )}
    </Flex>
  );
}
