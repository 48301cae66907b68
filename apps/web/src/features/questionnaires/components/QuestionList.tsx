import { useState } from 'react';
import { Alert, Button, Empty, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DatabaseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TQuestionBody, TQuestionBodyInput } from '@hxk/contracts/catalog';
import { QUESTIONNAIRE_LIMITS } from '@hxk/contracts/questionnaires';
import { maxScore, normalizeQuestion } from '@hxk/contracts/question-rules';
import type { TTemplateQuestion } from '@hxk/contracts/templates';
import { BankPickerModal } from './BankPickerModal.tsx';
import { QuestionDrawer } from './QuestionDrawer.tsx';
import { blankQuestion, fromBank, move, newKey } from '../../../components/evaluation/question-ops.ts';

type Props = {
  value?: TTemplateQuestion[];
  onChange?: (v: TTemplateQuestion[]) => void;
  /** Students answer on a phone: 3-5 questions is the suggestion (never a refusal). */
  audience: 'student' | 'teacher';
  disabled?: boolean;
};

type Editing = { key: string | null; value: TQuestionBodyInput };

/** The questionnaire's questions: new ones or copies of approved bank questions, in order. */
export function QuestionList({ value = [], onChange, audience, disabled }: Props) {
  const { t } = useTranslation(['questionnaires', 'evaluation']);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [picking, setPicking] = useState(false);
  const set = (v: TTemplateQuestion[]) => onChange?.(v);
  const full = value.length >= QUESTIONNAIRE_LIMITS.questionsMax;
  const { studentSuggestedMin: min, studentSuggestedMax: max } = QUESTIONNAIRE_LIMITS;
  const hint = audience === 'student' && value.length > 0 && (value.length < min || value.length > max);

  const onDone = (body: TQuestionBody) => {
    if (!editing) return;
    if (editing.key === null) set([...value, { ...body, key: newKey('q'), sourceQuestionId: null }]);
    // An edited bank copy is no longer the bank's question.
    else set(value.map((q) => (q.key === editing.key ? { ...body, key: q.key, sourceQuestionId: null } : q)));
    setEditing(null);
  };

  return (
    <div data-testid="q-questions">
      {value.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('editor.noQuestions')} style={{ marginBlock: 8 }} />
      ) : (
        <Flex vertical style={{ border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 8, padding: '0 12px' }}>
          {value.map((q, i) => (
            <Flex key={q.key} vertical gap={4} style={{ padding: '8px 0', borderTop: i ? '1px solid rgba(5, 5, 5, 0.06)' : undefined }} data-testid={`q-question-${i + 1}`}>
              <Typography.Text style={{ overflowWrap: 'anywhere' }}>
                <Typography.Text type="secondary">{i + 1}. </Typography.Text>
                {q.title}
              </Typography.Text>
              <Space size={4} wrap>
                <Tag bordered={false}>{t(`evaluation:questionType.${q.type}`)}</Tag>
                <Tag bordered={false} color="blue">
                  {t('editor.points', { score: maxScore(normalizeQuestion(q)) })}
                </Tag>
                {q.sourceQuestionId && (
                  <Tag bordered={false} color="cyan">
                    {t('editor.fromBankTag')}
                  </Tag>
                )}
                {!disabled && (
                  <>
                    <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('editor.editQuestion')} onClick={() => setEditing({ key: q.key, value: q })} data-testid={`q-question-${i + 1}-edit`} />
                    <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={t('editor.moveUp')} disabled={i === 0} onClick={() => set(move(value, i, i - 1))} />
                    <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={t('editor.moveDown')} disabled={i === value.length - 1} onClick={() => set(move(value, i, i + 1))} />
                    <Popconfirm title={t('editor.removeQuestion')} okText={t('editor.remove')} okButtonProps={{ danger: true }} cancelText={t('common:action.cancel')} onConfirm={() => set(value.filter((x) => x.key !== q.key))}>
                      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('editor.remove')} data-testid={`q-question-${i + 1}-remove`} />
                    </Popconfirm>
                  </>
                )}
              </Space>
            </Flex>
          ))}
        </Flex>
      )}
      {hint && <Alert type="info" showIcon title={t('editor.lengthHint', { count: value.length, min, max })} style={{ marginTop: 8 }} data-testid="q-questions-hint" />}
      {!disabled && (
        <Flex gap={8} wrap style={{ marginTop: 8 }}>
          <Button icon={<PlusOutlined />} disabled={full} onClick={() => setEditing({ key: null, value: blankQuestion() })} data-testid="q-questions-new">
            {t('editor.newQuestion')}
          </Button>
          <Button icon={<DatabaseOutlined />} disabled={full} onClick={() => setPicking(true)} data-testid="q-questions-bank">
            {t('editor.fromBank')}
          </Button>
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
            {t('editor.questionCount', { count: value.length, max: QUESTIONNAIRE_LIMITS.questionsMax })}
          </Typography.Text>
        </Flex>
      )}
      <QuestionDrawer
        value={editing?.value ?? null}
        isNew={editing?.key === null}
        otherTitles={value.filter((q) => q.key !== editing?.key).map((q) => q.title)}
        onClose={() => setEditing(null)}
        onDone={onDone}
      />
      <BankPickerModal
        open={picking}
        usedTitles={value.map((q) => q.title)}
        onClose={() => setPicking(false)}
        onPick={(rows) => set([...value, ...rows.map(fromBank)].slice(0, QUESTIONNAIRE_LIMITS.questionsMax))}
      />
    </div>
  );
}
