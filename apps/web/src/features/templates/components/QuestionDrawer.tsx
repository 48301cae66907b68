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
  /** Titles of the template's other questions: an evaluation element appears once per template. */
  otherTitles: string[];
  onClose: () => void;
  onDone: (body: TQuestionBody) => void;
};

/** Where a shape problem sits, in words: "Option 2", "Score range 1", "Element 3" or the field. */
function issuePlace(path: PropertyKey[], t: (k: string, o?: Record<string, unknown>) => string): string {
  const [head, index] = path;
  if (typeof index === 'number' && (head === 'options' || head === 'ranges' || head === 'elements')) return t(`drawer.place.${head}`, { n: index + 1 });
  if (head === 'title' || head === 'standard' || head === 'score' || head === 'stars') return t(`drawer.place.${head}`);
  return t('drawer.place.question');
}

/** The question editor in a drawer, with its rules and a preview of how the evaluator will see it. */
export function QuestionDrawer({ value, isNew, otherTitles, onClose, onDone }: Props) {
  const { t } = useTranslation('templates');
  const screens = Grid.useBreakpoint();
  const [draft, setDraft] = useState<TQuestionBodyInput | null>(value);
  const [seen, setSeen] = useState<TQuestionBodyInput | null>(value);
  const [answer, setAnswer] = useState<TAnswer>({});
  // A new question to edit replaces the draft (the drawer stays mounted between questions).
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
    setAnswer({});
  }

  const parsed = draft ? parseBody(draft) : null;
  const body = parsed?.success ? parsed.data : null;
  const rules = body ? checkQuestion(body) : { errors: [] as TFinding[], suggestions: [] as TFinding[] };
  const duplicate = body && otherTitles.some((x) => sameName(x, body.title));
  const shapeProblems = parsed && !parsed.success ? parsed.error.issues.slice(0, 5).map((i) => `${issuePlace(i.path, t)}: ${validationMessage(i.message)}`) : [];
  const errors: TFinding[] = duplicate && body ? [...rules.errors, { path: 'title', key: 'template.elementDuplicate', params: { name: body.title.trim() } }] : rules.errors;
  const canSave = body !== null && errors.length === 0;

  return (
    <Drawer
      open={value !== null}
      onClose={onClose}
      size={screens.md ? 720 : '100%'}
      title={isNew ? t('drawer.newTitle') : t('drawer.editTitle')}
      destroyOnHidden
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose} data-testid="question-drawer-cancel">
            {t('common:action.cancel')}
          </Button>
          <Button type="primary" disabled={!canSave} onClick={() => body && onDone(body)} data-testid="question-drawer-done">
            {isNew ? t('drawer.add') : t('drawer.apply')}
          </Button>
        </Space>
      }
      data-testid="question-drawer"
    >
      {draft && <QuestionEditor value={draft} onChange={setDraft} testId="template-question-editor" />}
      {shapeProblems.length > 0 && (
        <ul style={{ margin: '0 0 8px', paddingInlineStart: 0, listStyle: 'none' }} data-testid="question-drawer-shape">
          {shapeProblems.map((p) => (
            <li key={p}>
              <Typography.Text type="danger">{p}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
      <RuleFindings errors={errors} suggestions={rules.suggestions} testId="question-drawer-findings" />
      {body && (
        <>
          <Divider titlePlacement="start" plain>
            {t('drawer.preview')}
          </Divider>
          <QuestionField question={body} value={answer} onChange={setAnswer} testId="question-drawer-preview" />
        </>
      )}
    </Drawer>
  );
}
