import { IDENTITY, type TIdentity, type TMember } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { asSchool, inSchool, platformTx } from '../../platform/tenancy.ts';
import { revokeAccountSessions } from '../../platform/sessions.ts';
import { resetPasswordHash } from '../settings/settings.service.ts';
import { builtinRoleId } from '../roles/builtin-roles.ts';
import { memberScopes, saveMemberScope, type ScopeInput } from './member-scope.ts';
import { accountMemberships, accountsOwnedBy, schoolOwnsAccount } from './account-ownership.ts';
import * as repo from './members.repo.ts';

/** Members of the school (approved or disabled) with their roles: one query for the page, one for the roles. */
export async function listMembers(
  ctx: MemberCtx,
  q: { pageNum: number; pageSize: number; keyword?: string | undefined; roleId?: string | undefined; identity?: TIdentity | undefined; status?: 'approved' | 'disabled' | undefined },
) {
  return inSchool(ctx, async (tx) => {
    const { ids, total } = await repo.memberIdsPage(tx, q);
    return { rows: await memberRows(tx, ids), total };
  }).then(async ({ rows, total }) => ({ list: await withAccountFacts(ctx, rows), total, pageNum: q.pageNum, pageSize: q.pageSize }));
}

type MemberRow = Awaited<ReturnType<typeof memberRows>>[number];

/** The school's view of some members (under RLS): profile, membership and roles. */
async function memberRows(tx: Tx, ids: string[]) {
  if (!ids.length) return [];
  const rows = await repo.membersByIds(tx, ids);
  const grants = await repo.roleGrantsOf(tx, ids);
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
    facts: await repo.passwordFlags(ptx, ids),
    ms: await accountMemberships(ptx, ids),
  }));
  return rows.map((r) => {
    const f = facts.find((x) => x.id === r.userId);
    return {
      ...r,
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
  const found = ids.length ? await repo.rolesFound(tx, ids) : 0;
  if (found !== new Set(ids).size) throw new AppError('common.notFound');
  await repo.replaceUserRoles(tx, schoolId, accountId, ids);
  const adminRole = await repo.builtinRole(tx, IDENTITY.admin);
  if (adminRole && (await repo.holdersOfRole(tx, adminRole)) === 0) throw new AppError('role.lastAdmin');
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
      if (await repo.accountIdByLogin(tx, input.account!)) throw new AppError('register.accountTaken');
      if (phone && (await repo.accountIdByPhone(tx, phone))) throw new AppError('register.phoneTaken');
      const id = await repo.insertAccount(tx, { account: input.account!, name: input.name, phone, sex: input.sex, passwordHash, mustChangePassword: true });
      await asSchool(tx, auth.schoolId);
      await repo.insertMembership(tx, { schoolId: auth.schoolId, accountId: id, identity: input.identity, status: 'approved', reviewedAt: deps.now(), reviewedBy: auth.accountId });
      await setRoles(tx, auth.schoolId, id, input.identity, input.roleIds);
      await saveMemberScope(tx, auth.schoolId, id, input);
      return id;
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
      if (phone && (await repo.accountIdByPhone(tx, phone, current.userId))) throw new AppError('register.phoneTaken');
      await repo.updateAccount(tx, current.userId, { name: input.name, phone, sex: input.sex, updatedAt: deps.now() });
    });
  }
  await inSchool(ctx, async (tx) => {
    await repo.setMembershipIdentity(tx, current.userId, input.identity);
    await setRoles(tx, auth.schoolId, current.userId, input.identity, input.roleIds);
    await saveMemberScope(tx, auth.schoolId, current.userId, input);
  });
  return memberDetail(ctx, current.userId);
}

/** Disabling takes the person out of this school at their next request; other schools are untouched. */
export async function setMemberStatus(ctx: MemberCtx, userId: string, enabled: boolean) {
  if (userId === ctx.auth.accountId && !enabled) throw new AppError('member.self');
  await inSchool(ctx, async (tx) => {
    if (!(await repo.setMemberStatus(tx, userId, enabled ? 'approved' : 'disabled'))) throw new AppError('common.notFound');
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
    await repo.updateAccount(tx, userId, { passwordHash: hash, mustChangePassword: true, updatedAt: ctx.deps.now() });
    await revokeAccountSessions(tx, userId, ctx.deps.now());
  });
  return { mustChangePassword: true as const };
}
