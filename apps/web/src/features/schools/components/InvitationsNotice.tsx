import { useState } from 'react';
import { Badge, Button, Empty, List, Modal, Tooltip, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IDENTITY_NAMES } from '@hxk/contracts/permissions';
import { getStoredUser } from '../../../lib/auth-state.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { SESSION_KEYS } from '../../../lib/storage-keys.ts';
import { useMyInvitations } from '../api/get-my-invitations.ts';
import { InvitationActions } from './InvitationActions.tsx';

/**
 * A header entry shown while schools have invited the signed-in person: it opens by itself once per
 * session after sign-in, and lists the invitations to accept or decline.
 */
export function InvitationsNotice() {
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

  if (!list.length && !open) return null;
  return (
    <>
      <Tooltip title={t('invitation.title')}>
        <Badge count={list.length} size="small" offset={[-6, 6]}>
          <Button type="text" icon={<MailOutlined />} aria-label={t('invitation.title')} onClick={() => setOpened(true)} data-testid="header-invitations" />
        </Badge>
      </Tooltip>
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
    </>
  );
}
