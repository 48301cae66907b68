import { useState } from 'react';
import { Alert, Button, Flex, Modal, Slider, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined, BorderOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TCamera, TPtzCommand } from '@hxk/contracts/classrooms';
import { useControlPtz } from '../api/control-ptz.ts';

/** A test pad for a PTZ camera: each button sends one command (move until Stop). */
export function PtzPad({ camera, onClose }: { camera: TCamera | null; onClose: () => void }) {
  const { t } = useTranslation('classrooms');
  const [speed, setSpeed] = useState(50);
  const [last, setLast] = useState<TPtzCommand | null>(null);
  const ptz = useControlPtz();

  const send = (command: TPtzCommand) =>
    ptz.mutate({ cameraId: camera!.id, command, speed }, { onSuccess: () => setLast(command) });

  const btn = (command: TPtzCommand, icon: React.ReactNode) => (
    <Button
      size="large"
      icon={icon}
      aria-label={t(`ptz.${command}`)}
      title={t(`ptz.${command}`)}
      loading={ptz.isPending && ptz.variables?.command === command}
      onClick={() => send(command)}
      data-testid={`ptz-${command}`}
    />
  );

  return (
    <Modal
      open={camera !== null}
      title={t('ptz.title', { name: camera?.name ?? '' })}
      onCancel={onClose}
      footer={null}
      width={360}
      destroyOnHidden
      afterClose={() => setLast(null)}
    >
      <Flex vertical align="center" gap={8} style={{ padding: '8px 0' }}>
        {btn('up', <ArrowUpOutlined />)}
        <Space>
          {btn('left', <ArrowLeftOutlined />)}
          {btn('stop', <BorderOutlined />)}
          {btn('right', <ArrowRightOutlined />)}
        </Space>
        {btn('down', <ArrowDownOutlined />)}
        <Space style={{ marginTop: 8 }}>
          {btn('zoomIn', <ZoomInOutlined />)}
          {btn('zoomOut', <ZoomOutOutlined />)}
        </Space>
        <div style={{ width: '100%', marginTop: 8 }}>
          <Typography.Text type="secondary">{t('ptz.speed', { speed })}</Typography.Text>
          <Slider min={1} max={100} value={speed} onChange={setSpeed} />
        </div>
        {last && <Alert type="success" showIcon title={t('ptz.sent', { command: t(`ptz.${last}`) })} style={{ width: '100%' }} data-testid="ptz-sent" />}
      </Flex>
    </Modal>
  );
}
