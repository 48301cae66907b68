import { describe, expect, it } from 'vitest';
import { referenceKeys } from './reference-keys.ts';

// The owners refresh these lists by invalidating their whole root (org, classroom, schedule and supervision-group
// mutations, imports): a key moved out of its root would go stale without any test failing.
describe('referenceKeys', () => {
  it('keeps each list under the root its owner invalidates', () => {
    expect(referenceKeys.colleges()[0]).toBe('org');
    expect(referenceKeys.classroomTree(2)[0]).toBe('classrooms');
    for (const key of [referenceKeys.semesterList(), referenceKeys.semesterWeeks('1'), referenceKeys.weekOfToday('1'), referenceKeys.teachers('course', {})]) expect(key[0]).toBe('schedule');
    expect(referenceKeys.teachers('plan', {})[0]).toBe('plans');
    expect(referenceKeys.publishedTemplates('plan')[0]).toBe('plans');
    expect(referenceKeys.supervisionGroups('supervision')[0]).toBe('supervisionGroups');
  });
});
