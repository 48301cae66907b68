import { useEffect } from 'react';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, InputNumber, Progress, Radio, Row, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isValidPassword } from '@hxk/contracts/auth';
import { AI_RETENTION_DAYS_MAX, RECORDING_RETENTION_DAYS_MAX, UPLOAD_SETTINGS_MAX, WAITING_MINUTES_MAX, type TGlobalSettings } from '@hxk/contracts/settings';
import { Permission } from '../../../components/Permission.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveGlobalSettings } from '../api/save-global-settings.ts';
import { clockRule, windowEndRule } from './window-rules.ts';

type Values = {
  newPassword?: string;
  useDeploymentDefault: boolean;
  uploadStart?: string;
  uploadEnd?: string;
  modifyStart?: string;
  modifyEnd?: string;
  lessonPlanRetention: 'forever' | '1y';
  planTeacherCanView: boolean;
  planAnonymous: boolean;
  recordingRetentionDays: number;
  aiRetentionDays: number;
  waitingMinutes: number;
  uploadFilesPerMinute: number;
  uploadMbPerHour: number;
  storageQuotaMb: number;
};

const orNull = (v: string | undefined) => (v ? v : null);
const MB = 1024 * 1024;
/** Sizes as people read them: MB, or GB with one decimal from 1 GB. */
const sizeLabel = (bytes: number) => (bytes >= 1024 * MB ? `${Math.round((bytes / (1024 * MB)) * 10) / 10} GB` : `${Math.ceil(bytes / MB)} MB`);

