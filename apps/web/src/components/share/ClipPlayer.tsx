import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { formatClipTime } from './clip-time.ts';
import { useReleaseVideo } from '../../lib/use-release-video.ts';

/** How far past an edge a seek may land before it is pulled back (players land near, not on, a time). */
const SLACK = 0.25;

/**
 * A clip of a recording in an HTML5 player. The media may be the whole recording (hxk's file, served
 * with HTTP Range) or the clip's span alone (the gateway's playback); `clipStart` and `clipEnd` are
 * seconds of that media. The player keeps to them: it starts at the clip's start, pauses at its end,
 * and pulls any seek outside the range back to its edge. Shows the position within the clip.
 */
export function ClipPlayer({ src, clipStart, clipEnd, texts }: {
  src: string;
  clipStart: number;
  clipEnd: number;
  texts: { ended: string; replay: string; unsupported: string };
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [position, setPosition] = useState(0);
  const [atEnd, setAtEnd] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const start = () => {
      video.currentTime = clipStart;
      // Muted, so that the browser lets it start by itself; the controls unmute it.
      void video.play().catch(() => undefined);
    };
    const hold = () => {
      const t = video.currentTime;
      if (t >= clipEnd) {
        if (!video.paused) video.pause();
        if (t > clipEnd + SLACK) video.currentTime = clipEnd;
        setAtEnd(true);
      } else if (t < clipStart - SLACK) {
        video.currentTime = clipStart;
      } else setAtEnd(false);
      setPosition(Math.min(Math.max(t, clipStart), clipEnd) - clipStart);
    };
    const replayAtEnd = () => {
      if (video.currentTime >= clipEnd - SLACK) video.currentTime = clipStart;
    };
    if (video.readyState >= 1) start();
    else video.addEventListener('loadedmetadata', start, { once: true });
    video.addEventListener('timeupdate', hold);
    video.addEventListener('seeking', hold);
    video.addEventListener('play', replayAtEnd);
    return () => {
      video.removeEventListener('loadedmetadata', start);
      video.removeEventListener('timeupdate', hold);
      video.removeEventListener('seeking', hold);
      video.removeEventListener('play', replayAtEnd);
    };
  }, [clipStart, clipEnd, src]);

  useReleaseVideo(ref);

  const replay = () => {
    const video = ref.current;
    if (!video) return;
    video.currentTime = clipStart;
    setAtEnd(false);
    void video.play().catch(() => undefined);
  };

  return (
    <Flex vertical gap={8}>
      <video
        ref={ref}
        src={src}
        controls
        muted
        playsInline
        preload="metadata"
        data-testid="clip-video"
        data-clip-start={clipStart}
        data-clip-end={clipEnd}
        style={{ width: '100%', aspectRatio: '16 / 9', maxHeight: '75vh', background: '#000', display: 'block' }}
      >
        {texts.unsupported}
      </video>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ padding: '0 16px 12px' }}>
        <Typography.Text type="secondary" data-testid="clip-position">
          {formatClipTime(position)} / {formatClipTime(clipEnd - clipStart)}
        </Typography.Text>
        {atEnd && (
          <Flex align="center" gap={8} data-testid="clip-ended">
            <Typography.Text>{texts.ended}</Typography.Text>
            <Button size="small" icon={<ReloadOutlined />} onClick={replay}>
              {texts.replay}
            </Button>
          </Flex>
        )}
      </Flex>
    </Flex>
  );
}
