import { useMemo } from 'react';
import { Card, Col, Descriptions, Empty, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TClassReport } from '@hxk/contracts/analysis';
import { EChart } from './EChart.tsx';
import { FigureTitle } from './FigureTitle.tsx';
import { MODE_COLOR } from './mode-color.ts';
import { PeopleCorrections } from './PeopleCorrections.tsx';
import { TalkShares } from './TalkShares.tsx';
import { rtChOption, stCurveOption, stPoints } from './chart-options.ts';
import { clock } from './moments.ts';

type Analysis = NonNullable<TClassReport['analysis']>;

/** Teaching analysis: the S-T curve, the Rt-Ch diagram with the teaching mode, and talk-time shares. */
export function TeachingSection({ a, onMoment }: { a: Analysis; onMoment: ((t: number) => void) | undefined }) {
  const { t } = useTranslation('analysis');
  const points = useMemo(() => (a.stSequence ? stPoints(a.stSequence, a.stIntervalSeconds) : []), [a.stSequence, a.stIntervalSeconds]);
  const stOption = useMemo(() => stCurveOption(points, {
    t: t('st.axisT'),
    s: t('st.axisS'),
    tip: (p) => t('st.tip', { code: p.code, from: clock(p.t), to: clock(p.t + a.stIntervalSeconds) }),
  }), [points, a.stIntervalSeconds, t]);
  const rtCh = useMemo(
    () => rtChOption(a.rt, a.ch, { practice: t('mode.practice'), lecture: t('mode.lecture'), dialogue: t('mode.dialogue'), mixed: t('mode.mixed'), point: t('rtch.point') }),
    [a.rt, a.ch, t],
  );
  const pick = onMoment
    ? (x: number, y: number) => {
        let best = points[0];
        for (const p of points) if (best && Math.hypot(p.x - x, p.y - y) < Math.hypot(best.x - x, best.y - y)) best = p;
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
