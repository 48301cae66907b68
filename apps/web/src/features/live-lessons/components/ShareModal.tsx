import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLiveLesson } from '@hxk/contracts/live-lessons';
import { ShareModal as ShareDialog, type ShareDialogTarget } from '../../../components/share/ShareModal.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/** Share a live lesson: the shared dialog (audience, expiry, link, poster, earlier shares) with the lesson's poster. */
export function ShareModal({ lesson, onClose }: { lesson: TLiveLesson | null; onClose: () => void }) {
  const { t } = useTranslation('liveLessons');
  const target = useMemo<ShareDialogTarget | null>(
    () =>
      lesson && {
        subject: { kind: 'lesson', lessonId: lesson.lessonId },
        name: lesson.title,
        defaultAudience: lesson.audience,
        fileName: `live-lesson-${lesson.lessonId}`,
        poster: () => ({
          heading: t('poster.heading'),
          title: lesson.title,
          room: `${lesson.buildingName} · ${lesson.classroomName}`,
          time: t('viewer.period', { start: formatDateTime(lesson.startsAt), end: formatDateTime(lesson.endsAt) }),
          live: true,
        }),
      },
    [lesson, t],
  );
  return <ShareDialog target={target} onClose={onClose} />;
}
