import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLiveAnalysis } from '@hxk/contracts/analysis-live';
import { MethodHint } from '../../../components/analysis/MethodHint.tsx';
import { classClock, talkTime } from './live-format.ts';

const MODE_COLOR = { practice: 'green', lecture: 'blue', dialogue: 'purple', mixed: 'gold' } as const;

/** S-T over the intervals heard so far (Rt, Ch, the mode), or why there is none yet; and the talk time. */
export function LiveSt({ live }: { live: TLiveAnalysis }) {
  const { t } = useTranslation('patrolDetail');
  const st = live.st;
  const firstEnd = (live.now?.t !== undefined ? Math.ceil((live.now.t + 1) / live.stIntervalSeconds) : 1) * live.stIntervalSeconds;
  const why = live.audio === 'none' ? t('live.stNone') : live.audio === 'roomOnly' ? t('live.stRoomOnly') : t('live.stPending', { clock: classClock(firstEnd) });
  return (
    <Card size="small" title={<Flex align="center" gap={2}><span>{t('live.st')}</span><MethodHint methods={live.methods} figure="st" /></Flex>} data-testid="live-st">
      {st ? (
        <Flex vertical gap={8}>
          <Flex wrap gap={2} aria-label={st.sequence} data-testid="live-st-sequence" data-sequence={st.sequence}>
            {[...st.sequence].map((c, i) => (
              <span key={i} style={{ width: 14, height: 18, lineHeight: '18px', textAlign: 'center', fontSize: 11, color: '#fff', borderRadius: 2, background: c === 'T' ? '#1677ff' : '#52c41a' }}>{c}</span>
            ))}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('live.stIntervals', { count: st.sequence.length, seconds: live.stIntervalSeconds })}</Typography.Text>
          <Descriptions size="small" column={{ xs: 1, sm: 3 }} items={[
            { key: 'rt', label: t('live.rt'), children: <span data-testid="live-rt">{st.rt.toFixed(2)}</span> },
            { key: 'ch', label: t('live.ch'), children: <span data-testid="live-ch">{st.ch.toFixed(2)}</span> },
            { key: 'mode', label: <Flex align="center" gap={2}><span>{t('live.modeLabel')}</span><MethodHint methods={live.methods} figure="mode" /></Flex>, children: <Tag color={MODE_COLOR[st.mode]} data-testid="live-mode">{t(`live.mode.${st.mode}`)}</Tag> },
          ]} />
        </Flex>
      ) : (
        <Typography.Text type="secondary" data-testid="live-st-none">{why}</Typography.Text>
      )}
      {live.talk && live.audio === 'separated' ? (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
          {t('live.talk', { teacher: talkTime(live.talk.teacher), student: talkTime(live.talk.student), silence: talkTime(live.talk.silence) })}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
