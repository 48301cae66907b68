import { useMemo } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getSchoolId, hasToken } from '../../../lib/auth-state.ts';
import { LessonViewer } from '../components/LessonViewer.tsx';
import { viewTarget } from '../components/view-target.ts';

/**
 * /back/liveListDetail, open with no checks (spec section 2): the one viewer of live lessons. The
 * router cannot hold the path twice, so it sits outside the shell (the account frame: brand, language,
 * log-out when signed in) for everyone: members reach it from /back/liveListPage and the back office,
 * visitors from a public link or a poster's QR code.
 */
export function LiveListDetailPage({ aiCommentary }: { aiCommentary?: (liveId: string) => React.ReactNode }) {
  const { t } = useTranslation('liveLessons');
  const [params] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the target changes with the address only
  const target = useMemo(() => viewTarget(params, { signedIn: hasToken(), schoolId: getSchoolId() }), [key]);
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto', width: '100%' }} data-testid="live-detail-page">
      {target ? <LessonViewer target={target} commentary={aiCommentary} /> : <Result status="404" title={t('viewer.badLink')} />}
    </div>
  );
}
