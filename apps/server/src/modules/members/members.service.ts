import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { IDENTITY, type TIdentity, type TMember } from '@hxk/contracts';
import { accounts, roles, schoolMemberships, userRoles } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { asSchool, containsPattern, inSchool, platformTx } from '../../platform/tenancy.ts';
import { revokeAccountSessions } from '../../platform/sessions.ts';
import { resetPasswordHash } from '../settings/settings.service.ts';
import { builtinRoleId } from '../roles/builtin-roles.ts';
import { memberScopes, saveMemberScope, type ScopeInput } from './member-scope.ts';
import { accountMemberships, accountsOwnedBy, schoolOwnsAccount } from './account-ownership.ts';

const MEMBER_STATUSES = ['approved', 'disabled'] as const;

/** Members of the school (approved or disabled) with their roles: one query for the page, one for the roles. */
export async function listMembers(
  ctx: MemberCtx,
  q: { pageNum: number; pageSize: number; keyword?: string | undefined; roleId?: string | undefined; identity?: TIdentity | undefined; status?: 'approved' | 'disabled' | undefined },
) {
  return inSchool(ctx, async (tx) => {
    const filters: SQL[] = [q.status ? eq(schoolMemberships.status, q.status) : inArray(schoolMemberships.status, [...MEMBER_STATUSES])];
    if (q.keyword) filters.push(or(ilike(accounts.name, containsPattern(q.keyword)), ilike(accounts.account, containsPattern(q.keyword)), ilike(accounts.phone, containsPattern(q.keyword)))!);
    if (q.identity) filters.push(eq(schoolMemberships.identity, q.identity));
    if (q.roleId) filters.push(sql`exists (select 1 from ${userRoles} where ${userRoles.accountId} = ${schoolMemberships.accountId} and ${userRoles.roleId} = ${q.roleId})`);
    const where = and(...filters);
    const [total] = await tx.select({ n: count() }).from(schoolMemberships).innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId)).where(where);
    const ids = await tx
      .select({ id: schoolMemberships.accountId })
      .from(schoolMemberships)
      .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
      .where(where)
      .orderBy(desc(schoolMemberships.createdAt), desc(schoolMemberships.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    return { rows: await memberRows(tx, ids.map((r) => r.id)), total: Number(total?.n ?? 0) };
  }).then(async ({ rows, total }) => ({ list: await withAccountFacts(ctx, rows), total, pageNum: q.pageNum, pageSize: q.pageSize }));
}

type MemberRow = Awaited<ReturnType<typeof memberRows>>[number];

/** The school's view of some members (under RLS): profile, membership and roles. */
async function memberRows(tx: Tx, ids: string[]) {
  if (!ids.length) return [];
  const rows = await tx
    .select({
      userId: accounts.id, account: accounts.account, name: accounts.name, phone: accounts.phone, sex: accounts.sex,
      identity: schoolMemberships.identity, status: schoolMemberships.status, joinedAt: schoolMemberships.createdAt, lastLoginAt: schoolMemberships.lastLoginAt,
    })
    .from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(and(inArray(schoolMemberships.accountId, ids), inArray(schoolMemberships.status, [...MEMBER_STATUSES])));
  const grants = await tx
    .select({ accountId: userRoles.accountId, roleId: roles.id, name: roles.name, builtin: roles.builtin })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.schoolId, userRoles.schoolId), eq(roles.id, userRoles.roleId)))
    .where(inArray(userRoles.accountId, ids))
    .orderBy(sql`${roles.builtin} nulls last`, roles.name);
  const scopes = await memberScopes(tx, ids);
  const byId = new Map(rows.map((r) => [r.userId, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ ...r, ...scopes.get(id)!, roles: grants.filter((g) => g.accountId === id).map(({ roleId, name, builtin }) => ({ roleId, name, builtin })) }] : [];
  });
}

/**
 * Adds the platform facts (password flag, whether the account is wholly this school's) on the
 * platform path. Called after the school transaction has ended: PGlite has one connection, so
 * transactions never nest.
 */
async function withAccountFacts(ctx: MemberCtx, rows: MemberRow[]): Promise<TMember[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.userId);
  const { facts, ms } = await platformTx(ctx.deps.dbh.db, 'users', async (ptx) => ({
    facts: await ptx.select({ id: accounts.id, mustChangePassword: accounts.mustChangePassword }).from(accounts).where(inArray(accounts.id, ids)),
    ms: await accountMemberships(ptx, ids),
  }));
  return rows.map((r) => {
    const f = facts.find((x) => x.id === r.userId);
    return {
      ...r,
      identity: r.identity as TIdentity,
      status: r.status === 'disabled' ? 'disabled' : 'approved',
      editableProfile: schoolOwnsAccount(ms.get(r.userId) ?? [], ctx.auth.schoolId),
      mustChangePassword: f?.mustChangePassword ?? false,
      joinedAt: r.joinedAt.toISOString(),
      lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    } satisfies TMember;
  });
}

export async function memberDetail(ctx: MemberCtx, userId: string) {
  const [m] = await withAccountFacts(ctx, await inSchool(ctx, (tx) => memberRows(tx, [userId])));
  if (!m) throw new AppError('common.notFound');
  return m;
}

