import { Button, Card, ConfigProvider, Flex, Progress, Typography, theme } from 'antd';
import { CalendarOutlined, ReadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TTemplateQuestion } from '@hxk/contracts/templates';
import { QuestionField } from '../../../components/evaluation/QuestionField.tsx';
import { answerProgress, type Answers } from './answer-progress.ts';

export type FillHeader = {
  title: string;
  description: string | null;
  course: { name: string; teacherName: string } | null;
  endDate: string;
};

type Props = {
  header: FillHeader;
  questions: TTemplateQuestion[];
  value: Answers;
  onChange: (v: Answers) => void;
  /** Show each question's missing or wrong answer, as the submission would refuse it. */
  showErrors: boolean;
  onSubmit: () => void;
  submitting?: boolean;
  /** A line above the submit button (the preview says nothing is sent). */
  note?: string;
  testId?: string;
};

/** Large touch targets and type on a phone; the shared question fields inherit them. */
const PHONE_THEME = { token: { fontSize: 16, controlHeight: 40 }, components: { Rate: { starSize: 30 }, Radio: { radioSize: 20 }, Checkbox: { controlInteractiveSize: 20 } } };

/**
 * A questionnaire as a respondent fills it, phone first: one column of cards, the progress
 * ("2 / 4") at the top and a submit bar that stays at the bottom of the screen.
 */
export function QuestionnaireFill({ header, questions, value, onChange, showErrors, onSubmit, submitting, note, testId = 'q-fill' }: Props) {
  const { t } = useTranslation('questionnaires');
  const { token } = theme.useToken();
  const progress = answerProgress(questions, value);

  return (
    <ConfigProvider theme={PHONE_THEME}>
      <Flex vertical gap={12} style={{ minWidth: 0 }} data-testid={testId}>
        <Card size="small" styles={{ body: { padding: 16 } }}>
          <Typography.Title level={4} style={{ marginTop: 0, overflowWrap: 'anywhere' }} data-testid={`${testId}-title`}>
            {header.title}
          </Typography.Title>
          {header.course && (
            <Typography.Text style={{ display: 'block' }} data-testid={`${testId}-course`}>
              <ReadOutlined /> {t('fill.course', { course: header.course.name, teacher: header.course.teacherName })}
            </Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 14 }}>
            <CalendarOutlined /> {t('fill.until', { date: header.endDate })}
          </Typography.Text>
          {header.description && (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', whiteSpace: 'pre-line', fontSize: 14 }}>
              {header.description}
            </Typography.Paragraph>
          )}
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 13 }}>
            {t('fill.anonymous')}
          </Typography.Paragraph>
        </Card>

        {questions.map((q, i) => (
          <Card key={q.key} size="small" styles={{ body: { padding: 16 } }} data-testid={`${testId}-card-${i + 1}`}>
            <QuestionField question={q} value={value[q.key]} onChange={(a) => onChange({ ...value, [q.key]: a })} index={i + 1} showErrors={showErrors} testId={`${testId}-q${i + 1}`} respondent />
          </Card>
        ))}

        <div
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 3,
            background: token.colorBgContainer,
            borderTop: `1px solid ${token.colorBorderSecondary}`,
            boxShadow: '0 -4px 12px rgba(0, 0, 0, 0.06)',
            padding: '10px 16px calc(10px + env(safe-area-inset-bottom))',
            marginInline: -4,
          }}
          data-testid={`${testId}-bar`}
        >
          <Flex align="center" gap={12}>
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text strong data-testid={`${testId}-progress`}>
                {t('fill.progress', { answered: progress.answered, count: progress.count })}
              </Typography.Text>
              <Progress percent={progress.count ? Math.round((progress.answered / progress.count) * 100) : 0} showInfo={false} size="small" style={{ margin: 0 }} />
            </Flex>
            <Button type="primary" size="large" loading={submitting} onClick={onSubmit} style={{ minWidth: 120 }} data-testid={`${testId}-submit`}>
              {t('fill.submit')}
            </Button>
          </Flex>
          {showErrors && !progress.complete && (
            <Typography.Text type="danger" style={{ display: 'block', fontSize: 13, marginTop: 4 }} data-testid={`${testId}-missing`}>
              {t('fill.incomplete', { count: progress.problems.length })}
            </Typography.Text>
          )}
          {note && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
              {note}
            </Typography.Text>
          )}
        </div>
      </Flex>
    </ConfigProvider>
  );
}
