import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { LoginTabs } from '../components/LoginTabs.tsx';
import { QrPanel } from '../components/QrPanel.tsx';

/** /qrlogin: scan with a phone that is already signed in, and approve there. */
export function QrLoginPage() {
  const { t } = useTranslation('auth');
  return (
    <div data-testid="qr-login-page">
      <LoginTabs active="qr" />
      <QrPanel type={1} />
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 20, marginBottom: 0 }}>
        {t('login.noAccount')} <Link to={PATHS.register}>{t('login.register')}</Link>
      </Typography.Paragraph>
    </div>
  );
}
