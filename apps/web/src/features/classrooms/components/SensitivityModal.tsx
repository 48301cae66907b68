import { useState } from 'react';
import { InputNumber, Modal, Slider, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCamera } from '@hxk/contracts/classrooms';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSensitivity } from '../api/get-sensitivity.ts';
import { useSaveSensitivity } from '../api/save-sensitivity.ts';

function SensitivityEditor({ camera, initial, onClose }: { camera: TCamera; initial: number; onClose: () => void }) {
  const { t } = useTranslation('classrooms');
  const save = useSaveSensitivity();
  const [value, setValue] = useState<number | null>(initial);

  return (
    <Modal
      open
      title={t('sensitivity.title', { name: camera.name })}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: save.isPending, disabled: value === null, 'data-testid': 'sensitivity-ok' }}
      onOk={() =>
        save.mutate({ cameraId: camera.id, sensitivity: value! }, {
          onSuccess: () => {
            toastSuccess(t('saved'));
            onClose();
          },
        })
      }
    >
      <Typography.Paragraph type="secondary">{t('sensitivity.hint')}</Typography.Paragraph>
      <Space style={{ width: '100%' }} align="center">
        <Slider min={0} max={100} step={1} value={value ?? 0} onChange={setValue} style={{ width: 300 }} data-testid="sensitivity-slider" />
        <InputNumber min={0} max={100} precision={0} value={value} onChange={(v) => setValue(v ?? null)} data-testid="sensitivity-input" />
      </Space>
    </Modal>
  );
}

function SensitivityLoader({ camera, onClose }: { camera: TCamera; onClose: () => void }) {
  const { t } = useTranslation('classrooms');
  const current = useSensitivity(camera.id);
  if (!current.data) {
    return (
      <Modal open title={t('sensitivity.title', { name: camera.name })} onCancel={onClose} footer={null}>
        <Spin style={{ display: 'block', padding: 24 }} />
      </Modal>
    );
  }
  return <SensitivityEditor camera={camera} initial={current.data.sensitivity} onClose={onClose} />;
}

/** Camera detection sensitivity 0-100 (used by the AI analysis of that camera), read fresh from the server. */
export function SensitivityModal({ camera, onClose }: { camera: TCamera | null; onClose: () => void }) {
  return camera ? <SensitivityLoader key={camera.id} camera={camera} onClose={onClose} /> : null;
}
