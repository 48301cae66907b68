import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TUsageDevices } from '@hxk/contracts/usage';

const RECORDER_COLORS = { online: 'success', offline: 'error', unknown: 'default' } as const;

/** A room's devices: cameras online of all (red when one is offline) and the recorder's status. */
export function DevicesCell({ devices }: { devices: TUsageDevices }) {
  const { t } = useTranslation('usage');
  const { camerasOnline, camerasOffline, camerasTotal, recorder } = devices;
  const cameraColor = camerasTotal === 0 ? 'default' : camerasOffline > 0 ? 'error' : camerasOnline === camerasTotal ? 'success' : 'default';
  return (
    <Space size={4} wrap data-testid="usage-devices">
      <Tooltip title={t('devices.camerasHint', { online: camerasOnline, offline: camerasOffline, total: camerasTotal })}>
        <Tag color={cameraColor} style={{ marginInlineEnd: 0 }}>
          {camerasTotal === 0 ? t('devices.noCameras') : camerasOffline > 0 ? t('devices.camerasOffline', { count: camerasOffline }) : t('devices.cameras', { online: camerasOnline, total: camerasTotal })}
        </Tag>
      </Tooltip>
      <Tag color={recorder ? RECORDER_COLORS[recorder] : 'default'} style={{ marginInlineEnd: 0 }}>
        {recorder ? t(`devices.recorder.${recorder}`) : t('devices.noRecorder')}
      </Tag>
    </Space>
  );
}
