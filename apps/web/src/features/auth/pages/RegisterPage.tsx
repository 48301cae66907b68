import { Alert, Button, Flex, Form, Input, Segmented, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EMAIL_RE, ZPhone, ZRegisterPassword, ZSmsCode, type TRegisterRequest } from '@hxk/contracts/auth';
import { IDENTITY, IDENTITY_NAMES } from '@hxk/contracts/permissions';
import { REQUESTABLE_IDENTITIES } from '../../../lib/identities.ts';
import { z } from 'zod';
import { SmsCodeButton } from '../../../components/SmsCodeButton.tsx';
import { matchesRule, requiredRule, zodRule } from '../../../lib/form-rules.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useRegister } from '../api/register.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';

const ZAccount = z.string().regex(/^[A-Za-z0-9_.-]{2,32}$/, { message: 'validation.account' });
const ZName = z.string().trim().min(1, { message: 'validation.name' }).max(32, { message: 'validation.name' });
const ZEmail = z.string().trim().regex(EMAIL_RE, { message: 'validation.email' });

type Values = Omit<TRegisterRequest, 'qrCodeId'> & { confirmPassword: string };

/** /register: a new account verified by SMS; ?qrCodeId= completes a QR registration started on a computer. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const qrCodeId = params.get('qrCodeId') ?? undefined;
  const [form] = Form.useForm<Values>();
  const schoolCode = Form.useWatch('schoolCode', form);
  const register = useRegister();

  const submit = ({ confirmPassword: _confirm, ...v }: Values) =>
    register.mutate({
      ...v,
      account: v.account.trim(),
      phone: v.phone.trim(),
      code: v.code.trim(),
      email: v.email?.trim() ?? '',
      schoolCode: v.schoolCode?.trim() ?? '',
      identity: v.schoolCode?.trim() ? v.identity : undefined,
      qrCodeId,
    });

  return (
    <div data-testid="register-page">
      {qrCodeId ? (
        <Alert type="info" showIcon title={t('register.fromQr')} style={{ marginBottom: 16 }} />
      ) : (
        <Segmented
          block
          value="form"
          onChange={(v) => v === 'qr' && void navigate(PATHS.qrRegister)}
          options={[
            { value: 'form', label: t('register.byForm') },
            { value: 'qr', label: t('register.byQr') },
          ]}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<Values> form={form} name="register" layout="vertical" requiredMark="optional" initialValues={{ identity: IDENTITY.teacher }} onFinish={submit}>
        <Form.Item name="account" label={t('field.account')} extra={t('register.accountRule')} rules={[requiredRule(), zodRule(ZAccount)]}>
          <Input autoComplete="username" maxLength={32} data-testid="reg-account" />
        </Form.Item>
        <Form.Item name="name" label={t('field.name')} rules={[requiredRule(), zodRule(ZName)]}>
          <Input autoComplete="name" maxLength={32} data-testid="reg-name" />
        </Form.Item>
        <Form.Item name="phone" label={t('field.phone')} rules={[requiredRule(), zodRule(ZPhone)]}>
          <Input autoComplete="tel" inputMode="tel" data-testid="reg-phone" />
        </Form.Item>
        <Form.Item label={t('field.smsCode')} htmlFor="register_code" required>
          <Flex gap={8}>
            <Form.Item name="code" noStyle rules={[requiredRule(), zodRule(ZSmsCode)]}>
              <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" data-testid="reg-code" />
            </Form.Item>
            <SmsCodeButton
              testId="reg-send-sms"
              onSend={async () => {
                const { phone } = await form.validateFields(['phone']);
                return sendSmsCode(phone.trim(), 'register');
              }}
            />
          </Flex>
        </Form.Item>
        <Form.Item name="email" label={t('field.email')} rules={[zodRule(ZEmail)]}>
          <Input autoComplete="email" inputMode="email" data-testid="reg-email" />
        </Form.Item>
        <Form.Item name="password" label={t('field.password')} extra={t('register.passwordRule')} rules={[requiredRule(), zodRule(ZRegisterPassword)]}>
          <Input.Password autoComplete="new-password" data-testid="reg-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('field.confirmPassword')}
          dependencies={['password']}
          rules={[requiredRule(), matchesRule('password')]}
        >
          <Input.Password autoComplete="new-password" data-testid="reg-confirm" />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="schoolCode" label={t('field.schoolCode')} extra={t('register.schoolCodeHint')} style={{ flex: '2 1 200px' }}>
            <Input maxLength={32} data-testid="reg-school-code" />
          </Form.Item>
          <Form.Item
            name="identity"
            label={t('field.identity')}
            style={{ flex: '1 1 140px' }}
            rules={schoolCode?.trim() ? [requiredRule()] : []}
          >
            <Select
              disabled={!schoolCode?.trim()}
              options={REQUESTABLE_IDENTITIES.map((v) => ({ value: v, label: t(`common:identity.${IDENTITY_NAMES[v]}`) }))}
            />
          </Form.Item>
        </Flex>
        <Button type="primary" htmlType="submit" size="large" block loading={register.isPending} data-testid="reg-submit">
          {t('register.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 20, marginBottom: 0 }}>
        {t('register.haveAccount')} <Link to={PATHS.login}>{t('register.login')}</Link>
      </Typography.Paragraph>
    </div>
  );
}
