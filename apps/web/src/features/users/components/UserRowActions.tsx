import { Button, type Modal, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../components/Permission.tsx';
import { getStoredUser } from '../../../lib/auth-state.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import type { Member } from '../api/get-users.ts';
import { useResetUserPassword } from '../api/reset-user-password.ts';
import { useSetUserStatus } from '../api/set-user-status.ts';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** Edit, reset password, disable/enable: each behind its button permission (the server checks again). */
export function UserRowActions({ member, modal, onEdit }: { member: Member; modal: ModalApi; onEdit: () => void }) {
  const { t } = useTranslation('users');
  const reset = useResetUserPassword();
  const setStatus = useSetUserStatus();
  const isSelf = getStoredUser()?.userId === member.userId;
  const enabled = member.status === 'approved';

  const confirmReset = () =>
    modal.confirm({
      title: t('reset.title', { name: member.name }),
      content: t('reset.content'),
      okText: t('reset.ok'),
      cancelText: t('common:action.cancel'),
      onOk: () => reset.mutateAsync(member.userId).then(() => toastSuccess(t('reset.done', { name: member.name }))),
    });

  const toggleStatus = () => {
    if (!enabled) {
      setStatus.mutate({ userId: member.userId, enabled: true }, { onSuccess: () => toastSuccess(t('status.enabledDone', { name: member.name })) });
      return;
    }
    modal.confirm({
      title: t('status.disableTitle', { name: member.name }),
      content: t('status.disableContent'),
      okText: t('status.disable'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      onOk: () =>
        setStatus.mutateAsync({ userId: member.userId, enabled: false }).then(() => toastSuccess(t('status.disabledDone', { name: member.name }))),
    });
  };

  const id = member.account;
  return (
    <Space size={0} wrap={false}>
      <Permission code="user:edit">
        <Button type="link" size="small" onClick={onEdit} data-testid={`user-edit-${id}`}>
          {t('list.edit')}
        </Button>
      </Permission>
      <Permission code="user:resetPwd">
        {/* Someone who also belongs to another school resets their own password (the server refuses too). */}
        <Tooltip title={member.editableProfile ? undefined : t('reset.shared')}>
          <Button type="link" size="small" onClick={confirmReset} disabled={!member.editableProfile} data-testid={`user-reset-${id}`}>
            {t('list.resetPassword')}
          </Button>
        </Tooltip>
      </Permission>
      {!isSelf && (
        <Permission code="user:disable">
          <Button type="link" size="small" danger={enabled} loading={setStatus.isPending} onClick={toggleStatus} data-testid={`user-status-${id}`}>
            {enabled ? t('status.disable') : t('status.enable')}
          </Button>
        </Permission>
      )}
    </Space>
  );
}
