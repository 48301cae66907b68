import { useState } from 'react';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { toastError } from '../../../lib/toast.ts';
import { useQuestionnaireForm, type FormTarget } from '../api/get-questionnaire-form.ts';
import { useSubmitQuestionnaire } from '../api/submit-questionnaire.ts';
import { answerProgress, type Answers } from './answer-progress.ts';
import { FillResult } from './FillResult.tsx';
import { QuestionnaireFill } from './QuestionnaireFill.tsx';

const ANSWER_KEYS = ['answer.missing', 'answer.commentRequired', 'answer.outOfRange', 'answer.optionUnknown'];

/** Brings the first question that still needs an answer into view. */
function showQuestion(index: number) {
  document.querySelector(`[data-testid="q-fill-card-${index + 1}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
}

/** One questionnaire filled for a course or class: the form, then thanks; refusals as a result page. */
export function FillScreen({ target }: { target: FormTarget }) {
  const { t } = useTranslation('questionnaires');
  const form = useQuestionnaireForm(target);
  const submit = useSubmitQuestionnaire();
  const [answers, setAnswers] = useState<Answers>({});
  const [showErrors, setShowErrors] = useState(false);
  const [done, setDone] = useState<'submitted' | 'answered' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (form.isPending) {
    return (
      <Card data-testid="q-fill-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (form.isError) {
    const message = form.error instanceof ApiError ? form.error.message : t('fill.loadFailed');
    return <FillResult kind="refused" message={message} />;
  }
  const data = form.data;
  if (refusal) return <FillResult kind="refused" title={data.title} message={refusal} />;
  if (done === 'submitted') return <FillResult kind="submitted" title={data.title} />;
  if (done === 'answered' || data.answered) return <FillResult kind="answered" title={data.title} />;

  const onSubmit = () => {
    const progress = answerProgress(data.questions, answers);
    if (!progress.complete) {
      setShowErrors(true);
      const first = data.questions.findIndex((q) => q.key === progress.problems[0]?.key);
      if (first >= 0) showQuestion(first);
      return;
    }
    // Only the answers of this form's questions are sent.
    const body = Object.fromEntries(data.questions.flatMap((q) => (answers[q.key] ? [[q.key, answers[q.key]!]] : [])));
    submit.mutate(
      { questionnaireId: data.questionnaireId, courseId: target.courseId, courseSessionId: target.courseSessionId, answers: body },
      {
        onSuccess: () => {
          setDone('submitted');
          window.scrollTo({ top: 0 });
        },
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          if (err.errorKey === 'questionnaire.answered') setDone('answered');
          else if (ANSWER_KEYS.includes(err.errorKey)) {
            setShowErrors(true);
            toastError(err.message);
          } else if (['questionnaire.notOpen', 'questionnaire.notAudience', 'questionnaire.courseRequired', 'common.notFound'].includes(err.errorKey)) setRefusal(err.message);
        },
      },
    );
  };

  return (
    <QuestionnaireFill
      header={{ title: data.title, description: data.description, course: data.course, endDate: data.endDate }}
      questions={data.questions}
      value={answers}
      onChange={setAnswers}
      showErrors={showErrors}
      onSubmit={onSubmit}
      submitting={submit.isPending}
    />
  );
}
