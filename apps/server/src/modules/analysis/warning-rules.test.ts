import { describe, expect, it } from 'vitest';
import { evaluateWarningRules, teacherAttendance, type TRuleInput } from './warning-rules.ts';

const base: TRuleInput = { headUp: [], attendance: [], teacher: [], hits: [], sampleSeconds: 10 };
const series = (rates: (number | null)[]) => rates.map((rate, i) => ({ t: i * 10, rate }));

describe('AI warning rules', () => {
  it('raises head-up under x % only when it lasts y minutes of consecutive samples', () => {
    const rule = { id: 'r1', kind: 'headUpBelow' as const, threshold: 50, minutes: 1, level: 'moderate' as const };
    // Five low samples (50 s) then a high one: not a minute.
    expect(evaluateWarningRules([rule], { ...base, headUp: series([0.4, 0.4, 0.4, 0.4, 0.4, 0.9, 0.4]) })).toEqual([]);
    // Six low samples in a row (60 s at 10 s sampling): raised at the sixth, with its moments.
    const six = evaluateWarningRules([rule], { ...base, headUp: series([0.9, 0.3, 0.2, 0.45, 0.1, 0.3, 0.49, 0.9]) });
    expect(six).toEqual([{ ruleId: 'r1', kind: 'headUpBelow', level: 'moderate', at: 60, moments: [10, 20, 30, 40, 50, 60], figures: { threshold: 50, minutes: 1, lowest: 10 } }]);
  });

  it('treats exactly the threshold as not under it, and a sample without a pose as breaking the run', () => {
    const rule = { id: 'r1', kind: 'headUpBelow' as const, threshold: 50, minutes: 0, level: 'mild' as const };
    expect(evaluateWarningRules([rule], { ...base, headUp: series([0.5, 0.5]) })).toEqual([]);
    const twoMin = { ...rule, minutes: 0.5 }; // three samples
    expect(evaluateWarningRules([twoMin], { ...base, headUp: series([0.1, 0.1, null, 0.1, 0.1]) })).toEqual([]);
    expect(evaluateWarningRules([rule], { ...base, headUp: series([0.9, 0.49]) })).toMatchObject([{ at: 10, moments: [10] }]);
  });

  it('raises attendance under x % from the attendance series', () => {
    const rule = { id: 'a', kind: 'attendanceBelow' as const, threshold: 80, minutes: 0, level: 'severe' as const };
    expect(evaluateWarningRules([rule], { ...base, attendance: series([null, 0.85, 0.79]) })).toMatchObject([{ ruleId: 'a', at: 20, figures: { lowest: 79 } }]);
    expect(evaluateWarningRules([rule], { ...base, attendance: series([null, 0.8]) })).toEqual([]);
  });

  it('judges the teacher absent only once the deadline has been sampled, and not when seen before it', () => {
    const rule = { id: 't', kind: 'teacherAbsent' as const, minutes: 5, level: 'severe' as const };
    const absent = (until: number, seenAt?: number) => Array.from({ length: until / 60 + 1 }, (_, i) => ({ t: i * 60, present: i * 60 === seenAt }));
    expect(evaluateWarningRules([rule], { ...base, teacher: absent(240) })).toEqual([]);
    expect(evaluateWarningRules([rule], { ...base, teacher: absent(300) })).toMatchObject([{ ruleId: 't', at: 300, moments: [0, 60, 120, 180, 240, 300] }]);
    expect(evaluateWarningRules([rule], { ...base, teacher: absent(600, 120) })).toEqual([]);
  });

  it('raises a sensitive word of the rule\'s category, or of any category', () => {
    const hits = [
      { start: 95, word: '暴力', category: 'violence' },
      { start: 30, word: 'gamble', category: 'gambling' },
      { start: 200, word: '暴力', category: 'violence' },
    ];
    const violence = { id: 's1', kind: 'sensitiveWord' as const, category: 'violence', level: 'severe' as const };
    const any = { id: 's2', kind: 'sensitiveWord' as const, category: null, level: 'mild' as const };
    const other = { id: 's3', kind: 'sensitiveWord' as const, category: 'politics', level: 'mild' as const };
    expect(evaluateWarningRules([violence, any, other], { ...base, hits })).toEqual([
      { ruleId: 's1', kind: 'sensitiveWord', level: 'severe', at: 95, moments: [95, 200], words: ['暴力'] },
      { ruleId: 's2', kind: 'sensitiveWord', level: 'mild', at: 30, moments: [30, 95, 200], words: ['gamble', '暴力'] },
    ]);
  });
});

describe('teacher attendance', () => {
  const seen = (...ts: number[]) => [0, 300, 600, 900, 1200, 1500, 1800, 2100, 2400, 2700].map((t) => ({ t, present: ts.includes(t) }));
  it('is absent, late, early leave or normal with a grace of 5 minutes', () => {
    expect(teacherAttendance(seen(), 2700)).toBe('absent');
    expect(teacherAttendance(seen(600, 900, 2700), 2700)).toBe('late');
    expect(teacherAttendance(seen(300, 900, 2700), 2700)).toBe('normal');
    expect(teacherAttendance(seen(0, 300, 1200), 2700)).toBe('earlyLeave');
    expect(teacherAttendance(seen(0, 2400), 2700)).toBe('normal');
  });
});
