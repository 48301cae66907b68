import { describe, expect, it } from 'vitest';
import { LESSON_PLAN_SCORE_BANDS, lessonPlanLevelOf } from './lesson-plans.ts';

describe('lesson-plan levels from a template score (decision 0033)', () => {
  it('gives level 1 from 90 %, 2 from 80 %, 3 from 60 %, else 4', () => {
    expect([100, 90, 89.99, 80, 79.5, 60, 59.99, 0].map((s) => lessonPlanLevelOf(s, 100))).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });
  it('works on the percent of any full marks', () => {
    expect([45, 44.5, 40, 30, 29].map((s) => lessonPlanLevelOf(s, 50))).toEqual([1, 2, 2, 3, 4]);
    // 2/3 of full marks is 66.67 %: level 3, however the division rounds.
    expect(lessonPlanLevelOf(20, 30)).toBe(3);
    expect(lessonPlanLevelOf(27, 30)).toBe(1);
  });
  it('has bands that cover every score, best first', () => {
    expect(LESSON_PLAN_SCORE_BANDS.map((b) => b.level)).toEqual([1, 2, 3, 4]);
    expect(LESSON_PLAN_SCORE_BANDS.at(-1)!.minPercent).toBe(0);
  });
});
