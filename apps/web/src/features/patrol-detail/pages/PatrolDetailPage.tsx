import { Alert, Badge, Button, Card, Col, Descriptions, Empty, Flex, Result, Row, Skeleton, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TPatrolDetailRoom } from '@hxk/contracts/patrol';
import { ShoutPanel } from '../../../components/live/ShoutPanel.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { usePatrolRoom } from '../api/patrol.ts';
import { CameraStage } from '../components/CameraStage.tsx';
import { ClassNow, STATE_COLOR } from '../components/ClassNow.tsx';
import { CommentTab } from '../components/CommentTab.tsx';
import { EvaluationTab } from '../components/EvaluationTab.tsx';
import { useVisit } from '../components/use-visit.ts';

const DEVICE_BADGE = { online: 'success', offline: 'error', unknown: 'default' } as const;

/** AI analysis until the AI issue brings live figures: the course state and the devices' status. */
function AiTab({ room }: { room: TPatrolDetailRoom }) {
  const { t } = useTranslation('patrolDetail');
  return (
    <Flex vertical gap={8} data-testid="detail-ai">
      <Alert type="info" showIcon title={t('ai.later')} />
      {room.current ? (
        <Link to={`${PATHS.classroomReport}?${new URLSearchParams({ courseSessionId: room.current.courseSessionId }).toString()}`} data-testid="detail-ai-report">
          {t('ai.report', { course: room.current.courseName })}
        </Link>
      ) : null}
      <Descriptions size="small" column={1} bordered items={[
        { key: 'state', label: t('ai.state'), children: room.current?.state ? <Tag color={STATE_COLOR[room.current.state]}>{t(`state.${room.current.state}`)}</Tag> : t('class.none') },
        ...(room.recorder ? [{ key: 'rec', label: t('ai.recorder'), children: <Badge status={DEVICE_BADGE[room.recorder.status]} text={`${room.recorder.name} · ${t(`device.${room.recorder.status}`)}${room.recorder.recording ? ` · ${t('ai.recording')}` : ''}`} /> }] : []),
        ...room.cameras.map((c) => ({ key: c.id, label: t(`frame.${c.frame}`), children: <Badge status={DEVICE_BADGE[c.status]} text={`${c.name} · ${t(`device.${c.status}`)}`} /> })),
      ]} />
      {room.warnings.map((w, i) => (
        <Alert key={i} type="warning" showIcon title={w.message ?? w.kind} description={formatDateTime(w.startedAt)} data-testid="detail-warning" />
      ))}
    </Flex>
  );
}

/** /SCADA/Detail?classroomId=: one room under patrol — its camera frames, PTZ, the class now and the patrol tabs. */
export function PatrolDetailPage() {
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
            { key: 'ai', label: t('tab.ai'), children: <AiTab room={r} /> },
            { key: 'comment', label: <span data-testid="detail-tab-comment">{t('tab.comment')}</span>, children: <CommentTab visitId={visitId} serverNow={serverNow} /> },
            { key: 'evaluation', label: <span data-testid="detail-tab-evaluation">{t('tab.evaluation')}</span>, children: <EvaluationTab cls={r.current} visitId={visitId} /> },
            { key: 'shout', label: <span data-testid="detail-tab-shout">{t('tab.shout')}</span>, children: <ShoutPanel classroomId={r.classroomId} /> },
            {
              key: 'plan',
              label: <span data-testid="detail-tab-plan">{t('tab.plan')}</span>,
              children: <Empty description={t('plan.empty')} data-testid="detail-plan-empty" />,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
