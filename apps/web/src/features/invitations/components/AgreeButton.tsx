import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TInvitation } from '@hxk/contracts/invitations';
import { toastSuccess } from '../../../lib/toast.ts';
import { useAnswerInvitation } from '../api/answer-invitation.ts';

/**
 * Agree to an invitation, after a confirmation. A refusal (time conflict with another class I listen
 * to, expired, already answered) shows the server's message as a toast.
 */
export function AgreeButton({ inv, size }: { inv: TInvitation; size?: 'small' | 'middle' }) {
  const { t } = useTranslation('invitations');
  const answer = useAnswerInvitation();
  const agree = () =>
    answer.mutateAsync({ invitationId: inv.invitationId, decision: 'agree' }).then(
      () => toastSuccess(t('agree.done')),
      () => undefined,
    );
  return (
    <Popconfirm
      title={t('agree.confirm')}
      description={t('agree.description', { course: inv.class.courseName })}
      okText={t('action.agree')}
      cancelText={t('common:action.cancel')}
      onConfirm={agree}
      okButtonProps={{ 'data-testid': `invitation-agree-ok-${inv.invitationId}` }}
    >
      <Button type="primary" size={size} loading={answer.isPending} data-testid={`invitation-agree-${inv.invitationId}`}>
        {t('action.agree')}
      </Button>
    </Popconfirm>
  );
}
