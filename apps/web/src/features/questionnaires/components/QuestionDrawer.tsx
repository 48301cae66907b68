import { useState } from 'react';
import { Button, Divider, Drawer, Grid, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TQuestionBody, TQuestionBodyInput } from '@hxk/contracts/catalog';
import { checkQuestion, type TFinding } from '@hxk/contracts/question-rules';
import type { TAnswer } from '@hxk/contracts/templates';
import { QuestionEditor } from '../../../components/evaluation/QuestionEditor.tsx';
import { QuestionField } from '../../../components/evaluation/QuestionField.tsx';
import { RuleFindings } from '../../../components/evaluation/RuleFindings.tsx';
import { validationMessage } from '../../../lib/form-rules.ts';
import { parseBody, sameName } from '../../../components/evaluation/question-ops.ts';

type Props = {
  /** The question being edited (null: closed). */
  value: TQuestionBodyInput | null;
  isNew: boolean;
  /** Titles of the questionnaire's other questions: a question is asked once. */
  otherTitles: string[];
  onClose: () => void;
  onDone: (body: TQuestionBody) => void;
};

/** The shared question editor in a drawer, with the question rules and a preview as it will be answered. */
export function QuestionDrawer({ value, isNew, otherTitles, onClose, onDone }: Props) {
  const { t } = useTranslation('questionnaires');
  const screens = Grid.useBreakpoint();
  const [draft, setDraft] = useState<TQuestionBodyInput | null>(value);
  const [seen, setSeen] = useState<TQuestionBodyInput | null>(value);
  const [answer, setAnswer] = useState<TAnswer>({});
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
    setAnswer({});
  }

  const parsed = draft ? parseBody(draft) : null;
  const body = parsed?.success ? parsed.data : null;
  const rules = body ? checkQuestion(body) : { errors: [] as TFinding[], suggestions: [] as TFinding[] };
  const duplicate = body !== null && otherTitles.some((x) => sameName(x, body.title));
  const shape = parsed && !parsed.success ? [...new Set(parsed.error.issues.slice(0, 5).map((i) => validationMessage(i.message)))] : [];
  const canSave = body !== null && rules.errors.length === 0 && !duplicate;

  return (
    <Drawer
      open={value !== null}
      onClose={onClose}
      size={screens.md ? 720 : '100%'}
      title={isNew ? t('question.newTitle') : t('question.editTitle')}
      destroyOnHidden
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="primary" disabled={!canSave} onClick={() => body && onDone(body)} data-testid="q-question-done">
            {isNew ? t('question.add') : t('question.apply')}
          </Button>
        </Space>
      }
    >
      {draft && <QuestionEditor value={draft} onChange={setDraft} testId="q-question-editor" />}
      {shape.map((p) => (
        <Typography.Text key={p} type="danger" style={{ display: 'block' }}>
          {p}
        </Typography.Text>
      ))}
      {duplicate && (
        <Typography.Text type="danger" style={{ display: 'block' }}>
          {t('question.duplicate')}
        </Typography.Text>
      )}
      <RuleFindings errors={rules.errors} suggestions={rules.suggestions} />
      {body && (
        <>
          <Divider titlePlacement="start" plain>
            {t('question.preview')}
          </Divider>
          <QuestionField question={body} value={answer} onChange={setAnswer} />
        </>
      )}
    </Drawer>
  );
}
