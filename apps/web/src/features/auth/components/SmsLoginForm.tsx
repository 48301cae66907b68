import { Button, Flex, Form } from 'antd';
// The input alone, not antd's Input index with its text area, search, OTP and group: the login page stays small (decision 0030).
import Input from 'antd/es/input/Input';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SmsCodeButton } from '../../../components/SmsCodeButton.tsx';
import { requiredRule, zodRule } from '../../../lib/form-rules.ts';
import { useLogin } from '../api/login.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';

const contracts = () => import('@hxk/contracts/auth');
const ZPhone = () => contracts().then((m) => m.ZPhone);
const ZSmsCode = () => contracts().then((m) => m.ZSmsCode);

type Values = { phone: string; code: string };

export function SmsLoginForm() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const login = useLogin();
  return (
    <Form<Values>
      form={form}
      size="large"
      requiredMark={false}
      onFinish={(v) => login.mutate({ type: 'sms', phone: v.phone.trim(), code: v.code.trim() })}
      data-testid="sms-login-form"
    >
      <Form.Item name="phone" rules={[requiredRule(), zodRule(ZPhone)]}>
        <Input prefix={<MobileOutlined />} placeholder={t('field.phone')} autoComplete="tel" inputMode="tel" data-testid="login-phone" />
      </Form.Item>
      <Flex gap={8} align="flex-start">
        <Form.Item name="code" rules={[requiredRule(), zodRule(ZSmsCode)]} style={{ flex: 1 }}>
          <Input prefix={<SafetyOutlined />} placeholder={t('field.smsCode')} maxLength={6} inputMode="numeric" autoComplete="one-time-code" data-testid="login-code" />
        </Form.Item>
        <SmsCodeButton
          testId="send-sms"
          onSend={async () => {
            const { phone } = await form.validateFields(['phone']);
            return sendSmsCode(phone.trim(), 'login');
          }}
        />
      </Flex>
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
