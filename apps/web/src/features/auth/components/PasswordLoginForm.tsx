import { Button, Flex, Form } from 'antd';
// The input alone, not antd's Input index with its text area, search, OTP and group: the login page stays small (decision 0030).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../../lib/form-rules.ts';
import { useLogin } from '../api/login.ts';

type Values = { account: string; password: string };

export function PasswordLoginForm({ onForgot }: { onForgot: () => void }) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  return (
    <Form<Values>
      size="large"
      requiredMark={false}
      onFinish={(v) => login.mutate({ type: 'password', account: v.account.trim(), password: v.password })}
      data-testid="password-login-form"
    >
      <Form.Item name="account" rules={[requiredRule()]}>
        <Input prefix={<UserOutlined />} placeholder={t('field.account')} autoComplete="username" data-testid="login-account" />
      </Form.Item>
      <Form.Item name="password" rules={[requiredRule()]}>
        <Password prefix={<LockOutlined />} placeholder={t('field.password')} autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      <Flex justify="flex-end" style={{ marginTop: -12, marginBottom: 12 }}>
        <Button type="link" size="small" onClick={onForgot} style={{ paddingInline: 0 }} data-testid="forgot-password">
          {t('forgot.link')}
        </Button>
      </Flex>
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