/** Default password, lesson-plan windows and retention, plan defaults, recordings and AI retention, waiting time; one save. */
export function GlobalSettingsForm({ settings }: { settings: TGlobalSettings }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<Values>();
  const save = useSaveGlobalSettings();
  const useDefault = Form.useWatch('useDeploymentDefault', form);

  useEffect(() => {
    form.setFieldsValue({
      newPassword: '',
      useDeploymentDefault: false,
      uploadStart: settings.lessonPlanUpload.start ?? '',
      uploadEnd: settings.lessonPlanUpload.end ?? '',
      modifyStart: settings.lessonPlanModify.start ?? '',
      modifyEnd: settings.lessonPlanModify.end ?? '',
      lessonPlanRetention: settings.lessonPlanRetention,
      planTeacherCanView: settings.planTeacherCanView,
      planAnonymous: settings.planAnonymous,
      recordingRetentionDays: settings.recordingRetentionDays,
      aiRetentionDays: settings.aiRetentionDays,
      waitingMinutes: settings.waitingMinutes,
      uploadFilesPerMinute: settings.uploadFilesPerMinute,
      uploadMbPerHour: settings.uploadMbPerHour,
      storageQuotaMb: settings.storageQuotaMb,
    });
  }, [settings, form]);

  const submit = (v: Values) =>
    save.mutate(
      {
        ...(v.useDeploymentDefault ? { defaultResetPassword: null } : v.newPassword ? { defaultResetPassword: v.newPassword } : {}),
        lessonPlanUpload: { start: orNull(v.uploadStart), end: orNull(v.uploadEnd) },
        lessonPlanModify: { start: orNull(v.modifyStart), end: orNull(v.modifyEnd) },
        lessonPlanRetention: v.lessonPlanRetention,
        planTeacherCanView: v.planTeacherCanView,
        planAnonymous: v.planAnonymous,
        recordingRetentionDays: v.recordingRetentionDays,
        aiRetentionDays: v.aiRetentionDays,
        waitingMinutes: v.waitingMinutes,
        uploadFilesPerMinute: v.uploadFilesPerMinute,
        uploadMbPerHour: v.uploadMbPerHour,
        storageQuotaMb: v.storageQuotaMb,
      },
      { onSuccess: () => toastSuccess(t('saved')) },
    );

  const windowRow = (label: string, start: 'uploadStart' | 'modifyStart', end: 'uploadEnd' | 'modifyEnd') => (
    <Form.Item label={label} required={false} style={{ marginBottom: 0 }}>
      <Space align="start" wrap>
        <Form.Item name={start} rules={[clockRule(t)]}>
          <Input placeholder={t('window.start')} maxLength={5} style={{ width: 120 }} data-testid={`settings-${start}`} />
        </Form.Item>
        <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>–</Typography.Text>
        <Form.Item name={end} dependencies={[start]} rules={[clockRule(t), windowEndRule(t, start)]}>
          <Input placeholder={t('window.end')} maxLength={5} style={{ width: 120 }} data-testid={`settings-${end}`} />
        </Form.Item>
      </Space>
    </Form.Item>
  );

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} data-testid="settings-form">
      <Flex vertical gap={16}>
        <Card title={t('password.section')}>
          <Alert
            type={settings.defaultResetPasswordSet ? 'success' : 'info'}
            showIcon
            style={{ marginBottom: 16 }}
            title={settings.defaultResetPasswordSet ? t('password.isSet') : t('password.notSet')}
            data-testid="settings-password-state"
          />
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item
                name="newPassword"
                label={t('password.new')}
                extra={t('password.rule')}
                rules={[{ validator: async (_r, v: string | undefined) => { if (v && !isValidPassword(v)) throw new Error(t('password.ruleError')); } }]}
              >
                <Input.Password autoComplete="new-password" disabled={useDefault} placeholder={t('password.placeholder')} data-testid="settings-password" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {settings.defaultResetPasswordSet && (
                <Form.Item name="useDeploymentDefault" valuePropName="checked" label=" ">
                  <Checkbox>{t('password.useDeployment')}</Checkbox>
                </Form.Item>
              )}
            </Col>
          </Row>
        </Card>

        <Card title={t('lessonPlan.section')}>
          <Typography.Paragraph type="secondary">{t('lessonPlan.hint')}</Typography.Paragraph>
          <Row gutter={24}>
            <Col xs={24} lg={12}>{windowRow(t('lessonPlan.upload'), 'uploadStart', 'uploadEnd')}</Col>
            <Col xs={24} lg={12}>{windowRow(t('lessonPlan.modify'), 'modifyStart', 'modifyEnd')}</Col>
          </Row>
          <Form.Item name="lessonPlanRetention" label={t('lessonPlan.retention')}>
            <Radio.Group
              options={[
                { value: 'forever', label: t('lessonPlan.forever') },
                { value: '1y', label: t('lessonPlan.oneYear') },
              ]}
            />
          </Form.Item>
        </Card>

        <Card title={t('plan.section')}>
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item name="planTeacherCanView" label={t('plan.teacherCanView')} valuePropName="checked" extra={t('plan.teacherCanViewHint')}>
                <Switch data-testid="settings-teacher-can-view" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="planAnonymous" label={t('plan.anonymous')} valuePropName="checked" extra={t('plan.anonymousHint')}>
                <Switch data-testid="settings-anonymous" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title={t('retention.section')}>
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item name="recordingRetentionDays" label={t('retention.recordings')} extra={t('retention.recordingsHint')} rules={[{ required: true, message: t('retention.required') }]}>
                <InputNumber min={0} max={RECORDING_RETENTION_DAYS_MAX} precision={0} suffix={t('retention.days')} style={{ width: 200 }} data-testid="settings-retention" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="aiRetentionDays" label={t('retention.ai')} extra={t('retention.aiHint')} rules={[{ required: true, message: t('retention.required') }]}>
                <InputNumber min={0} max={AI_RETENTION_DAYS_MAX} precision={0} suffix={t('retention.days')} style={{ width: 200 }} data-testid="settings-ai-retention" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="waitingMinutes" label={t('retention.waiting')} extra={t('retention.waitingHint')} rules={[{ required: true, message: t('retention.required') }]}>
                <InputNumber min={0} max={WAITING_MINUTES_MAX} precision={0} suffix={t('retention.minutes')} style={{ width: 200 }} data-testid="settings-waiting" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title={t('uploads.section')}>
          <Row gutter={24}>
            <Col xs={24} md={8}>
              <Form.Item name="uploadFilesPerMinute" label={t('uploads.filesPerMinute')} extra={t('uploads.filesPerMinuteHint')} rules={[{ required: true, message: t('retention.required') }]}>
                <InputNumber min={1} max={UPLOAD_SETTINGS_MAX.filesPerMinute} precision={0} suffix={t('uploads.files')} style={{ width: 200 }} data-testid="settings-upload-files" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="uploadMbPerHour" label={t('uploads.mbPerHour')} extra={t('uploads.mbPerHourHint')} rules={[{ required: true, message: t('retention.required') }]}>
                <InputNumber min={1} max={UPLOAD_SETTINGS_MAX.mbPerHour} precision={0} suffix={t('uploads.mb')} style={{ width: 200 }} data-testid="settings-upload-mb" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="storageQuotaMb" label={t('uploads.quota')} extra={t('uploads.quotaHint')} rules={[{ required: true, message: t('retention.required') }]}>
                <InputNumber min={0} max={UPLOAD_SETTINGS_MAX.storageQuotaMb} precision={0} suffix={t('uploads.mb')} style={{ width: 200 }} data-testid="settings-storage-quota" />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text type="secondary" data-testid="settings-storage-used">
            {t('uploads.used', { used: sizeLabel(settings.storageUsedBytes), quota: sizeLabel(settings.storageQuotaMb * MB) })}
          </Typography.Text>
          <Progress
            percent={settings.storageQuotaMb ? Math.min(100, Math.round((settings.storageUsedBytes / (settings.storageQuotaMb * MB)) * 1000) / 10) : 100}
            status={settings.storageUsedBytes >= settings.storageQuotaMb * MB ? 'exception' : 'normal'}
            style={{ maxWidth: 480 }}
            aria-label={t('uploads.used', { used: sizeLabel(settings.storageUsedBytes), quota: sizeLabel(settings.storageQuotaMb * MB) })}
          />
        </Card>

        <Permission code="settings:edit">
          <Flex justify="end">
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-save">
              {t('save')}
            </Button>
          </Flex>
        </Permission>
      </Flex>
    </Form>
  );
}
