import { useState } from 'react';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TQuestionBody } from '@hxk/contracts/catalog';
import type { TAnswer } from '@hxk/contracts/templates';
import { QuestionField } from '../../../components/evaluation/QuestionField.tsx';

/**
 * The question as the evaluator sees it. Interactive unless `disabled`, so the author can try the
 * scoring; the trial answer starts over when the question's type changes.
 */
export function QuestionPreview({ question, disabled, testId = 'question-preview', bordered = true }: { question: TQuestionBody; disabled?: boolean; testId?: string; bordered?: boolean }) {
  const { t } = useTranslation('catalog');
  const [trial, setTrial] = useState<{ type: string; answer: TAnswer }>({ type: question.type, answer: {} });
  const answer = trial.type === question.type ? trial.answer : {};
  const field = (
    <QuestionField
      question={question}
      value={answer}
      disabled={disabled}
      {...(disabled ? {} : { onChange: (a: TAnswer) => setTrial({ type: question.type, answer: a }) })}
      testId={`${testId}-field`}
    />
  );
  if (!bordered) return field;
  return (
    <Card
      size="small"
      title={t('preview.title')}
      extra={
        !disabled && (
          <Button size="small" type="link" onClick={() => setTrial({ type: question.type, answer: {} })} data-testid={`${testId}-reset`}>
            {t('preview.reset')}
          </Button>
        )
      }
      data-testid={testId}
    >
      {!disabled && <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>{t('preview.hint')}</Typography.Paragraph>}
      {question.title.trim() ? field : <Typography.Text type="secondary">{t('preview.empty')}</Typography.Text>}
    </Card>
  );
}
