import { Card, Empty, Flex, Progress, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { scoreForm } from '@hxk/contracts/question-rules';
import type { TAnswer, TTemplateContent } from '@hxk/contracts/templates';
import { QuestionField } from './QuestionField.tsx';

export type EvaluationFormProps = {
  content: TTemplateContent;
  value: Record<string, TAnswer>;
  onChange?: (v: Record<string, TAnswer>) => void;
  readOnly?: boolean;
  /** Show each question's missing or wrong answer, as submitting would refuse it. */
  showErrors?: boolean;
  testId?: string;
};

/**
 * A template as an evaluator fills it: primary indicators as cards with their score so far, numbered
 * questions, and a total bar that stays in view. The same form serves the builder's live preview,
 * the template detail and the real evaluations; it fits a 375 px phone.
 */
export function EvaluationForm({ content, value, onChange, readOnly, showErrors, testId }: EvaluationFormProps) {
  const { t } = useTranslation('evaluation');
  const { token } = theme.useToken();
  const result = scoreForm(content, value, showErrors === true);
  const tid = testId ?? 'evaluation-form';
  const setAnswer = (key: string, a: TAnswer) => onChange?.({ ...value, [key]: a });
  // The number of each section's first question: questions are numbered across the whole form.
  const starts = content.sections.map((_, si) => content.sections.slice(0, si).reduce((n, x) => n + x.questions.length, 1));

  if (result.count === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.empty')} data-testid={`${tid}-empty`} />;
  }

  return (
    <Flex vertical gap={12} data-testid={tid}>
      <div
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 2,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          padding: '8px 12px',
        }}
        data-testid={`${tid}-total`}
      >
        <Flex justify="space-between" align="baseline" gap={8} wrap>
          <Typography.Text strong>
            {t('form.total')}{' '}
            <Typography.Text strong style={{ fontSize: 20, color: token.colorPrimary }} data-testid={`${tid}-total-score`}>
              {result.total}
            </Typography.Text>
            <Typography.Text type="secondary"> / {result.full}</Typography.Text>
          </Typography.Text>
          <Typography.Text type="secondary" data-testid={`${tid}-answered`}>
            {t('form.answered', { answered: result.answered, count: result.count })}
          </Typography.Text>
        </Flex>
        <Progress percent={Math.round((result.answered / result.count) * 100)} showInfo={false} size="small" style={{ margin: 0 }} />
      </div>
      {content.sections.map((s, si) => {
        const sec = result.bySection[si];
        return (
          <Card
            key={s.key}
            size="small"
            title={<span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{s.name}</span>}
            extra={<Typography.Text type="secondary">{t('form.sectionScore', { score: sec?.score ?? 0, full: sec?.full ?? 0 })}</Typography.Text>}
            styles={{ body: { padding: '8px 12px' } }}
            data-testid={`${tid}-section-${si}`}
          >
            {s.questions.length === 0 ? (
              <Typography.Text type="secondary">{t('form.sectionEmpty')}</Typography.Text>
            ) : (
              <Flex vertical>
                {s.questions.map((q, qi) => {
                  const number = (starts[si] ?? 1) + qi;
                  return (
                    <div key={q.key} style={{ padding: '10px 0', borderTop: qi ? `1px solid ${token.colorBorderSecondary}` : undefined }}>
                      <QuestionField
                        question={q}
                        value={value[q.key]}
                        onChange={readOnly || !onChange ? undefined : (a) => setAnswer(q.key, a)}
                        disabled={readOnly}
                        index={number}
                        showErrors={showErrors}
                        testId={`${tid}-q${number}`}
                      />
                    </div>
                  );
                })}
              </Flex>
            )}
          </Card>
        );
      })}
    </Flex>
  );
}
