import { useEffect, useRef, useState } from 'react';
import { Flex, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordingMediaUrlAt, recordingOffset, type TRecording } from '@hxk/contracts/recordings';
import { clockAt } from './RecordingVideo.tsx';
import { useReleaseVideo } from '../../../lib/use-release-video.ts';

/**
 * A recording the media gateway made (seek 'restart'): its playback server streams the MP4 from the
 * moment asked for and answers no Range requests, so the browser cannot seek in it. The slider below
 * is the class's timeline: moving it loads the recording again from there (a new `start`), and the
 * position is that start plus the time played. The player keeps the address it started with while
 * the page renews the token; a seek takes the newest one.
 */
export function GatewayRecordingVideo({ recording, at, startTime, classStartAt, onPosition }: {
  recording: TRecording;
  at: string | null;
  /** The class's start, "08:00" in school time, and as an instant: the recording starts a minute before it. */
  startTime: string | null;
  classStartAt: string | null;
  onPosition?: (seconds: number) => void;
}) {
  const { t } = useTranslation('recordings');
  const ref = useRef<HTMLVideoElement>(null);
  const latest = useRef(recording);
  const first = Math.floor(recordingOffset(recording.startedAt, recording.durationSeconds, at));
  const [base, setBase] = useState(first);
  const [src, setSrc] = useState(() => (recording.mediaUrl ? recordingMediaUrlAt(recording.mediaUrl, recording.startedAt, recording.durationSeconds, first) : undefined));
  const [position, setPosition] = useState(first);
  const [dragging, setDragging] = useState<number | null>(null);

  useEffect(() => {
    latest.current = recording;
  }, [recording]);

  const seek = (offset: number) => {
    const r = latest.current;
    if (!r.mediaUrl) return;
    const o = Math.min(Math.max(0, Math.floor(offset)), Math.max(0, r.durationSeconds - 1));
    setBase(o);
    setPosition(o);
    onPosition?.(o);
    setSrc(recordingMediaUrlAt(r.mediaUrl, r.startedAt, r.durationSeconds, o));
  };

  useReleaseVideo(ref);

  const shown = dragging ?? Math.floor(position);
  // The class's clock at a second of the recording, which starts before the class (its margin).
  const lead = classStartAt ? Math.round((Date.parse(classStartAt) - Date.parse(recording.startedAt)) / 1000) : 0;
  const clock = (seconds: number) => clockAt(startTime, seconds - lead + (seconds < lead ? 86_400 : 0));
  return (
    <Flex vertical gap={4}>
      <video
        ref={ref}
        src={src}
        controls
        muted
        autoPlay
        playsInline
        preload="auto"
        className="hxk-seek-restart"
        data-testid="recording-video"
        data-offset={base}
        style={{ width: '100%', aspectRatio: '16 / 9', background: '#000', borderRadius: 8 }}
        onTimeUpdate={(e) => {
          const p = base + e.currentTarget.currentTime;
          setPosition(p);
          onPosition?.(p);
        }}
      >
        {t('player.unsupported')}
      </video>
      <div data-testid="recording-seek" style={{ padding: '0 8px' }}>
        <Slider
          min={0}
          max={Math.max(1, recording.durationSeconds - 1)}
          step={1}
          value={shown}
          onChange={(v) => setDragging(v)}
          onChangeComplete={(v) => {
            setDragging(null);
            seek(v);
          }}
          tooltip={{ formatter: (v) => clock(v ?? 0) }}
          aria-label={t('player.seek')}
        />
      </div>
      <Typography.Text type="secondary" data-testid="recording-clock">
        {t('player.classClock', { time: clock(shown), seconds: shown })}
      </Typography.Text>
    </Flex>
  );
}
