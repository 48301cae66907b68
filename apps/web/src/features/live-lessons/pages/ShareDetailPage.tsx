import { useMemo } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ViewTarget } from '../api/live-lessons.ts';
import { LessonViewer } from '../components/LessonViewer.tsx';

/**
 * /SCADA/ShareDetail?school=&share=: a members-only share. The guard sends a visitor without a token
 * to sign in and brings them back here (it remembers this path); a member of another school is told
 * the share is for the school's members.
 */
export function ShareDetailPage() {
  const { t } = useTranslation('liveLessons');
  const [params] = useSearchParams();
  const school = params.get('school');
  const code = params.get('share');
  const target = useMemo<ViewTarget | null>(() => (school && code && /^[1-9]\d{0,18}$/.test(school) ? { kind: 'share', schoolId: school, code } : null), [school, code]);
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto', width: '100%' }} data-testid="share-detail-page">
      {target ? <LessonViewer target={target} /> : <Result status="404" title={t('viewer.badLink')} />}
    </div>
  );
}
