import { useState } from 'react';
import { Alert, Button, Empty, Flex, Segmented, Space, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined, BorderOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZPtzResponse, type TPtzCommand } from '@hxk/contracts/classrooms';
import type { TPatrolDetailRoom } from '@hxk/contracts/patrol';
import { LivePlayer, type LivePlayerState } from '../../../components/live/LivePlayer.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { api } from '../../../lib/api.ts';

type Camera = TPatrolDetailRoom['cameras'][number];

const sendPtz = (input: { cameraId: string; command: TPtzCommand }) => api.post('/base/camera/v1/control/cloud/platform', input, { schema: ZPtzResponse });

/** The room's camera frames to switch between, the chosen one playing its main stream, and PTZ for a PTZ camera. */
export function CameraStage({ cameras }: { cameras: Camera[] }) {
  const { t } = useTranslation('patrolDetail');
  const [chosen, setChosen] = useState<string | null>(null);
  const [state, setState] = useState<{ s: LivePlayerState; message?: string | undefined }>({ s: 'loading' });
  const camera = cameras.find((c) => c.id === chosen) ?? cameras.find((c) => c.status !== 'offline') ?? cameras[0];
  const ptz = useMutation({ mutationFn: sendPtz });

  if (!camera) return <Empty description={t('camera.none')} data-testid="detail-no-camera" />;

  const btn = (command: TPtzCommand, icon: React.ReactNode) => (
    <Tooltip title={t(`ptz.${command}`)}>
      <Button
        icon={icon}
        aria-label={t(`ptz.${command}`)}
        loading={ptz.isPending && ptz.variables.command === command}
        onClick={() => ptz.mutate({ cameraId: camera.id, command })}
        data-testid={`detail-ptz-${command}`}
      />
    </Tooltip>
  );

  return (
    <Flex vertical gap={8}>
      <div style={{ overflowX: 'auto' }}>
        <Segmented
          value={camera.id}
          onChange={(id) => {
            setChosen(String(id));
            setState({ s: 'loading' });
          }}
          options={cameras.map((c) => ({
            value: c.id,
            label: (
              <span data-testid={`detail-frame-${c.frame}`} style={c.status === 'offline' ? { color: '#999' } : undefined}>
                {t(`frame.${c.frame}`)}
              </span>
            ),
          }))}
          data-testid="detail-frames"
        />
      </div>
      <div style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', background: '#000', borderRadius: 6, overflow: 'hidden' }} data-testid="detail-stage" data-camera={camera.id}>
        <LivePlayer key={camera.id} cameraId={camera.id} quality="main" fit="contain" onState={(s, message) => setState({ s, message })} style={{ width: '100%', height: '100%' }} />
        {state.s !== 'playing' && (
          <div style={{ position: 'absolute', left: 8, bottom: 8, right: 8, pointerEvents: 'none' }}>
            <Typography.Text style={{ color: '#fff', background: 'rgba(0,0,0,.55)', padding: '2px 8px', borderRadius: 4 }} data-testid="detail-stage-state">
              {state.s === 'refused' ? (state.message ?? t('camera.refused')) : state.s === 'lost' ? t('camera.lost') : t('camera.loading')}
            </Typography.Text>
          </div>
        )}
      </div>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary" data-testid="detail-camera-name">
          {camera.name} · {t(`device.${camera.status}`)}
        </Typography.Text>
        {camera.ptz && (
          <Permission code="patrol:ptz">
            <Space wrap size={4} data-testid="detail-ptz">
              {btn('left', <ArrowLeftOutlined />)}
              {btn('up', <ArrowUpOutlined />)}
              {btn('down', <ArrowDownOutlined />)}
              {btn('right', <ArrowRightOutlined />)}
              {btn('stop', <BorderOutlined />)}
              {btn('zoomIn', <ZoomInOutlined />)}
              {btn('zoomOut', <ZoomOutOutlined />)}
            </Space>
          </Permission>
        )}
      </Flex>
      {ptz.isSuccess && (
        <Alert type="success" showIcon title={t('ptz.sent', { command: t(`ptz.${ptz.data.command}`) })} closable onClose={() => ptz.reset()} data-testid="detail-ptz-sent" />
      )}
    </Flex>
  );
}
