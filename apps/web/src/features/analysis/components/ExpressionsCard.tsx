import { useMemo } from 'react';
import { Card, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TClassReport } from '@hxk/contracts/analysis';
import { EChart } from './EChart.tsx';
import { FigureTitle } from './FigureTitle.tsx';
import { EXPRESSION_COLORS, expressionOption, peaksOf } from './chart-options.ts';
import { clock, nearest, pct } from './moments.ts';

type Analysis = NonNullable<TClassReport['analysis']>;

/** Expression shares over the lesson, the lesson's average of each and their peaks (each a link to its moment). */
export function ExpressionsCard({ a, types, onMoment }: { a: Analysis; types: readonly string[]; onMoment: ((t: number) => void) | undefined }) {
  const { t } = useTranslation('analysis');
  const series = useMemo(() => types.map((type) => ({
    type,
    points: a.samples.map((s) => ({ t: s.t, value: s.expressions[type as keyof typeof s.expressions] ?? 0 })),
  })), [a.samples, types]);
  const peaks = useMemo(() => series.flatMap((s) => peaksOf(s.points, s.type)).sort((x, y) => x.t - y.t), [series]);
  const option = useMemo(
    () => expressionOption(a, types, Object.fromEntries(types.map((x) => [x, t(`expression.${x}`)])), peaks),
    [a, types, peaks, t],
  );
  const averages = series.map((s) => ({ type: s.type, avg: s.points.length ? s.points.reduce((sum, p) => sum + p.value, 0) / s.points.length : 0 }));
  const pick = onMoment ? (x: number) => {
    const s = nearest(a.samples, x);
    if (s) onMoment(s.t);
  } : undefined;
  return (
    <Card size="small" title={<FigureTitle title={t('expression.title')} figure="expressions" methods={a.methods} />} data-testid="card-expressions">
      {a.samples.length ? (
        <Flex vertical gap={8}>
          <Flex gap={8} wrap>
            {averages.map((x) => (
              <Tag key={x.type} color={EXPRESSION_COLORS[x.type]} data-testid={`expression-${x.type}`}>{t(`expression.${x.type}`)} {pct(x.avg)}</Tag>
            ))}
          </Flex>
          <EChart option={option} onPick={pick} testId="chart-expressions" label={t('expression.title')} height={260} />
          {peaks.length ? (
            <Flex gap={4} wrap align="center" data-testid="expression-peaks">
              <Typography.Text type="secondary">{t('expression.peaks')}</Typography.Text>
              {peaks.map((p) => (
                <Tag key={`${p.type}-${p.t}`} color={EXPRESSION_COLORS[p.type]} style={{ cursor: onMoment ? 'pointer' : undefined }} onClick={onMoment ? () => onMoment(p.t) : undefined}>
                  {t('expression.peak', { name: t(`expression.${p.type}`), share: pct(p.value), time: clock(p.t) })}
                </Tag>
              ))}
            </Flex>
          ) : null}
        </Flex>
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('samples.none')} />}
    </Card>
  );
}
