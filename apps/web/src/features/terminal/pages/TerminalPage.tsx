import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Popconfirm, Progress, Result, Space, Typography } from 'antd';
import { SoundOutlined, WifiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PcmPlayer } from '../../../components/live/shout/player.ts';
import { connectTerminal } from '../terminal-socket.ts';

/** Where the room's key is kept on the classroom PC (asked once). */
const KEY_STORAGE = 'hxk.terminalKey';

type Conn =
  | { kind: 'connecting' }
  | { kind: 'ready'; room: string }
  | { kind: 'lost'; room: string | null; retryInMs: number };

/**
 * The classroom terminal (/terminal, issue 14): the page the room's PC keeps open to play what a
 * supervisor says into the room. It asks once for the room's device key (issued by an administrator
 * in classroom management), keeps it, shows the room and who is speaking, and plays the audio.
 * Needs no person's account.
 */
export function TerminalPage() {
  const { t } = useTranslation('shouting');
  const [key, setKey] = useState<string | null>(() => localStorage.getItem(KEY_STORAGE));
  const [refused, setRefused] = useState<string | null>(null);

  const save = (v: { key: string }) => {
    const k = v.key.trim();
    localStorage.setItem(KEY_STORAGE, k);
    setRefused(null);
    setKey(k);
  };
  const forget = (message: string | null) => {
    localStorage.removeItem(KEY_STORAGE);
    setRefused(message);
    setKey(null);
  };

  if (!key) {
    return (
      <Flex vertical gap={16} data-testid="terminal-key-form">
        <Typography.Title level={4} style={{ margin: 0, textAlign: 'center' }}>{t('terminal.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('terminal.keyHelp')}</Typography.Paragraph>
        {refused !== null && <Alert type="error" showIcon message={refused || t('terminal.keyRefused')} data-testid="terminal-key-refused" />}
        <Form layout="vertical" onFinish={save} requiredMark={false}>
          <Form.Item name="key" label={t('terminal.key')} rules={[{ required: true, whitespace: true, message: t('terminal.keyRequired') }, { pattern: /^\s*\d+\.\d+\.[A-Za-z0-9_-]{43}\s*$/, message: t('terminal.keyFormat') }]}>
            <Input.Password autoComplete="off" placeholder={t('terminal.keyPlaceholder')} data-testid="terminal-key-input" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block data-testid="terminal-key-save">{t('terminal.connect')}</Button>
        </Form>
      </Flex>
    );
  }
  return <TerminalConsole terminalKey={key} onKeyRefused={(m) => forget(m)} onForget={() => forget(null)} />;
}

function TerminalConsole({ terminalKey, onKeyRefused, onForget }: { terminalKey: string; onKeyRefused: (message: string) => void; onForget: () => void }) {
  const { t, i18n } = useTranslation('shouting');
  const [conn, setConn] = useState<Conn>({ kind: 'connecting' });
  const [speaker, setSpeaker] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [level, setLevel] = useState(0);
  const [heard, setHeard] = useState(0);
  const player = useRef<PcmPlayer | null>(null);
  const refusedRef = useRef(onKeyRefused);
  useEffect(() => {
    refusedRef.current = onKeyRefused;
  }, [onKeyRefused]);

  useEffect(() => {
    const p = new PcmPlayer();
    player.current = p;
    const onState = () => setBlocked(p.blocked);
    p.ctx.addEventListener('statechange', onState);
    // Autoplay policy: a context the browser keeps suspended needs one click (kiosk PCs allow autoplay).
    const firstCheck = setTimeout(onState, 300);
    let room: string | null = null;
    const stop = connectTerminal(terminalKey, i18n.language, {
      onReady: (r) => {
        room = `${r.buildingName} · ${r.classroomName}`;
        setConn({ kind: 'ready', room });
      },
      onSpeaking: (name) => setSpeaker(name),
      onAudio: (frame) => p.push(frame),
      onKeyRefused: (m) => refusedRef.current(m),
      onLost: (retryInMs) => setConn({ kind: 'lost', room, retryInMs }),
    });
    // The meter and the count of audible samples, about ten times a second.
    const meter = setInterval(() => {
      setLevel(p.level());
      setHeard(p.heardSamples);
    }, 100);
    return () => {
      clearTimeout(firstCheck);
      clearInterval(meter);
      stop();
      p.ctx.removeEventListener('statechange', onState);
      p.close();
      player.current = null;
    };
  }, [terminalKey, i18n.language]);

  const room = conn.kind === 'ready' ? conn.room : conn.kind === 'lost' ? conn.room : null;
  return (
    <Flex vertical align="center" gap={16} data-testid="terminal" data-state={conn.kind} data-speaking={speaker ? 'yes' : 'no'} data-heard={heard}>
      <Typography.Text type="secondary">{t('terminal.title')}</Typography.Text>
      <Typography.Title level={2} style={{ margin: 0, textAlign: 'center' }} data-testid="terminal-room">
        {room ?? t('terminal.connecting')}
      </Typography.Title>
      {conn.kind === 'lost' && <Alert type="warning" showIcon icon={<WifiOutlined />} message={t('terminal.lost', { seconds: Math.ceil(conn.retryInMs / 1000) })} style={{ alignSelf: 'stretch' }} />}
      {blocked && (
        <Alert
          type="info"
          showIcon
          style={{ alignSelf: 'stretch' }}
          message={t('terminal.soundBlocked')}
          action={<Button type="primary" icon={<SoundOutlined />} onClick={() => void player.current?.resume()} data-testid="terminal-enable-sound">{t('terminal.enableSound')}</Button>}
        />
      )}
      {conn.kind === 'ready' && (
        speaker ? (
          <Result
            status="info"
            icon={<SoundOutlined style={{ color: '#ff4d4f' }} />}
            title={<span data-testid="terminal-speaking">{t('terminal.speaking', { name: speaker })}</span>}
            style={{ padding: 8 }}
          />
        ) : (
          <Typography.Paragraph type="secondary" data-testid="terminal-idle">{t('terminal.waiting')}</Typography.Paragraph>
        )
      )}
      <Progress percent={Math.round(Math.min(1, level * 1.5) * 100)} showInfo={false} style={{ maxWidth: 360 }} strokeColor="#52c41a" />
      <Space>
        <Popconfirm title={t('terminal.forgetTitle')} description={t('terminal.forgetContent')} okText={t('terminal.forget')} cancelText={t('common:action.cancel')} okButtonProps={{ danger: true }} onConfirm={onForget}>
          <Button type="link" size="small" data-testid="terminal-forget">{t('terminal.forget')}</Button>
        </Popconfirm>
      </Space>
    </Flex>
  );
}
