import { useState } from 'react';
import { Alert, Button, Flex, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLessonPlanDue } from '@hxk/contracts/lesson-plans';
import { EvaluationForm } from '../../../components/evaluation/EvaluationForm.tsx';
import { useEvaluationForm } from '../api/evaluation-form.ts';
import { BandsHint, ScoreLevel } from './ScoreLevel.tsx';

/** A template-graded plan's filled evaluation form, read only (the teacher's and the readers' view). */
export function FilledFormButton({ due }: { due: TLessonPlanDue }) {
  const { t } = useTranslation('lessonPlans');
  const [open, setOpen] = useState(false);
  const plan = due.plan!;
  const form = useEvaluationForm(plan.planId, open);
  const f = form.data;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={`plan-filled-form-${due.dueId}`}>{t('form.view')}</Button>
      {open && (
        <Modal open title={t('form.title', { course: due.course.name })} onCancel={() => setOpen(false)} footer={null} width={720}>
          {form.isLoading && <Spin />}
          {form.isError && <Alert type="error" showIcon title={t('evaluate.formFailed')} />}
          {f && (
            <Flex vertical gap={12} data-testid="plan-filled-form">
              <Alert type="info" showIcon title={t('evaluate.byTemplate', { name: f.template.name, version: f.template.version })} description={<BandsHint />} />
              {f.score !== null && <ScoreLevel score={f.score} full={f.template.totalScore} testId="plan-filled-score" />}
              <EvaluationForm content={f.template.content} value={f.answers ?? {}} readOnly testId="plan-filled" />
            </Flex>
          )}
        </Modal>
      )}
    </>
  );
}
