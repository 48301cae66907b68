import { describe, expect, it } from 'vitest';
import { visibleWindow } from './virtual-window.ts';

describe('the rows of a long conversation to render', () => {
  const heights = Array.from({ length: 1000 }, (_, i) => (i % 2 ? 200 : 50));

  it('renders only the rows that meet the viewport and its overscan, keeping the rest as space', () => {
    const w = visibleWindow(heights, 0, 500, 250);
    expect(w).toEqual({ start: 0, end: 6, top: 0, bottom: 125_000 - 750 });
    const mid = visibleWindow(heights, 50_000, 500, 250);
    // 50,000 px is row 400's top; 250 px above it starts in row 398.
    expect(mid.start).toBe(398);
    expect(mid.top).toBe(199 * 250);
    expect(mid.top + heights.slice(mid.start, mid.end).reduce((a, b) => a + b, 0) + mid.bottom).toBe(125_000);
    expect(mid.end - mid.start).toBeLessThan(10);
  });

  it('reaches the last row at the bottom, and renders nothing of an empty list', () => {
    const end = visibleWindow(heights, 125_000 - 500, 500, 250);
    expect(end.end).toBe(1000);
    expect(end.bottom).toBe(0);
    expect(visibleWindow([], 0, 500, 250)).toEqual({ start: 0, end: 0, top: 0, bottom: 0 });
  });
});
