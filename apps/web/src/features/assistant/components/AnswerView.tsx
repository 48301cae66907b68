import { useEffect, useMemo, useRef } from 'react';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import { CopyOutlined, LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import { Think } from '@ant-design/x';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { markdownHtml } from '../lib/markdown.ts';
import type { LiveAnswer } from './use-chat.ts';

/** Puts a copy button on every code block and table of a rendered answer. */
function useCopyButtons(ref: React.RefObject<HTMLDivElement | null>, html: string, label: string, done: string) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    for (const el of root.querySelectorAll<HTMLElement>('pre, table')) {
      if (el.previousElementSibling?.classList.contains('assistant-copy')) continue;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'assistant-copy';
      b.textContent = label;
      b.onclick = () => {
        const text = el.tagName === 'TABLE' ? [...el.querySelectorAll('tr')].map((r) => [...r.children].map((c) => c.textContent ?? '').join('\t')).join('\n') : (el.textContent ?? '');
        void navigator.clipboard?.writeText(text).then(() => (b.textContent = done));
      };
      el.before(b);
    }
  }, [ref, html, label, done]);
}

/** One answer: its thinking (collapsible, with how long it took), the answer as sanitized markdown, the data it used. */
export function AnswerView({ a, onRegenerate, onNavigate }: { a: LiveAnswer; onRegenerate?: (() => void) | undefined; onNavigate: () => void }) {
  const { t } = useTranslation('assistant');
  const html = useMemo(() => markdownHtml(a.answer), [a.answer]);
  const ref = useRef<HTMLDivElement>(null);
  useCopyButtons(ref, html, t('copy'), t('copied'));
  const thinkingNow = a.streaming && !a.answer;
  const seconds = a.thinkMs !== null ? Math.max(1, Math.round(a.thinkMs / 1000)) : null;
  return (
    <div className="assistant-answer" data-testid="assistant-answer">
      {a.thinking && (
        <Think
          title={thinkingNow ? t('thinking') : seconds !== null ? t('thought', { seconds }) : t('thoughtShort')}
          loading={thinkingNow}
          defaultExpanded
          blink={thinkingNow}
          data-testid="assistant-thinking"
        >
          <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {a.thinking}
          </Typography.Paragraph>
        </Think>
      )}
      <div ref={ref} className="assistant-markdown" data-testid="assistant-answer-text" dangerouslySetInnerHTML={{ __html: html }} />
      {a.tools.length > 0 && (
        <div className="assistant-tools" data-testid="assistant-tools">
          <Typography.Text type="secondary">{t('tools')}</Typography.Text>
          {a.tools.map((tool, i) => (
            <div key={i} className="assistant-tool">
              <Tag>{t(`tool.${tool.name}`, { defaultValue: tool.name })}</Tag>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {Object.entries(tool.params).map(([k, v]) => `${k}=${String(v)}`).join(', ')}
                {Object.keys(tool.params).length ? ' · ' : ''}
                {t('toolRows', { count: tool.rows })}
              </Typography.Text>
              {tool.link && (
                <Link to={tool.link} onClick={onNavigate} style={{ marginLeft: 8 }}>
                  <LinkOutlined /> {t('open')}
                </Link>
              )}
            </div>
          ))}
        </div>
      )}
      {a.stopState === 1 && <Typography.Text type="warning" data-testid="assistant-stopped">{t('stopped')}</Typography.Text>}
      {a.stopState === 2 && <Alert type="error" showIcon message={a.error ?? t('failed')} />}
      {!a.streaming && (
        <Space size={4} className="assistant-actions">
          <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('copy')} onClick={() => void navigator.clipboard?.writeText(a.answer)} />
          {onRegenerate && <Button size="small" type="text" icon={<ReloadOutlined />} aria-label={t('regenerate')} title={t('regenerate')} onClick={onRegenerate} data-testid="assistant-regenerate" />}
        </Space>
      )}
    </div>
  );
}
