import { Flex, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TClassReport } from '@hxk/contracts/analysis';
import { pct } from './moments.ts';

type Analysis = NonNullable<TClassReport['analysis']>;
const COLORS = { teacher: '#1677ff', student: '#52c41a', unknown: '#faad14', silence: '#d9d9d9' } as const;
type Part = keyof typeof COLORS;

/** Talk time as one bar of shares: teacher, students, silence (or, with one microphone, speech and silence); overlap explained. */
export function TalkShares({ a }: { a: Analysis }) {
  const { t } = useTranslation('analysis');
  const { token } = theme.useToken();
  const separated = a.teacherTalkSeconds !== null && a.studentTalkSeconds !== null;
  const unknown = a.talk.filter((s) => s.kind === 'unknown').reduce((sum, s) => sum + (s.end - s.start), 0);
  const duration = a.durationSeconds ?? (separated ? (a.teacherTalkSeconds ?? 0) + (a.studentTalkSeconds ?? 0) + (a.silenceSeconds ?? 0) : 0);
  if (!duration || (!separated && !unknown)) return <Typography.Text type="secondary" data-testid="talk-none">{t('talk.none')}</Typography.Text>;
  const parts: [Part, number][] = separated
    ? [['teacher', a.teacherTalkSeconds ?? 0], ['student', a.studentTalkSeconds ?? 0], ['silence', a.silenceSeconds ?? 0]]
    : [['unknown', unknown], ['silence', Math.max(0, duration - unknown)]];
  return (
    <Flex vertical gap={8} data-testid="talk-shares">
      <div style={{ display: 'flex', height: 18, borderRadius: token.borderRadiusSM, overflow: 'hidden' }}>
        {parts.map(([k, s]) => (
          <Tooltip key={k} title={`${t(`talk.${k}`)} ${pct(s / duration)}`}>
            <div style={{ width: `${(s / duration) * 100}%`, background: COLORS[k] }} />
          </Tooltip>
        ))}
      </div>
      <Flex gap={12} wrap>
        {parts.map(([k, s]) => (
          <Typography.Text key={k} data-testid={`talk-${k}`}>
            <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: COLORS[k], marginInlineEnd: 4 }} />
            {t(`talk.${k}`)} {pct(s / duration)}
          </Typography.Text>
        ))}
      </Flex>
      {separated ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="talk-overlap">
          {t('talk.overlapNote', { share: pct((a.overlapSeconds ?? 0) / duration, 1) })}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('talk.oneChannel')}</Typography.Text>
      )}
    </Flex>
  );
}
