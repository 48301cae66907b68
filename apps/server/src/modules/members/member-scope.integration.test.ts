import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TMember } from '@hxk/contracts';
import { memberScopeTeachers, memberScopeUnits, schoolMemberships, supervisionGroupMembers } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const SAVE = '/base/system/user/v1/save';

describe.each(DRIVERS)("a person's department and supervision scope on %s", (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let teacher: string;
  const u = (name: string) => env.schoolA.users[name]!.id;
  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, admin2, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'teacher')]);
  });
  afterAll(async () => {
    await env?.close();
  });
  const scopeRows = (accountId: string) => platformTx(env.dbh.db, 'seed', async (tx) => ({
    membership: (await tx.select({ schoolId: schoolMemberships.schoolId, orgUnitId: schoolMemberships.orgUnitId, realtimePatrol: schoolMemberships.realtimePatrol, deptScope: schoolMemberships.deptScope, teacherScope: schoolMemberships.teacherScope }).from(schoolMemberships).where(eq(schoolMemberships.accountId, accountId))),
    units: (await tx.select().from(memberScopeUnits).where(eq(memberScopeUnits.accountId, accountId))).length,
    teachers: (await tx.select().from(memberScopeTeachers).where(eq(memberScopeTeachers.accountId, accountId))).length,
    groups: (await tx.select().from(supervisionGroupMembers).where(eq(supervisionGroupMembers.accountId, accountId))).length,
  }));
  const base = () => ({ userId: u('supervisor'), name: 'Demo Supervisor', sex: 'unknown', identity: 3 });

  it('shows and saves department, groups, real-time patrol and supervised departments and teachers', async () => {
    const detail = await call<TMember>(env.app, { url: `/base/system/user/detail?userId=${u('supervisor')}`, token: admin });
    expect(detail.body.data).toMatchObject({ realtimePatrol: true, deptScope: 'all', teacherScope: 'all', scopeUnits: [], scopeTeachers: [] });
    expect(detail.body.data.groups.map((g) => g.groupId).sort()).toEqual([...env.schoolA.directory.groupIds].sort());
    const name = detail.body.data.name;
    const [d1, d2] = env.schoolA.directory.departmentIds;
    const saved = await call<TMember>(env.app, {
      url: SAVE, token: admin,
      body: { ...base(), name, orgUnitId: d1, realtimePatrol: false, deptScope: 'selected', scopeUnitIds: [d1, d2], teacherScope: 'selected', scopeTeacherIds: [u('teacher')], groupIds: [env.schoolA.directory.groupIds[0]] },
    });
    expect(saved.body.code).toBe(1);
    expect(saved.body.data).toMatchObject({ orgUnit: { orgUnitId: d1 }, realtimePatrol: false, deptScope: 'selected', teacherScope: 'selected', scopeTeachers: [{ userId: u('teacher') }] });
    expect(saved.body.data.scopeUnits.map((x) => x.orgUnitId).sort()).toEqual([d1, d2].sort());
    expect(saved.body.data.groups.map((g) => g.groupId)).toEqual([env.schoolA.directory.groupIds[0]]);
    const page = await call<{ list: TMember[] }>(env.app, { url: '/base/user/v1/list', token: admin, body: { keyword: 'supervisor' } });
    expect(page.body.data.list[0]).toMatchObject({ deptScope: 'selected', orgUnit: { orgUnitId: d1 } });

    // Back to the whole school: the selected rows go.
    const whole = await call<TMember>(env.app, { url: SAVE, token: admin, body: { ...base(), name, deptScope: 'all', teacherScope: 'all', scopeUnitIds: [d1] } });
    expect(whole.body.data).toMatchObject({ deptScope: 'all', teacherScope: 'all', scopeUnits: [], scopeTeachers: [] });
    expect(await scopeRows(u('supervisor'))).toMatchObject({ units: 0, teachers: 0 });
    // Omitted fields stay as they were.
    const untouched = await call<TMember>(env.app, { url: SAVE, token: admin, body: { ...base(), name } });
    expect(untouched.body.data).toMatchObject({ orgUnit: { orgUnitId: d1 }, realtimePatrol: false });
  });

  it('refuses a selected scope with nothing selected, and a group leader leaving their group', async () => {
    const name = (await call<TMember>(env.app, { url: `/base/system/user/detail?userId=${u('leader')}`, token: admin })).body.data.name;
    const empty = await call(env.app, { url: SAVE, token: admin, body: { userId: u('leader'), name, sex: 'unknown', identity: 2, deptScope: 'selected', scopeUnitIds: [] } });
    expect(empty.status).toBe(400);
    const before = await scopeRows(u('leader'));
    const leave = await call(env.app, { url: SAVE, token: admin, body: { userId: u('leader'), name, sex: 'unknown', identity: 2, groupIds: [] }, headers: { language: 'en' } });
    expect(leave.status).toBe(409);
    expect(leave.body.errorKey).toBe('supervisionGroup.leaderCannotLeave');
    expect(leave.body.msg).toContain('Science Supervision Group');
    expect(await scopeRows(u('leader'))).toEqual(before);
  });

  it("refuses another school's units, teachers and groups (404) and changes nothing", async () => {
    const before = await scopeRows(u('supervisor'));
    const name = (await call<TMember>(env.app, { url: `/base/system/user/detail?userId=${u('supervisor')}`, token: admin })).body.data.name;
    const b = env.schoolB;
    for (const extra of [
      { orgUnitId: b.directory.departmentIds[0] },
      { deptScope: 'selected', scopeUnitIds: [b.directory.departmentIds[0]] },
      { teacherScope: 'selected', scopeTeacherIds: [b.users.teacher!.id] },
      { groupIds: [b.directory.groupIds[0]] },
    ]) {
      const r = await call(env.app, { url: SAVE, token: admin, body: { ...base(), name, realtimePatrol: true, ...extra } });
      expect(r.status, JSON.stringify(extra)).toBe(404);
    }
    expect(await scopeRows(u('supervisor'))).toEqual(before);
    // School B's administrator cannot set school A's member's scope.
    const cross = await call(env.app, { url: SAVE, token: admin2, body: { ...base(), name, deptScope: 'selected', scopeUnitIds: [b.directory.departmentIds[0]] } });
    expect(cross.status).toBe(404);
    expect(await scopeRows(u('supervisor'))).toEqual(before);
  });

  it('refuses scope changes to a teacher', async () => {
    const before = await scopeRows(u('supervisor'));
    const r = await call(env.app, { url: SAVE, token: teacher, body: { ...base(), realtimePatrol: true, groupIds: [] } });
    expect(r.status).toBe(403);
    expect(await scopeRows(u('supervisor'))).toEqual(before);
  });
});
