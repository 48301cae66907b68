import { Card, Empty, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLiveAnalysis } from '@hxk/contracts/analysis-live';
import { formatDateTime } from '../../../lib/format.ts';
import { aiKind, LEVEL_COLOR, momentRuns } from './live-format.ts';
import { EvidenceFrames } from '../../../components/analysis/EvidenceFrames.tsx';

type Warning = TLiveAnalysis['warnings'][number];

/** What a warning rests on, as a sentence: the rule's figures, the words heard. */
function useEvidence() {
  const { t } = useTranslation('patrolDetail');
  return (w: Warning): string | null => {
    const kind = aiKind(w.kind);
    const f = w.figures ?? {};
    if ((kind === 'attendanceBelow' || kind === 'headUpBelow') && f.lowest !== undefined) {
      // A rule of 0 minutes is met by a single sample.
      return f.minutes ? t('live.evidenceRate', { lowest: f.lowest, threshold: f.threshold, minutes: f.minutes }) : t('live.evidenceRateOnce', { lowest: f.lowest, threshold: f.threshold });
    }
    if (kind === 'teacherAbsent') return t('live.evidenceTeacher', { minutes: f.minutes ?? 0 });
    if (w.words?.length) return t('live.evidenceWords', { words: w.words.join(', ') });
    return null;
  };
}

/** The warnings this class's live analysis raised, active first, each with its evidence: figures and moments. */
export function LiveWarnings({ live }: { live: TLiveAnalysis }) {
  const { t } = useTranslation('patrolDetail');
  const evidence = useEvidence();
  const kept = new Set(live.curve.filter((p) => p.evidence).map((p) => p.t));
  const list = [...live.warnings].sort((a, b) => Number(a.endedAt !== null) - Number(b.endedAt !== null) || a.startedAt.localeCompare(b.startedAt));
  return (
    <Card size="small" title={t('live.warnings')} data-testid="live-warnings">
      {list.length ? (
        <List
          size="small"
          dataSource={list}
          renderItem={(w) => {
            const kind = aiKind(w.kind);
            const said = evidence(w);
            return (
              <List.Item key={w.id} data-testid="live-warning" data-active={w.endedAt === null} style={{ paddingInline: 0 }}>
                <Flex vertical gap={2} style={{ width: '100%' }}>
                  <Flex gap={8} wrap align="center">
                    <Tag color={LEVEL_COLOR[w.level]}>{t(`live.level.${w.level}`)}</Tag>
                    <Typography.Text strong>{kind ? t(`live.kind.${kind}`) : w.kind}</Typography.Text>
                    <Typography.Text type="secondary">{w.endedAt ? t('live.ended', { time: formatDateTime(w.endedAt) }) : t('live.since', { time: formatDateTime(w.startedAt) })}</Typography.Text>
                  </Flex>
                  {said ? <Typography.Text data-testid="live-warning-evidence">{said}</Typography.Text> : null}
                  {w.moments.length ? <Typography.Text type="secondary">{t('live.moments', { moments: momentRuns(w.moments, live.sampleSeconds * 1.5).slice(0, 6).join(', ') })}</Typography.Text> : null}
                  {w.moments.some((m) => kept.has(m)) ? (
                    <EvidenceFrames courseSessionId={live.courseSessionId} seconds={w.moments.filter((m) => kept.has(m)).slice(0, 2)} onMoment={undefined} size="small" />
                  ) : null}
                </Flex>
              </List.Item>
            );
          }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('live.noWarnings')} />
      )}
    </Card>
  );
}
