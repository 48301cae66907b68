import { useState } from 'react';
import { Button } from 'antd';
import { ShareAltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TRecordedClass, TRecording } from '@hxk/contracts/recordings';
import { formatClipTime } from '../../../components/share/clip-time.ts';
import { ShareModal, type ShareDialogTarget } from '../../../components/share/ShareModal.tsx';
import { clockAt } from './RecordingVideo.tsx';

/**
 * "Share" on the recording player: a link and a poster to a clip of this recording (the whole of it,
 * or a range typed or taken from where the player stands), with an audience and an expiry.
 */
export function ShareClipButton({ c, recording, position }: { c: TRecordedClass; recording: TRecording | null; position: () => number }) {
  const { t } = useTranslation('recordings');
  const [target, setTarget] = useState<ShareDialogTarget | null>(null);
  const ready = recording?.status === 'ready';
  const open = () => {
    if (!recording) return;
    const room = `${c.buildingName} · ${c.classroomName}`;
    setTarget({
      subject: { kind: 'clip', recordingId: recording.id },
      name: `${c.courseName} · ${c.lessonDate}`,
      defaultAudience: 'members',
      fileName: `recording-${recording.id}`,
      clip: { durationSeconds: recording.durationSeconds, position: Math.min(Math.floor(position()), recording.durationSeconds) },
      poster: (s) => {
        const from = s.clipStart ?? 0;
        const to = s.clipEnd ?? recording.durationSeconds;
        return {
          heading: t('share.posterHeading'),
          title: c.courseName,
          room: `${room} · ${c.teacherName}`,
          // The class's clock, as the player shows it (school time, to the second).
          time: t('share.posterTime', { date: c.lessonDate, start: clockAt(c.startTime, from), end: clockAt(c.startTime, to), length: formatClipTime(to - from) }),
        };
      },
    });
  };
  return (
    <>
      <Button icon={<ShareAltOutlined />} disabled={!ready} onClick={open} data-testid="recording-share">
        {t('share.action')}
      </Button>
      <ShareModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}
