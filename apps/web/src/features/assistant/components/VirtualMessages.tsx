import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { visibleWindow } from '../lib/virtual-window.ts';

export type Row = { key: string; estimate: number; render: () => ReactNode };

/** Pixels rendered beyond the viewport on each side, in viewports. */
const OVERSCAN = 1;
/** Within this distance of the end the list counts as following it. */
const PINNED_PX = 48;

/** Measures a row and reports its height whenever it changes (streaming text, a thinking block opened). */
function Measured({ id, onHeight, children }: { id: string; onHeight: (id: string, h: number) => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    onHeight(id, el.offsetHeight);
    const ro = new ResizeObserver(() => onHeight(id, el.offsetHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, [id, onHeight]);
  return <div ref={ref} className="assistant-row" data-row={id}>{children}</div>;
}

/**
 * The conversation's messages, rendered only near the viewport (long conversations stay smooth), in a
 * natively scrolled box. It follows the end as `followKey` changes (new messages, streamed text)
 * unless the reader scrolled within the last `lockMs` (spec section 9's scroll lock), and stays at the
 * end while rows settle their measured heights if it was there.
 */
export function VirtualMessages({ rows, followKey, lockMs, className, testId }: { rows: Row[]; followKey: number; lockMs: number; className: string; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const scrolledAt = useRef(0);
  const pinned = useRef(true);

  const onHeight = useCallback((id: string, h: number) => {
    setHeights((prev) => (h > 0 && prev.get(id) !== h ? new Map(prev).set(id, h) : prev));
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    setViewport(el.clientHeight || 600);
    const ro = new ResizeObserver(() => setViewport(el.clientHeight || 600));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const toEnd = () => {
    const el = box.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    setScrollTop(el.scrollTop);
  };
  // New content: follow it unless the reader just scrolled.
  useLayoutEffect(() => {
    if (Date.now() - scrolledAt.current > lockMs) {
      pinned.current = true;
      toEnd();
    }
  }, [followKey, lockMs]);
  // Heights settled: keep the end in view if it was.
  useLayoutEffect(() => {
    if (pinned.current && Date.now() - scrolledAt.current > lockMs) toEnd();
  }, [heights, lockMs]);

  const sizes = rows.map((r) => heights.get(r.key) ?? r.estimate);
  const w = visibleWindow(sizes, scrollTop, viewport, viewport * OVERSCAN);
  const byReader = () => {
    scrolledAt.current = Date.now();
  };
  return (
    <div
      ref={box}
      className={className}
      data-testid={testId}
      data-rows={rows.length}
      onWheel={byReader}
      onTouchMove={byReader}
      onKeyDown={byReader}
      onScroll={(e) => {
        const el = e.currentTarget;
        setScrollTop(el.scrollTop);
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < PINNED_PX;
      }}
    >
      <div style={{ height: w.top }} aria-hidden />
      {rows.slice(w.start, w.end).map((r) => (
        <Measured key={r.key} id={r.key} onHeight={onHeight}>{r.render()}</Measured>
      ))}
      <div style={{ height: w.bottom }} aria-hidden />
    </div>
  );
}
