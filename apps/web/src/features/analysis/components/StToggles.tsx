import { useRef, type KeyboardEvent } from 'react';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { clock } from './moments.ts';

/** Intervals per row: with 30 s intervals a row is five minutes of the lesson. */
const PER_ROW = 10;
// A white gap, then red: visible on both the blue T and the orange S.
const CHANGED_RING = '0 0 0 1.5px #fff, 0 0 0 3.5px #cf1322';

/**
 * An S-T sequence as rows of cells, each switched between T and S by a click, a tap, or Space / Enter
 * (they are buttons); the arrow keys, Home and End move between cells. Cells that differ from the
 * AI's coding are ringed, and their label says so.
 */
export function StToggles({ value, ai, intervalSeconds, onChange }: { value: string; ai: string; intervalSeconds: number; onChange: (next: string) => void }) {
  const { t } = useTranslation('analysis');
  const cells = useRef<(HTMLElement | null)[]>([]);
  const n = value.length;

  const toggle = (i: number) => onChange(`${value.slice(0, i)}${value[i] === 'T' ? 'S' : 'T'}${value.slice(i + 1)}`);
  const focus = (i: number) => cells.current[Math.max(0, Math.min(n - 1, i))]?.focus();
  const onKey = (i: number) => (e: KeyboardEvent) => {
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, ArrowDown: i + PER_ROW, ArrowUp: i - PER_ROW, Home: 0, End: n - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    focus(to);
  };
  const codeName = (c: string | undefined) => (c === 'T' ? t('correct.codeT') : t('correct.codeS'));

  const rows: number[] = [];
  for (let start = 0; start < n; start += PER_ROW) rows.push(start);
  return (
    <div role="group" aria-label={t('correct.st')} data-testid="st-toggles"
      style={{ display: 'grid', gridTemplateColumns: `auto repeat(${PER_ROW}, minmax(0, 1fr))`, gap: 4, alignItems: 'center' }}>
      {rows.flatMap((start) => [
        <Typography.Text key={`at-${start}`} type="secondary" style={{ fontSize: 12, paddingRight: 4, fontVariantNumeric: 'tabular-nums' }}>{clock(start * intervalSeconds)}</Typography.Text>,
        ...Array.from({ length: PER_ROW }, (_, k) => {
          const i = start + k;
          if (i >= n) return <span key={i} />;
          const code = value[i];
          const changed = code !== ai[i];
          const times = { from: clock(i * intervalSeconds), to: clock((i + 1) * intervalSeconds), code: codeName(code) };
          return (
            <Button
              key={i}
              ref={(el) => { cells.current[i] = el; }}
              size="small"
              color={code === 'T' ? 'primary' : 'orange'}
              variant="solid"
              aria-label={changed ? t('correct.cellChanged', { ...times, ai: codeName(ai[i]) }) : t('correct.cell', times)}
              title={changed ? t('correct.cellChanged', { ...times, ai: codeName(ai[i]) }) : t('correct.cell', times)}
              onClick={() => toggle(i)}
              onKeyDown={onKey(i)}
              style={{ minWidth: 0, width: '100%', height: 34, padding: 0, fontWeight: changed ? 700 : 500, boxShadow: changed ? CHANGED_RING : undefined }}
              data-testid="st-cell"
              data-code={code}
              data-changed={changed ? 'true' : 'false'}
            >
              {code}
            </Button>
          );
        }),
      ])}
    </div>
  );
}
