import { useState } from 'react';
import { Button, Card, Dropdown, type Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TCamera } from '@hxk/contracts/classrooms';
import { Permission } from '../../../components/Permission.tsx';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useDeleteCamera } from '../api/delete-camera.ts';
import { useProbeDevice } from '../api/probe-device.ts';
import { CameraFormModal, type CameraFormTarget } from './CameraFormModal.tsx';
import { DeviceStatusTag } from './DeviceStatusTag.tsx';
import { PtzPad } from './PtzPad.tsx';
import { SensitivityModal } from './SensitivityModal.tsx';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** A room's cameras: frame, play address, status, PTZ, sensitivity; add, edit, delete, probe, PTZ test. */
export function CamerasTable({ classroomId, cameras, modal }: { classroomId: string; cameras: TCamera[]; modal: ModalApi }) {
  const { t } = useTranslation('classrooms');
  const [form, setForm] = useState<CameraFormTarget | null>(null);
  const [ptzCamera, setPtzCamera] = useState<TCamera | null>(null);
  const [sensitivityCamera, setSensitivityCamera] = useState<TCamera | null>(null);
  const remove = useDeleteCamera();
  const probe = useProbeDevice();

  const confirmDelete = (c: TCamera) =>
    modal.confirm({
      title: t('camera.deleteTitle', { name: c.name }),
      content: t('camera.deleteContent'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      onOk: () => remove.mutateAsync(c.id).then(() => toastSuccess(t('deleted'))),
    });

  const runProbe = (c: TCamera) =>
    probe.mutate({ kind: 'camera', id: c.id }, {
      onSuccess: (r) => (r.error ? toastError(r.error) : toastSuccess(t('probe.online', { model: [r.manufacturer, r.model].filter(Boolean).join(' ') || c.name }))),
    });

  const columns: ColumnsType<TCamera> = [
    { title: t('device.name'), dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { title: t('camera.frame'), dataIndex: 'frame', render: (v: TCamera['frame']) => <Tag>{t(`frame.${v}`)}</Tag> },
    {
      title: t('camera.streamUrl'),
      dataIndex: 'streamUrl',
      render: (v: string | null) => (v ? <Typography.Text copyable ellipsis style={{ maxWidth: 200 }}>{v}</Typography.Text> : '—'),
      responsive: ['xxl'],
    },
    { title: t('device.status'), dataIndex: 'status', render: (v: TCamera['status'], c) => <DeviceStatusTag status={v} testId={`camera-status-${c.id}`} /> },
    {
      title: t('camera.features'),
      dataIndex: 'ptz',
      render: (v: boolean, c: TCamera) => (v || c.talkBack ? (
        <>
          {v && <Tag color="blue">{t('camera.ptzYes')}</Tag>}
          {c.talkBack && <Tag color="purple">{t('camera.talkBackYes')}</Tag>}
        </>
      ) : '—'),
    },
    { title: t('camera.sensitivity'), dataIndex: 'sensitivity', align: 'right' },
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, c) => (
        <Space size={0} wrap>
          <Permission code="patrol:ptz">
            <Button type="link" size="small" disabled={!c.ptz} onClick={() => setPtzCamera(c)} data-testid={`camera-ptz-${c.id}`}>
              {t('camera.ptzTest')}
            </Button>
          </Permission>
          <Permission code="device:edit">
            <Button type="link" size="small" onClick={() => setForm({ classroomId, camera: c, nextSort: c.sort })} data-testid={`camera-edit-${c.id}`}>
              {t('edit')}
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'sensitivity', label: t('camera.sensitivity') },
                  { key: 'probe', label: t('probe.action'), disabled: !c.onvifUrl },
                  { type: 'divider' },
                  { key: 'delete', label: t('delete'), danger: true },
                ],
                onClick: ({ key }) => {
                  if (key === 'sensitivity') setSensitivityCamera(c);
                  else if (key === 'probe') runProbe(c);
                  else if (key === 'delete') confirmDelete(c);
                },
              }}
            >
              <Button type="link" size="small" icon={<MoreOutlined />} aria-label={t('more')} loading={probe.isPending && probe.variables?.id === c.id} data-testid={`camera-more-${c.id}`} />
            </Dropdown>
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('camera.title', { count: cameras.length })}
      extra={
        <Permission code="device:edit">
          <Button size="small" icon={<PlusOutlined />} onClick={() => setForm({ classroomId, camera: null, nextSort: cameras.length })} data-testid="camera-add">
            {t('camera.add')}
          </Button>
        </Permission>
      }
    >
      <Table<TCamera>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={cameras}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('camera.empty') }}
        data-testid="cameras-table"
      />
      <CameraFormModal target={form} onClose={() => setForm(null)} />
      <PtzPad camera={ptzCamera} onClose={() => setPtzCamera(null)} />
      <SensitivityModal camera={sensitivityCamera} onClose={() => setSensitivityCamera(null)} />
    </Card>
  );
}
