import { describe, expect, it } from 'vitest';
import { mayAttend, type RuleAssignment, type RuleSession, type RuleTask } from './visibility.ts';

const task: RuleTask = { taskId: 't1', semesterId: 'sem1', startDate: '2026-03-02', endDate: '2026-03-29' };
const session = (over: Partial<RuleSession> = {}): RuleSession => ({ sessionId: 's1', courseId: 'c1', teacherId: 'teach1', semesterId: 'sem1', lessonDate: '2026-03-10', ...over });
const byTeacher: RuleAssignment = { taskId: 't1', supervisorId: 'sup', kind: 'teacher', status: 'assigning', teacherId: 'teach1' };
const byCourse: RuleAssignment = { taskId: 't1', supervisorId: 'sup', kind: 'course', status: 'assigning', courseId: 'c2' };
const bySession: RuleAssignment = { taskId: 't1', supervisorId: 'sup', kind: 'session', status: 'assigning', courseSessionId: 's9' };

describe('which class sessions a supervisor may attend', () => {
  it("assigned to a teacher: every session of every course of that teacher", () => {
    expect(mayAttend('sup', task, [byTeacher], session())).toBe(true);
    expect(mayAttend('sup', task, [byTeacher], session({ courseId: 'c7', sessionId: 's7' }))).toBe(true);
    expect(mayAttend('sup', task, [byTeacher], session({ teacherId: 'teach2' }))).toBe(false);
  });

  it('assigned to a course: all its sessions, not the teacher\'s other courses', () => {
    expect(mayAttend('sup', task, [byCourse], session({ courseId: 'c2' }))).toBe(true);
    expect(mayAttend('sup', task, [byCourse], session({ courseId: 'c1' }))).toBe(false);
  });

  it('assigned to one class session: only that one', () => {
    expect(mayAttend('sup', task, [bySession], session({ sessionId: 's9' }))).toBe(true);
    expect(mayAttend('sup', task, [bySession], session({ sessionId: 's8' }))).toBe(false);
  });

  it('only while the assignment is assigning', () => {
    expect(mayAttend('sup', task, [{ ...byTeacher, status: 'withdrawn' }], session())).toBe(false);
    expect(mayAttend('sup', task, [{ ...byTeacher, status: 'removed' }], session())).toBe(false);
  });

  it('only within the task dates (both ends included) and its semester', () => {
    expect(mayAttend('sup', task, [byTeacher], session({ lessonDate: '2026-03-02' }))).toBe(true);
    expect(mayAttend('sup', task, [byTeacher], session({ lessonDate: '2026-03-29' }))).toBe(true);
    expect(mayAttend('sup', task, [byTeacher], session({ lessonDate: '2026-03-01' }))).toBe(false);
    expect(mayAttend('sup', task, [byTeacher], session({ lessonDate: '2026-03-30' }))).toBe(false);
    expect(mayAttend('sup', task, [byTeacher], session({ semesterId: 'sem2' }))).toBe(false);
  });

  it("only the supervisor's own assignments, of this task", () => {
    expect(mayAttend('other', task, [byTeacher], session())).toBe(false);
    expect(mayAttend('sup', task, [{ ...byTeacher, taskId: 't2' }], session())).toBe(false);
  });
});
