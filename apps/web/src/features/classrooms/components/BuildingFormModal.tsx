import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZSaveBuildingRequest } from '@hxk/contracts/classrooms';
import { requiredRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveBuilding } from '../api/save-building.ts';
import { classroomRule } from './rules.ts';

export type BuildingFormTarget = { id?: string; name: string; sort: number };
type Values = { name: string; sort: number };

/** Add a building, or rename one. */
export function BuildingFormModal({ target, onClose }: { target: BuildingFormTarget | null; onClose: () => void }) {
  const { t } = useTranslation('classrooms');
  const [form] = Form.useForm<Values>();
  const save = useSaveBuilding();

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue({ name: target.name, sort: target.sort });
  }, [target, form]);

  const submit = (v: Values) =>
    save.mutate({ ...(target?.id ? { id: target.id } : {}), name: v.name.trim(), sort: v.sort ?? 0 }, {
      onSuccess: () => {
        toastSuccess(t('saved'));
        onClose();
      },
    });

  return (
    <Modal
      open={target !== null}
      title={target?.id ? t('building.editTitle') : t('building.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'building-form-ok' }}
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ name: '', sort: 0 }}>
        <Form.Item name="name" label={t('building.name')} rules={[requiredRule(), classroomRule(ZSaveBuildingRequest.shape.name)]}>
          <Input maxLength={50} showCount data-testid="building-name" />
        </Form.Item>
        <Form.Item name="sort" label={t('sort')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
