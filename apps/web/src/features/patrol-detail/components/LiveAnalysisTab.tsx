import { Alert, Button, Card, Col, Divider, Empty, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TLiveAnalysis } from '@hxk/contracts/analysis-live';
import type { TPatrolDetailRoom } from '@hxk/contracts/patrol';
import { formatDateTime } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useLiveAnalysis } from '../api/get-live-analysis.ts';
import { classClock, momentOf, pct } from './live-format.ts';
import { LiveNow } from './LiveNow.tsx';
import { LiveSparkline } from './LiveSparkline.tsx';
import { LiveSt } from './LiveSt.tsx';
import { LiveWarnings } from './LiveWarnings.tsx';
import { RoomDevices } from './RoomDevices.tsx';

const STATUS_COLOR = { queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

function LiveFigures({ live }: { live: TLiveAnalysis }) {
  const { t } = useTranslation('patrolDetail');
  const at = live.now ? momentOf(live, live.now.t) : null;
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="center">
        <Tag color={STATUS_COLOR[live.status]} data-testid="live-status" data-status={live.status}>{t(`live.status.${live.status}`)}</Tag>
        {live.now ? <Typography.Text type="secondary" data-testid="live-as-of">{t('live.asOf', { clock: classClock(live.now.t), time: formatDateTime(at) })}</Typography.Text> : null}
      </Flex>
      {live.source ? <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="live-source" data-source={live.source}>{t(`live.source.${live.source}`)}</Typography.Text> : null}
      {live.status === 'failed' ? <Alert type="error" showIcon title={t('live.failed')} /> : null}
      <LiveNow live={live} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="live-so-far">
        {t('live.soFar', { attendance: pct(live.attendanceRate), headUp: pct(live.headUpRate), frontRow: pct(live.frontRowRate) })}
      </Typography.Text>
      <Row gutter={[8, 8]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('live.curve')}><LiveSparkline points={live.curve} /></Card>
        </Col>
        <Col xs={24} lg={12}>
          <LiveSt live={live} />
        </Col>
      </Row>
      <LiveWarnings live={live} />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: 0 }}>{t('live.method', { sample: live.sampleSeconds, interval: live.stIntervalSeconds })}</Typography.Paragraph>
    </Flex>
  );
}

/**
 * The patrol detail's AI tab: the live figures of the class in progress (attendance, head-up and
 * front row now and their curve, the teacher, S-T so far, the warnings raised with their evidence),
 * kept current by the realtime messages; then the link to the class's full AI report, and the room's
 * devices and active warnings.
 */
export function AiTab({ room, commentary }: { room: TPatrolDetailRoom; commentary?: ((liveId: string) => React.ReactNode) | undefined }) {
  const { t } = useTranslation('patrolDetail');
  const cls = room.current;
  const q = useLiveAnalysis(cls?.courseSessionId ?? null, room.classroomId);
  const live = q.data?.live ?? null;

  let body;
  if (!cls) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('live.noClass')} data-testid="live-no-class" />;
  else if (q.isLoading) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (q.isError) body = <Alert type="warning" showIcon title={t('live.loadFailed')} action={<Button size="small" icon={<ReloadOutlined />} onClick={() => void q.refetch()}>{t('live.retry')}</Button>} data-testid="live-error" />;
  else if (!live) body = <Alert type="info" showIcon title={t('live.notLive')} data-testid="live-none" />;
  else if (!live.now) body = <Alert type="info" showIcon title={t('live.generating')} data-testid="live-generating" />;
  else body = <LiveFigures live={live} />;

  return (
    <Flex vertical gap={8} data-testid="detail-ai">
      <Typography.Title level={5} style={{ margin: 0 }}>{t('live.title')}</Typography.Title>
      {body}
      {cls && live?.now && commentary ? commentary(cls.courseSessionId) : null}
      {cls ? (
        <Link to={`${PATHS.classroomReport}?${new URLSearchParams({ courseSessionId: cls.courseSessionId }).toString()}`} data-testid="detail-ai-report">
          {live ? t('live.openReport') : t('ai.report', { course: cls.courseName })}
        </Link>
      ) : null}
      <Divider style={{ margin: '4px 0' }} />
      <RoomDevices room={room} />
    </Flex>
  );
}
