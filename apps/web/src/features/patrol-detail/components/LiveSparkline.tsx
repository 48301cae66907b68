import { Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLivePoint } from '@hxk/contracts/analysis-live';

const W = 300;
const H = 80;
type Series = 'attendanceRate' | 'headUpRate' | 'frontRowRate';
const SERIES: Series[] = ['attendanceRate', 'headUpRate', 'frontRowRate'];
const LABEL: Record<Series, string> = { attendanceRate: 'attendance', headUpRate: 'headUp', frontRowRate: 'frontRow' };

/** The polylines of one series: a missing value breaks the line. */
function paths(points: readonly TLivePoint[], key: Series, x: (t: number) => number): string[] {
  const lines: string[] = [];
  let line: string[] = [];
  for (const p of points) {
    const v = p[key];
    if (v === null) {
      if (line.length) lines.push(line.join(' '));
      line = [];
      continue;
    }
    line.push(`${x(p.t).toFixed(1)},${((1 - v) * H).toFixed(1)}`);
  }
  if (line.length) lines.push(line.join(' '));
  return lines;
}

/** A small curve of the class so far: attendance, head-up and front row per sample, 0–100 %. */
export function LiveSparkline({ points }: { points: readonly TLivePoint[] }) {
  const { t } = useTranslation('patrolDetail');
  const { token } = theme.useToken();
  const color: Record<Series, string> = { attendanceRate: token.colorPrimary, headUpRate: token.colorSuccess, frontRowRate: token.colorWarning };
  if (points.length < 2) return <Typography.Text type="secondary">{t('live.curveEmpty')}</Typography.Text>;
  const first = points[0]!.t;
  const span = Math.max(1, points.at(-1)!.t - first);
  const x = (tt: number) => ((tt - first) / span) * W;
  return (
    <Flex vertical gap={4} data-testid="live-curve">
      <Flex gap={4}>
        <Flex vertical justify="space-between" style={{ height: H }}>
          {['100%', '50%', '0%'].map((l) => <Typography.Text key={l} type="secondary" style={{ fontSize: 10, lineHeight: 1 }}>{l}</Typography.Text>)}
        </Flex>
        <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" width="100%" height={H} role="img" aria-label={t('live.curve')} style={{ display: 'block', flex: 1, minWidth: 0, background: token.colorFillQuaternary, borderRadius: token.borderRadiusSM }}>
          {[0.25, 0.5, 0.75].map((g) => <line key={g} x1={0} x2={W} y1={g * H} y2={g * H} stroke={token.colorBorderSecondary} strokeWidth={1} vectorEffect="non-scaling-stroke" />)}
          {SERIES.flatMap((key) => paths(points, key, x).map((d, i) => (
            <polyline key={`${key}-${i}`} points={d} fill="none" stroke={color[key]} strokeWidth={2} vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
          )))}
        </svg>
      </Flex>
      <Flex gap={12} wrap>
        {SERIES.map((key) => (
          <Flex key={key} gap={4} align="center">
            <span style={{ width: 10, height: 10, borderRadius: 5, background: color[key], display: 'inline-block' }} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t(`live.${LABEL[key]}`)}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Flex>
  );
}
