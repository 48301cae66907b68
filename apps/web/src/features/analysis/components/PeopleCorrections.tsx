import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAnalysisCorrection, TClassReport } from '@hxk/contracts/analysis';
import { formatDateTime } from '../../../lib/format.ts';
import { MODE_COLOR } from './mode-color.ts';
import { stCorrectionCurves } from './chart-options.ts';
import { pct } from './moments.ts';

type Analysis = NonNullable<TClassReport['analysis']>;

function Figures({ c, expected }: { c: TAnalysisCorrection; expected: number | null }) {
  const { t } = useTranslation('analysis');
  if (c.measure === 'st') {
    return (
      <>
        <Typography.Text data-testid="people-st-figures">Rt {c.rt?.toFixed(2) ?? '—'} · Ch {c.ch?.toFixed(2) ?? '—'}</Typography.Text>
        {c.mode ? <Tag color={MODE_COLOR[c.mode]} style={{ marginInlineEnd: 0 }} data-testid="people-st-mode">{t(`mode.${c.mode}`)}</Tag> : null}
        {c.agreement !== null ? <Typography.Text type="secondary">{t('people.agreement', { share: pct(c.agreement) })}</Typography.Text> : null}
      </>
    );
  }
  return (
    <Typography.Text data-testid="people-attendance-figures">
      {expected ? t('people.present', { present: c.present ?? '—', expected }) : t('people.presentNoExpected', { present: c.present ?? '—' })}
      {c.attendanceRate !== null ? ` · ${pct(c.attendanceRate, 1)}` : ''}
    </Typography.Text>
  );
}

/** People's corrections of one measure, each person's latest with who and when, under the AI's figures. */
export function PeopleCorrections({ a, measure }: { a: Analysis; measure: TAnalysisCorrection['measure'] }) {
  const { t } = useTranslation('analysis');
  const list = a.corrections.filter((c) => c.measure === measure);
  // An S-T correction's colour: its dashed curve on the S-T chart and its point on the Rt-Ch diagram.
  const colors = new Map(stCorrectionCurves(a).map((c) => [c.id, c.color]));
  if (!list.length) return null;
  return (
    <Flex vertical gap={6} style={{ marginTop: 12, paddingTop: 10, borderTop: '1px solid rgba(5, 5, 5, 0.06)' }} data-testid={`people-${measure}`}>
      <Typography.Text strong>{t('people.title')}</Typography.Text>
      {list.map((c) => (
        <Flex key={c.id} gap={8} align="center" wrap data-testid="people-correction">
          {colors.has(c.id) ? <span aria-hidden style={{ width: 10, height: 10, transform: 'rotate(45deg)', background: colors.get(c.id), flex: 'none' }} data-testid="people-swatch" /> : null}
          <Typography.Text strong data-testid="people-by">{c.mine ? t('people.you', { name: c.byName ?? '' }) : (c.byName ?? t('people.former'))}</Typography.Text>
          <Figures c={c} expected={a.expectedStudents} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="people-when">{formatDateTime(c.createdAt)}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
