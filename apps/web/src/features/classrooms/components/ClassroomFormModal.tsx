import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLASSROOM_LIMITS, type TClassroom } from '@hxk/contracts/classrooms';
import { requiredRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveClassroom } from '../api/save-classroom.ts';

/** Add a room (in a building chosen beforehand, changeable) or edit one. */
export type ClassroomFormTarget = { room: TClassroom | null; buildingId?: string };
type Values = Omit<TClassroom, 'id' | 'buildingName'>;

export function ClassroomFormModal({ target, buildings, onClose, onSaved }: {
  target: ClassroomFormTarget | null;
  buildings: { id: string; name: string }[];
  onClose: () => void;
  onSaved?: (id: string) => void;
}) {
  const { t } = useTranslation('classrooms');
  const [form] = Form.useForm<Values>();
  const save = useSaveClassroom();

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    const r = target.room;
    form.setFieldsValue(r
      ? { buildingId: r.buildingId, floor: r.floor, name: r.name, capacity: r.capacity, seatRows: r.seatRows, frontRows: r.frontRows, enabled: r.enabled, liveAnalysis: r.liveAnalysis }
      : { buildingId: target.buildingId ?? buildings[0]?.id, floor: 1, name: '', capacity: 0, seatRows: 0, frontRows: 0, enabled: true, liveAnalysis: true });
  }, [target, form, buildings]);

  const submit = (v: Values) =>
    save.mutate({ ...(target?.room ? { id: target.room.id } : {}), ...v, name: v.name.trim() }, {
      onSuccess: (saved) => {
        toastSuccess(t('saved'));
        onSaved?.(saved.id);
        onClose();
      },
    });

  const whole = (min: number, max: number, key: string) => ({ type: 'integer' as const, min, max, message: t(key) });
  return (
    <Modal
      open={target !== null}
      title={target?.room ? t('room.editTitle') : t('room.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'room-form-ok' }}
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Row gutter={16}>
          <Col span={16}>
            <Form.Item name="buildingId" label={t('room.building')} rules={[requiredRule()]}>
              <Select options={buildings.map((b) => ({ value: b.id, label: b.name }))} data-testid="room-building" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="floor" label={t('room.floor')} rules={[requiredRule(), whole(CLASSROOM_LIMITS.floor.min, CLASSROOM_LIMITS.floor.max, 'validation.floor')]}>
              <InputNumber precision={0} style={{ width: '100%' }} data-testid="room-floor" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="name" label={t('room.name')} rules={[requiredRule(), { max: 50, message: t('common:validation.tooLong') }]}>
          <Input maxLength={50} showCount data-testid="room-name" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="capacity" label={t('room.capacity')} rules={[requiredRule(), whole(0, CLASSROOM_LIMITS.capacity, 'validation.capacity')]}>
              <InputNumber precision={0} style={{ width: '100%' }} data-testid="room-capacity" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="seatRows" label={t('room.seatRows')} rules={[requiredRule(), whole(0, CLASSROOM_LIMITS.seatRows, 'validation.seatRows')]}>
              <InputNumber precision={0} style={{ width: '100%' }} data-testid="room-seat-rows" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="frontRows"
              label={t('room.frontRows')}
              dependencies={['seatRows']}
              rules={[
                requiredRule(),
                whole(0, CLASSROOM_LIMITS.seatRows, 'validation.seatRows'),
                ({ getFieldValue }) => ({
                  validator: async (_r, v: number | null) => {
                    if (v != null && v > (getFieldValue('seatRows') ?? 0)) throw new Error(t('validation.frontRows'));
                  },
                }),
              ]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} data-testid="room-front-rows" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="enabled" label={t('room.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={16}>
            {/* Honoured by the live-analysis round (docs/decisions/0022-live-analysis.md). */}
            <Form.Item name="liveAnalysis" label={t('room.liveAnalysis')} valuePropName="checked" extra={t('room.liveAnalysisHelp')}>
              <Switch data-testid="room-live-analysis" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
