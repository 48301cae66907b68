import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Divider, Form, Input, List, Modal, Result, Space, Spin, Typography } from 'antd';
import { SsoSignInForm } from './SsoSignInForm.tsx';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveSsoSettings, useSsoSettings, useSyncSsoUsers, type SsoSyncResult } from '../api/sso-sync.ts';

type Values = { scimUrl: string; scimToken?: string };

const URL_PATTERN = /^https?:\/\/\S+$/;
const RESULT_KEYS = ['total', 'created', 'joined', 'updated', 'disabled', 'invited'] as const;

/** The school's single sign-on (CAS or OpenID Connect), its SCIM 2.0 source (URL and bearer token) and a "sync now" that pulls its people in. */
export function SsoSyncModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<Values>();
  const settings = useSsoSettings(open);
  const save = useSaveSsoSettings();
  const sync = useSyncSsoUsers();
  const [result, setResult] = useState<SsoSyncResult | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (settings.data) form.setFieldsValue({ scimUrl: settings.data.scimUrl ?? '', scimToken: '' });
  }, [open, settings.data, form]);

  const close = () => {
    setResult(null);
    save.reset();
    sync.reset();
    onClose();
  };

  const submit = (v: Values) => {
    const token = v.scimToken?.trim();
    save.mutate(
      { scimUrl: v.scimUrl.trim(), ...(token ? { scimToken: token } : {}) },
      {
        onSuccess: () => {
          form.setFieldValue('scimToken', '');
          toastSuccess(t('sso.saved'));
        },
      },
    );
  };

  const runSync = () => {
    setResult(null);
    sync.mutate(undefined, { onSuccess: setResult });
  };

  const hasToken = settings.data?.hasToken ?? false;
  const configured = Boolean(settings.data?.scimUrl) && hasToken;
  return (
    <Modal
      open={open}
      title={t('sso.title')}
      onCancel={close}
      footer={
        <Button onClick={close} data-testid="sso-close">
          {t('sso.close')}
        </Button>
      }
      destroyOnHidden
    >
      <Spin spinning={settings.isLoading}>
        <Typography.Title level={5}>{t('ssoSignIn.title')}</Typography.Title>
        <SsoSignInForm settings={settings.data} />
        <Divider />
        <Typography.Title level={5}>{t('sso.syncTitle')}</Typography.Title>
        <Form<Values> form={form} layout="vertical" onFinish={submit} data-testid="sso-form">
          <Form.Item
            name="scimUrl"
            label={t('sso.scimUrl')}
            extra={t('sso.scimUrlHint')}
            rules={[requiredRule(), { pattern: URL_PATTERN, message: t('sso.urlInvalid') }, { max: 500 }]}
          >
            <Input placeholder="https://idp.example.com/scim/v2" autoComplete="off" data-testid="sso-url" />
          </Form.Item>
          <Form.Item
            name="scimToken"
            label={t('sso.scimToken')}
            extra={hasToken ? t('sso.tokenStored') : undefined}
            rules={hasToken ? [{ max: 2000 }] : [requiredRule(), { max: 2000 }]}
          >
            <Input.Password autoComplete="new-password" data-testid="sso-token" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="sso-save">
            {t('sso.save')}
          </Button>
        </Form>
        <Divider />
        <Space wrap>
          <Button onClick={runSync} loading={sync.isPending} disabled={!configured} data-testid="sso-sync">
            {t('sso.syncNow')}
          </Button>
          {!configured && !settings.isLoading && <Typography.Text type="secondary">{t('sso.notConfigured')}</Typography.Text>}
        </Space>
        {result && (
          <Result
            status="success"
            title={t('sso.syncDone')}
            style={{ padding: '16px 0 0' }}
            extra={
              <Descriptions
                size="small"
                bordered
                column={1}
                data-testid="sso-result"
                items={[
                  ...RESULT_KEYS.map((k) => ({ key: k, label: t(`sso.result.${k}`), children: <span data-testid={`sso-result-${k}`}>{result[k]}</span> })),
                  { key: 'conflicts', label: t('sso.result.conflicts'), children: <span data-testid="sso-result-conflicts">{result.conflictCount}</span> },
                ]}
              />
            }
          />
        )}
        {result && result.conflictCount > 0 && <SyncConflicts result={result} />}
      </Spin>
    </Modal>
  );
}

/** Feed entries that were not applied in full, each with its reason (the server lists the first ones). */
function SyncConflicts({ result }: { result: SsoSyncResult }) {
  const { t } = useTranslation('users');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="sso-conflicts"
      title={t('sso.conflicts.title', { count: result.conflictCount })}
      description={
        <>
          <List
            size="small"
            dataSource={result.conflicts}
            style={{ maxHeight: 240, overflow: 'auto' }}
            renderItem={(c) => (
              <List.Item>
                <Typography.Text code>{c.userName}</Typography.Text> {t(`sso.conflicts.${c.reason}`)}
              </List.Item>
            )}
          />
          {result.conflicts.length < result.conflictCount && <Typography.Text type="secondary">{t('sso.conflicts.more', { shown: result.conflicts.length })}</Typography.Text>}
        </>
      }
    />
  );
}
