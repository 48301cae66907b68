import { Flex, Image, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { classClock as clock } from './clock.ts';

/** A frame the analysis kept (faces blurred to their outlines), served to the report's readers only. */
export const evidenceUrl = (courseSessionId: string, t: number) =>
  `/app/ddxk/ai/v1/evidence?${new URLSearchParams({ courseSessionId, t: String(t) }).toString()}`;

/**
 * Frames kept as evidence, as thumbnails that open in a preview with the others; the time under each
 * opens the recording there. `seconds` are samples that have a kept frame.
 */
export function EvidenceFrames({ courseSessionId, seconds, onMoment, size = 'default' }: {
  courseSessionId: string;
  seconds: readonly number[];
  onMoment: ((t: number) => void) | undefined;
  size?: 'default' | 'small';
}) {
  const { t } = useTranslation('analysis');
  const [w, h] = size === 'small' ? [112, 63] : [176, 99];
  return (
    <Image.PreviewGroup>
      <Flex gap={8} wrap data-testid="evidence-frames">
        {seconds.map((s) => (
          <Flex key={s} vertical gap={2} align="center">
            <Image
              src={evidenceUrl(courseSessionId, s)}
              alt={t('evidence.alt', { time: clock(s) })}
              width={w}
              height={h}
              loading="lazy"
              style={{ objectFit: 'cover', borderRadius: 4, background: '#f0f0f0' }}
              data-testid="evidence-frame"
            />
            <Tag
              style={{ cursor: onMoment ? 'pointer' : undefined, marginInlineEnd: 0 }}
              onClick={onMoment ? () => onMoment(s) : undefined}
              title={onMoment ? t('evidence.open') : undefined}
            >
              {clock(s)}
            </Tag>
          </Flex>
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}

/** The note under the frames: what they are and how long they are kept. */
export function EvidenceNote() {
  const { t } = useTranslation('analysis');
  return <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('evidence.note')}</Typography.Text>;
}
