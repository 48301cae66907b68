/**
 * Which rows of a long list to render (docs/decisions/0023: long conversations stay smooth): from each
 * row's height (measured, or estimated until it is), the rows that meet the viewport widened by
 * `overscan` pixels on both sides, with the space above and below them kept by spacers.
 */
export type Window = { start: number; end: number; top: number; bottom: number };

export function visibleWindow(heights: readonly number[], scrollTop: number, viewport: number, overscan: number): Window {
  const from = Math.max(0, scrollTop - overscan);
  const to = scrollTop + viewport + overscan;
  let y = 0;
  let start = heights.length;
  let top = 0;
  for (let i = 0; i < heights.length; i++) {
    if (y + heights[i]! > from) {
      start = i;
      top = y;
      break;
    }
    y += heights[i]!;
  }
  let end = start;
  y = top;
  while (end < heights.length && y < to) y += heights[end++]!;
  let total = y;
  for (let i = end; i < heights.length; i++) total += heights[i]!;
  return { start, end, top, bottom: total - y };
}
