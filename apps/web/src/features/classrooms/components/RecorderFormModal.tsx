import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TRecorder } from '@hxk/contracts/classrooms';
import { requiredRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveRecorder } from '../api/save-recorder.ts';
import { DeviceCredentials, passwordField } from './DeviceCredentials.tsx';
import { deviceUrlRule } from './device-rules.ts';

export type RecorderFormTarget = { classroomId: string; recorder: TRecorder | null };
type Values = { name: string; vendor?: string; onvifUrl?: string; username?: string; password?: string; clearPassword?: boolean };

export function RecorderFormModal({ target, onClose }: { target: RecorderFormTarget | null; onClose: () => void }) {
  const { t } = useTranslation('classrooms');
  const [form] = Form.useForm<Values>();
  const save = useSaveRecorder();
  const r = target?.recorder ?? null;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue({ name: r?.name ?? '', vendor: r?.vendor ?? '', onvifUrl: r?.onvifUrl ?? '', username: r?.username ?? '' });
  }, [target, r, form]);

  const submit = (v: Values) =>
    save.mutate(
      { ...(r ? { id: r.id } : {}), classroomId: target!.classroomId, name: v.name.trim(), vendor: v.vendor?.trim() ?? '', onvifUrl: v.onvifUrl?.trim() ?? '', username: v.username?.trim() ?? '', ...passwordField(v) },
      {
        onSuccess: () => {
          toastSuccess(t('saved'));
          onClose();
        },
      },
    );

  return (
    <Modal
      open={target !== null}
      title={r ? t('recorder.editTitle') : t('recorder.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'recorder-form-ok' }}
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="name" label={t('device.name')} rules={[requiredRule(), { max: 50, message: t('common:validation.tooLong') }]}>
          <Input maxLength={50} data-testid="recorder-name" />
        </Form.Item>
        <Form.Item name="vendor" label={t('recorder.vendor')} rules={[{ max: 50, message: t('common:validation.tooLong') }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="onvifUrl" label={t('device.onvifUrl')} extra={t('device.onvifUrlHint')} rules={[deviceUrlRule()]}>
          <Input maxLength={500} placeholder="http://10.0.3.21/onvif/device_service" data-testid="recorder-onvif" />
        </Form.Item>
        <DeviceCredentials hasPassword={!!r?.hasPassword} prefix="recorder" />
      </Form>
    </Modal>
  );
}
