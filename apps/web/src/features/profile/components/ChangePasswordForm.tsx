import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZNewPassword } from '@hxk/contracts/auth';
import { matchesRule, requiredRule, zodRule } from '../../../lib/form-rules.ts';
import { setMustChangePassword } from '../../../lib/auth-state.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useUpdatePassword } from '../api/update-password.ts';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

/** Old password; new one 8-16 with two of digits, letters and symbols; a matching confirmation. */
export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<Values>();
  const update = useUpdatePassword();

  const submit = (values: Values) =>
    update.mutate(values, {
      onSuccess: () => {
        setMustChangePassword(false);
        form.resetFields();
        toastSuccess(t('password.changed'));
        onDone?.();
      },
    });

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} style={{ maxWidth: 420 }} data-testid="change-password-form">
      <Form.Item name="oldPassword" label={t('password.old')} rules={[requiredRule()]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('password.new')} extra={t('password.rule')} rules={[requiredRule(), zodRule(ZNewPassword)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[requiredRule(), matchesRule('newPassword')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}
