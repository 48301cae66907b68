import { useCallback, useMemo } from 'react';
import { Card, Col, Descriptions, Empty, Flex, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TClassReport } from '@hxk/contracts/analysis';
import { formatDateTime } from '../../../lib/format.ts';
import { EChart } from './EChart.tsx';
import { FigureTitle } from './FigureTitle.tsx';
import { MODE_COLOR } from './mode-color.ts';
import { PeopleCorrections } from './PeopleCorrections.tsx';
import { TalkShares } from './TalkShares.tsx';
import { AI_ST_COLOR, rtChOption, stCorrectionCurves, stCurveOption, stPoints, type StCorrectionCurve, type StPoint } from './chart-options.ts';
import { clock } from './moments.ts';

type Analysis = NonNullable<TClassReport['analysis']>;

/** Who corrected a curve and when, as its legend says. */
function useCorrectedName() {
  const { t } = useTranslation('analysis');
  return useCallback(
    (c: StCorrectionCurve['correction']) =>
      t('st.legendCorrected', { name: c.mine ? t('people.you', { name: c.byName ?? '' }) : (c.byName ?? t('people.former')), time: formatDateTime(c.createdAt) }),
    [t],
  );
}

/** The S-T chart's legend (under it, where long names wrap): the AI's curve and each person's corrected one. */
function StLegend({ items }: { items: { key: string; color: string; dashed: boolean; text: string }[] }) {
  return (
    <Flex gap="4px 16px" wrap data-testid="st-legend">
      {items.map((i) => (
        <Flex key={i.key} gap={6} align="center" data-testid="st-legend-item">
          <span aria-hidden style={{ width: 22, borderTop: `2px ${i.dashed ? 'dashed' : 'solid'} ${i.color}` }} />
          <Typography.Text style={{ fontSize: 12 }}>{i.text}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

/** Teaching analysis: the S-T curve, the Rt-Ch diagram with the teaching mode, and talk-time shares; people's corrected curves and points over the AI's. */
export function TeachingSection({ a, onMoment }: { a: Analysis; onMoment: ((t: number) => void) | undefined }) {
  const { t } = useTranslation('analysis');
  const correctedName = useCorrectedName();
  const points = useMemo(() => (a.stSequence ? stPoints(a.stSequence, a.stIntervalSeconds) : []), [a.stSequence, a.stIntervalSeconds]);
  const corrected = useMemo(() => stCorrectionCurves(a), [a]);
  const curves = useMemo(() => [
    { name: t('st.legendAi'), color: AI_ST_COLOR, points },
    ...corrected.map((c) => ({ name: correctedName(c.correction), color: c.color, points: stPoints(c.sequence, a.stIntervalSeconds) })),
  ], [points, corrected, a.stIntervalSeconds, t, correctedName]);
  const stOption = useMemo(() => stCurveOption(curves, {
    t: t('st.axisT'),
    s: t('st.axisS'),
    tip: (p, curve) => `${curve ? `${curve}<br/>` : ''}${t('st.tip', { code: p.code, from: clock(p.t), to: clock(p.t + a.stIntervalSeconds) })}`,
  }), [curves, a.stIntervalSeconds, t]);
  const rtCh = useMemo(
    () => rtChOption(
      a.rt,
      a.ch,
      { practice: t('mode.practice'), lecture: t('mode.lecture'), dialogue: t('mode.dialogue'), mixed: t('mode.mixed'), point: corrected.length ? t('rtch.pointAi') : t('rtch.point') },
      corrected.flatMap((c) => (c.correction.rt !== null && c.correction.ch !== null ? [{ rt: c.correction.rt, ch: c.correction.ch, color: c.color, name: correctedName(c.correction) }] : [])),
    ),
    [a.rt, a.ch, corrected, t, correctedName],
  );
  const pick = onMoment
    ? (x: number, y: number) => {
        let best: StPoint | undefined;
        for (const p of curves.flatMap((c) => c.points)) if (!best || Math.hypot(p.x - x, p.y - y) < Math.hypot(best.x - x, best.y - y)) best = p;
        if (best) onMoment(best.t);
      }
    : undefined;
  const nT = a.stSequence ? [...a.stSequence].filter((c) => c === 'T').length : 0;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card size="small" title={<FigureTitle title={t('st.title')} figure="st" methods={a.methods} />} data-testid="card-st">
          {points.length ? (
            <>
              <EChart option={stOption} onPick={pick} testId="chart-st" label={t('st.title')} height={280} />
              {corrected.length ? (
                <StLegend items={[
                  { key: 'ai', color: AI_ST_COLOR, dashed: false, text: t('st.legendAi') },
                  ...corrected.map((c) => ({ key: c.id, color: c.color, dashed: true, text: correctedName(c.correction) })),
                ]} />
              ) : null}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('st.hint', { seconds: a.stIntervalSeconds, n: points.length, nT, nS: points.length - nT })}</Typography.Text>
            </>
          ) : <Empty description={t('st.none')} />}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={<FigureTitle title={t('rtch.title')} figure="mode" methods={a.methods} />} data-testid="card-rtch">
          {a.rt !== null && a.ch !== null ? (
            <>
              <EChart option={rtCh} testId="chart-rtch" label={t('rtch.title')} height={280} />
              <Descriptions size="small" column={{ xs: 1, sm: 3 }} items={[
                { key: 'rt', label: 'Rt', children: <span data-testid="report-rt">{a.rt.toFixed(2)}</span> },
                { key: 'ch', label: 'Ch', children: <span data-testid="report-ch">{a.ch.toFixed(2)}</span> },
                { key: 'mode', label: t('rtch.mode'), children: a.mode ? <Tag color={MODE_COLOR[a.mode]} data-testid="report-mode">{t(`mode.${a.mode}`)}</Tag> : '—' },
              ]} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('rtch.rules')}</Typography.Text>
              <PeopleCorrections a={a} measure="st" />
            </>
          ) : <Empty description={t('st.none')} />}
        </Card>
      </Col>
      <Col xs={24}>
        <Card size="small" title={<FigureTitle title={t('talk.title')} figure="talk" methods={a.methods} />} data-testid="card-talk">
          <TalkShares a={a} />
        </Card>
      </Col>
    </Row>
  );
}
