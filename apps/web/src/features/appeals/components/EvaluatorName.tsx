import { Tag, Tooltip, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TAppealRow } from '@hxk/contracts/appeals';

/**
 * Who evaluated: "Anonymous" for the teacher of an anonymous evaluation; for handlers and the
 * evaluator, the name, marked confidential when the evaluation is anonymous (decision 0018).
 */
export function EvaluatorName({ appeal }: { appeal: Pick<TAppealRow, 'evaluator' | 'anonymous'> }) {
  const { t } = useTranslation('appeals');
  if (!appeal.evaluator) return <Typography.Text type="secondary">{t('field.anonymous')}</Typography.Text>;
  if (!appeal.anonymous) return <>{appeal.evaluator.name}</>;
  return (
    <span>
      {appeal.evaluator.name}{' '}
      <Tooltip title={t('field.confidentialHint')}>
        <Tag icon={<LockOutlined />} color="orange" data-testid="appeal-evaluator-confidential">
          {t('field.confidential')}
        </Tag>
      </Tooltip>
    </span>
  );
}
