import { Form, Input, Modal, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPINION_MIN_LENGTH } from '@hxk/contracts/constants';
import type { TInvitation } from '@hxk/contracts/invitations';
import { i18n } from '../../../lib/i18n.ts';
import { useAnswerInvitation } from '../api/answer-invitation.ts';
import { classLine } from './class-line.ts';

const REASON_MAX = 500;

/** The contract's rule (ZAnswerInvitationRequest): a trimmed reason of at least 5 characters. */
export function reasonRule(): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value === 'string' && value.trim().length >= OPINION_MIN_LENGTH) return;
      throw new Error(i18n.t('invitations:validation.opinionMin', { min: OPINION_MIN_LENGTH }));
    },
  };
}

/** Rejects an invitation to me with a reason the inviter will read. */
export function RejectModal({ target, onClose }: { target: TInvitation | null; onClose: () => void }) {
  const { t } = useTranslation('invitations');
  const [form] = Form.useForm<{ reason: string }>();
  const answer = useAnswerInvitation();

  const submit = async () => {
    if (!target) return;
    const { reason } = await form.validateFields();
    await answer.mutateAsync({ invitationId: target.invitationId, decision: 'reject', reason: reason.trim() });
    onClose();
  };

  return (
    <Modal
      open={target !== null}
      title={t('reject.title')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('action.reject')}
      okButtonProps={{ danger: true, loading: answer.isPending, 'data-testid': 'invitation-reject-ok' }}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
      width={440}
    >
      {target && (
        <Typography.Paragraph type="secondary">
          <Typography.Text strong>{target.class.courseName}</Typography.Text> · {target.inviter.name}
          <br />
          {classLine(t, target.class)}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={t('reject.reason')} rules={[reasonRule()]} validateTrigger={['onBlur', 'onSubmit']}>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount placeholder={t('reject.placeholder')} data-testid="invitation-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
