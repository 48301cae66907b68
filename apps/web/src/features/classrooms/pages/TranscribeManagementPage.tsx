import { useState } from 'react';
import { Button, Card, Col, Empty, Modal, Row, Space, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TClassroom } from '@hxk/contracts/classrooms';
import { Permission } from '../../../components/Permission.tsx';
import { ImportExportButtons } from '../../../components/import/ImportExportButtons.tsx';
import { useClassroomTree } from '../../../lib/reference/get-classroom-tree.ts';
import { BuildingFormModal, type BuildingFormTarget } from '../components/BuildingFormModal.tsx';
import { BuildingPanel } from '../components/BuildingPanel.tsx';
import { ClassroomFormModal, type ClassroomFormTarget } from '../components/ClassroomFormModal.tsx';
import { ClassroomTreePanel, type TreeSelection } from '../components/ClassroomTreePanel.tsx';
import { DownloadLogTable } from '../components/DownloadLogTable.tsx';
import { RecordingSettingsForm } from '../components/RecordingSettingsForm.tsx';
import { RoomPanel } from '../components/RoomPanel.tsx';

/**
 * Recording management (/back/transcribeManagement): the classroom tree on the left, the chosen
 * building or room with its recorder and cameras on the right; recording settings; download log.
 */
export function TranscribeManagementPage() {
  const { t } = useTranslation('classrooms');
  const [modal, modalHolder] = Modal.useModal();
  const tree = useClassroomTree(1);
  const [selected, setSelected] = useState<TreeSelection>(null);
  const [tab, setTab] = useState('devices');
  const [buildingForm, setBuildingForm] = useState<BuildingFormTarget | null>(null);
  const [roomForm, setRoomForm] = useState<ClassroomFormTarget | null>(null);
  const buildings = (tree.data ?? []).map((b) => ({ id: b.id, name: b.name }));
  const building = selected?.kind === 'building' ? tree.data?.find((b) => b.id === selected.id) : undefined;

  const toolbar = (
    <Space wrap data-testid="classrooms-toolbar">
      <Permission code="device:edit">
        <Button icon={<PlusOutlined />} onClick={() => setBuildingForm({ name: '', sort: buildings.length })} data-testid="building-add">
          {t('building.add')}
        </Button>
      </Permission>
      <Permission code="device:edit">
        <Button type="primary" icon={<PlusOutlined />} disabled={!buildings.length} onClick={() => setRoomForm({ room: null, ...(building ? { buildingId: building.id } : {}) })} data-testid="room-add">
          {t('room.add')}
        </Button>
      </Permission>
      <ImportExportButtons kind="classroom" filters={building ? { buildingId: building.id } : {}} />
    </Space>
  );

  const devices = (
    <Row gutter={16}>
      <Col xs={24} md={8} xl={6}>
        <Card size="small">
          <ClassroomTreePanel tree={tree.data} loading={tree.isPending} selected={selected} onSelect={setSelected} />
        </Card>
      </Col>
      <Col xs={24} md={16} xl={18}>
        {selected?.kind === 'classroom' ? (
          <RoomPanel id={selected.id} modal={modal} onEdit={(room: TClassroom) => setRoomForm({ room })} onDeleted={() => setSelected(null)} />
        ) : building ? (
          <BuildingPanel
            building={building}
            modal={modal}
            onEdit={() => setBuildingForm({ id: building.id, name: building.name, sort: building.sort })}
            onAddRoom={() => setRoomForm({ room: null, buildingId: building.id })}
            onDeleted={() => setSelected(null)}
          />
        ) : (
          <Card size="small">
            <Empty description={t('pickRoom')} />
          </Card>
        )}
      </Col>
    </Row>
  );

  return (
    <Card title={t('title')} extra={tab === 'devices' ? toolbar : null} data-testid="transcribe-management">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'devices', label: t('tabs.devices'), children: devices },
          { key: 'settings', label: t('tabs.settings'), children: <RecordingSettingsForm /> },
          { key: 'log', label: t('tabs.log'), children: <DownloadLogTable /> },
        ]}
        destroyOnHidden
      />
      <BuildingFormModal target={buildingForm} onClose={() => setBuildingForm(null)} />
      <ClassroomFormModal
        target={roomForm}
        buildings={buildings}
        onClose={() => setRoomForm(null)}
        onSaved={(id) => setSelected({ kind: 'classroom', id })}
      />
      {modalHolder}
    </Card>
  );
}
