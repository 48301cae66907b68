import { Checkbox, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * User name and password of a device. The stored password is never sent to the browser: a blank
 * field keeps it, the check box removes it.
 */
export function DeviceCredentials({ hasPassword, prefix }: { hasPassword: boolean; prefix: string }) {
  const { t } = useTranslation('classrooms');
  const clear = Form.useWatch<boolean | undefined>('clearPassword');
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="username" label={t('device.username')} rules={[{ max: 64, message: t('common:validation.tooLong') }]}>
          <Input maxLength={64} autoComplete="off" data-testid={`${prefix}-username`} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="password"
          label={t('device.password')}
          extra={hasPassword ? t('device.passwordStored') : undefined}
          rules={[{ max: 128, message: t('common:validation.tooLong') }]}
        >
          <Input.Password
            maxLength={128}
            autoComplete="new-password"
            disabled={!!clear}
            placeholder={hasPassword ? t('device.passwordKeep') : ''}
            data-testid={`${prefix}-password`}
          />
        </Form.Item>
        {hasPassword && (
          <Form.Item name="clearPassword" valuePropName="checked" style={{ marginTop: -12 }}>
            <Checkbox>{t('device.passwordClear')}</Checkbox>
          </Form.Item>
        )}
      </Col>
    </Row>
  );
}

/** absent keeps, null removes, a string replaces (the save contracts' rule). */
export const passwordField = (v: { password?: string; clearPassword?: boolean }) =>
  v.clearPassword ? { password: null } : v.password ? { password: v.password } : {};
