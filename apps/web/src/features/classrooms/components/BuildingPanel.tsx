import { Button, Card, Descriptions, type Modal, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TClassroomTree } from '@hxk/contracts/classrooms';
import { Permission } from '../../../components/Permission.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useDeleteBuilding } from '../api/delete-building.ts';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** A building: its floors and rooms counted; rename, delete (only when empty), add a room in it. */
export function BuildingPanel({ building, modal, onEdit, onAddRoom, onDeleted }: {
  building: TClassroomTree[number];
  modal: ModalApi;
  onEdit: () => void;
  onAddRoom: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('classrooms');
  const remove = useDeleteBuilding();
  const rooms = building.children.reduce((n, f) => n + f.children.length, 0);

  const confirmDelete = () =>
    modal.confirm({
      title: t('building.deleteTitle', { name: building.name }),
      content: t('building.deleteContent'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      onOk: () => remove.mutateAsync(building.id).then(() => {
        toastSuccess(t('deleted'));
        onDeleted();
      }),
    });

  return (
    <Card
      size="small"
      title={building.name}
      data-testid="building-panel"
      extra={
        <Permission code="device:edit">
          <Space size={0}>
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={onAddRoom} data-testid="building-add-room">
              {t('room.add')}
            </Button>
            <Button type="link" size="small" onClick={onEdit} data-testid="building-edit">
              {t('edit')}
            </Button>
            <Button type="link" size="small" danger onClick={confirmDelete} data-testid="building-delete">
              {t('delete')}
            </Button>
          </Space>
        </Permission>
      }
    >
      <Descriptions size="small" column={3}>
        <Descriptions.Item label={t('building.floors')}>{building.children.length}</Descriptions.Item>
        <Descriptions.Item label={t('building.rooms')}>{rooms}</Descriptions.Item>
        <Descriptions.Item label={t('sort')}>{building.sort}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
