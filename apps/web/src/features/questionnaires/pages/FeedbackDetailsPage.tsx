import { Alert, Button, Card, Descriptions, Empty, Flex, Result, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useFeedbackDetail } from '../api/get-feedback-detail.ts';
import { QuestionResultCard } from '../components/QuestionResultCard.tsx';
import { percentText } from '../components/ResponseCell.tsx';

const ID = /^\d{1,19}$/;

/** /feedbackDetails?questionnaireId=…&courseId=…: the aggregated answers, question by question. */
export function FeedbackDetailsPage() {
  const { t } = useTranslation('questionnaires');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawId = params.get('questionnaireId');
  const questionnaireId = rawId && ID.test(rawId) ? rawId : null;
  const rawCourse = params.get('courseId');
  const courseId = rawCourse && ID.test(rawCourse) ? rawCourse : undefined;
  const detail = useFeedbackDetail(questionnaireId, courseId);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)} data-testid="q-details-back">
      {t('details.back')}
    </Button>
  );

  if (!questionnaireId) {
    return (
      <Card title={menuTitle(t, 'feedbackDetails')}>
        <Empty description={t('details.pick')} />
      </Card>
    );
  }
  if (detail.isPending) {
    return (
      <Card title={menuTitle(t, 'feedbackDetails')}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (detail.isError) {
    return (
      <Card title={menuTitle(t, 'feedbackDetails')}>
        <Result status="warning" title={t('details.loadFailed')} subTitle={detail.error.message} extra={back} />
      </Card>
    );
  }
  const d = detail.data;
  return (
    <Flex vertical gap={12} data-testid="q-details-page">
      <Card title={d.title} extra={back} styles={{ body: { paddingBottom: 8 } }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={t('details.course')}>{d.course ? `${d.course.name} (${d.course.code})` : t('details.allCourses')}</Descriptions.Item>
          <Descriptions.Item label={t('details.teacher')}>{d.teacher?.name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('details.responses')}>
            <span data-testid="q-details-responses" data-responses={d.responseCount}>
              {d.course ? t('feedback.responsesOf', { count: d.responseCount, students: d.course.studentCount }) : d.responseCount}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('details.average')}>
            <span data-testid="q-details-average">{percentText(d.averagePercent)}</span>
          </Descriptions.Item>
        </Descriptions>
        <Alert type="info" showIcon title={t('details.anonymous')} style={{ marginTop: 8 }} data-testid="q-details-anonymous" />
      </Card>
      {d.questions.length === 0 ? (
        <Card>
          <Empty description={t('details.noQuestions')} />
        </Card>
      ) : (
        d.questions.map((q, i) => <QuestionResultCard key={q.key} result={q} index={i + 1} />)
      )}
    </Flex>
  );
}
