import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CLASSROOM_LIMITS, type TClassroom } from '@hxk/contracts/classrooms';
import { Permission } from '../../../components/Permission.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useClassroomTree } from '../../../lib/reference/get-classroom-tree.ts';
import { useFrontRowRooms, type FrontRowRoomsQuery } from '../api/get-front-row-rooms.ts';
import { useSaveFrontRowRoom } from '../api/save-front-row-room.ts';

type RowValues = { seatRows: number; frontRows: number };

/** Rooms with their seat rows and front rows, edited one row at a time. */
export function FrontRowRoomsTable() {
  const { t } = useTranslation('classrooms');
  const [query, setQuery] = useState<FrontRowRoomsQuery>({ pageNum: 1, pageSize: 10 });
  const [editing, setEditing] = useState<string | null>(null);
  const [form] = Form.useForm<RowValues>();
  const rooms = useFrontRowRooms(query);
  const tree = useClassroomTree(1);
  const save = useSaveFrontRowRoom();

  const edit = (r: TClassroom) => {
    form.setFieldsValue({ seatRows: r.seatRows, frontRows: r.frontRows });
    setEditing(r.id);
  };
  const submit = (id: string) =>
    form.validateFields().then(
      (v) =>
        save.mutate({ classroomId: id, ...v }, {
          onSuccess: () => {
            toastSuccess(t('saved'));
            setEditing(null);
          },
        }),
      // The row shows what is wrong under each field.
      () => undefined,
    );

  const whole = { type: 'integer' as const, min: 0, max: CLASSROOM_LIMITS.seatRows, message: t('validation.seatRows') };
  const columns: ColumnsType<TClassroom> = [
    { title: t('room.building'), dataIndex: 'buildingName' },
    { title: t('room.name'), dataIndex: 'name' },
    { title: t('room.capacity'), dataIndex: 'capacity', align: 'right' },
    {
      title: t('room.seatRows'),
      dataIndex: 'seatRows',
      render: (v: number, r) =>
        editing === r.id ? (
          <Form.Item name="seatRows" rules={[{ required: true, message: t('common:validation.required') }, whole]} style={{ margin: 0 }}>
            <InputNumber precision={0} style={{ width: 90 }} data-testid={`front-seat-rows-${r.id}`} />
          </Form.Item>
        ) : v,
    },
    {
      title: t('room.frontRows'),
      dataIndex: 'frontRows',
      render: (v: number, r) =>
        editing === r.id ? (
          <Form.Item
            name="frontRows"
            dependencies={['seatRows']}
            rules={[
              { required: true, message: t('common:validation.required') },
              whole,
              ({ getFieldValue }) => ({
                validator: async (_rule, value: number | null) => {
                  if (value != null && value > (getFieldValue('seatRows') ?? 0)) throw new Error(t('validation.frontRows'));
                },
              }),
            ]}
            style={{ margin: 0 }}
          >
            <InputNumber precision={0} style={{ width: 90 }} data-testid={`front-front-rows-${r.id}`} />
          </Form.Item>
        ) : v,
    },
    {
      title: t('actions'),
      key: 'actions',
      render: (_, r) => (
        <Permission code="frontRow:edit">
          {editing === r.id ? (
            <Space size={0}>
              <Button type="link" size="small" loading={save.isPending} onClick={() => void submit(r.id)} data-testid={`front-row-save-${r.id}`}>
                {t('save')}
              </Button>
              <Button type="link" size="small" onClick={() => setEditing(null)}>
                {t('common:action.cancel')}
              </Button>
            </Space>
          ) : (
            <Button type="link" size="small" disabled={editing !== null} onClick={() => edit(r)} data-testid={`front-row-edit-${r.id}`}>
              {t('edit')}
            </Button>
          )}
        </Permission>
      ),
    },
  ];

  return (
    <Form form={form} component={false}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('frontRow.allBuildings')}
          style={{ width: 200 }}
          options={(tree.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
          onChange={(buildingId?: string) => setQuery((q) => ({ ...q, buildingId, pageNum: 1 }))}
        />
        <Input.Search allowClear placeholder={t('frontRow.searchRoom')} style={{ width: 220 }} onSearch={(keyword) => setQuery((q) => ({ ...q, keyword: keyword.trim() || undefined, pageNum: 1 }))} />
      </Space>
      <Table<TClassroom>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rooms.data?.list}
        loading={rooms.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('frontRow.emptyRooms') }}
        pagination={serverPagination(query, setQuery, rooms.data?.total, (total) => t('total', { count: total }))}
        data-testid="front-row-rooms"
      />
    </Form>
  );
}
