import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Drawer, Empty, Flex, Modal, Space, Spin, Switch, Tag, Tooltip, Typography } from 'antd';
import { BarChartOutlined, CloseOutlined, DeleteOutlined, FullscreenExitOutlined, FullscreenOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { Bubble, Conversations, Sender } from '@ant-design/x';
import { useTranslation } from 'react-i18next';
import { SCROLL_LOCK_MS } from '@hxk/contracts/constants';
import type { TAssistantMessage } from '@hxk/contracts/assistant';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useProblems } from '../api/get-problems.ts';
import { useAssistantStatus } from '../api/get-status.ts';
import { useDeleteSession } from '../api/delete-session.ts';
import { HISTORY_GROUPS, historyGroup, msToMidnight } from '../lib/history-groups.ts';
import { AnswerView } from './AnswerView.tsx';
import { AssistantUsageView } from './AssistantUsageView.tsx';
import { asLive, useChat } from './use-chat.ts';
import { VirtualMessages, type Row } from './VirtualMessages.tsx';

/** Today's date, renewed at midnight: the history regroups then. */
function useDay(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), msToMidnight(now) + 1000);
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}

/** The assistant's panel: history grouped by day, the conversation, the question box; full screen on demand. */
export function AssistantPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('assistant');
  const [full, setFull] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [think, setThink] = useState(true);
  const [reasoner, setReasoner] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const [usageOpen, setUsageOpen] = useState(false);
  const status = useAssistantStatus();
  const sessions = useSessions(open);
  const problems = useProblems(sessionId);
  const del = useDeleteSession();
  const chat = useChat(sessionId, setSessionId);
  const day = useDay();

  const groupLabel = useCallback((g: string) => t(`groups.${g}`), [t]);
  const items = useMemo(
    () =>
      [...(sessions.data ?? [])]
        .sort((a, b) => HISTORY_GROUPS.indexOf(historyGroup(new Date(a.updateTime), day)) - HISTORY_GROUPS.indexOf(historyGroup(new Date(b.updateTime), day)))
        .map((s) => ({ key: s.id, label: s.title, group: historyGroup(new Date(s.updateTime), day) })),
    [sessions.data, day],
  );

  const ask = (problem: string) => void chat.send(problem, { isThink: think ? 1 : 2, model: reasoner ? 1 : 0 });
  // The answer streaming now is shown live, not also as kept.
  const kept = (problems.data ?? []).filter((m) => m.id !== chat.live?.messageId);
  const lastId = kept.at(-1)?.id;
  // Estimated heights until each row is measured: a question is short, an answer longer.
  const question = (key: string, text: string): Row => ({ key, estimate: 56, render: () => <Bubble placement="end" variant="filled" content={text} /> });
  const rows: Row[] = kept.flatMap((m: TAssistantMessage) => [
    question(`${m.id}-q`, m.problem),
    { key: `${m.id}-a`, estimate: 180, render: () => <Bubble placement="start" variant="borderless" content={<AnswerView a={asLive(m)} onNavigate={() => setFull(false)} onRegenerate={m.id === lastId && !chat.busy ? () => ask(m.problem) : undefined} />} /> },
  ]);
  if (chat.live) {
    const live = chat.live;
    rows.push(
      question('live-q', live.problem),
      { key: 'live-a', estimate: 180, render: () => <Bubble placement="start" variant="borderless" loading={live.streaming && !live.thinking && !live.answer} content={<AnswerView a={live} onNavigate={() => setFull(false)} />} /> },
    );
  }
  // Follow the stream (and a conversation opened) unless the reader scrolled in the last SCROLL_LOCK_MS.
  const followKey = (chat.live?.thinking.length ?? 0) + (chat.live?.answer.length ?? 0) + rows.length;

  const history = (
    <div className="assistant-history" data-testid="assistant-history">
      {sessions.isPending ? (
        <Spin />
      ) : items.length ? (
        <Conversations
          items={items}
          activeKey={sessionId ?? undefined}
          onActiveChange={(key) => {
            chat.stop();
            setSessionId(String(key));
            if (!full) setShowHistory(false);
          }}
          groupable={{ label: groupLabel }}
          menu={(item) => ({
            items: [{ key: 'delete', label: t('delete'), icon: <DeleteOutlined />, danger: true }],
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              if (key === 'delete') setDeleting({ id: String(item.key), title: String(item.label) });
            },
          })}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noHistory')} />
      )}
    </div>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      mask={false}
      closable={false}
      size={full ? '100%' : 480}
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
      title={
        <Flex align="center" gap={8}>
          <span style={{ whiteSpace: 'nowrap' }}>{t('title')}</span>
          {status.data && (
            <Tag color={status.data.llm ? 'blue' : 'default'} data-testid="assistant-mode">
              {status.data.llm ? t('mode.llm', { model: status.data.models[reasoner ? 1 : 0] }) : t('mode.rules')}
            </Tag>
          )}
        </Flex>
      }
      extra={
        <Space size={2}>
          <Tooltip title={t('newChat')}>
            <Button type="text" icon={<PlusOutlined />} aria-label={t('newChat')} disabled={chat.busy} onClick={() => setSessionId(null)} data-testid="assistant-new" />
          </Tooltip>
          {!full && (
            <Tooltip title={t('history')}>
              <Button type="text" icon={<HistoryOutlined />} aria-label={t('history')} aria-pressed={showHistory} onClick={() => setShowHistory((v) => !v)} data-testid="assistant-history-toggle" />
            </Tooltip>
          )}
          <Tooltip title={t('myUsage')}>
            <Button type="text" icon={<BarChartOutlined />} aria-label={t('myUsage')} onClick={() => setUsageOpen(true)} data-testid="assistant-my-usage" />
          </Tooltip>
          <Tooltip title={full ? t('exitFullScreen') : t('fullScreen')}>
            <Button type="text" icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} aria-label={full ? t('exitFullScreen') : t('fullScreen')} onClick={() => setFull((f) => !f)} data-testid="assistant-full" />
          </Tooltip>
          <Tooltip title={t('close')}>
            <Button type="text" icon={<CloseOutlined />} aria-label={t('close')} onClick={onClose} data-testid="assistant-close" />
          </Tooltip>
        </Space>
      }
      data-testid="assistant-panel"
    >
      <Flex style={{ flex: 1, minHeight: 0 }}>
        {(full || showHistory) && history}
        {!(showHistory && !full) && (
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            {rows.length ? (
              <VirtualMessages rows={rows} followKey={followKey} lockMs={SCROLL_LOCK_MS} className="assistant-messages" testId="assistant-messages" />
            ) : (
              <div className="assistant-messages" data-testid="assistant-messages">
                {problems.isFetching ? <Spin /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />}
              </div>
            )}
            <div className="assistant-sender">
              <Sender
                value={text}
                onChange={setText}
                placeholder={t('placeholder')}
                loading={chat.busy}
                onSubmit={(v) => {
                  if (!v.trim()) return;
                  setText('');
                  ask(v);
                }}
                onCancel={chat.stop}
                autoSize={{ minRows: 1, maxRows: 6 }}
                footer={() => (
                  <Space size={16}>
                    <Space size={4}>
                      <Switch size="small" checked={think} onChange={setThink} aria-label={t('deepThink')} />
                      <Typography.Text type="secondary">{t('deepThink')}</Typography.Text>
                    </Space>
                    {status.data?.llm && (
                      <Space size={4}>
                        <Switch size="small" checked={reasoner} onChange={setReasoner} aria-label={t('reasoner')} />
                        <Typography.Text type="secondary">{t('reasoner')}</Typography.Text>
                      </Space>
                    )}
                  </Space>
                )}
                data-testid="assistant-sender"
              />
            </div>
          </Flex>
        )}
      </Flex>
      <Modal
        open={deleting !== null}
        title={t('deleteTitle')}
        okText={t('deleteOk')}
        cancelText={t('cancel')}
        okButtonProps={{ danger: true, loading: del.isPending }}
        onCancel={() => setDeleting(null)}
        onOk={() => {
          if (!deleting) return;
          del.mutate(deleting.id, {
            onSuccess: () => {
              if (sessionId === deleting.id) setSessionId(null);
              setDeleting(null);
              toastSuccess(t('deleted'));
            },
          });
        }}
        data-testid="assistant-delete-dialog"
      >
        {t('deleteBody', { title: deleting?.title ?? '' })}
      </Modal>
      <Modal open={usageOpen} title={t('myUsageTitle')} footer={null} width={720} onCancel={() => setUsageOpen(false)} destroyOnHidden data-testid="assistant-my-usage-dialog">
        <AssistantUsageView scope="mine" />
      </Modal>
    </Drawer>
  );
}
