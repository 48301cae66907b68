import { Alert, Button, Card, Col, Empty, Flex, Result, Row, Skeleton, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ClassLessonPlans } from '../../../components/lesson-plans/ClassLessonPlans.tsx';
import { ShoutPanel } from '../../../components/live/ShoutPanel.tsx';
import { ApiError } from '../../../lib/api.ts';
import { usePatrolRoom } from '../api/patrol.ts';
import { CameraStage } from '../components/CameraStage.tsx';
import { ClassNow } from '../components/ClassNow.tsx';
import { CommentTab } from '../components/CommentTab.tsx';
import { EvaluationTab } from '../components/EvaluationTab.tsx';
import { AiTab } from '../components/LiveAnalysisTab.tsx';
import { useVisit } from '../components/use-visit.ts';

/**
 * /SCADA/Detail?classroomId=: one room under patrol — its camera frames, PTZ, the class now and the
 * patrol tabs. `aiCommentary` (composed by the route registry) adds a panel to the AI tab for the class in progress.
 */
export function PatrolDetailPage({ aiCommentary }: { aiCommentary?: (liveId: string) => React.ReactNode }) {
  const { t } = useTranslation('patrolDetail');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const classroomId = /^\d{1,19}$/.test(params.get('classroomId') ?? '') ? params.get('classroomId')! : '';
  const room = usePatrolRoom(classroomId);
  const { visitId, failed, serverNow } = useVisit(classroomId, room.isSuccess);
  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate('/SCADA'));

  if (!classroomId) return <Result status="404" title={t('missing')} extra={<Button onClick={() => void navigate('/SCADA')}>{t('back')}</Button>} data-testid="detail-missing" />;
  if (room.isLoading) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (room.isError || !room.data) {
    const msg = room.error instanceof ApiError ? room.error.message : t('loadFailed');
    return (
      <Result
        status={room.error instanceof ApiError && room.error.status === 403 ? '403' : 'warning'}
        title={msg}
        extra={<Flex gap={8} justify="center"><Button onClick={back}>{t('back')}</Button><Button icon={<ReloadOutlined />} onClick={() => void room.refetch()}>{t('retry')}</Button></Flex>}
        data-testid="detail-error"
      />
    );
  }
  const r = room.data;

  return (
    <Flex vertical gap={12} style={{ maxWidth: 1400, margin: '0 auto', width: '100%' }} data-testid="detail-page">
      <Flex align="center" gap={8} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('back')} data-testid="detail-back" />
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="detail-title">{`${r.buildingName} · ${r.name}`}</Typography.Title>
        <Typography.Text type="secondary">{t('floor', { floor: r.floor })}</Typography.Text>
        {r.warnings.length > 0 && <Tag color="red">{t('warnings', { count: r.warnings.length })}</Tag>}
      </Flex>
      {failed && <Alert type="warning" showIcon title={t('visitFailed')} data-testid="detail-visit-failed" />}
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={16}>
          <Card size="small" styles={{ body: { padding: 8 } }}>
            <CameraStage cameras={r.cameras} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <ClassNow cls={r.current} classroomId={r.classroomId} visitId={visitId} />
        </Col>
      </Row>
      <Card size="small">
        <Tabs
          defaultActiveKey="ai"
          items={[
            { key: 'ai', label: t('tab.ai'), children: <AiTab room={r} commentary={aiCommentary} /> },
            { key: 'comment', label: <span data-testid="detail-tab-comment">{t('tab.comment')}</span>, children: <CommentTab visitId={visitId} serverNow={serverNow} /> },
            { key: 'evaluation', label: <span data-testid="detail-tab-evaluation">{t('tab.evaluation')}</span>, children: <EvaluationTab cls={r.current} visitId={visitId} /> },
            { key: 'shout', label: <span data-testid="detail-tab-shout">{t('tab.shout')}</span>, children: <ShoutPanel classroomId={r.classroomId} /> },
            {
              key: 'plan',
              label: <span data-testid="detail-tab-plan">{t('tab.plan')}</span>,
              children: r.current
                ? <ClassLessonPlans cite={{ from: 'patrol', courseSessionId: r.current.courseSessionId }} />
                : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('plan.noClass')} data-testid="detail-plan-empty" />,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
