import type { ReactNode } from 'react';
import { Button, Card, Result, Skeleton } from 'antd';
import type { TEvaluation } from '@hxk/contracts/evaluations';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { useEvaluation } from '../api/get-evaluation.ts';
import { evaluationTargetOf } from '../../../lib/evaluation-paths.ts';
import { DraftEditor } from '../components/DraftEditor.tsx';
import { OpenedClass } from '../components/OpenedClass.tsx';
import { RecordView } from '../components/RecordView.tsx';

/**
 * /TeachingRecordDetail?id=<evaluationId> (or ?evaluationId=, as notifications and appeals link it):
 * one evaluation. My draft is filled here (autosaved, then submitted); anything else (submitted, or a
 * teacher reading an evaluation of their class) is read-only, with the actions other features put on
 * a record (report and appeal: composed in by the app, app/composed-pages). With a class instead of
 * an id (lib/evaluation-paths.ts), the class opened to evaluate it: nothing is stored until a save.
 */
export function TeachingRecordDetailPage({ recordActions }: { recordActions?: (e: TEvaluation) => ReactNode }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? params.get('evaluationId');
  const target = id ? null : evaluationTargetOf(params);
  if (target) return <OpenedClass target={target} />;
  return <RecordOf id={id} recordActions={recordActions} />;
}

function RecordOf({ id, recordActions }: { id: string | null; recordActions: ((e: TEvaluation) => ReactNode) | undefined }) {
  const { t } = useTranslation('evaluations');
  const navigate = useNavigate();
  const evaluation = useEvaluation(id);

  if (evaluation.error instanceof ApiError && evaluation.error.code === 0) {
    // Offline: the draft kept on this device is still there once the record loads again.
    return <Result status="warning" title={t('record.offline')} extra={<Button onClick={() => void evaluation.refetch()}>{t('common:action.retry')}</Button>} data-testid="record-offline" />;
  }
  if (!id || evaluation.isError) {
    return <Result status="404" title={t('record.notFound')} extra={<Button onClick={() => void navigate('/Evaluate')}>{t('record.toFront')}</Button>} data-testid="record-not-found" />;
  }
  const e = evaluation.data;
  if (!e) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  // Keyed by id: another record starts from its own draft and its own autosave.
  return e.editable ? <DraftEditor key={e.evaluationId} e={e} /> : <RecordView key={e.evaluationId} e={e} actions={recordActions?.(e)} />;
}
