import { useState } from 'react';
import { Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TSharedClip } from '@hxk/contracts/live-lessons';
import { ClipPlayer } from '../../../components/share/ClipPlayer.tsx';
import { formatClipTime } from '../../../components/share/clip-time.ts';

/**
 * A shared clip of a class recording, as the link's viewer sees it: the course, room, teacher and the
 * clip's date and time on the school's clock (as its timetable reads), then the clip itself (from its
 * start, stopping at its end).
 */
export function ClipViewer({ clip }: { clip: TSharedClip }) {
  const { t } = useTranslation('liveLessons');
  // The view is re-read every minute (to notice a revoked link); a gateway address is new each time,
  // but the player keeps the one it started with.
  const [src] = useState(clip.mediaUrl);
  return (
    <Card styles={{ body: { padding: 0 } }} data-testid="clip-viewer">
      <div style={{ padding: '16px 20px' }}>
        <Space wrap size={[8, 4]} align="center">
          <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="clip-title">
            {clip.courseName}
          </Typography.Title>
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {t('clip.tag')}
          </Tag>
          <Tag style={{ marginInlineEnd: 0 }}>{t(`clip.source.${clip.source === 1 ? '1' : '2'}`)}</Tag>
        </Space>
        <div>
          <Typography.Text type="secondary" data-testid="clip-room">
            {[clip.buildingName, clip.classroomName].filter(Boolean).join(' · ')} · {t('clip.teacher', { name: clip.teacherName })}
          </Typography.Text>
        </div>
        <div>
          <Typography.Text type="secondary" data-testid="clip-time">
            {t('viewer.period', { start: clip.clipFrom, end: clip.clipTo.slice(0, 10) === clip.clipFrom.slice(0, 10) ? clip.clipTo.slice(11) : clip.clipTo })}
          </Typography.Text>
        </div>
        <div>
          <Typography.Text type="secondary">{t('clip.range', { from: formatClipTime(clip.clipStart), to: formatClipTime(clip.clipEnd) })}</Typography.Text>
        </div>
      </div>
      <ClipPlayer
        src={src}
        clipStart={clip.clipStart - clip.mediaOffset}
        clipEnd={clip.clipEnd - clip.mediaOffset}
        texts={{ ended: t('clip.ended'), replay: t('clip.replay'), unsupported: t('clip.unsupported') }}
      />
    </Card>
  );
}
