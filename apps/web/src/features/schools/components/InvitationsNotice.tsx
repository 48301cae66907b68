import { useState, type ReactNode } from 'react';
import { Empty, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IDENTITY_NAMES } from '@hxk/contracts/permissions';
import { getStoredUser } from '../../../lib/auth-state.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { SESSION_KEYS } from '../../../lib/storage-keys.ts';
import { useMyInvitations } from '../api/get-my-invitations.ts';
import { InvitationActions } from './InvitationActions.tsx';

/**
 * The invitations dialog of the header: it opens by itself once per session after sign-in while
 * schools have invited the signed-in person, and lists the invitations to accept or decline. The
 * header shows the entry that reopens it (a button on a desktop, a line of its menu on a phone).
 */
export function useInvitationsNotice(): { count: number; show: () => void; dialog: ReactNode } {
  const { t } = useTranslation('schools');
  const invitations = useMyInvitations();
  const list = invitations.data ?? [];
  const who = getStoredUser()?.userId ?? '';
  const [shownTo, setShownTo] = useState(() => sessionStorage.getItem(SESSION_KEYS.invitationsShown));
  const [opened, setOpened] = useState(false);
  // Opens by itself until the person has seen it once in this session.
  const open = opened || (list.length > 0 && shownTo !== who);
  const close = () => {
    sessionStorage.setItem(SESSION_KEYS.invitationsShown, who);
    setShownTo(who);
    setOpened(false);
  };

  const dialog = (
    <Modal open={open} title={t('invitation.title')} onCancel={close} footer={null} data-testid="invitations-modal">
      <Typography.Paragraph type="secondary">{t('invitation.description')}</Typography.Paragraph>
      <List
        loading={invitations.isPending}
        dataSource={list}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invitation.empty')} /> }}
        renderItem={(i) => (
          <List.Item data-testid={`invitation-${i.code}`} actions={[<InvitationActions key="answer" schoolId={i.schoolId} name={i.name} code={i.code} />]}>
            <List.Item.Meta
              title={<Typography.Text strong>{i.name}</Typography.Text>}
              description={`${t('mine.code')}: ${i.code} · ${t(`common:identity.${IDENTITY_NAMES[i.identity]}`)} · ${t('invitation.invitedAt', { time: formatDateTime(i.invitedAt) })}`}
            />
          </List.Item>
        )}
      />
    </Modal>
  );
  return { count: list.length, show: () => setOpened(true), dialog: list.length || open ? dialog : null };
}
