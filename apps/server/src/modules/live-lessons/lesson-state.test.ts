import { describe, expect, it } from 'vitest';
import { lessonState, overlaps } from './lesson-state.ts';

const lesson = { startsAt: '2026-03-02T08:00:00.000Z', endsAt: '2026-03-02T08:45:00.000Z', cancelledAt: null };
const at = (iso: string) => new Date(iso);

describe('live lesson state', () => {
  it('is upcoming before the start', () => {
    expect(lessonState(lesson, at('2026-03-02T07:59:59.999Z'))).toBe('upcoming');
  });
  it('is live from the start until just before the end', () => {
    expect(lessonState(lesson, at('2026-03-02T08:00:00.000Z'))).toBe('live');
    expect(lessonState(lesson, at('2026-03-02T08:44:59.999Z'))).toBe('live');
  });
  it('has ended at the end and after', () => {
    expect(lessonState(lesson, at('2026-03-02T08:45:00.000Z'))).toBe('ended');
    expect(lessonState(lesson, at('2026-03-03T00:00:00.000Z'))).toBe('ended');
  });
  it('is cancelled whatever the time once called off', () => {
    const cancelled = { ...lesson, cancelledAt: '2026-03-01T00:00:00.000Z' };
    for (const t of ['2026-03-02T07:00:00Z', '2026-03-02T08:10:00Z', '2026-03-02T09:00:00Z']) expect(lessonState(cancelled, at(t))).toBe('cancelled');
  });
  it('accepts Date values as the database returns them', () => {
    expect(lessonState({ startsAt: at(lesson.startsAt), endsAt: at(lesson.endsAt), cancelledAt: null }, at('2026-03-02T08:30:00Z'))).toBe('live');
  });
});

describe('overlapping periods', () => {
  const p = (a: string, b: string) => ({ startsAt: at(`2026-03-02T${a}:00Z`), endsAt: at(`2026-03-02T${b}:00Z`) });
  it('share a moment when one starts before the other ends', () => {
    expect(overlaps(p('08:00', '09:00'), p('08:30', '09:30'))).toBe(true);
    expect(overlaps(p('08:00', '09:00'), p('08:10', '08:20'))).toBe(true);
  });
  it('do not when one ends exactly as the next starts', () => {
    expect(overlaps(p('08:00', '09:00'), p('09:00', '10:00'))).toBe(false);
    expect(overlaps(p('09:00', '10:00'), p('08:00', '09:00'))).toBe(false);
  });
});
