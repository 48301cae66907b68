import { useEffect } from 'react';
import { Alert, Button, Col, Divider, Flex, Form, Input, InputNumber, Popconfirm, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ASSISTANT_FAIR_USE_LIMITS, ZSaveAssistantSettings } from '@hxk/contracts/assistant';
import { zodRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useAssistantSettings, useSaveAssistantSettings, useTestAssistantProvider } from '../api/settings.ts';
import { AssistantUsageView } from './AssistantUsageView.tsx';

type Values = { baseUrl?: string; model?: string; apiKey?: string; monthlyTokens?: number | null; personHourly?: number | null; schoolHourly?: number | null; personDailyTokens?: number | null };
const field = ZSaveAssistantSettings.shape;
const blank = (v: string | undefined) => (v?.trim() ? v.trim() : null);
const rule = (schema: Parameters<typeof zodRule>[0]) => zodRule(schema, 'assistant');

/**
 * The AI settings' assistant tab (docs/decisions/0029): the school's own OpenAI-compatible model —
 * address, model and key together, or none to use the deployment's — with a connection test, the
 * fair-use limits (monthly tokens, questions per person and per school per hour), and the school's use per day and model. The key is write-only.
 */
export function AssistantSettingsTab() {
  const { t } = useTranslation('assistant');
  const [form] = Form.useForm<Values>();
  const settings = useAssistantSettings();
  const save = useSaveAssistantSettings();
  const test = useTestAssistantProvider();
  const s = settings.data;

  useEffect(() => {
    if (s) form.setFieldsValue({ baseUrl: s.baseUrl ?? '', model: s.model ?? '', apiKey: '', monthlyTokens: s.monthlyTokens, personHourly: s.personHourly, schoolHourly: s.schoolHourly, personDailyTokens: s.personDailyTokens });
  }, [s, form]);

  if (!s) return <Skeleton active paragraph={{ rows: 6 }} />;

  const limits = (v: Values) => ({ monthlyTokens: v.monthlyTokens ?? null, personHourly: v.personHourly ?? null, schoolHourly: v.schoolHourly ?? null, personDailyTokens: v.personDailyTokens ?? null });
  const submit = async () => {
    const v = await form.validateFields();
    const apiKey = blank(v.apiKey);
    await save.mutateAsync({ baseUrl: blank(v.baseUrl), model: blank(v.model), ...(apiKey ? { apiKey } : {}), ...limits(v) });
    toastSuccess(t('settings.saved'));
  };
  const backToDeployment = async () => {
    await save.mutateAsync({ baseUrl: null, model: null, apiKey: null, ...limits(form.getFieldsValue()) });
    toastSuccess(t('settings.cleared'));
  };
  const runTest = async () => {
    const r = await test.mutateAsync();
    toastSuccess(t('settings.testOk', { ms: r.ms, model: r.model, service: t(`settings.inUse.${r.service}`) }));
  };
  const own = s.baseUrl !== null || s.apiKeySet;

  return (
    <Flex vertical gap={16} data-testid="assistant-settings-tab">
      <Flex vertical gap={16} style={{ maxWidth: 640 }}>
        <Alert
          type={s.inUse === 'none' ? 'warning' : 'info'}
          showIcon
          message={t(`settings.inUse.${s.inUse}`)}
          description={t(s.inUse === 'none' ? 'settings.noneHint' : 'settings.inUseHint')}
          data-testid="assistant-in-use"
          data-in-use={s.inUse}
        />
        <Form form={form} layout="vertical" onFinish={() => void submit().catch(() => undefined)}>
          <Form.Item name="baseUrl" label={t('settings.baseUrl')} rules={[rule(field.baseUrl.unwrap())]} extra={t('settings.baseUrlHint')}>
            <Input placeholder="https://api.deepseek.com" maxLength={500} allowClear data-testid="assistant-base-url" />
          </Form.Item>
          <Form.Item name="model" label={t('settings.model')} rules={[rule(field.model.unwrap())]} extra={t('settings.modelHint')}>
            <Input placeholder="deepseek-chat" maxLength={100} allowClear data-testid="assistant-model" />
          </Form.Item>
          <Form.Item name="apiKey" label={t('settings.apiKey')} extra={s.apiKeySet ? t('settings.apiKeyStored') : t('settings.apiKeyHint')}>
            <Input.Password placeholder={s.apiKeySet ? t('settings.apiKeyKeep') : 'sk-…'} maxLength={500} autoComplete="new-password" data-testid="assistant-api-key" />
          </Form.Item>
          <Divider titlePlacement="start" plain>{t('settings.fairUse')}</Divider>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="monthlyTokens" label={t('settings.monthlyTokens')} extra={t('settings.monthlyTokensHint')}>
                <InputNumber min={1} max={ASSISTANT_FAIR_USE_LIMITS.monthlyTokens} step={100_000} precision={0} placeholder={t('settings.noLimit')} style={{ width: '100%' }} data-testid="assistant-monthly-tokens" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="personDailyTokens" label={t('settings.personDailyTokens')} extra={t('settings.personDailyTokensHint')}>
                <InputNumber min={1} max={ASSISTANT_FAIR_USE_LIMITS.personDailyTokens} step={10_000} precision={0} placeholder={t('settings.noLimit')} style={{ width: '100%' }} data-testid="assistant-person-daily-tokens" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="personHourly" label={t('settings.personHourly')} extra={t('settings.personHourlyHint')}>
                <InputNumber min={1} max={ASSISTANT_FAIR_USE_LIMITS.personHourly} precision={0} placeholder={t('settings.noLimit')} style={{ width: '100%' }} data-testid="assistant-person-hourly" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="schoolHourly" label={t('settings.schoolHourly')} extra={t('settings.schoolHourlyHint')}>
                <InputNumber min={1} max={ASSISTANT_FAIR_USE_LIMITS.schoolHourly} precision={0} placeholder={t('settings.noLimit')} style={{ width: '100%' }} data-testid="assistant-school-hourly" />
              </Form.Item>
            </Col>
          </Row>
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="assistant-settings-save">{t('settings.save')}</Button>
            <Button onClick={() => void runTest().catch(() => undefined)} loading={test.isPending} disabled={s.inUse === 'none'} data-testid="assistant-settings-test">
              {t('settings.test')}
            </Button>
            {own ? (
              <Popconfirm title={t('settings.clearConfirm')} okText={t('settings.clear')} cancelText={t('cancel')} onConfirm={() => void backToDeployment().catch(() => undefined)} okButtonProps={{ danger: true }}>
                <Button danger data-testid="assistant-settings-clear">{t('settings.clear')}</Button>
              </Popconfirm>
            ) : null}
          </Flex>
        </Form>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('settings.privacy')}</Typography.Text>
      </Flex>
      <Divider titlePlacement="start">{t('usage.title')}</Divider>
      <AssistantUsageView scope="school" />
    </Flex>
  );
}

/** The tab's title, in the assistant's own texts. */
export function AssistantSettingsTabLabel() {
  const { t } = useTranslation('assistant');
  return <span data-testid="tab-assistant">{t('settings.tab')}</span>;
}
