import { useEffect } from 'react';
import { Alert, Button, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveSsoSettings, type SaveSsoSettingsInput, type SsoSettings } from '../api/sso-sync.ts';

type Protocol = 'none' | 'cas' | 'oidc';
type Values = { protocol: Protocol; casServerUrl?: string; oidcIssuer?: string; oidcClientId?: string; oidcClientSecret?: string; unknownPeople: 'create' | 'refuse' };

const URL_PATTERN = /^https?:\/\/\S+$/;
const orNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/**
 * How the school's people sign in by its identity provider: CAS or OpenID Connect, where it is, and
 * what happens to someone it knows and the school does not. The client secret is write-only.
 */
export function SsoSignInForm({ settings }: { settings: SsoSettings | undefined }) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<Values>();
  const save = useSaveSsoSettings();
  const protocol = Form.useWatch('protocol', form) ?? 'none';

  useEffect(() => {
    if (!settings) return;
    form.setFieldsValue({
      protocol: settings.protocol ?? 'none',
      casServerUrl: settings.casServerUrl ?? '',
      oidcIssuer: settings.oidcIssuer ?? '',
      oidcClientId: settings.oidcClientId ?? '',
      oidcClientSecret: '',
      unknownPeople: settings.unknownPeople,
    });
  }, [settings, form]);

  const submit = (v: Values) => {
    const input: SaveSsoSettingsInput = { protocol: v.protocol === 'none' ? null : v.protocol, unknownPeople: v.unknownPeople };
    if (v.protocol === 'cas') input.casServerUrl = orNull(v.casServerUrl);
    if (v.protocol === 'oidc') {
      input.oidcIssuer = orNull(v.oidcIssuer);
      input.oidcClientId = orNull(v.oidcClientId);
      if (v.oidcClientSecret?.trim()) input.oidcClientSecret = v.oidcClientSecret.trim();
    }
    save.mutate(input, {
      onSuccess: () => {
        form.setFieldValue('oidcClientSecret', '');
        toastSuccess(t('ssoSignIn.saved'));
      },
    });
  };

  const entry = `${window.location.origin}/hxk/SSO`;
  // Sign-in by single sign-on is the licence's 'sso' feature: without it the settings are shown, not changed.
  const unlicensed = settings?.signInLicensed === false;
  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={unlicensed} initialValues={{ protocol: 'none', unknownPeople: 'refuse' }} data-testid="sso-signin-form">
      {unlicensed && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('ssoSignIn.notLicensed')} data-testid="sso-signin-unlicensed" />}
      <Form.Item name="protocol" label={t('ssoSignIn.protocol')}>
        <Radio.Group optionType="button">
          <Radio.Button value="none" data-testid="sso-protocol-none">{t('ssoSignIn.none')}</Radio.Button>
          <Radio.Button value="cas" data-testid="sso-protocol-cas">CAS</Radio.Button>
          <Radio.Button value="oidc" data-testid="sso-protocol-oidc">OpenID Connect</Radio.Button>
        </Radio.Group>
      </Form.Item>
      {protocol === 'cas' && (
        <Form.Item name="casServerUrl" label={t('ssoSignIn.casServerUrl')} extra={t('ssoSignIn.casServerUrlHint')} rules={[requiredRule(), { pattern: URL_PATTERN, message: t('sso.urlInvalid') }, { max: 500 }]}>
          <Input placeholder="https://cas.example.edu/cas" autoComplete="off" data-testid="sso-cas-url" />
        </Form.Item>
      )}
      {protocol === 'oidc' && (
        <>
          <Form.Item name="oidcIssuer" label={t('ssoSignIn.oidcIssuer')} extra={t('ssoSignIn.oidcIssuerHint')} rules={[requiredRule(), { pattern: URL_PATTERN, message: t('sso.urlInvalid') }, { max: 500 }]}>
            <Input placeholder="https://idp.example.edu/realms/school" autoComplete="off" data-testid="sso-oidc-issuer" />
          </Form.Item>
          <Form.Item name="oidcClientId" label={t('ssoSignIn.oidcClientId')} rules={[requiredRule(), { max: 200 }]}>
            <Input autoComplete="off" data-testid="sso-oidc-client-id" />
          </Form.Item>
          <Form.Item name="oidcClientSecret" label={t('ssoSignIn.oidcClientSecret')} extra={settings?.hasOidcClientSecret ? t('ssoSignIn.secretStored') : t('ssoSignIn.secretHint')} rules={[{ max: 2000 }]}>
            <Input.Password autoComplete="new-password" data-testid="sso-oidc-secret" />
          </Form.Item>
        </>
      )}
      {protocol !== 'none' && (
        <>
          <Form.Item name="unknownPeople" label={t('ssoSignIn.unknownPeople')} extra={t('ssoSignIn.unknownPeopleHint')}>
            <Radio.Group options={[{ value: 'refuse', label: t('ssoSignIn.refuse') }, { value: 'create', label: t('ssoSignIn.create') }]} />
          </Form.Item>
          <Typography.Paragraph type="secondary">
            {t('ssoSignIn.entryHint')} <Typography.Text code copyable>{entry}</Typography.Text>
          </Typography.Paragraph>
        </>
      )}
      {!unlicensed && (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="sso-signin-save">
          {t('ssoSignIn.save')}
        </Button>
      )}
    </Form>
  );
}
