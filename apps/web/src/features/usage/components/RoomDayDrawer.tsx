import { Alert, Descriptions, Drawer, Empty, Grid, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TUsageRoomDay } from '@hxk/contracts/usage';
import { useRoomDay } from '../api/get-room-day.ts';
import { DevicesCell } from './DevicesCell.tsx';
import type { OpenCell } from './RoomHeatmap.tsx';

const CAMERA_COLORS = { online: 'success', offline: 'error', unknown: 'default' } as const;

function Slots({ day }: { day: TUsageRoomDay }) {
  const { t } = useTranslation('usage');
  if (!day.slots.length) return <Empty description={t('drawer.noSessions')} />;
  return (
    <List
      size="small"
      dataSource={day.slots}
      data-testid="usage-day-slots"
      renderItem={(s) => (
        <List.Item data-testid="usage-day-slot" data-used={s.class ? 'yes' : 'no'}>
          <Space align="start" size={12} style={{ width: '100%' }}>
            <div style={{ width: 86, flex: 'none' }}>
              <Typography.Text>{t('session', { n: s.sessionNo })}</Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{s.start}-{s.end}</Typography.Text>
            </div>
            {s.class ? (
              <div style={{ minWidth: 0 }}>
                <Tag color="blue">{t('drawer.used')}</Tag>
                <Typography.Text strong>{s.class.courseName}</Typography.Text>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {[s.class.teacherName, s.class.courseCode, s.class.teachingClass].filter(Boolean).join(' · ')}
                </Typography.Text>
              </div>
            ) : (
              <Tag>{t('drawer.free')}</Tag>
            )}
          </Space>
        </List.Item>
      )}
    />
  );
}

/** One room's day from a heatmap cell: every session used (course, teacher) or free, and the devices. */
export function RoomDayDrawer({ cell, onClose }: { cell: OpenCell | null; onClose: () => void }) {
  const { t } = useTranslation('usage');
  const day = useRoomDay(cell);
  const wide = Grid.useBreakpoint().sm ?? true;
  const d = day.data;
  return (
    <Drawer
      open={!!cell}
      onClose={onClose}
      size={wide ? 480 : '100%'}
      title={d ? t('drawer.title', { room: d.classroom.name, weekday: t(`weekday.${d.weekday}`), date: d.date }) : t('drawer.loading')}
      data-testid="usage-day-drawer"
    >
      {day.isError ? (
        <Alert type="error" showIcon title={day.error.message} />
      ) : !d || day.isFetching ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('drawer.where')}>{t('columns.where', { building: d.classroom.buildingName, floor: d.classroom.floor })}</Descriptions.Item>
            <Descriptions.Item label={t('columns.devices')}><DevicesCell devices={d.devices} /></Descriptions.Item>
            <Descriptions.Item label={t('drawer.usedCount')}>
              {t('drawer.usedOf', { used: d.slots.filter((s) => s.class).length, total: d.slots.length })}
            </Descriptions.Item>
          </Descriptions>
          <Slots day={d} />
          {d.cameras.length > 0 && (
            <div>
              <Typography.Title level={5}>{t('drawer.cameras')}</Typography.Title>
              <Space size={[4, 8]} wrap>
                {d.cameras.map((c) => (
                  <Tag key={c.id} color={CAMERA_COLORS[c.status]} data-testid="usage-day-camera">
                    {c.name} · {t(`devices.status.${c.status}`)}
                  </Tag>
                ))}
              </Space>
            </div>
          )}
        </Space>
      )}
    </Drawer>
  );
}
