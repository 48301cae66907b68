import { useEffect } from 'react';
import { Alert, Button, Card, Form, Input, Space, Spin, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordingViewOptions, ZExternalAddress } from '@hxk/contracts/classrooms';
import { hasPermission } from '../../../lib/permissions.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { Permission } from '../../../components/Permission.tsx';
import { useRecorderSettings } from '../api/get-recorder-settings.ts';
import { useSaveRecorderSettings } from '../api/save-recorder-settings.ts';
import { classroomRule } from './rules.ts';

type Values = { recorderVideoView: boolean; serverVideoView: boolean; externalIp: string };

/** Which recording views patrol offers (spec section 4) and the media server's outside address. */
export function RecordingSettingsForm() {
  const { t } = useTranslation('classrooms');
  const [form] = Form.useForm<Values>();
  const settings = useRecorderSettings();
  const save = useSaveRecorderSettings();
  const editable = hasPermission('device:edit');
  const recorder = Form.useWatch('recorderVideoView', form);
  const server = Form.useWatch('serverVideoView', form);
  const preview = recordingViewOptions({ recorderVideoView: recorder ? 1 : 0, serverVideoView: server ? 1 : 0 });

  useEffect(() => {
    if (settings.data) {
      form.setFieldsValue({ recorderVideoView: settings.data.recorderVideoView === 1, serverVideoView: settings.data.serverVideoView === 1, externalIp: settings.data.externalIp ?? '' });
    }
  }, [settings.data, form]);

  const submit = (v: Values) =>
    save.mutate(
      { recorderVideoView: v.recorderVideoView ? 1 : 0, serverVideoView: v.serverVideoView ? 1 : 0, externalIp: v.externalIp?.trim() ?? '' },
      { onSuccess: () => toastSuccess(t('saved')) },
    );

  return (
    <Card size="small" title={t('settings.title')} style={{ maxWidth: 720 }}>
      <Spin spinning={settings.isPending}>
        <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={!editable} data-testid="recording-settings">
          <Form.Item name="recorderVideoView" label={t('settings.recorderVideoView')} extra={t('settings.recorderVideoViewHint')} valuePropName="checked">
            <Switch data-testid="settings-recorder-view" />
          </Form.Item>
          <Form.Item name="serverVideoView" label={t('settings.serverVideoView')} extra={t('settings.serverVideoViewHint')} valuePropName="checked">
            <Switch data-testid="settings-server-view" />
          </Form.Item>
          <Form.Item label={t('settings.preview')}>
            {preview.length ? (
              <Space size={4}>
                {preview.map((o) => (
                  <Tag key={o.value} color="blue">{`${t(`recordingView.${o.label}`)} (${o.value})`}</Tag>
                ))}
              </Space>
            ) : (
              <Alert type="warning" showIcon title={t('settings.noViews')} />
            )}
          </Form.Item>
          <Form.Item name="externalIp" label={t('settings.externalIp')} extra={t('settings.externalIpHint')} rules={[classroomRule(ZExternalAddress)]}>
            <Input maxLength={200} placeholder="203.0.113.7:8080" data-testid="settings-external-ip" />
          </Form.Item>
          <Permission code="device:edit">
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-save">
              {t('save')}
            </Button>
          </Permission>
          {!editable && <Typography.Text type="secondary">{t('settings.readOnly')}</Typography.Text>}
        </Form>
      </Spin>
    </Card>
  );
}
