import { Card, Empty, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TClassReport } from '@hxk/contracts/analysis';
import { formatDateTime } from '../../../lib/format.ts';
import { LEVEL_COLOR } from './levels.ts';
import { momentRanges, rangeText } from './moments.ts';
import { EvidenceFrames } from '../../../components/analysis/EvidenceFrames.tsx';

type Analysis = NonNullable<TClassReport['analysis']>;
const SHOWN = 12;
/** Frames shown with each warning (the first kept among its moments); the report's frames card has all. */
const FRAMES = 3;

/** A warning's moments, consecutive samples joined into one range that opens the recording at its start. */
function Moments({ ranges, onMoment }: { ranges: [number, number][]; onMoment: ((t: number) => void) | undefined }) {
  const { t } = useTranslation('analysis');
  return (
    <Flex gap={4} wrap align="center">
      <Typography.Text type="secondary">{t('warnings.moments')}</Typography.Text>
      {ranges.slice(0, SHOWN).map((r) => (
        <Tag key={r[0]} style={{ cursor: onMoment ? 'pointer' : undefined }} onClick={onMoment ? () => onMoment(r[0]) : undefined} data-testid="warning-moment">{rangeText(r)}</Tag>
      ))}
      {ranges.length > SHOWN ? <Typography.Text type="secondary">{t('warnings.more', { count: ranges.length - SHOWN })}</Typography.Text> : null}
    </Flex>
  );
}
const KNOWN = ['headUpBelow', 'attendanceBelow', 'teacherAbsent', 'sensitiveWord'];

/** The warnings this analysis raised, with their level and the moments they rest on (each opens the recording there). */
export function WarningsCard({ a, courseSessionId, onMoment }: { a: Analysis; courseSessionId: string; onMoment: ((t: number) => void) | undefined }) {
  const { t } = useTranslation('analysis');
  const kept = new Set(a.samples.filter((s) => s.hasEvidence).map((s) => s.t));
  const kindText = (kind: string) => {
    const k = kind.replace(/^ai\./, '');
    return KNOWN.includes(k) ? t(`warningKind.${k}`) : kind;
  };
  return (
    <Card size="small" title={t('warnings.title')} data-testid="card-warnings">
      {a.warnings.length ? (
        <List
          size="small"
          dataSource={a.warnings}
          renderItem={(w) => (
            <List.Item key={w.id} data-testid="report-warning">
              <Flex vertical gap={4} style={{ width: '100%' }}>
                <Flex gap={8} wrap align="center">
                  <Tag color={LEVEL_COLOR[w.level]}>{t(`level.${w.level}`)}</Tag>
                  <Typography.Text strong>{kindText(w.kind)}</Typography.Text>
                  <Typography.Text type="secondary">{formatDateTime(w.startedAt)}</Typography.Text>
                </Flex>
                {w.words?.length ? <Typography.Text>{t('warnings.words', { words: w.words.join(t('warnings.separator')) })}</Typography.Text> : null}
                {w.moments.length ? <Moments ranges={momentRanges(w.moments, a.sampleSeconds * 1.5)} onMoment={onMoment} /> : null}
                {w.moments.some((m) => kept.has(m)) ? (
                  <EvidenceFrames courseSessionId={courseSessionId} seconds={w.moments.filter((m) => kept.has(m)).slice(0, FRAMES)} onMoment={onMoment} size="small" />
                ) : null}
              </Flex>
            </List.Item>
          )}
        />
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('warnings.none')} />}
    </Card>
  );
}
