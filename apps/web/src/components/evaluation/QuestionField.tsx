import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Flex, InputNumber, Radio, Rate, Slider, Tag, Typography, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TQuestionBody } from '@hxk/contracts/catalog';
import { ERRORS, formatMessage } from '@hxk/contracts/errors';
import { maxScore, normalizeQuestion, scoreAnswer } from '@hxk/contracts/question-rules';
import type { TAnswer } from '@hxk/contracts/templates';
import { currentLanguage } from '../../lib/i18n.ts';

export type QuestionFieldProps = {
  question: TQuestionBody;
  value?: TAnswer;
  onChange?: (a: TAnswer) => void;
  disabled?: boolean;
  /** Its number in the form (1-based). */
  index?: number;
  /** Show what is missing or wrong as a submission would (an unanswered question, an empty required comment). */
  showErrors?: boolean;
  testId?: string;
  /**
   * As a respondent who is not grading answers it (a student's questionnaire): no score earned, no
   * points beside the options, no question type or knowledge level.
   */
  respondent?: boolean;
};

const block = { width: '100%' } as const;
const num = (v: number | string | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** One question as an evaluator answers it, with the score it earns so far; fits a 375 px phone. */
export function QuestionField({ question, value, onChange, disabled, index, showErrors, testId, respondent }: QuestionFieldProps) {
  const { t } = useTranslation('evaluation');
  const q = normalizeQuestion(question);
  const a: TAnswer = value ?? {};
  const full = maxScore(q);
  const scored = scoreAnswer(q, a, '', showErrors === true);
  const set = (patch: Partial<TAnswer>) => onChange?.({ ...a, ...patch });
  const tid = testId ?? 'question-field';
  const readOnly = disabled || !onChange;

  return (
    <div data-testid={tid} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Typography.Text strong style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {index !== undefined && `${index}. `}
          {q.title}
        </Typography.Text>
        {!respondent && (
          <Tag color={scored.score === null ? 'default' : 'blue'} style={{ marginInlineEnd: 0, flexShrink: 0 }} data-testid={`${tid}-score`}>
            {t('field.earned', { score: scored.score ?? '—', full })}
          </Tag>
        )}
      </Flex>
      {respondent ? (
        <div style={{ height: 8 }} />
      ) : (
        <Flex gap={4} wrap style={{ margin: '4px 0 8px' }}>
          <Tag bordered={false}>{t(`questionType.${q.type}`)}</Tag>
          {q.knowledgeLevel && <Tag bordered={false} color="purple">{t(`knowledgeLevel.${q.knowledgeLevel}`)}</Tag>}
        </Flex>
      )}
      {q.standard && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8, whiteSpace: 'pre-line' }}>
          {q.standard}
        </Typography.Paragraph>
      )}
      <AnswerInput q={q} a={a} set={set} disabled={readOnly} tid={tid} plain={respondent === true} />
      <CommentInput q={q} a={a} set={set} disabled={readOnly} tid={tid} />
      {scored.error && (
        <Typography.Text type="danger" style={{ display: 'block', marginTop: 4 }} data-testid={`${tid}-error`}>
          {formatMessage(ERRORS[scored.error.key][currentLanguage()], scored.error.params)}
        </Typography.Text>
      )}
    </div>
  );
}

type PartProps = { q: TQuestionBody; a: TAnswer; set: (p: Partial<TAnswer>) => void; disabled: boolean; tid: string };

