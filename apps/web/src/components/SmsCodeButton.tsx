import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_CODE } from '@hxk/contracts/constants';

/**
 * Sends a verification code, then counts down before another may be asked for. `onSend` validates
 * the phone and calls the API; it throws when nothing was sent.
 */
export function SmsCodeButton({ onSend, testId }: { onSend: () => Promise<number | void>; testId?: string }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      const wait = await onSend();
      setLeft(typeof wait === 'number' && wait > 0 ? wait : SMS_CODE.resendSeconds);
    } catch {
      // The field error or toast already tells why.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={() => void send()} disabled={left > 0} loading={sending} data-testid={testId} style={{ minWidth: 112 }}>
      {left > 0 ? t('sms.resendIn', { seconds: left }) : t('sms.send')}
    </Button>
  );
}
