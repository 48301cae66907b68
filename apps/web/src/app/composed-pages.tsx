/**
 * Pages made of more than one feature (STYLE 10: features do not import each other; the app composes
 * them): the front page with the invitations and appeals boxes, and an evaluation's record with the
 * teacher's report and appeal actions.
 */
import { RecordAppealActions } from '../features/appeals/components/RecordAppealActions.tsx';
import { FrontAppeals } from '../features/appeals/components/FrontAppeals.tsx';
import { EvaluatePage } from '../features/evaluations/pages/EvaluatePage.tsx';
import { TeachingRecordDetailPage } from '../features/evaluations/pages/TeachingRecordDetailPage.tsx';
import { FrontInvitations } from '../features/invitations/components/FrontInvitations.tsx';

/** /Evaluate */
export function FrontPage() {
  return <EvaluatePage invitations={<FrontInvitations />} appeals={<FrontAppeals />} />;
}

/** /TeachingRecordDetail */
export function RecordPage() {
  return <TeachingRecordDetailPage recordActions={(e) => <RecordAppealActions e={e} />} />;
}
