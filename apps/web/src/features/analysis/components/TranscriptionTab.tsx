import { useEffect } from 'react';
import { Alert, Button, Flex, Form, Input, Popconfirm, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZSaveTranscriptionSettings } from '@hxk/contracts/analysis';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveTranscriptionSettings, useTestTranscription, useTranscriptionSettings } from '../api/transcription.ts';
import { contractRule } from './contract-rule.ts';

type Values = { baseUrl?: string; model?: string; apiKey?: string };
const field = ZSaveTranscriptionSettings.shape;
const blank = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/**
 * The school's own speech-to-text service for the classroom analysis (an OpenAI-compatible
 * /v1/audio/transcriptions): address, model and key together, or none to use the deployment's.
 * The key is write-only; a test sends a second of silence and says what came back.
 */
export function TranscriptionTab() {
  const { t } = useTranslation('analysis');
  const [form] = Form.useForm<Values>();
  const settings = useTranscriptionSettings();
  const save = useSaveTranscriptionSettings();
  const test = useTestTranscription();
  const s = settings.data;

  useEffect(() => {
    if (s) form.setFieldsValue({ baseUrl: s.baseUrl ?? '', model: s.model ?? '', apiKey: '' });
  }, [s, form]);

  if (!s) return <Skeleton active paragraph={{ rows: 5 }} />;

  const submit = async () => {
    const v = await form.validateFields();
    const apiKey = blank(v.apiKey);
    await save.mutateAsync({ baseUrl: blank(v.baseUrl), model: blank(v.model), ...(apiKey ? { apiKey } : {}) });
    toastSuccess(t('transcription.saved'));
  };
  const backToDeployment = async () => {
    await save.mutateAsync({ baseUrl: null, model: null, apiKey: null });
    toastSuccess(t('transcription.cleared'));
  };
  const runTest = async () => {
    const r = await test.mutateAsync();
    toastSuccess(t('transcription.testOk', { ms: r.ms, service: t(`transcription.inUse.${r.service}`) }));
  };
  const own = s.baseUrl !== null || s.apiKeySet;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }} data-testid="transcription-tab">
      <Alert
        type={s.inUse === 'none' ? 'warning' : 'info'}
        showIcon
        message={t(`transcription.inUse.${s.inUse}`)}
        description={t(s.inUse === 'none' ? 'transcription.noneHint' : 'transcription.inUseHint')}
        data-testid="transcription-in-use"
        data-in-use={s.inUse}
      />
      <Form form={form} layout="vertical" onFinish={() => void submit().catch(() => undefined)}>
        <Form.Item name="baseUrl" label={t('transcription.baseUrl')} rules={[contractRule(field.baseUrl.unwrap())]} extra={t('transcription.baseUrlHint')}>
          <Input placeholder="https://api.openai.com" maxLength={500} allowClear data-testid="transcription-base-url" />
        </Form.Item>
        <Form.Item name="model" label={t('transcription.model')} rules={[contractRule(field.model.unwrap())]}>
          <Input placeholder="whisper-1" maxLength={100} allowClear data-testid="transcription-model" />
        </Form.Item>
        <Form.Item
          name="apiKey"
          label={t('transcription.apiKey')}
          extra={s.apiKeySet ? t('transcription.apiKeyStored') : t('transcription.apiKeyHint')}
        >
          <Input.Password
            placeholder={s.apiKeySet ? t('transcription.apiKeyKeep') : 'sk-…'}
            maxLength={500}
            autoComplete="new-password"
            data-testid="transcription-api-key"
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="transcription-save">{t('action.save')}</Button>
          <Button onClick={() => void runTest().catch(() => undefined)} loading={test.isPending} disabled={s.inUse === 'none'} data-testid="transcription-test">
            {t('transcription.test')}
          </Button>
          {own ? (
            <Popconfirm title={t('transcription.clearConfirm')} onConfirm={() => void backToDeployment().catch(() => undefined)} okButtonProps={{ danger: true }}>
              <Button danger data-testid="transcription-clear">{t('transcription.clear')}</Button>
            </Popconfirm>
          ) : null}
        </Flex>
      </Form>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('transcription.privacy')}</Typography.Text>
    </Flex>
  );
}
