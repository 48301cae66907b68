import { Button, Card, Col, Result, Row, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ZId } from '@hxk/contracts/common';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useReadQuestion } from '../api/get-read-question.ts';
import { bodyOf } from '../components/question-body.ts';
import { QuestionDetails } from '../components/QuestionDetails.tsx';
import { QuestionPreview } from '../components/QuestionPreview.tsx';

const LIST = '/back/readQuestions';

/** One approved question in full, with the form as the evaluator fills it (try the scoring). */
export function ReadQuestionsDetailPage() {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const questionId = rawId && ZId.safeParse(rawId).success ? rawId : null;
  const question = useReadQuestion(questionId);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST)} data-testid="read-back">
      {t('action.backToList')}
    </Button>
  );

  if (!questionId || question.isError) return <Result status="404" title={t('questionForm.notFound')} extra={back} />;
  return (
    <Card title={menuTitle(t, 'readQuestionsDetail')} extra={back} data-testid="read-question-detail">
      {question.data ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <QuestionDetails q={question.data} />
          </Col>
          <Col xs={24} xl={10}>
            <QuestionPreview key={question.data.questionId} question={bodyOf(question.data)} />
          </Col>
        </Row>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Card>
  );
}