async function setRoles(tx: Tx, schoolId: string, accountId: string, identity: number, roleIds: string[]) {
  const ids = roleIds.length ? roleIds : [await builtinRoleId(tx, schoolId, identity)].filter((x): x is string => Boolean(x));
  const found = ids.length ? await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids)) : [];
  if (found.length !== new Set(ids).size) throw new AppError('common.notFound');
  await tx.delete(userRoles).where(eq(userRoles.accountId, accountId));
  if (ids.length) await tx.insert(userRoles).values(ids.map((roleId) => ({ schoolId, accountId, roleId })));
  const [adminRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.builtin, IDENTITY.admin));
  if (adminRole) {
    const [left] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, adminRole.id));
    if (Number(left?.n ?? 0) === 0) throw new AppError('role.lastAdmin');
  }
}

/**
 * Adds a person to the school (a new account that must set its own password at first sign-in) or
 * changes a member. Name, phone and sex belong to the person's account: they change here only when
 * the account is wholly this school's (account-ownership.ts).
 */
export async function saveMember(
  ctx: MemberCtx,
  input: { userId?: string | undefined; account?: string | undefined; name: string; phone?: string | undefined; sex: 'male' | 'female' | 'unknown'; identity: TIdentity; roleIds: string[] } & ScopeInput,
) {
  const { deps, auth } = ctx;
  const phone = input.phone || null;
  if (!input.userId) {
    if (!input.account) throw new AppError('common.validation', { detail: 'account' });
    const passwordHash = await resetPasswordHash(ctx);
    // One transaction: the global account first, then the same transaction under the school's
    // row-level security for membership, roles and scope, so a failure anywhere leaves nothing.
    const accountId = await platformTx(deps.dbh.db, 'users', async (tx) => {
      const [taken] = await tx.select({ id: accounts.id }).from(accounts).where(sql`lower(${accounts.account}) = ${input.account!.toLowerCase()}`);
      if (taken) throw new AppError('register.accountTaken');
      if (phone && (await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, phone))).length) throw new AppError('register.phoneTaken');
      const [row] = await tx.insert(accounts).values({ account: input.account!, name: input.name, phone, sex: input.sex, passwordHash, mustChangePassword: true }).returning({ id: accounts.id });
      await asSchool(tx, auth.schoolId);
      await tx.insert(schoolMemberships).values({ schoolId: auth.schoolId, accountId: row!.id, identity: input.identity, status: 'approved', reviewedAt: deps.now(), reviewedBy: auth.accountId });
      await setRoles(tx, auth.schoolId, row!.id, input.identity, input.roleIds);
      await saveMemberScope(tx, auth.schoolId, row!.id, input);
      return row!.id;
    });
    return memberDetail(ctx, accountId);
  }
  const current = await memberDetail(ctx, input.userId);
  const profileChanged = current.name !== input.name || (current.phone ?? null) !== phone || current.sex !== input.sex;
  if (profileChanged && !current.editableProfile) throw new AppError('member.profileShared');
  if (profileChanged) {
    await platformTx(deps.dbh.db, 'users', async (tx) => {
      // Asked again inside the write: another school may have taken the person in meanwhile.
      if (!(await accountsOwnedBy(tx, auth.schoolId, [current.userId])).has(current.userId)) throw new AppError('member.profileShared');
      if (phone) {
        const [taken] = await tx.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.phone, phone), ne(accounts.id, current.userId)));
        if (taken) throw new AppError('register.phoneTaken');
      }
      await tx.update(accounts).set({ name: input.name, phone, sex: input.sex, updatedAt: deps.now() }).where(eq(accounts.id, current.userId));
    });
  }
  await inSchool(ctx, async (tx) => {
    await tx.update(schoolMemberships).set({ identity: input.identity }).where(eq(schoolMemberships.accountId, current.userId));
    await setRoles(tx, auth.schoolId, current.userId, input.identity, input.roleIds);
    await saveMemberScope(tx, auth.schoolId, current.userId, input);
  });
  return memberDetail(ctx, current.userId);
}

/** Disabling takes the person out of this school at their next request; other schools are untouched. */
export async function setMemberStatus(ctx: MemberCtx, userId: string, enabled: boolean) {
  if (userId === ctx.auth.accountId && !enabled) throw new AppError('member.self');
  await inSchool(ctx, async (tx) => {
    const rows = await tx.update(schoolMemberships)
      .set({ status: enabled ? 'approved' : 'disabled' })
      .where(and(eq(schoolMemberships.accountId, userId), inArray(schoolMemberships.status, [...MEMBER_STATUSES])))
      .returning({ id: schoolMemberships.id });
    if (!rows.length) throw new AppError('common.notFound');
  });
}

/**
 * Resets a member's password to the school's default reset password (else the deployment's), which they must change at their next
 * sign-in; their sessions end. Only for an account wholly this school's: anyone who also belongs to
 * another school resets their own password by SMS.
 */
export async function resetMemberPassword(ctx: MemberCtx, userId: string) {
  await memberDetail(ctx, userId); // 404 outside the school
  const hash = await resetPasswordHash(ctx);
  await platformTx(ctx.deps.dbh.db, 'users', async (tx) => {
    if (!(await accountsOwnedBy(tx, ctx.auth.schoolId, [userId])).has(userId)) throw new AppError('member.accountShared');
    await tx.update(accounts).set({ passwordHash: hash, mustChangePassword: true, updatedAt: ctx.deps.now() }).where(eq(accounts.id, userId));
    await revokeAccountSessions(tx, userId, ctx.deps.now());
  });
  return { mustChangePassword: true as const };
}
