import { Button, Modal, Typography, type ButtonProps } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useCheckIn } from '../api/check-in.ts';

/** Attendance sign-in at the class, after a confirmation that it cannot be undone; then its time. */
export function CheckInButton({ evaluationId, courseSessionId, checkedInAt, canCheckIn }: { evaluationId: string; courseSessionId: string; checkedInAt: string | null; canCheckIn: boolean }) {
  const { t } = useTranslation('evaluations');
  const [modal, holder] = Modal.useModal();
  const checkIn = useCheckIn();

  if (checkedInAt) {
    return (
      <Typography.Text type="success" data-testid="record-checked-in">
        <EnvironmentOutlined /> {t('checkIn.done', { time: formatDateTime(checkedInAt) })}
      </Typography.Text>
    );
  }
  if (!canCheckIn) return null;

  const ask = () =>
    void modal.confirm({
      title: t('checkIn.confirmTitle'),
      content: t('checkIn.confirmText'),
      okText: t('checkIn.action'),
      okButtonProps: { 'data-testid': 'record-checkin-ok' } as ButtonProps,
      cancelText: t('common:action.cancel'),
      onOk: () => checkIn.mutateAsync({ evaluationId, courseSessionId }).then(
          () => toastSuccess(t('checkIn.success')),
          () => undefined, // already shown by the api client
        ),
    });

  return (
    <>
      <Button icon={<EnvironmentOutlined />} onClick={ask} loading={checkIn.isPending} data-testid="record-checkin">
        {t('checkIn.action')}
      </Button>
      {holder}
    </>
  );
}
