import { describe, expect, it } from 'vitest';
import { historyGroup, msToMidnight } from './history-groups.ts';

describe('history groups', () => {
  const now = new Date(2026, 10, 27, 0, 30);
  it('groups by calendar day', () => {
    expect(historyGroup(new Date(2026, 10, 27, 0, 1), now)).toBe('today');
    expect(historyGroup(new Date(2026, 10, 26, 23, 59), now)).toBe('yesterday');
    expect(historyGroup(new Date(2026, 10, 26, 0, 0), now)).toBe('yesterday');
    expect(historyGroup(new Date(2026, 10, 25, 23, 0), now)).toBe('last7Days');
    expect(historyGroup(new Date(2026, 10, 20, 0, 0), now)).toBe('last7Days');
    expect(historyGroup(new Date(2026, 10, 19, 23, 59), now)).toBe('earlier');
  });
  it('knows when midnight regroups them', () => {
    expect(msToMidnight(new Date(2026, 10, 27, 23, 59, 0))).toBe(60_000);
  });
});
