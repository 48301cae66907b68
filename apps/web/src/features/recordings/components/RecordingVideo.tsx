import { useEffect, useRef, useState } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordingOffset, type TRecording } from '@hxk/contracts/recordings';
import { useReleaseVideo } from '../../../lib/use-release-video.ts';

/**
 * The recording in an HTML5 player: the server answers Range requests, so the browser fetches what
 * it needs to start and to seek. Starts at `at` (a moment of the class) when given, and shows the
 * class's clock for the moment on screen.
 */
/** The class's clock ("08:00:12") at `seconds` into a recording that starts at `startTime` ("08:00", school time). */
export function clockAt(startTime: string | null, seconds: number): string {
  if (!startTime) return '';
  const [h, m] = startTime.split(':').map(Number) as [number, number];
  const total = h * 3600 + m * 60 + Math.floor(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600) % 24)}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}

export function RecordingVideo({ recording, at, startTime, onPosition }: {
  recording: TRecording;
  at: string | null;
  startTime: string | null;
  /** Told where the player stands as it plays and seeks (the share dialog starts a clip there). */
  onPosition?: (seconds: number) => void;
}) {
  const { t } = useTranslation('recordings');
  const ref = useRef<HTMLVideoElement>(null);
  const offset = recordingOffset(recording.startedAt, recording.durationSeconds, at);
  const [position, setPosition] = useState(offset);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const start = () => {
      if (offset > 0) video.currentTime = offset;
      // Muted, so that the browser lets it start by itself; the controls unmute it.
      void video.play().catch(() => undefined);
    };
    if (video.readyState >= 1) start();
    else video.addEventListener('loadedmetadata', start, { once: true });
    return () => video.removeEventListener('loadedmetadata', start);
  }, [offset, recording.mediaUrl]);

  useReleaseVideo(ref);

  return (
    <Flex vertical gap={8}>
      <video
        ref={ref}
        src={recording.mediaUrl ?? undefined}
        controls
        muted
        playsInline
        preload="metadata"
        data-testid="recording-video"
        style={{ width: '100%', aspectRatio: '16 / 9', background: '#000', borderRadius: 8 }}
        onTimeUpdate={(e) => {
          setPosition(e.currentTarget.currentTime);
          onPosition?.(e.currentTarget.currentTime);
        }}
        onSeeked={(e) => {
          setPosition(e.currentTarget.currentTime);
          onPosition?.(e.currentTarget.currentTime);
        }}
      >
        {t('player.unsupported')}
      </video>
      <Typography.Text type="secondary" data-testid="recording-clock">
        {t('player.classClock', { time: clockAt(startTime, position), seconds: Math.floor(position) })}
      </Typography.Text>
    </Flex>
  );
}
