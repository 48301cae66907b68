import { useLayoutEffect, useRef, useState } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TReportEvaluationRow } from '@hxk/contracts/reports';
import { percentText } from './format.ts';

const H = 180;
const PAD = { left: 40, right: 12, top: 12, bottom: 28 };
/** Before the first measure, and the narrowest it draws (a phone's card). */
const START_WIDTH = 640;
const MIN_WIDTH = 280;

/**
 * The percentage of each evaluation over the semester, oldest first, as a line of points (plain SVG).
 * Drawn at the width of its card, so it uses all of it with text at its normal size.
 */
export function HistoryChart({ history, highlight }: { history: TReportEvaluationRow[]; highlight: string | null }) {
  const { t } = useTranslation('reports');
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const [W, setW] = useState(START_WIDTH);
  const drawn = history.length >= 2;
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setW(Math.max(MIN_WIDTH, Math.round(el.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [drawn]);
  if (!drawn) return null;
  const x = (i: number) => PAD.left + (i * (W - PAD.left - PAD.right)) / (history.length - 1);
  const y = (p: number) => PAD.top + ((100 - Math.max(0, Math.min(100, p))) * (H - PAD.top - PAD.bottom)) / 100;
  const points = history.map((h, i) => `${x(i)},${y(h.percent)}`).join(' ');
  // A date label per 80 px at most, so they never overlap.
  const every = Math.ceil(history.length / Math.max(2, Math.floor(W / 80)));
  return (
    <div ref={box}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('history.chart')} style={{ width: '100%', display: 'block' }} data-testid="report-history-chart">
        {[0, 50, 100].map((p) => (
          <g key={p}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(p)} y2={y(p)} stroke={token.colorBorderSecondary} />
            <text x={PAD.left - 6} y={y(p) + 4} textAnchor="end" fontSize={11} fill={token.colorTextSecondary}>
              {p}%
            </text>
          </g>
        ))}
        <polyline points={points} fill="none" stroke={token.colorPrimary} strokeWidth={2} />
        {history.map((h, i) => (
          <g key={h.evaluationId}>
            <circle cx={x(i)} cy={y(h.percent)} r={h.evaluationId === highlight ? 6 : 4} fill={h.evaluationId === highlight ? token.colorWarning : token.colorPrimary}>
              <title>{`${h.lessonDate} · ${percentText(h.percent)}`}</title>
            </circle>
            {i % every === 0 || i === history.length - 1 ? (
              <text x={x(i)} y={H - 8} textAnchor={i === 0 ? 'start' : i === history.length - 1 ? 'end' : 'middle'} fontSize={11} fill={token.colorTextSecondary}>
                {h.lessonDate.slice(5)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
    </div>
  );
}
