import { describe, expect, it } from 'vitest';
import { accordion, firstScreen, searchMenu, type MenuEntry } from './menu-model.ts';

const entry = (key: string, title: string, groupKey: string | null, groupTitle: string | null): MenuEntry => ({ key, path: `/${key}`, title, groupKey, groupTitle });
const ENTRIES = [
  entry('Evaluate', 'Evaluate', 'evaluation', 'Lesson evaluation'),
  entry('LessonEvaluationRecord', 'Evaluation records', 'evaluation', 'Lesson evaluation'),
  entry('InspectionRecords', 'Inspection records', 'patrol', 'Classroom patrol'),
  entry('roleManagement', 'Role management', 'settings', 'System administration'),
  entry('rolePermission', 'Role permissions', 'settings', 'System administration'),
  entry('scheduleManage', '课表管理', 'recording', '教室、课表与直播'),
  entry('MeInfo', 'Personal info', null, null),
];
const keys = (q: string) => searchMenu(ENTRIES, q).map((g) => [g.groupKey, g.entries.map((e) => e.key)]);

describe('menu search', () => {
  it('finds screens by any part of their title, in any case, grouped as in the menu', () => {
    expect(keys('records')).toEqual([
      ['evaluation', ['LessonEvaluationRecord']],
      ['patrol', ['InspectionRecords']],
    ]);
    expect(keys('ROLE')).toEqual([['settings', ['roleManagement', 'rolePermission']]]);
    expect(keys('课表')).toEqual([['recording', ['scheduleManage']]]);
  });

  it('needs every word, in any order, and ignores extra spaces', () => {
    expect(keys('  perm   role ')).toEqual([['settings', ['rolePermission']]]);
    expect(keys('role records')).toEqual([]);
  });

  it('matches titles only, not group names, and nothing for an empty query', () => {
    expect(keys('administration')).toEqual([]);
    expect(keys('   ')).toEqual([]);
    expect(keys('info')).toEqual([[null, ['MeInfo']]]);
  });
});

describe('accordion', () => {
  it('keeps only the group just opened', () => {
    expect(accordion(['evaluation'], ['evaluation', 'patrol'])).toEqual(['patrol']);
    expect(accordion([], ['settings'])).toEqual(['settings']);
  });

  it('closes a group and opens nothing else', () => {
    expect(accordion(['patrol'], [])).toEqual([]);
  });
});

describe('firstScreen', () => {
  const menu = (path: string, hidden = false) => ({ kind: 'menu' as const, path, hidden, children: [] });
  const group = (...children: ReturnType<typeof menu>[]) => ({ kind: 'group' as const, path: null, hidden: false, children });
  it("is the first shown screen of one's menu, in menu order", () => {
    expect(firstScreen([group(menu('/EvaluationQuestionnaire', true), menu('/feeQuestionnaire')), group(menu('/MeInfo'))])).toBe('/feeQuestionnaire');
  });
  it('is nothing for an empty menu or groups without a shown screen', () => {
    expect(firstScreen([])).toBeNull();
    expect(firstScreen([group(menu('/x', true)), group()])).toBeNull();
  });
});
