import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';

export type LoginTab = 'password' | 'sms' | 'qr';

/** Account, SMS code and QR scan; the QR method is its own route (/qrlogin). */
export function LoginTabs({ active }: { active: LoginTab }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Segmented<LoginTab>
      block
      value={active}
      onChange={(key) => void navigate(key === 'qr' ? PATHS.qrLogin : key === 'sms' ? `${PATHS.login}?tab=sms` : PATHS.login)}
      options={[
        { value: 'password', label: t('tabs.password') },
        { value: 'sms', label: t('tabs.sms') },
        { value: 'qr', label: t('tabs.qr') },
      ]}
      style={{ marginBottom: 20 }}
      data-testid="login-tabs"
    />
  );
}
