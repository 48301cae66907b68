import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMERA_FRAMES } from '@hxk/contracts/constants';
import type { TCamera, TCameraFrame } from '@hxk/contracts/classrooms';
import { requiredRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveCamera } from '../api/save-camera.ts';
import { DeviceCredentials, passwordField } from './DeviceCredentials.tsx';
import { deviceUrlRule, streamUrlRule } from './device-rules.ts';

export type CameraFormTarget = { classroomId: string; camera: TCamera | null; nextSort: number };
type Values = {
  name: string; frame: TCameraFrame; streamUrl?: string; onvifUrl?: string; profileToken?: string;
  username?: string; password?: string; clearPassword?: boolean; ptz: boolean; talkBack: boolean; sort: number;
};

export function CameraFormModal({ target, onClose }: { target: CameraFormTarget | null; onClose: () => void }) {
  const { t } = useTranslation('classrooms');
  const [form] = Form.useForm<Values>();
  const save = useSaveCamera();
  const c = target?.camera ?? null;
  const ptz = Form.useWatch('ptz', form);
  const talkBack = Form.useWatch('talkBack', form);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(c
      ? { name: c.name, frame: c.frame, streamUrl: c.streamUrl ?? '', onvifUrl: c.onvifUrl ?? '', profileToken: c.profileToken ?? '', username: c.username ?? '', ptz: c.ptz, talkBack: c.talkBack, sort: c.sort }
      : { name: '', frame: 'composite', streamUrl: '', onvifUrl: '', profileToken: '', username: '', ptz: false, talkBack: false, sort: target.nextSort });
  }, [target, c, form]);

  const submit = (v: Values) =>
    save.mutate(
      {
        ...(c ? { id: c.id } : {}), classroomId: target!.classroomId, name: v.name.trim(), frame: v.frame,
        streamUrl: v.streamUrl?.trim() ?? '', onvifUrl: v.onvifUrl?.trim() ?? '', profileToken: v.profileToken?.trim() ?? '',
        username: v.username?.trim() ?? '', ptz: v.ptz, talkBack: v.talkBack, sort: v.sort ?? 0, ...passwordField(v),
      },
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
      title={c ? t('camera.editTitle') : t('camera.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'camera-form-ok' }}
      width={640}
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Row gutter={16}>
          <Col span={14}>
            <Form.Item name="name" label={t('device.name')} rules={[requiredRule(), { max: 50, message: t('common:validation.tooLong') }]}>
              <Input maxLength={50} data-testid="camera-name" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="frame" label={t('camera.frame')} rules={[requiredRule()]}>
              <Select options={CAMERA_FRAMES.map((f) => ({ value: f, label: t(`frame.${f}`) }))} data-testid="camera-frame" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="streamUrl"
          label={t('camera.streamUrl')}
          extra={t('camera.streamUrlHint')}
          rules={[streamUrlRule(), ...(talkBack ? [requiredRule(), { pattern: /^rtsps?:\/\//i, message: t('validation.talkBackRtsp') }] : [])]}
        >
          <Input maxLength={500} placeholder="rtsp://10.0.3.31:554/Streaming/Channels/101" data-testid="camera-stream" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={16}>
            <Form.Item name="onvifUrl" label={t('device.onvifUrl')} rules={[deviceUrlRule()]}>
              <Input maxLength={500} placeholder="http://10.0.3.31/onvif/device_service" data-testid="camera-onvif" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="profileToken"
              label={t('camera.profileToken')}
              rules={[{ max: 64, message: t('common:validation.tooLong') }, ...(ptz ? [requiredRule()] : [])]}
            >
              <Input maxLength={64} placeholder="profile_1" data-testid="camera-profile" />
            </Form.Item>
          </Col>
        </Row>
        <DeviceCredentials hasPassword={!!c?.hasPassword} prefix="camera" />
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="ptz" label={t('camera.ptz')} valuePropName="checked">
              <Switch data-testid="camera-ptz" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="talkBack" label={t('camera.talkBack')} tooltip={t('camera.talkBackHint')} valuePropName="checked">
              <Switch data-testid="camera-talk-back" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sort" label={t('sort')}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
