import { useState } from 'react';
import { Button, Card, Descriptions, Empty, type Modal, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TRecorder } from '@hxk/contracts/classrooms';
import { Permission } from '../../../components/Permission.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useDeleteRecorder } from '../api/delete-recorder.ts';
import { useProbeDevice } from '../api/probe-device.ts';
import { DeviceStatusTag } from './DeviceStatusTag.tsx';
import { RecorderFormModal, type RecorderFormTarget } from './RecorderFormModal.tsx';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** The room's recorder (one per room): status, recording, last seen; add, edit, delete, probe. */
export function RecorderSection({ classroomId, recorder, modal }: { classroomId: string; recorder: TRecorder | null; modal: ModalApi }) {
  const { t } = useTranslation('classrooms');
  const [form, setForm] = useState<RecorderFormTarget | null>(null);
  const remove = useDeleteRecorder();
  const probe = useProbeDevice();

  const confirmDelete = (r: TRecorder) =>
    modal.confirm({
      title: t('recorder.deleteTitle', { name: r.name }),
      content: t('recorder.deleteContent'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      onOk: () => remove.mutateAsync(r.id).then(() => toastSuccess(t('deleted'))),
    });

  const runProbe = (r: TRecorder) =>
    probe.mutate({ kind: 'recorder', id: r.id }, {
      onSuccess: (p) => (p.error ? toastError(p.error) : toastSuccess(t('probe.online', { model: [p.manufacturer, p.model].filter(Boolean).join(' ') || r.name }))),
    });

  return (
    <Card
      size="small"
      title={t('recorder.title')}
      extra={
        <Permission code="device:edit">
          {recorder ? (
            <Space size={0}>
              <Button type="link" size="small" disabled={!recorder.onvifUrl} loading={probe.isPending} onClick={() => runProbe(recorder)} data-testid="recorder-probe">
                {t('probe.action')}
              </Button>
              <Button type="link" size="small" onClick={() => setForm({ classroomId, recorder })} data-testid="recorder-edit">
                {t('edit')}
              </Button>
              <Button type="link" size="small" danger onClick={() => confirmDelete(recorder)}>
                {t('delete')}
              </Button>
            </Space>
          ) : (
            <Button size="small" icon={<PlusOutlined />} onClick={() => setForm({ classroomId, recorder: null })} data-testid="recorder-add">
              {t('recorder.add')}
            </Button>
          )}
        </Permission>
      }
    >
      {recorder ? (
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="recorder-details">
          <Descriptions.Item label={t('device.name')}>{recorder.name}</Descriptions.Item>
          <Descriptions.Item label={t('device.status')}>
            <Space size={4}>
              <DeviceStatusTag status={recorder.status} testId="recorder-status" />
              {recorder.recording ? <Tag color="red">{t('recorder.recording')}</Tag> : <Tag>{t('recorder.notRecording')}</Tag>}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('recorder.lastSeen')}>{recorder.lastSeenAt ? formatDateTime(recorder.lastSeenAt) : t('recorder.never')}</Descriptions.Item>
          <Descriptions.Item label={t('recorder.vendor')}>{recorder.vendor || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('device.onvifUrl')}>{recorder.onvifUrl || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('device.password')}>{recorder.hasPassword ? t('device.passwordSet') : t('device.passwordNone')}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recorder.empty')} />
      )}
      <RecorderFormModal target={form} onClose={() => setForm(null)} />
    </Card>
  );
}
