import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TBroadcastRow, TIssuedTerminalKey } from '@hxk/contracts/shouting';
import { Permission } from '../../Permission.tsx';
import { useBroadcasts, useIssueTerminalKey, useRevokeTerminalKey, useTerminalKey } from './api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';

/** The classroom terminal's address: the page the room's PC keeps open. */
export const terminalUrl = () => `${window.location.origin}${import.meta.env.BASE_URL.replace(/\/$/, '')}/terminal`;

const duration = (s: number | null) => (s == null ? null : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`);

/**
 * A room's classroom terminal in classroom management (issue 14): its device key (issue, rotate,
 * revoke; the key is shown once), whether a terminal is connected, and the room's recent broadcasts.
 */
export function TerminalKeyCard({ classroomId }: { classroomId: string }) {
  const { t } = useTranslation('shouting');
  const status = useTerminalKey(classroomId);
  const issue = useIssueTerminalKey(classroomId);
  const revoke = useRevokeTerminalKey(classroomId);
  const [shown, setShown] = useState<TIssuedTerminalKey | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const log = useBroadcasts({ classroomId, pageNum, pageSize: 5 });
  const s = status.data;

  const columns = [
    { title: t('log.speaker'), dataIndex: 'speakerName', key: 'speaker' },
    { title: t('log.startedAt'), dataIndex: 'startedAt', key: 'startedAt', render: (v: string) => formatDateTime(v) },
    {
      title: t('log.duration'),
      key: 'duration',
      render: (_: unknown, r: TBroadcastRow) => (r.endedAt ? duration(r.durationSeconds) : <Tag color="red">{t('log.ongoing')}</Tag>),
    },
    { title: t('log.terminals'), dataIndex: 'terminals', key: 'terminals' },
  ];

  return (
    <Card size="small" title={t('key.title')} data-testid="terminal-key-card" loading={status.isPending}>
      {status.isError && <Alert type="error" showIcon message={status.error.message} />}
      {s && (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('key.state')}>
              {s.issued ? <Tag color="blue">{t('key.issued')}</Tag> : <Tag>{t('key.notIssued')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('key.online')}>
              <Tag color={s.terminalsOnline ? 'green' : 'default'} data-testid="terminal-key-online">{t('terminals', { count: s.terminalsOnline })}</Tag>
            </Descriptions.Item>
            {s.issuedAt && <Descriptions.Item label={t('key.issuedAt')}>{`${formatDateTime(s.issuedAt)}${s.issuedByName ? ` · ${s.issuedByName}` : ''}`}</Descriptions.Item>}
            {s.issued && <Descriptions.Item label={t('key.lastUsed')}>{s.lastUsedAt ? formatDateTime(s.lastUsedAt) : t('key.never')}</Descriptions.Item>}
          </Descriptions>
          <Typography.Text type="secondary">
            {t('key.help')} <Typography.Text code copyable>{terminalUrl()}</Typography.Text>
          </Typography.Text>
          <Permission code="device:edit">
            <Space wrap>
              {s.issued ? (
                <Popconfirm title={t('key.rotateTitle')} description={t('key.rotateContent')} okText={t('key.rotate')} cancelText={t('common:action.cancel')} onConfirm={() => issue.mutateAsync().then(setShown)}>
                  <Button loading={issue.isPending} data-testid="terminal-key-issue">{t('key.rotate')}</Button>
                </Popconfirm>
              ) : (
                <Button type="primary" loading={issue.isPending} onClick={() => void issue.mutateAsync().then(setShown)} data-testid="terminal-key-issue">{t('key.issue')}</Button>
              )}
              {s.issued && (
                <Popconfirm
                  title={t('key.revokeTitle')}
                  description={t('key.revokeContent')}
                  okText={t('key.revoke')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common:action.cancel')}
                  onConfirm={() => revoke.mutateAsync().then(() => toastSuccess(t('key.revoked')))}
                >
                  <Button danger loading={revoke.isPending} data-testid="terminal-key-revoke">{t('key.revoke')}</Button>
                </Popconfirm>
              )}
            </Space>
          </Permission>
          <Typography.Text strong>{t('log.title')}</Typography.Text>
          <Table<TBroadcastRow>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={log.data?.list ?? []}
            loading={log.isPending}
            locale={{ emptyText: log.isError ? log.error.message : t('log.empty') }}
            scroll={{ x: 'max-content' }}
            pagination={{ current: pageNum, pageSize: 5, total: log.data?.total ?? 0, onChange: setPageNum, hideOnSinglePage: true, size: 'small' }}
            data-testid="broadcast-log"
          />
        </Space>
      )}
      <Modal open={!!shown} title={t('key.shownTitle')} onCancel={() => setShown(null)} footer={<Button type="primary" onClick={() => setShown(null)}>{t('key.done')}</Button>} destroyOnHidden>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon message={t('key.shownOnce')} />
          <Typography.Paragraph copyable code style={{ wordBreak: 'break-all' }} data-testid="terminal-key-value">{shown?.key}</Typography.Paragraph>
          <Typography.Text type="secondary">{t('key.shownHelp', { url: terminalUrl() })}</Typography.Text>
        </Space>
      </Modal>
    </Card>
  );
}
