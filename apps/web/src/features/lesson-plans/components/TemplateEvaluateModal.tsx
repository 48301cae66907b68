import { useState } from 'react';
import { Alert, Flex, Form, Input, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { scoreForm } from '@hxk/contracts/question-rules';
import type { TAnswer } from '@hxk/contracts/templates';
import { LESSON_PLAN_COMMENT_MAX, type TLessonPlanDue } from '@hxk/contracts/lesson-plans';
import { EvaluationForm } from '../../../components/evaluation/EvaluationForm.tsx';
import { PlanFiles } from '../../../components/lesson-plans/PlanFiles.tsx';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useEvaluatePlan } from '../api/evaluation.ts';
import { useEvaluationForm } from '../api/evaluation-form.ts';
import { BandsHint, ScoreLevel } from './ScoreLevel.tsx';

/**
 * Grades a plan by filling its collection's evaluation template (the evaluations' own form and scoring
 * rules); the level follows from the score's band. A re-grade starts from the earlier answers.
 */
export function TemplateEvaluateModal({ due, onClose }: { due: TLessonPlanDue; onClose: () => void }) {
  const { t } = useTranslation('lessonPlans');
  const plan = due.plan!;
  const form = useEvaluationForm(plan.planId);
  const evaluate = useEvaluatePlan();
  const [answers, setAnswers] = useState<Record<string, TAnswer> | null>(null);
  const [comment, setComment] = useState(plan.comment ?? '');
  const [showErrors, setShowErrors] = useState(false);
  const f = form.data;
  const value = answers ?? f?.answers ?? {};
  const result = f ? scoreForm(f.template.content, value, true) : null;

  const save = () => {
    if (!f || !result) return;
    if (!result.complete) {
      setShowErrors(true);
      toastError(t('evaluate.incomplete', { count: result.count - result.answered || result.errors.length }));
      return;
    }
    void evaluate.mutateAsync({ planId: plan.planId, templateVersionId: f.template.templateVersionId, answers: value, comment }).then(() => {
      toastSuccess(t('evaluate.saved'));
      onClose();
    }).catch(() => undefined);
  };

  return (
    <Modal
      open
      title={t('evaluate.title', { course: due.course.name, teacher: due.teacher.name })}
      onCancel={onClose}
      onOk={save}
      okText={t('evaluate.save')}
      okButtonProps={{ loading: evaluate.isPending, disabled: !f, 'data-testid': 'plan-evaluate-save' }}
      width={720}
    >
      <PlanFiles plan={plan} />
      {form.isLoading && <Spin />}
      {form.isError && <Alert type="error" showIcon title={t('evaluate.formFailed')} />}
      {f && result && (
        <Flex vertical gap={12} data-testid="plan-template-form">
          <Alert type="info" showIcon title={t('evaluate.byTemplate', { name: f.template.name, version: f.template.version })} description={<BandsHint />} />
          <EvaluationForm content={f.template.content} value={value} showErrors={showErrors} testId="plan-template" onChange={setAnswers} />
          <ScoreLevel score={result.total} full={result.full} />
          <Form layout="vertical" component="div">
            <Form.Item label={t('field.comment')} style={{ marginBottom: 0 }}>
              <Input.TextArea rows={3} maxLength={LESSON_PLAN_COMMENT_MAX} showCount value={comment} onChange={(e) => setComment(e.target.value)} data-testid="plan-evaluate-comment" />
            </Form.Item>
          </Form>
        </Flex>
      )}
    </Modal>
  );
}
