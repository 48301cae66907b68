import { Flex, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZNewPassword, ZPhone, ZSmsCode } from '@hxk/contracts/auth';
import { SmsCodeButton } from '../../../components/SmsCodeButton.tsx';
import { matchesRule, requiredRule, zodRule } from '../../../lib/form-rules.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';

type Values = { phone: string; code: string; newPassword: string; confirmPassword: string };

/** Forgot password: a code sent to the account's phone sets a new password. */
export function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();

  const submit = async () => {
    const v = await form.validateFields();
    reset.mutate(
      { phone: v.phone.trim(), code: v.code.trim(), newPassword: v.newPassword },
      {
        onSuccess: () => {
          toastSuccess(t('forgot.done'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('forgot.title')}
      okText={t('forgot.submit')}
      cancelText={t('common:action.cancel')}
      confirmLoading={reset.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} name="forgot" layout="vertical" requiredMark={false} data-testid="forgot-form">
        <Form.Item name="phone" label={t('field.phone')} rules={[requiredRule(), zodRule(ZPhone)]}>
          <Input autoComplete="tel" inputMode="tel" />
        </Form.Item>
        <Form.Item label={t('field.smsCode')} htmlFor="forgot_code" required>
          <Flex gap={8}>
            <Form.Item name="code" noStyle rules={[requiredRule(), zodRule(ZSmsCode)]}>
              <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
            </Form.Item>
            <SmsCodeButton
              onSend={async () => {
                const { phone } = await form.validateFields(['phone']);
                return sendSmsCode(phone.trim(), 'reset');
              }}
            />
          </Flex>
        </Form.Item>
        <Form.Item name="newPassword" label={t('field.newPassword')} extra={t('forgot.rule')} rules={[requiredRule(), zodRule(ZNewPassword)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('field.confirmPassword')}
          dependencies={['newPassword']}
          rules={[requiredRule(), matchesRule('newPassword')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
