import { useState } from 'react';
import { Button, Card, Empty, Flex, List, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useMyAccess } from '../../../lib/my-access.ts';
import { useQuestionnaire } from '../api/get-questionnaire.ts';
import { useQuestionnaires } from '../api/get-questionnaires.ts';
import { answerProgress, type Answers } from '../components/answer-progress.ts';
import { PhoneFrame } from '../components/PhoneFrame.tsx';
import { QuestionnaireFill } from '../components/QuestionnaireFill.tsx';
import { QuestionnaireStatusTag } from '../components/QuestionnaireStatusTag.tsx';

/** /example?questionnaireId=…: the questionnaire as a respondent sees it on a phone; nothing is sent. */
export function ExamplePage() {
  const { t } = useTranslation('questionnaires');
  const navigate = useNavigate();
  const access = useMyAccess();
  const [params] = useSearchParams();
  const id = params.get('questionnaireId');
  const questionnaireId = id && /^\d{1,19}$/.test(id) ? id : null;
  const detail = useQuestionnaire(questionnaireId);
  const [answers, setAnswers] = useState<Answers>({});
  const [showErrors, setShowErrors] = useState(false);
  const [finished, setFinished] = useState(false);

  const back = access.can('assignmentsQuestionnaire') ? (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/back/assignmentsQuestionnaire')} data-testid="q-preview-back">
      {t('preview.back')}
    </Button>
  ) : null;

  if (!questionnaireId) {
    return (
      <Card title={t('preview.title')} data-testid="q-preview-page">
        {access.can('assignmentsQuestionnaire') ? (
          <SamplePicker onPick={(picked) => void navigate(`/example?questionnaireId=${picked}`)} />
        ) : (
          <Empty description={t('preview.pick')} data-testid="q-preview-none">
            {back}
          </Empty>
        )}
      </Card>
    );
  }

  const q = detail.data;
  const sample = q?.courses[0];
  const restart = () => {
    setAnswers({});
    setShowErrors(false);
    setFinished(false);
  };
  const onSubmit = () => {
    if (!q) return;
    if (answerProgress(q.questions, answers).complete) setFinished(true);
    else setShowErrors(true);
  };

  return (
    <Card
      title={
        <Space wrap>
          <span>{t('preview.title')}</span>
          {q && <QuestionnaireStatusTag status={q.status} />}
          {q && <Tag>{t(`audience.${q.audience}`)}</Tag>}
        </Space>
      }
      extra={back}
      styles={{ body: { padding: '16px 8px' } }}
      data-testid="q-preview-page"
    >
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {t('preview.hint', { menu: menuTitle(t, 'EvaluationQuestionnaire') })}
      </Typography.Paragraph>
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : detail.isError || !q ? (
        <Result status="warning" title={t('preview.loadFailed')} subTitle={detail.error?.message} />
      ) : (
        <PhoneFrame testId="q-preview-phone">
          {finished ? (
            <Result
              status="success"
              title={t('fill.thanks')}
              subTitle={t('preview.notSent')}
              extra={
                <Button onClick={restart} data-testid="q-preview-restart">
                  {t('preview.again')}
                </Button>
              }
              data-testid="q-preview-finished"
            />
          ) : (
            <QuestionnaireFill
              header={{ title: q.title, description: q.description, course: sample ? { name: sample.name, teacherName: sample.teacher.name } : null, endDate: q.endDate }}
              questions={q.questions}
              value={answers}
              onChange={setAnswers}
              showErrors={showErrors}
              onSubmit={onSubmit}
              note={t('preview.notSent')}
              testId="q-fill"
            />
          )}
        </PhoneFrame>
      )}
      <Flex justify="center" style={{ marginTop: 12 }}>
        <Typography.Text type="secondary">{q ? t('preview.questions', { count: q.questions.length }) : null}</Typography.Text>
      </Flex>
    </Card>
  );
}

/** Without a questionnaire: the school's questionnaires, newest first, to preview one. */
function SamplePicker({ onPick }: { onPick: (questionnaireId: string) => void }) {
  const { t } = useTranslation('questionnaires');
  const [pageNum, setPageNum] = useState(1);
  const list = useQuestionnaires({ pageNum, pageSize: 10 });
  return (
    <List
      loading={list.isLoading}
      dataSource={list.data?.list ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
      pagination={list.data && list.data.total > 10 ? { current: pageNum, pageSize: 10, total: list.data.total, onChange: setPageNum, showSizeChanger: false } : false}
      data-testid="q-preview-pick"
      renderItem={(q) => (
        <List.Item
          actions={[
            <Button key="preview" type="link" onClick={() => onPick(q.questionnaireId)} data-testid={`q-preview-pick-${q.questionnaireId}`}>
              {t('list.preview')}
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={
              <Space size={8} wrap>
                <span>{q.title}</span>
                <QuestionnaireStatusTag status={q.status} />
              </Space>
            }
            description={`${t('preview.questions', { count: q.questionCount })} · ${q.startDate} – ${q.endDate}`}
          />
        </List.Item>
      )}
    />
  );
}
