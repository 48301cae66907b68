import { Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/toast.ts';
import { useAnswerInvitation } from '../api/answer-invitation.ts';

/** Accept or decline one school's invitation, each after a confirmation. */
export function InvitationActions({ schoolId, name, code }: { schoolId: string; name: string; code: string }) {
  const { t } = useTranslation('schools');
  const [modal, holder] = Modal.useModal();
  const answer = useAnswerInvitation();

  const confirm = (accept: boolean) =>
    modal.confirm({
      title: t(accept ? 'invitation.acceptTitle' : 'invitation.declineTitle', { name }),
      content: t(accept ? 'invitation.acceptContent' : 'invitation.declineContent'),
      okText: t(accept ? 'invitation.accept' : 'invitation.decline'),
      okButtonProps: accept ? {} : { danger: true },
      cancelText: t('common:action.cancel'),
      onOk: () =>
        answer.mutateAsync({ schoolId, accept }).then(() => toastSuccess(t(accept ? 'invitation.accepted' : 'invitation.declined', { name }))),
    });

  return (
    <Space size={4}>
      {holder}
      <Button type="primary" size="small" onClick={() => confirm(true)} data-testid={`invitation-accept-${code}`}>
        {t('invitation.accept')}
      </Button>
      <Button size="small" danger onClick={() => confirm(false)} data-testid={`invitation-decline-${code}`}>
        {t('invitation.decline')}
      </Button>
    </Space>
  );
}
