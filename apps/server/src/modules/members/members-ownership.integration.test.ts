/**
 * Issue 12 findings 1 and 2: a school cannot take over or rewrite an account it shares with another
 * school (or that belongs to no school): SCIM sync and imports invite instead of adopting, password
 * reset and profile edits ask the ownership rule, and the person answers invitations themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accounts, schoolMemberships, userRoles } from '../../db/schema/index.ts';
import { createAccount } from '../../db/seed/account.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { scimUser, startScimDouble } from '../../test/scim-double.ts';
import { demoName } from '../../db/seed/seed.ts';

type SyncResult = { total: number; created: number; joined: number; updated: number; disabled: number; invited: number; conflicts: { userName: string; reason: string }[]; conflictCount: number };
type Member = { userId: string; account: string; name: string; editableProfile: boolean };
type Invitation = { schoolId: string; name: string; code: string; identity: number; invitedAt: string };
type MySchool = { schoolId: string; code: string; status: string };

describe.each(DRIVERS)('who owns an account, on %s', (driver) => {
  let env: TestEnv;
  let adminA: string;
  let adminB: string;
  const double = startScimDouble('scim-b');
  let base: string;

  const account = async (name: string) => {
    const [row] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(accounts).where(eq(accounts.account, name)));
    return row!;
  };
  const memberships = (accountId: string) =>
    platformTx(env.dbh.db, 'seed', (tx) => tx.select({ schoolId: schoolMemberships.schoolId, status: schoolMemberships.status, identity: schoolMemberships.identity }).from(schoolMemberships).where(eq(schoolMemberships.accountId, accountId)));
  const syncB = async (users: Record<string, unknown>[]) => {
    double.state.users = users;
    const r = await call<SyncResult>(env.app, { url: '/buttjoint/open/sso/sync/user', token: adminB });
    expect(r.body.code, JSON.stringify(r.body)).toBe(1);
    return r.body.data;
  };
  const membersOfB = async (keyword: string) =>
    (await call<{ list: Member[] }>(env.app, { url: '/base/user/v1/list', body: { keyword }, token: adminB })).body.data.list;

  beforeAll(async () => {
    base = await double.listen();
    // The double is on loopback: the operator allows exactly its address and port.
    env = await createTestEnv(driver, { env: { OUTBOUND_ALLOW_HOSTS: new URL(base).host } });
    adminA = await loginAs(env.app, 'admin');
    adminB = await loginAs(env.app, 'admin2');
    const saved = await call(env.app, { url: '/base/system/sso/v1/settings', body: { scimUrl: base, scimToken: 'scim-b' }, token: adminB });
    expect(saved.body.code).toBe(1);
    await platformTx(env.dbh.db, 'seed', async (tx) => {
      // As in the demo: Demo School's supervisor also teaches at Second School.
      await tx.insert(schoolMemberships).values({ schoolId: env.schoolB.schoolId, accountId: env.schoolA.users.supervisor!.id, identity: 4, status: 'approved' });
      // Someone whose application to Demo School waits for review, and someone in no school at all.
      const applicant = await createAccount(tx, { account: 'applicant', name: 'Applicant', phone: '13600000001' });
      await tx.insert(schoolMemberships).values({ schoolId: env.schoolA.schoolId, accountId: applicant.id, identity: 4, status: 'pending' });
      await createAccount(tx, { account: 'loner', name: 'Loner', phone: '13600000002' });
      await createAccount(tx, { account: 'outsider', name: 'Outsider', phone: '13600000003' });
    });
  });
  afterAll(async () => {
    await env?.close();
    await double.close();
  });

  it("finding 1: Second School's SCIM feed with Demo School's admin invites, never adopts; the reset is refused; the password still works", async () => {
    const admin = env.schoolA.users.admin!;
    const r = await syncB([scimUser('admin', { name: { formatted: 'Hijacked' }, phoneNumbers: [{ value: '13999999999' }], emails: [{ value: 'evil@example.com' }] })]);
    expect(r).toMatchObject({ total: 1, created: 0, joined: 0, updated: 0, invited: 1 });
    expect(await memberships(admin.id)).toEqual(expect.arrayContaining([{ schoolId: env.schoolB.schoolId, status: 'invited', identity: 4 }]));
    expect(await membersOfB('admin')).toEqual([expect.objectContaining({ account: 'admin2' })]);
    const reset = await call(env.app, { url: '/base/user/v1/reset/pwd', body: { userId: admin.id }, token: adminB });
    expect(reset.status).toBe(404);
    expect(await account('admin')).toMatchObject({ name: demoName('admin'), phone: admin.phone, email: null, mustChangePassword: false });
    await loginAs(env.app, 'admin');
    // No roles wait in Second School for the invited person.
    const grants = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(userRoles).where(and(eq(userRoles.schoolId, env.schoolB.schoolId), eq(userRoles.accountId, admin.id))));
    expect(grants).toEqual([]);
    // A second run adopts nobody either: the invitation stays an invitation.
    expect(await syncB([scimUser('admin')])).toMatchObject({ joined: 0, updated: 0, invited: 1 });
    expect((await memberships(admin.id)).find((m) => m.schoolId === env.schoolB.schoolId)!.status).toBe('invited');
    // Switching to Second School is refused: an invitation is not a membership.
    const switched = await call(env.app, { url: '/base/login/v1/switch/school', body: { schoolId: env.schoolB.schoolId }, token: adminA });
    expect(switched.body.code).not.toBe(1);
  });

  it('finding 1 without SCIM: the supervisor belongs to both schools; neither school may reset the password (localized refusal)', async () => {
    const supervisor = env.schoolA.users.supervisor!;
    for (const [token, lang] of [[adminA, 'en'], [adminB, 'zh'], [adminA, 'ja']] as const) {
      const r = await call(env.app, { url: '/base/user/v1/reset/pwd', body: { userId: supervisor.id }, token, headers: { language: lang } });
      expect(r.status).toBe(409);
      expect(r.body.errorKey).toBe('member.accountShared');
      expect(r.body.msg).toContain({ en: 'reset their own password by SMS', zh: '通过短信重置密码', ja: 'SMS でパスワードを再設定' }[lang]);
    }
    expect(await account('supervisor')).toMatchObject({ mustChangePassword: false });
    await loginAs(env.app, 'supervisor');
    // The same person in B's feed: still a member there, but the name is not B's to change.
    const r = await syncB([scimUser('supervisor', { name: { formatted: 'Renamed by B' } })]);
    expect(r).toMatchObject({ joined: 0, updated: 0, invited: 0, conflicts: [{ userName: 'supervisor', reason: 'accountShared' }], conflictCount: 1 });
    expect((await account('supervisor')).name).toBe(demoName('supervisor'));
    const [listed] = await membersOfB('supervisor');
    expect(listed).toMatchObject({ editableProfile: false });
  });

  it('finding 2: an account whose only membership is a pending application elsewhere is invited; its name, phone and email stay', async () => {
    const before = await account('applicant');
    const r = await syncB([
      scimUser('applicant', { name: { formatted: 'Rewritten' }, phoneNumbers: [{ value: '13999990000' }], emails: [{ value: 'x@example.com' }] }),
      scimUser('loner', { name: { formatted: 'Rewritten too' }, phoneNumbers: [{ value: '13999990001' }], userType: 'Student' }),
    ]);
    expect(r).toMatchObject({ total: 2, created: 0, joined: 0, updated: 0, invited: 2 });
    for (const name of ['applicant', 'loner']) {
      const a = await account(name);
      expect(a.name).toBe(name === 'applicant' ? 'Applicant' : 'Loner');
      expect(a.phone).toBe(name === 'applicant' ? before.phone : '13600000002');
      expect(a.email).toBeNull();
      expect((await memberships(a.id)).filter((m) => m.status === 'approved')).toEqual([]);
    }
    // Second School's administrator sees the invitations among the applications; Demo School's does not.
    const pageB = await call<{ list: { account: string; status: string; id: string }[] }>(env.app, { url: '/base/system/school/membership/v1/page?status=invited', token: adminB });
    expect(pageB.body.data.list.map((m) => m.account).sort()).toEqual(['admin', 'applicant', 'loner']);
    const pageA = await call<{ list: { account: string; status: string }[] }>(env.app, { url: '/base/system/school/membership/v1/page?status=invited', token: adminA });
    expect(pageA.body.data.list).toEqual([]);
    // An administrator cannot approve an invitation on the person's behalf, nor touch another school's (404).
    const invite = pageB.body.data.list.find((m) => m.account === 'loner')!;
    expect((await call(env.app, { url: '/base/system/school/membership/v1/review', body: { id: invite.id, approve: true }, token: adminB })).body.errorKey).toBe('membership.notPending');
    expect((await call(env.app, { url: '/base/system/school/membership/v1/review', body: { id: invite.id, approve: true }, token: adminA })).status).toBe(404);
  });

  it('the person lists, accepts and declines their own invitations; nobody answers for them', async () => {
    const applicant = await loginAs(env.app, 'applicant');
    const loner = await loginAs(env.app, 'loner');
    const outsider = await loginAs(env.app, 'outsider');
    const mine = await call<Invitation[]>(env.app, { url: '/base/system/school/invitation/v1/mine', token: loner });
    expect(mine.body.data).toEqual([{ schoolId: env.schoolB.schoolId, name: 'Second School', code: 'SECOND', identity: 5, invitedAt: expect.any(String) }]);
    expect((await call<Invitation[]>(env.app, { url: '/base/system/school/invitation/v1/mine', token: outsider })).body.data).toEqual([]);
    // An invited person is not a member: no school to work in yet.
    expect((await call(env.app, { url: '/base/system/title/v1/get', token: loner })).body.errorKey).toBe('auth.noSchool');
    const schools = await call<MySchool[]>(env.app, { url: '/base/system/school/user/hero/get/school/list/current/user', token: loner });
    expect(schools.body.data).toEqual([expect.objectContaining({ code: 'SECOND', status: 'invited' })]);

    // Someone else cannot accept or decline it, nor answer an invitation that does not exist (404).
    for (const url of ['/base/system/school/invitation/v1/accept', '/base/system/school/invitation/v1/decline']) {
      expect((await call(env.app, { url, body: { schoolId: env.schoolB.schoolId }, token: outsider })).status).toBe(404);
      expect((await call(env.app, { url, body: { schoolId: env.schoolA.schoolId }, token: loner })).status).toBe(404);
      // An administrator of the school is a person like any other here: their own invitations only.
      expect((await call(env.app, { url, body: { schoolId: env.schoolB.schoolId }, token: adminB })).status).toBe(404);
    }
    // The applicant's own pending application to Demo School is not an invitation either.
    expect((await call(env.app, { url: '/base/system/school/invitation/v1/accept', body: { schoolId: env.schoolA.schoolId }, token: applicant })).status).toBe(404);

    const accepted = await call(env.app, { url: '/base/system/school/invitation/v1/accept', body: { schoolId: env.schoolB.schoolId }, token: loner });
    expect(accepted.body.code, JSON.stringify(accepted.body)).toBe(1);
    const [member] = await membersOfB('loner');
    expect(member).toMatchObject({ account: 'loner', identity: 5, status: 'approved', roles: [expect.objectContaining({ builtin: 5 })] });
    expect((await call(env.app, { url: '/base/system/school/invitation/v1/accept', body: { schoolId: env.schoolB.schoolId }, token: loner })).status).toBe(404);
    // Now wholly Second School's: the school may change it, and its feed updates it.
    expect((await syncB([scimUser('loner', { name: { formatted: 'Loner Lin' }, userType: 'Student' })])).updated).toBe(1);
    expect((await account('loner')).name).toBe('Loner Lin');

    const declined = await call(env.app, { url: '/base/system/school/invitation/v1/decline', body: { schoolId: env.schoolB.schoolId }, token: applicant });
    expect(declined.body.code).toBe(1);
    const a = await account('applicant');
    expect(await memberships(a.id)).toEqual([{ schoolId: env.schoolA.schoolId, status: 'pending', identity: 4 }]);
    expect((await call<Invitation[]>(env.app, { url: '/base/system/school/invitation/v1/mine', token: applicant })).body.data).toEqual([]);
    // Demo School's admin still has an open invitation from Second School, untouched by all this.
    expect((await call<Invitation[]>(env.app, { url: '/base/system/school/invitation/v1/mine', token: adminA })).body.data).toHaveLength(1);
  });

  it('profile edits count pending applications elsewhere: the school may then change only identity and roles', async () => {
    const teacher = env.schoolA.users.teacher!;
    const detail = await call<Member>(env.app, { url: `/base/system/user/detail?userId=${teacher.id}`, token: adminA });
    expect(detail.body.data.editableProfile).toBe(true);
    await platformTx(env.dbh.db, 'seed', (tx) => tx.insert(schoolMemberships).values({ schoolId: env.schoolB.schoolId, accountId: teacher.id, identity: 4, status: 'pending' }));
    const after = await call<Member>(env.app, { url: `/base/system/user/detail?userId=${teacher.id}`, token: adminA });
    expect(after.body.data.editableProfile).toBe(false);
    const edit = await call(env.app, { url: '/base/system/user/v1/save', body: { userId: teacher.id, name: 'Renamed', sex: 'unknown', identity: 4 }, token: adminA });
    expect(edit.body.errorKey).toBe('member.profileShared');
    expect((await call(env.app, { url: '/base/user/v1/reset/pwd', body: { userId: teacher.id }, token: adminA })).body.errorKey).toBe('member.accountShared');
    expect((await account('teacher')).name).toBe(demoName('teacher'));
    // A school's own member is still the school's to reset.
    const student = env.schoolA.users.student!;
    expect((await call(env.app, { url: '/base/user/v1/reset/pwd', body: { userId: student.id }, token: adminA })).body.data).toEqual({ mustChangePassword: true });
  });

  it('adding a person is one transaction: an unknown role leaves no account behind', async () => {
    const r = await call(env.app, { url: '/base/system/user/v1/save', body: { account: 'ghost', name: 'Ghost', phone: '13600000009', identity: 4, roleIds: ['987654321'] }, token: adminA });
    expect(r.status).toBe(404);
    const left = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(accounts).where(eq(accounts.account, 'ghost')));
    expect(left).toEqual([]);
    // The same account and phone can then be added.
    const ok = await call<Member>(env.app, { url: '/base/system/user/v1/save', body: { account: 'ghost', name: 'Ghost', phone: '13600000009', identity: 4 }, token: adminA });
    expect(ok.body.data).toMatchObject({ account: 'ghost', editableProfile: true });
  });
});
