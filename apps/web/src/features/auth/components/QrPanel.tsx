import { useEffect, useState, type ReactNode } from 'react';
import { Button, Spin, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined, WarningFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { completeSignIn } from '../../../lib/session.ts';
import { useCreateQr, type QrType } from '../api/create-qr.ts';
import { useQrInfo } from '../api/get-qr-info.ts';

/**
 * Shows a sign-in (type 1) or registration (type 2) QR code and polls it every 2 s: scanned, expired
 * (refresh), refused, or confirmed — then this browser is signed in by the poll itself.
 */
export function QrPanel({ type }: { type: QrType }) {
  const { t } = useTranslation('auth');
  const [attempt, setAttempt] = useState(0);
  const created = useCreateQr(type, attempt);
  const info = useQrInfo(created.data?.qrCodeId);
  const status = info.isError ? 'expired' : (info.data?.status ?? 'waiting');
  const session = info.data?.session;

  useEffect(() => {
    if (status === 'confirmed' && session) completeSignIn(session);
  }, [status, session]);

  const refresh = (
    <Button type="primary" icon={<ReloadOutlined />} onClick={() => setAttempt((n) => n + 1)} data-testid="qr-refresh">
      {t('qr.refresh')}
    </Button>
  );

  let overlay: ReactNode = null;
  if (created.isError) overlay = <>{t('qr.failed')}{refresh}</>;
  else if (status === 'scanned') {
    overlay = (
      <>
        <CheckCircleFilled style={{ fontSize: 36, color: '#52c41a' }} />
        <Typography.Text strong>{t('qr.scanned')}</Typography.Text>
        <Typography.Text type="secondary">{t('qr.scannedHint')}</Typography.Text>
      </>
    );
  } else if (status === 'expired' || status === 'used') {
    overlay = (
      <>
        <WarningFilled style={{ fontSize: 36, color: '#faad14' }} />
        <Typography.Text strong>{t('qr.expired')}</Typography.Text>
        {refresh}
      </>
    );
  } else if (status === 'cancelled') {
    overlay = (
      <>
        <CloseCircleFilled style={{ fontSize: 36, color: '#ff4d4f' }} />
        <Typography.Text strong>{t('qr.cancelled')}</Typography.Text>
        {refresh}
      </>
    );
  } else if (status === 'confirmed') {
    overlay = (
      <>
        <Spin />
        <Typography.Text strong>{t('qr.confirmed')}</Typography.Text>
      </>
    );
  }

  return (
    <div style={{ textAlign: 'center' }} data-testid="qr-panel" data-status={created.isPending ? 'loading' : status}>
      <div className="qr-box">
        {created.data ? <img src={created.data.image} alt={t('qr.alt')} data-testid="qr-image" /> : <Spin />}
        {overlay && <div className="qr-box__overlay">{overlay}</div>}
      </div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {type === 2 ? t('qr.registerHint') : t('qr.loginHint')}
      </Typography.Paragraph>
    </div>
  );
}
