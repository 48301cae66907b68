import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TQuestionnaireStatus } from '@hxk/contracts/questionnaires';

const COLORS: Record<TQuestionnaireStatus, string> = { draft: 'default', published: 'processing', closed: 'warning' };

export function QuestionnaireStatusTag({ status, testId }: { status: TQuestionnaireStatus; testId?: string }) {
  const { t } = useTranslation('questionnaires');
  return (
    <Tag color={COLORS[status]} style={{ marginInlineEnd: 0 }} data-testid={testId} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