function AnswerInput({ q, a, set, disabled, tid, plain }: PartProps & { plain: boolean }) {
  const { t } = useTranslation('evaluation');
  // A respondent sees the choices, not what each is worth.
  const pts = (n: number) => (plain ? null : t('field.points', { score: n }));
  switch (q.type) {
    case 'single':
      return (
        <Radio.Group value={a.optionKey ?? undefined} disabled={disabled} onChange={(e) => set({ optionKey: String(e.target.value) })} style={block} data-testid={`${tid}-options`}>
          <Flex vertical gap={6}>
            {q.options.map((o) => (
              <Radio key={o.key} value={o.key} data-testid={`${tid}-option-${o.key}`}>
                <OptionLabel text={o.content} extra={pts(o.score)} />
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      );
    case 'multiple':
      return (
        <Checkbox.Group value={a.optionKeys ?? []} disabled={disabled} onChange={(v) => set({ optionKeys: v.map(String) })} style={block} data-testid={`${tid}-options`}>
          <Flex vertical gap={6}>
            {q.options.map((o) => (
              <Checkbox key={o.key} value={o.key} data-testid={`${tid}-option-${o.key}`}>
                <OptionLabel text={o.content} extra={pts(o.score)} />
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      );
    case 'score':
      return <ScoreInput q={q} a={a} set={set} disabled={disabled} tid={tid} />;
    case 'star':
      return (
        <Flex align="center" gap={12} wrap>
          <Rate count={q.stars} value={a.stars ?? 0} disabled={disabled} onChange={(v) => set({ stars: v > 0 ? v : null })} data-testid={`${tid}-stars`} />
          <Typography.Text type="secondary">{t('field.stars', { stars: a.stars ?? 0, count: q.stars })}</Typography.Text>
        </Flex>
      );
    case 'combo1':
      return <GradeInput q={q} a={a} set={set} disabled={disabled} tid={tid} />;
    case 'combo2':
      return (
        <Flex vertical gap={8} data-testid={`${tid}-elements`}>
          {q.elements.map((e) => (
            <Flex key={e.key} justify="space-between" align="center" gap={8}>
              <Typography.Text style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {e.name} {!plain && <Typography.Text type="secondary">({pts(e.score)})</Typography.Text>}
              </Typography.Text>
              <InputNumber
                min={0}
                max={e.score}
                value={a.elementScores?.[e.key] ?? null}
                disabled={disabled}
                inputMode="decimal"
                style={{ width: 96 }}
                onChange={(v) => set({ elementScores: { ...(a.elementScores ?? {}), [e.key]: num(v) } })}
                data-testid={`${tid}-element-${e.key}`}
              />
            </Flex>
          ))}
        </Flex>
      );
  }
}

function OptionLabel({ text, extra }: { text: ReactNode; extra: ReactNode }) {
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      {text} {extra !== null && <Typography.Text type="secondary">({extra})</Typography.Text>}
    </span>
  );
}

function ScoreInput({ q, a, set, disabled, tid }: PartProps) {
  const { t } = useTranslation('evaluation');
  const full = q.score;
  const current = num(a.score);
  return (
    <Flex vertical gap={8}>
      {q.ranges.length > 0 && (
        <Flex vertical gap={2} data-testid={`${tid}-ranges`}>
          {q.ranges.map((r) => {
            const hit = current !== null && current >= r.min && current <= r.max;
            return (
              <Typography.Text key={r.key} type={hit ? undefined : 'secondary'} strong={hit} style={{ overflowWrap: 'anywhere' }}>
                {t('field.range', { min: r.min, max: r.max })} {r.standard}
              </Typography.Text>
            );
          })}
        </Flex>
      )}
      <Flex align="center" gap={12}>
        <Slider min={0} max={full} step={full >= 20 ? 1 : 0.5} value={current ?? 0} disabled={disabled} onChange={(v) => set({ score: v })} style={{ flex: 1, minWidth: 80 }} />
        <InputNumber min={0} max={full} value={current} disabled={disabled} inputMode="decimal" style={{ width: 96 }} placeholder={t('field.scorePlaceholder', { max: full })} onChange={(v) => set({ score: num(v) })} data-testid={`${tid}-score-input`} />
      </Flex>
    </Flex>
  );
}

function GradeInput({ q, a, set, disabled, tid }: PartProps) {
  const { t } = useTranslation('evaluation');
  const grade = q.options.find((o) => o.key === a.optionKey);
  const min = grade?.scoreMin ?? 0;
  const pick = (key: string) => {
    const g = q.options.find((o) => o.key === key);
    const s = num(a.score);
    // Keep the score when it still fits the new grade; otherwise the evaluator gives it again.
    set({ optionKey: key, score: g && s !== null && s >= (g.scoreMin ?? 0) && s <= g.score ? s : null });
  };
  return (
    <Flex vertical gap={8}>
      <Radio.Group value={a.optionKey ?? undefined} disabled={disabled} onChange={(e) => pick(String(e.target.value))} data-testid={`${tid}-grades`}>
        <Flex wrap gap={6}>
          {q.options.map((o) => (
            <Radio.Button key={o.key} value={o.key} data-testid={`${tid}-grade-${o.key}`}>
              {o.content} <Typography.Text type="secondary">{t('field.range', { min: o.scoreMin ?? 0, max: o.score })}</Typography.Text>
            </Radio.Button>
          ))}
        </Flex>
      </Radio.Group>
      <Flex align="center" gap={8} wrap>
        <Typography.Text type="secondary">{grade ? t('field.gradeScore', { min, max: grade.score }) : t('field.pickGrade')}</Typography.Text>
        <InputNumber
          min={min}
          max={grade?.score ?? 0}
          value={num(a.score)}
          disabled={disabled || !grade}
          inputMode="decimal"
          style={{ width: 96 }}
          onChange={(v) => set({ score: num(v) })}
          data-testid={`${tid}-score-input`}
        />
      </Flex>
    </Flex>
  );
}

function CommentInput({ q, a, set, disabled, tid }: PartProps) {
  const { t } = useTranslation('evaluation');
  const [open, setOpen] = useState(false);
  const has = (a.comment ?? '').length > 0;
  if (!q.commentRequired && !open && !has) {
    if (disabled) return null;
    return (
      <Button type="link" size="small" style={{ paddingInline: 0, marginTop: 4 }} onClick={() => setOpen(true)} data-testid={`${tid}-add-comment`}>
        {t('field.addComment')}
      </Button>
    );
  }
  return (
    <div style={{ marginTop: 8 }}>
      <Typography.Text type="secondary">
        {q.commentRequired && <Typography.Text type="danger">* </Typography.Text>}
        {q.commentRequired ? t('field.commentRequired') : t('field.comment')}
      </Typography.Text>
      <Input.TextArea
        value={a.comment ?? ''}
        disabled={disabled}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={2000}
        placeholder={t('field.commentPlaceholder')}
        onChange={(e) => set({ comment: e.target.value })}
        style={{ marginTop: 4 }}
        data-testid={`${tid}-comment`}
      />
    </div>
  );
}
