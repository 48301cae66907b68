import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TQuestion } from '@hxk/contracts/catalog';

const COLORS = { draft: 'default', pending: 'processing', approved: 'success', rejected: 'error' } as const;

/** A question's review state; a rejected one shows the reviewer's note. */
export function QuestionStatusTag({ question, showNote = true }: { question: Pick<TQuestion, 'status' | 'reviewNote'>; showNote?: boolean }) {
  const { t } = useTranslation('catalog');
  const tag = (
    <Tag color={COLORS[question.status]} data-testid="question-status">
      {t(`evaluation:questionStatus.${question.status}`)}
    </Tag>
  );
  if (question.status !== 'rejected' || !question.reviewNote || !showNote) return tag;
  return (
    <div style={{ maxWidth: 240 }}>
      <Tooltip title={question.reviewNote}>{tag}</Tooltip>
      <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }} ellipsis={{ tooltip: question.reviewNote }} data-testid="question-review-note">
        {t('question.reviewNote', { note: question.reviewNote })}
      </Typography.Text>
    </div>
  );
}
