import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TSupervisionGroup, TUserSupervisionGroup } from '@hxk/contracts';
import { supervisionGroupMembers, supervisionGroups } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const P = '/app/ddxk/supervision/group/v1';
type Page = { list: TSupervisionGroup[]; total: number };

describe.each(DRIVERS)('supervision groups on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let teacher: string;
  let supervisor: string;
  const u = (name: string) => env.schoolA.users[name]!.id;
  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, admin2, teacher, supervisor] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'teacher'), loginAs(env.app, 'supervisor')]);
  });
  afterAll(async () => {
    await env?.close();
  });
  const groupRow = (id: string) => platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(supervisionGroups).where(eq(supervisionGroups.id, id)));

  it('adds a group with a leader, members and a department scope, lists, searches and edits it', async () => {
    const dept = env.schoolA.directory.departmentIds[0]!;
    const created = await call<TSupervisionGroup>(env.app, {
      url: `${P}/saveOrUpdate`, token: admin,
      body: { name: 'Evening Listeners', leaderId: u('leader'), memberIds: [u('leader'), u('supervisor')], scope: 'departments', orgUnitIds: [dept], realtimePatrol: true, description: 'Evening classes' },
    });
    expect(created.body.code).toBe(1);
    const g = created.body.data;
    expect(g).toMatchObject({ name: 'Evening Listeners', leader: { userId: u('leader') }, scope: 'departments', realtimePatrol: true, description: 'Evening classes' });
    expect(g.members.map((m) => m.userId).sort()).toEqual([u('leader'), u('supervisor')].sort());
    expect(g.units.map((x) => x.orgUnitId)).toEqual([dept]);

    const page = await call<Page>(env.app, { url: `${P}/pageList`, token: admin, body: { pageNum: 1, pageSize: 10, keyword: 'evening' } });
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.list[0]!.groupId).toBe(g.groupId);
    const all = await call<Page>(env.app, { url: `${P}/pageList`, token: admin, body: { pageNum: 1, pageSize: 2 } });
    expect(all.body.data.total).toBe(3); // two seeded ones
    expect(all.body.data.list).toHaveLength(2);

    // Switching scope to teachers drops the departments.
    const edited = await call<TSupervisionGroup>(env.app, {
      url: `${P}/saveOrUpdate`, token: admin,
      body: { groupId: g.groupId, name: 'Evening Listeners', leaderId: u('supervisor'), memberIds: [u('supervisor')], scope: 'teachers', teacherIds: [u('teacher')], realtimePatrol: false },
    });
    expect(edited.body.data).toMatchObject({ leader: { userId: u('supervisor') }, scope: 'teachers', units: [], teachers: [{ userId: u('teacher') }], realtimePatrol: false, description: null });
    const detail = await call<TSupervisionGroup>(env.app, { url: `${P}/detail?groupId=${g.groupId}`, token: admin });
    expect(detail.body.data.members.map((m) => m.userId)).toEqual([u('supervisor')]);
  });

  it('refuses a leader who is not a member, a duplicate name and a scope without its selection', async () => {
    const base = { name: 'Rules', leaderId: u('leader'), memberIds: [u('supervisor')], scope: 'school' };
    const r1 = await call(env.app, { url: `${P}/saveOrUpdate`, token: admin, body: base, headers: { language: 'en' } });
    expect(r1.status).toBe(400);
    expect(r1.body).toMatchObject({ errorKey: 'supervisionGroup.leaderNotMember', msg: 'The leader must be one of the members.' });
    const r2 = await call(env.app, { url: `${P}/saveOrUpdate`, token: admin, body: { ...base, name: 'science supervision group', memberIds: [u('leader')] }, headers: { language: 'ja' } });
    expect(r2.status).toBe(409);
    expect(r2.body.errorKey).toBe('supervisionGroup.nameTaken');
    expect(r2.body.msg).toBe('同じ名前の指導グループが既に存在します。');
    const r3 = await call(env.app, { url: `${P}/saveOrUpdate`, token: admin, body: { ...base, memberIds: [u('leader')], scope: 'departments' } });
    expect(r3.status).toBe(400);
    const r4 = await call(env.app, { url: `${P}/saveOrUpdate`, token: admin, body: { ...base, memberIds: [] } });
    expect(r4.status).toBe(400);
    const r5 = await call(env.app, { url: `${P}/saveOrUpdate`, token: admin, body: { ...base, name: '', memberIds: [u('leader')] } });
    expect(r5.status).toBe(400);
    const r6 = await call(env.app, { url: `${P}/deleteByIds`, token: admin, body: { ids: [] } });
    expect(r6.status).toBe(400);
  });

  it('refuses people and units of another school as 404 and writes nothing', async () => {
    const b = env.schoolB.users;
    const r1 = await call(env.app, { url: `${P}/saveOrUpdate`, token: admin, body: { name: 'Mixed', leaderId: u('leader'), memberIds: [u('leader'), b.teacher!.id], scope: 'school' } });
    expect(r1.status).toBe(404);
    const r2 = await call(env.app, { url: `${P}/saveOrUpdate`, token: admin, body: { name: 'Mixed', leaderId: u('leader'), memberIds: [u('leader')], scope: 'departments', orgUnitIds: [env.schoolB.directory.departmentIds[0]!] } });
    expect(r2.status).toBe(404);
    const page = await call<Page>(env.app, { url: `${P}/pageList`, token: admin, body: { pageNum: 1, pageSize: 10, keyword: 'Mixed' } });
    expect(page.body.data.total).toBe(0);
  });

  it("keeps school A's groups out of school B's reach (404, unchanged)", async () => {
    const gid = env.schoolA.directory.groupIds[0]!;
    const before = await groupRow(gid);
    expect((await call(env.app, { url: `${P}/detail?groupId=${gid}`, token: admin2 })).status).toBe(404);
    const edit = await call(env.app, { url: `${P}/saveOrUpdate`, token: admin2, body: { groupId: gid, name: 'Taken over', leaderId: env.schoolB.users.admin!.id, memberIds: [env.schoolB.users.admin!.id], scope: 'school' } });
    expect(edit.status).toBe(404);
    expect((await call(env.app, { url: `${P}/deleteByIds`, token: admin2, body: { ids: [gid] } })).status).toBe(404);
    const list = await call<Page>(env.app, { url: `${P}/pageList`, token: admin2, body: { pageNum: 1, pageSize: 100 } });
    expect(list.body.data.list.map((g) => g.groupId)).not.toContain(gid);
    expect((await call(env.app, { url: `/app/ddxk/role/v1/supervisionGroupByUserId?userId=${u('leader')}`, token: admin2 })).status).toBe(404);
    expect(await groupRow(gid)).toEqual(before);
    const members = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(supervisionGroupMembers).where(eq(supervisionGroupMembers.groupId, gid)));
    expect(members.length).toBeGreaterThan(0);
  });

  it('tells a person their own groups, and others only to user management', async () => {
    const mine = await call<TUserSupervisionGroup[]>(env.app, { url: `/app/ddxk/role/v1/supervisionGroupByUserId?userId=${u('supervisor')}`, token: supervisor });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((g) => g.role)).toContain('member');
    const leader = await call<TUserSupervisionGroup[]>(env.app, { url: `/app/ddxk/role/v1/supervisionGroupByUserId?userId=${u('leader')}`, token: admin });
    expect(leader.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Science Supervision Group', role: 'leader', realtimePatrol: true })]));
    const other = await call(env.app, { url: `/app/ddxk/role/v1/supervisionGroupByUserId?userId=${u('leader')}`, token: teacher });
    expect(other.status).toBe(403);
    expect((await call<unknown[]>(env.app, { url: `/app/ddxk/role/v1/supervisionGroupByUserId?userId=${u('teacher')}`, token: teacher })).body.data).toEqual([]);
  });

  it('lists groups as options for user management, only of the own school', async () => {
    const a = await call<{ groupId: string }[]>(env.app, { url: `${P}/options`, token: admin });
    expect(a.body.data.map((g) => g.groupId)).toEqual(expect.arrayContaining(env.schoolA.directory.groupIds));
    const b = await call<{ groupId: string }[]>(env.app, { url: `${P}/options`, token: admin2 });
    expect(b.body.data.map((g) => g.groupId)).not.toContain(env.schoolA.directory.groupIds[0]);
  });

  it('finds people for the pickers', async () => {
    const r = await call<{ userId: string; identity: number }[]>(env.app, { url: `${P}/people?keyword=teach&identity=4`, token: admin });
    expect(r.body.data.map((p) => p.userId)).toContain(u('teacher'));
    expect(r.body.data.every((p) => p.identity === 4)).toBe(true);
  });

  it('refuses every group endpoint to a teacher', async () => {
    const gid = env.schoolA.directory.groupIds[1]!;
    const attempts: [string, unknown?][] = [
      [`${P}/pageList`, { pageNum: 1, pageSize: 10 }],
      [`${P}/detail?groupId=${gid}`],
      [`${P}/people`],
      [`${P}/options`],
      [`${P}/saveOrUpdate`, { name: 'Sneaky', leaderId: u('teacher'), memberIds: [u('teacher')], scope: 'school' }],
      [`${P}/deleteByIds`, { ids: [gid] }],
    ];
    for (const [url, body] of attempts) {
      const r = await call(env.app, { url, body, token: teacher });
      expect(r.status, url).toBe(403);
    }
    expect(await groupRow(gid)).toHaveLength(1);
  });

  it('deletes groups after all', async () => {
    const gid = env.schoolA.directory.groupIds[1]!;
    expect((await call(env.app, { url: `${P}/deleteByIds`, token: admin, body: { ids: [gid] } })).body.code).toBe(1);
    expect(await groupRow(gid)).toHaveLength(0);
    expect((await call(env.app, { url: `${P}/deleteByIds`, token: admin, body: { ids: [gid] } })).status).toBe(404);
  });
});
