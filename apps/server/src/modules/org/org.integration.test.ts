import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TCollegeDictNode, TOrgTreeNode } from '@hxk/contracts';
import { courses, orgUnits, schoolMemberships, semesters } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

type Unit = { id: string; parentId: string | null; name: string; kind: string; sort: number };
type People = { list: { userId: string; name: string; account: string; identity: number; orgUnitName: string | null }[]; total: number };

const find = (nodes: TOrgTreeNode[], name: string): TOrgTreeNode | undefined => {
  for (const n of nodes) {
    if (n.name === name) return n;
    const hit = find(n.children, name);
    if (hit) return hit;
  }
  return undefined;
};

describe.each(DRIVERS)('organisation tree on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let teacher: string;
  let adminB: string;
  let rootId: string;
  const tree = async (token = admin) => (await call<TOrgTreeNode[]>(env.app, { url: '/base/org/v1/tree', token })).body.data;
  const add = (parentId: string, name: string, kind = 'college', token = admin) =>
    call<Unit>(env.app, { url: '/base/org/v1/add', body: { parentId, name, kind }, token, headers: { language: 'en' } });
  const unitRow = async (id: string) => (await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(orgUnits).where(eq(orgUnits.id, id))))[0];

  beforeAll(async () => {
    env = await createTestEnv(driver);
    admin = await loginAs(env.app, 'admin');
    teacher = await loginAs(env.app, 'teacher');
    adminB = await loginAs(env.app, 'admin2');
    rootId = (await tree())[0]!.id;
  });
  afterAll(async () => {
    await env?.close();
  });

  it('gives every member the college dictionary as a tree of their own school', async () => {
    const r = await call<TCollegeDictNode[]>(env.app, { url: '/base/base/data/v1/college/dict', token: teacher });
    expect(r.body.code).toBe(1);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({ name: 'Demo School', kind: 'school' });
    expect(r.body.data[0]!.children.map((c) => c.name)).toContain('College of Science');
    expect(Object.keys(r.body.data[0]!)).toEqual(['id', 'name', 'kind', 'children']);
    const b = await call<TCollegeDictNode[]>(env.app, { url: '/base/base/data/v1/college/dict', token: adminB });
    expect(b.body.data[0]!.name).toBe('Second School');
  });

  it('counts people per node, own and with sub-units; the root holds people in no unit', async () => {
    const college = (await add(rootId, 'College of Counting')).body.data;
    const dept = (await add(college.id, 'Dept of Sums', 'department')).body.data;
    const set = await call(env.app, { url: '/base/org/v1/setPeopleUnit', body: { orgUnitId: dept.id, userIds: [env.schoolA.users.teacher!.id, env.schoolA.users.supervisor!.id] }, token: admin });
    expect(set.body.code).toBe(1);
    await call(env.app, { url: '/base/org/v1/setPeopleUnit', body: { orgUnitId: college.id, userIds: [env.schoolA.users.leader!.id] }, token: admin });
    const t = await tree();
    expect(find(t, 'College of Counting')).toMatchObject({ ownCount: 1, totalCount: 3 });
    expect(find(t, 'Dept of Sums')).toMatchObject({ ownCount: 2, totalCount: 2 });
    // The root's total is everyone; its own people are those in no unit.
    const everyone = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(schoolMemberships).where(eq(schoolMemberships.schoolId, env.schoolA.schoolId)));
    expect(t[0]!.totalCount).toBe(everyone.length);
    expect(t[0]!.ownCount).toBe(everyone.filter((p) => p.orgUnitId === null || p.orgUnitId === rootId).length);

    const own = await call<People>(env.app, { url: '/base/org/v1/people', body: { orgUnitId: college.id }, token: admin });
    expect(own.body.data.list.map((p) => p.account)).toEqual(['leader']);
    const all = await call<People>(env.app, { url: '/base/org/v1/people', body: { orgUnitId: college.id, includeChildren: true, pageSize: 2 }, token: admin });
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.list).toHaveLength(2);
    const searched = await call<People>(env.app, { url: '/base/org/v1/people', body: { orgUnitId: college.id, includeChildren: true, keyword: 'teach' }, token: admin });
    expect(searched.body.data.list).toEqual([expect.objectContaining({ account: 'teacher', identity: 4, orgUnitName: 'Dept of Sums' })]);
    const school = await call<People>(env.app, { url: '/base/org/v1/people', body: { orgUnitId: rootId, includeChildren: true }, token: admin });
    expect(school.body.data.total).toBe(t[0]!.totalCount);
    // Back to the root: out of any unit, and among the root's own people (everyone of the demo has a unit).
    await call(env.app, { url: '/base/org/v1/setPeopleUnit', body: { orgUnitId: rootId, userIds: [env.schoolA.users.leader!.id] }, token: admin });
    const [m] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(schoolMemberships).where(eq(schoolMemberships.accountId, env.schoolA.users.leader!.id)));
    expect(m!.orgUnitId).toBeNull();
    const rootOwn = await call<People>(env.app, { url: '/base/org/v1/people', body: { orgUnitId: rootId, pageSize: 100 }, token: admin });
    expect(rootOwn.body.data.total).toBe(t[0]!.ownCount + 1);
    expect(rootOwn.body.data.list.map((p) => p.account)).toContain('leader');
  });

  it('adds, renames and keeps sibling names unique with a localized error', async () => {
    const a = await add(rootId, 'College of Arts');
    expect(a.body.data).toMatchObject({ name: 'College of Arts', kind: 'college', parentId: rootId });
    const dup = await add(rootId, 'College of Arts');
    expect(dup.status).toBe(409);
    expect(dup.body.errorKey).toBe('org.nameTaken');
    expect(dup.body.msg).toBe('A unit with this name already exists at this level.');
    const zh = await call(env.app, { url: '/base/org/v1/add', body: { parentId: rootId, name: 'College of Arts', kind: 'college' }, token: admin, headers: { language: 'zh' } });
    expect(zh.body.msg).toBe('同级下已有同名的单位');
    // The same name under another parent is fine.
    expect((await add(a.body.data.id, 'College of Arts', 'department')).body.code).toBe(1);
    const renamed = await call<Unit>(env.app, { url: '/base/org/v1/rename', body: { id: a.body.data.id, name: 'College of Fine Arts' }, token: admin });
    expect(renamed.body.data.name).toBe('College of Fine Arts');
    const clash = await call(env.app, { url: '/base/org/v1/rename', body: { id: a.body.data.id, name: 'College of Science' }, token: admin });
    expect(clash.status).toBe(409);
    expect((await unitRow(a.body.data.id))!.name).toBe('College of Fine Arts');
    const bad = await call(env.app, { url: '/base/org/v1/add', body: { parentId: rootId, name: '  ', kind: 'school' }, token: admin });
    expect(bad.status).toBe(400);
    const noParent = await add('999999999', 'Orphan');
    expect(noParent.status).toBe(404);
  });

  it('moves units but never under themselves or below, and never the root', async () => {
    const x = (await add(rootId, 'Move X')).body.data;
    const y = (await add(x.id, 'Move Y', 'department')).body.data;
    const z = (await add(rootId, 'Move Z')).body.data;
    const cycle = await call(env.app, { url: '/base/org/v1/move', body: { id: x.id, parentId: y.id }, token: admin, headers: { language: 'en' } });
    expect(cycle.status).toBe(409);
    expect(cycle.body.errorKey).toBe('org.moveIntoSelf');
    expect((await call(env.app, { url: '/base/org/v1/move', body: { id: x.id, parentId: x.id }, token: admin })).body.errorKey).toBe('org.moveIntoSelf');
    expect((await unitRow(x.id))!.parentId).toBe(rootId);
    const root = await call(env.app, { url: '/base/org/v1/move', body: { id: rootId, parentId: z.id }, token: admin });
    expect(root.body.errorKey).toBe('org.rootLocked');
    const moved = await call<Unit>(env.app, { url: '/base/org/v1/move', body: { id: y.id, parentId: z.id }, token: admin });
    expect(moved.body.data.parentId).toBe(z.id);
    // Reorder among siblings: Move Z first under the root.
    await call(env.app, { url: '/base/org/v1/move', body: { id: z.id, parentId: rootId, index: 0 }, token: admin });
    expect((await tree())[0]!.children[0]!.name).toBe('Move Z');
    // A sibling with the same name at the destination refuses the move.
    await add(z.id, 'Twin', 'department');
    const twin = (await add(x.id, 'Twin', 'department')).body.data;
    const taken = await call(env.app, { url: '/base/org/v1/move', body: { id: twin.id, parentId: z.id }, token: admin });
    expect(taken.body.errorKey).toBe('org.nameTaken');
    expect((await unitRow(twin.id))!.parentId).toBe(x.id);
  });

  it('refuses to delete a unit with people, courses or sub-units, or the root; deletes an empty one', async () => {
    const p = (await add(rootId, 'Del Parent')).body.data;
    const c = (await add(p.id, 'Del Child', 'department')).body.data;
    const children = await call(env.app, { url: '/base/org/v1/delete', body: { id: p.id }, token: admin, headers: { language: 'en' } });
    expect(children.status).toBe(409);
    expect(children.body.errorKey).toBe('org.hasChildren');

    await call(env.app, { url: '/base/org/v1/setPeopleUnit', body: { orgUnitId: c.id, userIds: [env.schoolA.users.student!.id] }, token: admin });
    const people = await call(env.app, { url: '/base/org/v1/delete', body: { id: c.id }, token: admin, headers: { language: 'en' } });
    expect(people.status).toBe(409);
    expect(people.body.msg).toBe('This unit still has 1 people. Move them out before deleting it.');
    await call(env.app, { url: '/base/org/v1/setPeopleUnit', body: { orgUnitId: rootId, userIds: [env.schoolA.users.student!.id] }, token: admin });

    // A course of the unit (written directly: courses have their own module).
    await platformTx(env.dbh.db, 'seed', async (tx) => {
      const [sem] = await tx.insert(semesters).values({ schoolId: env.schoolA.schoolId, name: 'Org test term', startDate: '2026-09-07', weekCount: 18 }).returning();
      await tx.insert(courses).values({ schoolId: env.schoolA.schoolId, semesterId: sem!.id, code: 'ORG-1', name: 'Org course', orgUnitId: c.id, teacherId: env.schoolA.users.teacher!.id });
    });
    const taught = await call(env.app, { url: '/base/org/v1/delete', body: { id: c.id }, token: admin, headers: { language: 'ja' } });
    expect(taught.status).toBe(409);
    expect(taught.body.errorKey).toBe('org.hasCourses');
    expect(taught.body.msg).toContain('1 件の授業');
    await platformTx(env.dbh.db, 'seed', (tx) => tx.delete(courses).where(eq(courses.orgUnitId, c.id)));

    const root = await call(env.app, { url: '/base/org/v1/delete', body: { id: rootId }, token: admin });
    expect(root.body.errorKey).toBe('org.rootLocked');
    expect((await call(env.app, { url: '/base/org/v1/delete', body: { id: c.id }, token: admin })).body.code).toBe(1);
    expect((await call(env.app, { url: '/base/org/v1/delete', body: { id: p.id }, token: admin })).body.code).toBe(1);
    expect(await unitRow(p.id)).toBeUndefined();
    expect((await call(env.app, { url: '/base/org/v1/delete', body: { id: p.id }, token: admin })).status).toBe(404);
  });

  it('refuses a teacher every change (403) and the tree screen (no menu)', async () => {
    const target = (await add(rootId, 'Teacher Target')).body.data;
    const attempts = [
      { url: '/base/org/v1/add', body: { parentId: rootId, name: 'T', kind: 'college' } },
      { url: '/base/org/v1/rename', body: { id: target.id, name: 'T' } },
      { url: '/base/org/v1/move', body: { id: target.id, parentId: rootId } },
      { url: '/base/org/v1/delete', body: { id: target.id } },
      { url: '/base/org/v1/setPeopleUnit', body: { orgUnitId: target.id, userIds: [env.schoolA.users.teacher!.id] } },
      { url: '/base/org/v1/people', body: { orgUnitId: target.id } },
    ];
    for (const a of attempts) expect((await call(env.app, { ...a, token: teacher })).status, a.url).toBe(403);
    expect((await call(env.app, { url: '/base/org/v1/tree', token: teacher })).status).toBe(403);
    expect(await unitRow(target.id)).toMatchObject({ name: 'Teacher Target', parentId: rootId });
  });

  it("another school cannot see, change, move into, fill or delete a school's units (404, unchanged)", async () => {
    const unit = (await add(rootId, 'Cross Target')).body.data;
    const rootB = (await tree(adminB))[0]!.id;
    expect(find(await tree(adminB), 'Cross Target')).toBeUndefined();
    const attempts = [
      { url: '/base/org/v1/add', body: { parentId: unit.id, name: 'Sneaky', kind: 'department' } },
      { url: '/base/org/v1/rename', body: { id: unit.id, name: 'Hijacked' } },
      { url: '/base/org/v1/move', body: { id: unit.id, parentId: rootB } },
      { url: '/base/org/v1/move', body: { id: (await add(rootB, 'B own', 'college', adminB)).body.data.id, parentId: unit.id } },
      { url: '/base/org/v1/delete', body: { id: unit.id } },
      { url: '/base/org/v1/people', body: { orgUnitId: unit.id } },
      { url: '/base/org/v1/setPeopleUnit', body: { orgUnitId: unit.id, userIds: [env.schoolB.users.teacher!.id] } },
      // School B's admin cannot pull school A's person into a school B unit either.
      { url: '/base/org/v1/setPeopleUnit', body: { orgUnitId: rootB, userIds: [env.schoolA.users.teacher!.id] } },
    ];
    for (const a of attempts) expect((await call(env.app, { ...a, token: adminB })).status, a.url).toBe(404);
    expect(await unitRow(unit.id)).toMatchObject({ name: 'Cross Target', parentId: rootId });
    const kids = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(orgUnits).where(eq(orgUnits.parentId, unit.id)));
    expect(kids).toHaveLength(0);
  });
});
