import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TInvitation } from '@hxk/contracts/invitations';
import { invitationActionRefusal } from '@hxk/contracts/workflow';
import { toastSuccess } from '../../../lib/toast.ts';
import { useWithdrawInvitation } from '../api/withdraw-invitation.ts';
import { InvitationList } from './InvitationList.tsx';
import { InviteDrawer } from './InviteDrawer.tsx';

function WithdrawButton({ inv }: { inv: TInvitation }) {
  const { t } = useTranslation('invitations');
  const withdraw = useWithdrawInvitation();
  return (
    <Popconfirm
      title={t('withdraw.confirm')}
      description={t('withdraw.description', { name: inv.invitee.name })}
      okText={t('action.withdraw')}
      okButtonProps={{ danger: true, 'data-testid': `invitation-withdraw-ok-${inv.invitationId}` }}
      cancelText={t('common:action.cancel')}
      onConfirm={() => withdraw.mutateAsync(inv.invitationId).then(() => toastSuccess(t('withdraw.done')), () => undefined)}
    >
      <Button danger loading={withdraw.isPending} data-testid={`invitation-withdraw-${inv.invitationId}`}>
        {t('action.withdraw')}
      </Button>
    </Popconfirm>
  );
}

/** The invitations I sent (a teacher's view): invite supervisors to a class, withdraw an open one. */
export function SentBox({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('invitations');
  const [inviting, setInviting] = useState(false);
  // The screen offers only what the state machine allows; the server checks it again.
  const actions = (inv: TInvitation) =>
    invitationActionRefusal({ status: inv.status, classEnded: inv.expired, evaluationSubmitted: inv.evaluationStatus === 'submitted' }, 'withdraw') === null ? (
      <WithdrawButton inv={inv} />
    ) : null;
  return (
    <>
      <InvitationList
        box="sent"
        enabled={enabled}
        actions={actions}
        extra={
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)} data-testid="invitation-invite">
            {t('action.invite')}
          </Button>
        }
      />
      <InviteDrawer open={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
