import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { LESSON_PLAN_LEVELS } from '@hxk/contracts/constants';
import { LESSON_PLAN_COMMENT_MAX, type TLessonPlanDue } from '@hxk/contracts/lesson-plans';
import { toastSuccess } from '../../../lib/toast.ts';
import { useEvaluatePlan } from '../api/evaluation.ts';
import { PlanFiles } from '../../../components/lesson-plans/PlanFiles.tsx';
import { TemplateEvaluateModal } from './TemplateEvaluateModal.tsx';

type Values = { level: number; comment?: string };

/** Grades a handed-in plan: by its collection's template when it has one, else with a level (a later grade replaces it). */
export function EvaluateModal({ due, onClose }: { due: TLessonPlanDue; onClose: () => void }) {
  return due.collection.template ? <TemplateEvaluateModal due={due} onClose={onClose} /> : <LevelEvaluateModal due={due} onClose={onClose} />;
}

/** Grades a handed-in plan with a level 1-4 and a comment. */
function LevelEvaluateModal({ due, onClose }: { due: TLessonPlanDue; onClose: () => void }) {
  const { t } = useTranslation('lessonPlans');
  const [form] = Form.useForm<Values>();
  const evaluate = useEvaluatePlan();
  const plan = due.plan!;
  const save = (v: Values) =>
    evaluate.mutateAsync({ planId: plan.planId, level: v.level, comment: v.comment ?? '' }).then(() => {
      toastSuccess(t('evaluate.saved'));
      onClose();
    });
  return (
    <Modal
      open
      title={t('evaluate.title', { course: due.course.name, teacher: due.teacher.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('evaluate.save')}
      okButtonProps={{ loading: evaluate.isPending, 'data-testid': 'plan-evaluate-save' }}
      width={640}
    >
      <PlanFiles plan={plan} />
      <Form<Values> form={form} layout="vertical" initialValues={{ level: plan.level ?? undefined, comment: plan.comment ?? '' }} onFinish={(v) => void save(v).catch(() => undefined)}>
        <Form.Item name="level" label={t('field.level')} rules={[{ required: true, message: t('evaluate.levelRequired') }]}>
          <Radio.Group data-testid="plan-evaluate-level">
            {LESSON_PLAN_LEVELS.map((l) => (
              <Radio.Button key={l} value={l}>
                <span data-testid={`plan-evaluate-level-${l}`}>{t('level.label', { level: l })} · {t(`level.name${l}`)}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="comment" label={t('field.comment')}>
          <Input.TextArea rows={3} maxLength={LESSON_PLAN_COMMENT_MAX} showCount data-testid="plan-evaluate-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
