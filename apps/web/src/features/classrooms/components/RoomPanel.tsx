import { Button, Card, Descriptions, Flex, type Modal, Result, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../components/Permission.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useClassroom } from '../api/get-classroom.ts';
import { useDeleteClassroom } from '../api/delete-classroom.ts';
import { CamerasTable } from './CamerasTable.tsx';
import { RecorderSection } from './RecorderSection.tsx';
import { TerminalKeyCard } from '../../../components/live/shout/TerminalKeyCard.tsx';
import type { TClassroom } from '@hxk/contracts/classrooms';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** One room: its details, its recorder and its cameras. */
export function RoomPanel({ id, modal, onEdit, onDeleted }: { id: string; modal: ModalApi; onEdit: (room: TClassroom) => void; onDeleted: () => void }) {
  const { t } = useTranslation('classrooms');
  const room = useClassroom(id);
  const remove = useDeleteClassroom();

  if (room.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (room.isError) return <Result status="warning" title={t('room.loadFailed')} />;
  const r = room.data;

  const confirmDelete = () =>
    modal.confirm({
      title: t('room.deleteTitle', { name: r.name }),
      content: t('room.deleteContent'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      onOk: () => remove.mutateAsync(r.id).then(() => {
        toastSuccess(t('deleted'));
        onDeleted();
      }),
    });

  return (
    <Flex vertical gap={16} data-testid="room-panel">
      <Card
        size="small"
        title={
          <Space>
            <span data-testid="room-title">{`${r.buildingName} · ${r.name}`}</span>
            {!r.enabled && <Tag>{t('room.disabled')}</Tag>}
          </Space>
        }
        extra={
          <Permission code="device:edit">
            <Space size={0}>
              <Button type="link" size="small" onClick={() => onEdit(r)} data-testid="room-edit">
                {t('edit')}
              </Button>
              <Button type="link" size="small" danger onClick={confirmDelete} data-testid="room-delete">
                {t('delete')}
              </Button>
            </Space>
          </Permission>
        }
      >
        <Descriptions size="small" column={{ xs: 2, md: 3, xl: 6 }}>
          <Descriptions.Item label={t('room.floor')}>{r.floor}</Descriptions.Item>
          <Descriptions.Item label={t('room.capacity')}>{r.capacity}</Descriptions.Item>
          <Descriptions.Item label={t('room.seatRows')}>{r.seatRows}</Descriptions.Item>
          <Descriptions.Item label={t('room.frontRows')}>{r.frontRows}</Descriptions.Item>
          <Descriptions.Item label={t('room.enabled')}>{r.enabled ? t('yes') : t('no')}</Descriptions.Item>
          <Descriptions.Item label={t('room.liveAnalysis')}><span data-testid="room-live-analysis-value">{r.liveAnalysis ? t('yes') : t('no')}</span></Descriptions.Item>
        </Descriptions>
      </Card>
      <RecorderSection classroomId={r.id} recorder={r.recorder} modal={modal} />
      <CamerasTable classroomId={r.id} cameras={r.cameras} modal={modal} />
      <TerminalKeyCard classroomId={r.id} />
    </Flex>
  );
}
