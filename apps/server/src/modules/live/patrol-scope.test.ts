import { describe, expect, it } from 'vitest';
import { IDENTITY } from '@hxk/contracts';
import { patrolReach, type PatrolStanding } from './patrol-scope.ts';

const supervisor: PatrolStanding = { identity: IDENTITY.supervisor, realtimePatrol: true, groupPatrol: false, deptScope: 'all', teacherScope: 'all' };

describe('patrol reach', () => {
  it('is the whole school for an administrator, permission or not', () => {
    expect(patrolReach({ ...supervisor, identity: IDENTITY.admin, realtimePatrol: false, deptScope: 'selected' })).toEqual({ kind: 'school' });
  });
  it('is nothing without the patrol permission, own or a group\'s', () => {
    expect(patrolReach({ ...supervisor, realtimePatrol: false })).toEqual({ kind: 'none' });
    expect(patrolReach({ ...supervisor, realtimePatrol: false, groupPatrol: true })).toEqual({ kind: 'school' });
  });
  it('follows the supervised scope', () => {
    expect(patrolReach(supervisor)).toEqual({ kind: 'school' });
    expect(patrolReach({ ...supervisor, deptScope: 'selected' })).toEqual({ kind: 'selected', byUnits: true, byTeachers: false });
    expect(patrolReach({ ...supervisor, teacherScope: 'selected' })).toEqual({ kind: 'selected', byUnits: false, byTeachers: true });
    expect(patrolReach({ ...supervisor, deptScope: 'selected', teacherScope: 'selected' })).toEqual({ kind: 'selected', byUnits: true, byTeachers: true });
  });
});
