import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { FillResult } from '../components/FillResult.tsx';
import { FillScreen } from '../components/FillScreen.tsx';

const ID = /^\d{1,19}$/;
const idOrUndefined = (v: string | null) => (v && ID.test(v) ? v : undefined);

/**
 * /EvaluationQuestionnaire: with a questionnaire (and a course, or the class of a QR code) its fill
 * form, phone first; without one, my questionnaires' list (/feeQuestionnaire), which is the menu's.
 */
export function EvaluationQuestionnairePage() {
  const { t } = useTranslation('questionnaires');
  const [params] = useSearchParams();
  const raw = params.get('questionnaireId');
  const questionnaireId = idOrUndefined(raw);
  const courseId = idOrUndefined(params.get('courseId'));
  const courseSessionId = idOrUndefined(params.get('courseSessionId'));

  if (raw === null) return <Navigate to={PATHS.feeQuestionnaire} replace />;
  return (
    <div style={{ maxWidth: 640, margin: '0 auto' }} data-testid="q-fill-page">
      {questionnaireId ? (
        <FillScreen key={`${questionnaireId}-${courseId ?? ''}-${courseSessionId ?? ''}`} target={{ questionnaireId, courseId, courseSessionId }} />
      ) : (
        <FillResult kind="refused" message={t('fill.badLink')} />
      )}
    </div>
  );
}
