import { useMemo } from 'react';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TDataBoard } from '@hxk/contracts/analysis-board';
import { formatLessonDay } from '../../../lib/class-time.ts';
import { EChart } from './EChart.tsx';
import { BoardTitle } from './BoardMethod.tsx';
import { modesOption, trendOption } from './board-charts.ts';

/** A day on the trend's axis in two short lines, "11/21" over "Sat", so all seven fit a phone. */
function axisDay(iso: string, language: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return `${new Intl.DateTimeFormat(language, { month: 'numeric', day: 'numeric' }).format(date)}\n${new Intl.DateTimeFormat(language, { weekday: 'short' }).format(date)}`;
}

/** The three rates per day over the last 7 days. */
export function BoardTrendCard({ trend }: { trend: TDataBoard['trend'] }) {
  const { t, i18n } = useTranslation('board');
  const option = useMemo(
    () =>
      trendOption(trend.days, {
        day: (d) => formatLessonDay(d),
        axisDay: (d) => axisDay(d, i18n.language),
        rate: { attendance: t('rate.attendance'), headUp: t('rate.headUp'), frontRow: t('rate.frontRow') },
        classes: t('trend.classes'),
        noValue: t('trend.noValue'),
      }),
    [trend, t, i18n.language],
  );
  const empty = trend.days.every((d) => d.classes === 0);
  return (
    <Card size="small" title={<BoardTitle title={t('trend.title')} method={trend.method} rates />} data-testid="board-trend" style={{ height: '100%' }}>
      {empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trend.empty')} data-testid="board-trend-empty" /> : <EChart option={option} testId="chart-board-trend" label={t('trend.chart')} height={280} />}
    </Card>
  );
}

/** This week's analysed classes by teaching mode. */
export function BoardModesCard({ modes }: { modes: TDataBoard['modes'] }) {
  const { t } = useTranslation('board');
  const option = useMemo(
    () => modesOption(modes.counts, { practice: t('mode.practice'), lecture: t('mode.lecture'), dialogue: t('mode.dialogue'), mixed: t('mode.mixed') }),
    [modes, t],
  );
  return (
    <Card
      size="small"
      title={<BoardTitle title={t('modes.title')} method={modes.method} />}
      extra={modes.total ? <Typography.Text type="secondary" data-testid="board-modes-total">{t('modes.total', { count: modes.total })}</Typography.Text> : null}
      data-testid="board-modes"
      style={{ height: '100%' }}
    >
      {modes.total ? <EChart option={option} testId="chart-board-modes" label={t('modes.chart')} height={280} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('modes.empty')} data-testid="board-modes-empty" />}
    </Card>
  );
}
