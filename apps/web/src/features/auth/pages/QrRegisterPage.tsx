import { Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { QrPanel } from '../components/QrPanel.tsx';

/** /qrRegister: a phone scans, registers there, and this browser is signed in. */
export function QrRegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <div data-testid="qr-register-page">
      <Segmented
        block
        value="qr"
        onChange={(v) => v === 'form' && void navigate(PATHS.register)}
        options={[
          { value: 'form', label: t('register.byForm') },
          { value: 'qr', label: t('register.byQr') },
        ]}
        style={{ marginBottom: 16 }}
      />
      <QrPanel type={2} />
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 20, marginBottom: 0 }}>
        {t('register.haveAccount')} <Link to={PATHS.login}>{t('register.login')}</Link>
      </Typography.Paragraph>
    </div>
  );
}
