import { useEffect } from 'react';
import { Button, Card, Result, Skeleton } from 'antd';
import type { TBlankEvaluation, TEvaluation } from '@hxk/contracts/evaluations';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import type { EvaluationTarget } from '../../../lib/evaluation-paths.ts';
import { useEvaluationOpening } from '../api/open-evaluation.ts';
import { DraftEditor } from './DraftEditor.tsx';
import { recordPath } from './ListenClassList.tsx';
import { moveLocalDraft } from './local-draft.ts';
import { useStartEvaluation } from './use-start-evaluation.ts';

/** Where this browser keeps the copy of a blank form, before its evaluation exists. */
const localIdOf = (t: EvaluationTarget) => (t.kind === 'plan' ? `new-plan-${t.planId}-${t.courseSessionId}` : `new-${t.kind}-${t.templateId}-${t.courseSessionId}`);

/** A blank form as the record it becomes: my draft, nothing answered, not saved (no id until its first save). */
const blankRecord = (b: TBlankEvaluation): TEvaluation => ({
  ...b, evaluationId: '', status: 'draft', answers: {}, comment: null, totalScore: null, createdAt: '', updatedAt: '', submittedAt: null, editable: true, byPatrol: false,
});

const Loading = () => (
  <Card>
    <Skeleton active paragraph={{ rows: 8 }} />
  </Card>
);

/**
 * A class opened to evaluate it (/TeachingRecordDetail?planId=&courseSessionId=, or ?kind=&templateId=):
 * my evaluation of it if there is one, else its blank form, which stores nothing until its first save.
 * A class not open for evaluation yet, or clashing with another I evaluate, says so.
 */
export function OpenedClass({ target }: { target: EvaluationTarget }) {
  const { t } = useTranslation('evaluations');
  const navigate = useNavigate();
  const opening = useEvaluationOpening(target);
  const start = useStartEvaluation();
  const localId = localIdOf(target);

  if (opening.error) {
    const e = opening.error;
    if (e instanceof ApiError && e.code === 0) {
      return <Result status="warning" title={t('record.offline')} extra={<Button onClick={() => void opening.refetch()}>{t('common:action.retry')}</Button>} data-testid="record-offline" />;
    }
    const back = () => ((window.history.state as { idx?: number } | null)?.idx ? void navigate(-1) : void navigate('/Evaluate'));
    const gone = !(e instanceof ApiError) || e.errorKey === 'common.notFound';
    return (
      <Result
        status={gone ? '404' : 'info'}
        title={gone ? t('record.notFound') : e.message}
        extra={<Button onClick={back}>{t('record.back')}</Button>}
        data-testid={gone ? 'record-not-found' : 'record-not-open'}
      />
    );
  }
  // Asked again at each opening: an evaluation started since then is opened instead of a blank form.
  if (!opening.data || !opening.isFetchedAfterMount) return <Loading />;
  if (opening.data.evaluationId) return <ToRecord evaluationId={opening.data.evaluationId} localId={localId} />;
  if (!opening.data.blank) return <Loading />;
  return (
    <DraftEditor
      key={localId}
      e={blankRecord(opening.data.blank)}
      blank={{ localId, create: () => start(target), onSubmitted: (id) => void navigate(recordPath(id), { replace: true }) }}
    />
  );
}

/** Opens my evaluation of the class instead, with what this browser kept of its blank form. */
function ToRecord({ evaluationId, localId }: { evaluationId: string; localId: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    moveLocalDraft(localId, evaluationId);
    void navigate(recordPath(evaluationId), { replace: true });
  }, [evaluationId, localId, navigate]);
  return <Loading />;
}
