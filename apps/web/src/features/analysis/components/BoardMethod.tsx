import { Button, Flex, Popover, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TBoardMethod } from '@hxk/contracts/analysis-board';

/** The "?" beside a board figure: how it is computed (and, for the rates, what each class's rate is). */
export function BoardMethod({ method, rates = false }: { method: TBoardMethod; rates?: boolean }) {
  const { t } = useTranslation('board');
  const content = (
    <div style={{ maxWidth: 340 }} data-testid={`method-${method}`}>
      <Typography.Paragraph style={{ marginBottom: rates ? 8 : 0 }}>{t(`method.${method}`)}</Typography.Paragraph>
      {rates ? <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>{t('method.rates')}</Typography.Paragraph> : null}
    </div>
  );
  return (
    <Popover content={content} title={t('method.title')} trigger="click">
      <Button type="text" size="small" shape="circle" icon={<QuestionCircleOutlined />} aria-label={t('method.open')} data-testid={`hint-${method}`} />
    </Popover>
  );
}

/** A card title with its method's "?". */
export function BoardTitle({ title, method, rates }: { title: string; method: TBoardMethod | null; rates?: boolean }) {
  return (
    <Flex align="center" gap={2} wrap>
      <span>{title}</span>
      {method ? <BoardMethod method={method} rates={rates ?? false} /> : null}
    </Flex>
  );
}
