import { useMemo } from 'react';
import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { CommentOutlined, PauseCircleOutlined } from '@ant-design/icons';
import { Think } from '@ant-design/x';
import { useTranslation } from 'react-i18next';
import { markdownHtml } from '../lib/markdown.ts';
import { useLiveCommentary } from './use-live-commentary.ts';
import './assistant.css';

/**
 * The assistant's commentary on a class in progress (spec section 7's live socket, type 101), for the
 * patrol detail's AI tab: asked on demand (each may spend tokens), streamed as it comes — thinking
 * apart from the commentary — and stoppable. A browser without WebSocket is told so (spec section 8).
 */
export function LiveCommentaryPanel({ liveId }: { liveId: string }) {
  const { t } = useTranslation('assistant');
  const { supported, commentary: c, comment, stop } = useLiveCommentary(liveId);
  const html = useMemo(() => markdownHtml(c.text), [c.text]);
  const started = c.streaming || c.text || c.thinking || c.error;
  return (
    <Card
      size="small"
      title={<span><CommentOutlined /> {t('live.title')}</span>}
      extra={c.source ? <Tag color={c.source === 'llm' ? 'blue' : 'default'} data-testid="live-commentary-source" data-source={c.source}>{t(`live.source.${c.source}`)}</Tag> : null}
      data-testid="live-commentary"
    >
      {!supported ? (
        <Alert type="warning" showIcon title={t('live.noSocket')} data-testid="live-commentary-no-socket" />
      ) : (
        <Flex vertical gap={8}>
          {!started && <Typography.Text type="secondary">{t('live.hint')}</Typography.Text>}
          {c.thinking && (
            <Think title={c.streaming && !c.text ? t('thinking') : t('thoughtShort')} loading={c.streaming && !c.text} defaultExpanded={false} data-testid="live-commentary-thinking">
              <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{c.thinking}</Typography.Paragraph>
            </Think>
          )}
          {c.text && <div className="assistant-markdown" data-testid="live-commentary-text" data-streaming={c.streaming ? 'true' : 'false'} dangerouslySetInnerHTML={{ __html: html }} />}
          {c.error && <Alert type="error" showIcon title={c.error === 'closed' ? t('live.closed') : c.error} data-testid="live-commentary-error" />}
          <Flex gap={8}>
            {c.streaming ? (
              <Button icon={<PauseCircleOutlined />} onClick={stop} data-testid="live-commentary-stop">{t('stop')}</Button>
            ) : (
              <Button type="primary" icon={<CommentOutlined />} onClick={comment} data-testid="live-commentary-start">{started ? t('live.again') : t('live.start')}</Button>
            )}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
