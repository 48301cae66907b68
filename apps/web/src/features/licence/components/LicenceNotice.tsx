import { useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { SESSION_KEYS } from '../../../lib/storage-keys.ts';
import { useLicence, type LicenceInfo } from '../api/get-licence.ts';
import { formatDay } from './format.ts';
import { showsLicenceNotice } from './notice-rules.ts';

const TYPES = { demo: 'info', expiring: 'warning', expired: 'error' } as const;
/** Which notice someone closed: a new state or a new end shows again. */
const noticeId = (info: LicenceInfo) => `${info.state}:${info.expiresAt ?? ''}`;

/**
 * The global licence notice (spec section 1: shown when signed in and not privatized — here, to
 * administrators while the deployment runs on the demo licence, and to everyone while its licence is
 * ending or over; a host the operator lists in
 * LICENCE_NOTICE_EXEMPT_HOSTS never shows it). Past expiry it cannot be closed, and a dialog says so
 * once per session; administrators are sent to /extendAuthorization, others to their administrator.
 */
export function LicenceNotice({ admin }: { admin: boolean }) {
  const { t } = useTranslation('licence');
  const navigate = useNavigate();
  const licence = useLicence();
  const [closed, setClosed] = useState(() => sessionStorage.getItem(SESSION_KEYS.licenceNoticeClosed));
  const info = licence.data;
  if (!info || info.state === 'active' || !showsLicenceNotice(info, admin)) return null;
  const id = noticeId(info);
  const expired = info.state === 'expired';
  const close = () => {
    sessionStorage.setItem(SESSION_KEYS.licenceNoticeClosed, id);
    setClosed(id);
  };
  const target = info.state === 'demo' ? PATHS.activation : PATHS.extendAuthorization;
  const params = { date: formatDay(info.expiresAt), count: info.daysLeft ?? 0, schools: info.maxSchools, classrooms: info.maxClassrooms };
  const action = admin ? (
    <Button size="small" type={expired ? 'primary' : 'default'} onClick={() => void navigate(target)} data-testid="licence-notice-action">
      {t(`notice.action.${info.state}`)}
    </Button>
  ) : undefined;

  if (!expired && closed === id) return null;
  return (
    <>
      <Alert
        type={TYPES[info.state]}
        showIcon
        banner
        title={t(`notice.${info.state}`, params)}
        description={expired ? t(admin ? 'notice.expiredAdmin' : 'notice.expiredMember') : undefined}
        action={action}
        closable={expired ? false : { onClose: close, 'aria-label': t('notice.close') }}
        style={{ marginBottom: 16 }}
        data-testid={`licence-notice-${info.state}`}
      />
      <Modal
        open={expired && closed !== id}
        title={t('notice.expired', params)}
        onCancel={close}
        // The buttons (and Escape) close it; a corner cross would sit on the long title.
        closable={false}
        footer={
          admin
            ? [
                <Button key="later" onClick={close}>
                  {t('notice.later')}
                </Button>,
                <Button key="extend" type="primary" onClick={() => { close(); void navigate(PATHS.extendAuthorization); }} data-testid="licence-dialog-extend">
                  {t('notice.action.expired')}
                </Button>,
              ]
            : [
                <Button key="ok" type="primary" onClick={close}>
                  {t('notice.understood')}
                </Button>,
              ]
        }
        data-testid="licence-dialog"
      >
        {t(admin ? 'notice.expiredAdmin' : 'notice.expiredMember')}
      </Modal>
    </>
  );
}
