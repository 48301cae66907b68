import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Progress, Space, Tag, Typography } from 'antd';
import { AudioMutedOutlined, AudioOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { shoutBlocker, startShout, type ShoutFailure, type ShoutSession } from './shout/speaker.ts';
import { useShoutRoom } from './shout/api.ts';

type Props = { classroomId: string };

type Phase = { kind: 'idle' } | { kind: 'connecting' } | { kind: 'live'; since: number; terminals: number };

const mmss = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Shouting into one classroom (issue 14, the classroom detail's "shouting" tab): a big talk button,
 * the microphone's level and the time spoken. The voice goes to the room's classroom terminal; one
 * speaker per room at a time. Refusals use the spec's messages (microphone access, HTTPS, a call in
 * progress, no WebSocket). Stops when the tab or page is left.
 */
export function ShoutPanel({ classroomId }: Props) {
  const { t, i18n } = useTranslation('shouting');
  const qc = useQueryClient();
  const room = useShoutRoom(classroomId);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [failure, setFailure] = useState<ShoutFailure | null>(() => shoutBlocker());
  const [level, setLevel] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const session = useRef<ShoutSession | null>(null);
  const blocker = shoutBlocker();

  const stop = () => {
    session.current?.stop();
    session.current = null;
    setPhase({ kind: 'idle' });
    setLevel(0);
    void qc.invalidateQueries({ queryKey: ['shouting', 'room', classroomId] });
  };

  // Leaving the tab, the page or the room ends the broadcast.
  useEffect(() => () => {
    session.current?.stop();
    session.current = null;
  }, [classroomId]);

  useEffect(() => {
    if (phase.kind !== 'live') return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [phase.kind]);

  const start = () => {
    setFailure(null);
    setPhase({ kind: 'connecting' });
    let peak = 0;
    let lastShown = 0;
    session.current = startShout(classroomId, i18n.language, {
      onReady: ({ terminals }) => {
        setNow(Date.now());
        setPhase({ kind: 'live', since: Date.now(), terminals });
      },
      onTerminals: (count) => setPhase((p) => (p.kind === 'live' ? { ...p, terminals: count } : p)),
      onLevel: (l) => {
        // The meter moves about ten times a second: enough to see, cheap to draw.
        peak = Math.max(peak, l);
        const at = performance.now();
        if (at - lastShown > 100) {
          setLevel(peak);
          peak = 0;
          lastShown = at;
        }
      },
      onFail: (f) => {
        session.current = null;
        setFailure(f);
        setPhase({ kind: 'idle' });
        setLevel(0);
        void qc.invalidateQueries({ queryKey: ['shouting', 'room', classroomId] });
      },
    });
  };

  const failureText = (f: ShoutFailure): string => {
    switch (f.kind) {
      case 'insecure': return t('error.insecure');
      case 'noSocket': return t('error.noSocket');
      case 'noMicrophone': return t('error.noMicrophone');
      case 'micDenied': return t('error.micDenied');
      case 'lost': return t('error.lost');
      case 'refused': return f.key === 'shouting.busy' ? t('error.busy') : f.message;
    }
  };

  const live = phase.kind === 'live';
  const connecting = phase.kind === 'connecting';
  const terminals = live ? phase.terminals : (room.data?.terminalsOnline ?? 0);
  // A talk-back camera speaks into the room whether or not a terminal is open.
  const talkBack = room.data?.talkBack ?? false;
  const otherSpeaker = !live && !connecting ? room.data?.speakerName : null;

  return (
    <Card size="small" title={t('title')} data-testid="shout-panel">
      <Flex vertical align="center" gap={16} style={{ padding: '8px 0' }}>
        {room.isError && <Alert type="error" showIcon message={room.error.message} style={{ alignSelf: 'stretch' }} />}
        {failure && <Alert type="error" showIcon message={failureText(failure)} data-testid="shout-error" data-kind={failure.kind} style={{ alignSelf: 'stretch' }} />}
        {otherSpeaker && <Alert type="info" showIcon message={t('someoneSpeaking', { name: otherSpeaker })} style={{ alignSelf: 'stretch' }} />}
        {room.isSuccess && !talkBack && terminals === 0 && !failure && (
          <Alert type="warning" showIcon message={t('noTerminal')} description={t('noTerminalHint')} style={{ alignSelf: 'stretch' }} data-testid="shout-no-terminal" />
        )}
        <Button
          type="primary"
          danger={live}
          shape="circle"
          loading={connecting}
          disabled={!!blocker || room.isError}
          onClick={live || connecting ? stop : start}
          icon={live ? <AudioMutedOutlined style={{ fontSize: 40 }} /> : <AudioOutlined style={{ fontSize: 40 }} />}
          style={{ width: 120, height: 120 }}
          aria-label={live ? t('stop') : t('talk')}
          data-testid="shout-talk"
          data-state={phase.kind}
        />
        <Typography.Text strong style={{ fontSize: 16 }}>
          {live ? t('stop') : connecting ? t('connecting') : t('talk')}
        </Typography.Text>
        <Space direction="vertical" size={4} style={{ width: '100%', maxWidth: 360 }}>
          <Flex justify="space-between">
            <Typography.Text type="secondary">{t('level')}</Typography.Text>
            <Typography.Text type="secondary" data-testid="shout-elapsed">
              {t('elapsed')} {live ? mmss(now - phase.since) : '00:00'}
            </Typography.Text>
          </Flex>
          <Progress
            percent={Math.round(Math.min(1, level * 1.5) * 100)}
            showInfo={false}
            strokeColor={{ '0%': '#52c41a', '80%': '#faad14', '100%': '#ff4d4f' }}
            data-testid="shout-level"
            data-level={level.toFixed(3)}
          />
        </Space>
        <Space wrap>
          {live && <Tag color="red">{t('onAir')}</Tag>}
          {talkBack ? (
            <Tag color="purple" data-testid="shout-talk-back">{t('talkBack')}</Tag>
          ) : (
            <Tag color={terminals > 0 ? 'green' : 'default'} data-testid="shout-terminals">{t('terminals', { count: terminals })}</Tag>
          )}
        </Space>
      </Flex>
    </Card>
  );
}
