import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPINION_MIN_LENGTH } from '@hxk/contracts/constants';
import type { TLessonPlanDue } from '@hxk/contracts/lesson-plans';
import { LevelTag } from '../../../components/lesson-plans/LevelTag.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useAppealGrade } from '../api/appeals.ts';

/** The teacher appeals the grade of their plan, once, with a reason. */
export function AppealModal({ due, onClose }: { due: TLessonPlanDue; onClose: () => void }) {
  const { t } = useTranslation('lessonPlans');
  const [form] = Form.useForm<{ reason: string }>();
  const appeal = useAppealGrade();
  const plan = due.plan!;
  const save = ({ reason }: { reason: string }) =>
    appeal.mutateAsync({ planId: plan.planId, reason }).then(() => {
      toastSuccess(t('appeal.sent'));
      onClose();
    });
  return (
    <Modal
      open
      title={t('appeal.title', { course: due.course.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('appeal.send')}
      okButtonProps={{ loading: appeal.isPending, 'data-testid': 'plan-appeal-send' }}
      width={560}
    >
      <Typography.Paragraph>
        {t('appeal.current')} <LevelTag level={plan.level} />
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>{t('appeal.once')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void save(v).catch(() => undefined)}>
        <Form.Item
          name="reason"
          label={t('appeal.reason')}
          rules={[{ required: true, whitespace: true, min: OPINION_MIN_LENGTH, message: t('appeal.reasonMin', { min: OPINION_MIN_LENGTH }) }]}
        >
          <Input.TextArea rows={4} maxLength={1000} showCount data-testid="plan-appeal-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
