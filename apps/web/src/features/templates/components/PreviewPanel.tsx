import { useState } from 'react';
import { Button, Card, Segmented, Space, Tooltip, theme } from 'antd';
import { DesktopOutlined, MobileOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TAnswer, TTemplateContent } from '@hxk/contracts/templates';
import { EvaluationForm } from '../../../components/evaluation/EvaluationForm.tsx';

const PHONE_WIDTH = 375;

/**
 * The form exactly as an evaluator fills it, interactive so the author can try scores; the phone
 * width shows it as on a 375 px screen.
 */
export function PreviewPanel({ content, sticky = true }: { content: TTemplateContent; sticky?: boolean }) {
  const { t } = useTranslation('templates');
  const { token } = theme.useToken();
  const [answers, setAnswers] = useState<Record<string, TAnswer>>({});
  const [width, setWidth] = useState<'full' | 'phone'>('full');
  const phone = width === 'phone';

  return (
    <Card
      size="small"
      title={t('preview.title')}
      style={sticky ? { position: 'sticky', top: 16 } : undefined}
      extra={
        <Space size={4}>
          <Segmented<'full' | 'phone'>
            size="small"
            value={width}
            onChange={setWidth}
            options={[
              { value: 'full', icon: <DesktopOutlined />, title: t('preview.full') },
              { value: 'phone', icon: <MobileOutlined />, title: t('preview.phone') },
            ]}
            data-testid="preview-width"
          />
          <Tooltip title={t('preview.reset')}>
            <Button type="text" size="small" icon={<UndoOutlined />} onClick={() => setAnswers({})} aria-label={t('preview.reset')} data-testid="preview-reset" />
          </Tooltip>
        </Space>
      }
      styles={{ body: { background: phone ? token.colorFillTertiary : undefined, padding: phone ? 12 : undefined } }}
      data-testid="preview-panel"
    >
      <div
        style={{
          maxHeight: sticky ? 'calc(100vh - 180px)' : undefined,
          overflowY: sticky ? 'auto' : undefined,
          width: phone ? PHONE_WIDTH : '100%',
          maxWidth: '100%',
          marginInline: 'auto',
          background: token.colorBgContainer,
          borderRadius: phone ? token.borderRadiusLG : undefined,
          padding: phone ? 8 : 0,
        }}
      >
        <EvaluationForm content={content} value={answers} onChange={setAnswers} testId="preview-form" />
      </div>
    </Card>
  );
}
