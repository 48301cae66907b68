import { Alert, Badge, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPatrolDetailRoom } from '@hxk/contracts/patrol';
import { formatDateTime } from '../../../lib/format.ts';
import { STATE_COLOR } from './ClassNow.tsx';
import { aiKind } from './live-format.ts';

const DEVICE_BADGE = { online: 'success', offline: 'error', unknown: 'default' } as const;

/** The course state, the recorder's and cameras' status, and the room's active warnings (AI ones named by their rule). */
export function RoomDevices({ room }: { room: TPatrolDetailRoom }) {
  const { t } = useTranslation('patrolDetail');
  return (
    <Flex vertical gap={8} data-testid="detail-devices">
      <Typography.Text strong>{t('ai.devices')}</Typography.Text>
      <Descriptions size="small" column={1} bordered items={[
        { key: 'state', label: t('ai.state'), children: room.current?.state ? <Tag color={STATE_COLOR[room.current.state]} data-testid="detail-ai-state">{t(`state.${room.current.state}`)}</Tag> : t('class.none') },
        ...(room.recorder ? [{ key: 'rec', label: t('ai.recorder'), children: <Badge status={DEVICE_BADGE[room.recorder.status]} text={`${room.recorder.name} · ${t(`device.${room.recorder.status}`)}${room.recorder.recording ? ` · ${t('ai.recording')}` : ''}`} /> }] : []),
        ...room.cameras.map((c) => ({ key: c.id, label: t(`frame.${c.frame}`), children: <Badge status={DEVICE_BADGE[c.status]} text={`${c.name} · ${t(`device.${c.status}`)}`} /> })),
      ]} />
      {room.warnings.length ? <Typography.Text strong>{t('ai.roomWarnings')}</Typography.Text> : null}
      {room.warnings.map((w, i) => {
        const kind = aiKind(w.kind);
        return <Alert key={i} type="warning" showIcon title={kind ? t(`live.kind.${kind}`) : (w.message ?? w.kind)} description={formatDateTime(w.startedAt)} data-testid="detail-warning" />;
      })}
    </Flex>
  );
}
