import { Button, Drawer, Flex, Form, Grid, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/toast.ts';
import { useInvite } from '../api/invite.ts';
import { ClassPicker } from './ClassPicker.tsx';
import { InviteeSelect, type PickedPerson } from './InviteeSelect.tsx';

const MESSAGE_MAX = 500;

type Values = { courseSessionId: string; invitees: PickedPerson[]; message?: string };

/** A teacher invites one or more supervisors to one of their classes that has not ended. */
export function InviteDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('invitations');
  const wide = Grid.useBreakpoint().sm ?? true;
  const [form] = Form.useForm<Values>();
  const invite = useInvite();

  const submit = async () => {
    const v = await form.validateFields();
    const r = await invite.mutateAsync({ courseSessionId: v.courseSessionId, inviteeIds: v.invitees.map((p) => p.value), message: v.message?.trim() ?? '' });
    toastSuccess(t('invite.done', { count: r.invitationIds.length }));
    onClose();
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('invite.title')}
      size={wide ? 520 : '100%'}
      destroyOnHidden
      data-testid="invite-drawer"
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={invite.isPending} onClick={() => void submit().catch(() => undefined)} data-testid="invite-submit">
            {t('invite.submit')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" preserve={false} requiredMark={false}>
        <Form.Item name="courseSessionId" label={t('invite.class')} rules={[{ required: true, message: t('invite.classRequired') }]}>
          <ClassPicker />
        </Form.Item>
        <Form.Item name="invitees" label={t('invite.invitees')} rules={[{ required: true, type: 'array', min: 1, message: t('invite.inviteesRequired') }]}>
          <InviteeSelect />
        </Form.Item>
        <Form.Item name="message" label={t('invite.message')}>
          <Input.TextArea rows={3} maxLength={MESSAGE_MAX} showCount placeholder={t('invite.messagePlaceholder')} data-testid="invite-message" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
