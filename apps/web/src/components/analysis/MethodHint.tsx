import { Button, Popover, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFigureMethod } from '@hxk/contracts/analysis';
import { describeMethod, methodOf, type FigureKey } from './figures.ts';

/** The "?" beside a figure: how it was computed (always the rule, and the stored method as a sentence) and how sure it is. */
export function MethodHint({ methods, figure }: { methods: Record<string, TFigureMethod>; figure: FigureKey }) {
  const { t } = useTranslation('analysis');
  const m = methodOf(methods, figure);
  const described = m ? describeMethod(m.method) : null;
  const content = (
    <div style={{ maxWidth: 320 }} data-testid={`method-${figure}`}>
      <Typography.Paragraph style={{ marginBottom: 8 }}>{t(`figure.${figure}.how`)}</Typography.Paragraph>
      {m ? (
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }} data-testid="method-sentence">
            {described ? t(`method.${described.key}`, described.params) : t('method.unknown')}{' '}
            <Typography.Text code>{m.method}</Typography.Text>
          </Typography.Paragraph>
          <Typography.Text strong data-testid="method-confidence">
            {m.confidence === null ? t('method.noConfidence') : t('method.confidence', { value: Math.round(m.confidence * 100) })}
          </Typography.Text>
        </>
      ) : (
        <Typography.Text type="secondary">{t('method.notRecorded')}</Typography.Text>
      )}
    </div>
  );
  return (
    <Popover content={content} title={t('method.title')} trigger="click">
      <Button type="text" size="small" shape="circle" icon={<QuestionCircleOutlined />} aria-label={t('method.open')} data-testid={`hint-${figure}`} />
    </Popover>
  );
}
