import { IDENTITY, type TIdentity } from '@hxk/contracts';
import { builtinRoleId } from '../roles/builtin-roles.ts';
import type { Ctx, MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { maySearchContacts, withContactsFor } from '../../platform/contacts.ts';
import { asSchool, inSchool, platformTx } from '../../platform/tenancy.ts';
import * as repo from './schools.repo.ts';

type AccountCtx = Ctx & { auth: { accountId: string; schoolId: string | null } };

export function normalizeDomain(domainName: string): string {
  // Accept a bare host, host:port or a full URL: the port never picks a school.
  let host = domainName.trim().toLowerCase();
  host = host.replace(/^[a-z]+:\/\//, '').split('/')[0] ?? '';
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0] ?? '';
}

export async function schoolIdByDomain(ctx: Ctx, domainName: string): Promise<string> {
  const domain = normalizeDomain(domainName);
  const schoolId = await platformTx(ctx.deps.dbh.db, 'schools', (tx) => repo.schoolIdOfDomain(tx, domain));
  if (!schoolId) throw new AppError('school.notFound');
  return schoolId;
}

export async function schoolByCode(ctx: Ctx, code: string) {
  const row = await platformTx(ctx.deps.dbh.db, 'schools', (tx) => repo.schoolByCode(tx, code));
  if (!row) throw new AppError('school.incorrectCode');
  return row;
}

/** Applying to a school by its code creates a pending membership for a school admin to review. */
export async function applyBind(
  ctx: AccountCtx,
  input: { code?: string | undefined; unverifiedSchoolId?: string | undefined; identity?: TIdentity | undefined },
) {
  const school = input.code
    ? await schoolByCode(ctx, input.code)
    : input.unverifiedSchoolId
      ? await platformTx(ctx.deps.dbh.db, 'schools', (tx) => repo.schoolById(tx, input.unverifiedSchoolId!))
      : undefined;
  if (!school) throw new AppError('school.incorrectCode');
  return platformTx(ctx.deps.dbh.db, 'schools', async (tx) => {
    const existing = await repo.membershipOf(tx, school.schoolId, ctx.auth.accountId);
    if (existing && existing.status !== 'rejected') throw new AppError('school.alreadyBound');
    const identity = input.identity && input.identity !== IDENTITY.admin ? input.identity : IDENTITY.teacher;
    if (existing) await repo.reopenApplication(tx, school.schoolId, existing.id, identity, ctx.deps.now());
    else await repo.insertApplication(tx, school.schoolId, ctx.auth.accountId, identity);
    return { schoolId: school.schoolId, name: school.name, code: school.code, identity, status: 'pending' as const, current: false };
  });
}

/** The caller's own schools (approved, pending and rejected). */
export async function mySchools(ctx: AccountCtx) {
  const rows = await platformTx(ctx.deps.dbh.db, 'schools', (tx) => repo.schoolsOfAccount(tx, ctx.auth.accountId));
  return rows.map((r) => ({ ...r, current: r.schoolId === ctx.auth.schoolId }));
}

/** The caller's open invitations: schools whose user sync or people import found their account. */
export async function myInvitations(ctx: AccountCtx) {
  const rows = await platformTx(ctx.deps.dbh.db, 'schools', (tx) => repo.invitationsOfAccount(tx, ctx.auth.accountId));
  return rows.map((r) => ({ ...r, invitedAt: r.invitedAt.toISOString() }));
}

/**
 * The caller answers one of their own invitations (the school id only picks which: anyone else's, or
 * none, is 404). Accepting makes them a member with the identity the school set and its built-in
 * role; declining removes the invitation.
 */
export async function answerInvitation(ctx: AccountCtx, unverifiedSchoolId: string, accept: boolean) {
  await platformTx(ctx.deps.dbh.db, 'schools', async (tx) => {
    const row = await repo.invitationForUpdate(tx, unverifiedSchoolId, ctx.auth.accountId);
    if (!row) throw new AppError('common.notFound');
    // The invitation is the caller's own: the rest is the school's rows, under its row-level security.
    await asSchool(tx, row.schoolId);
    if (!accept) {
      await repo.deleteMembership(tx, row.id);
      return;
    }
    await repo.approveInvitation(tx, row.id, ctx.deps.now());
    const roleId = await builtinRoleId(tx, row.schoolId, row.identity);
    if (roleId) await repo.grantRole(tx, row.schoolId, ctx.auth.accountId, roleId);
  });
}

/** School administrators' list of applications and members, in their own school only (RLS). */
export async function listMemberships(ctx: MemberCtx, q: repo.MembershipQuery) {
  return inSchool(ctx, async (tx) => {
    const searchPhone = maySearchContacts(ctx.auth);
    const total = await repo.countMemberships(tx, q, searchPhone);
    const rows = await repo.membershipPage(tx, q, searchPhone);
    return {
      list: withContactsFor(ctx.auth, rows).map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        reviewedAt: r.reviewedAt?.toISOString() ?? null,
      })),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  });
}

export async function reviewMembership(ctx: MemberCtx, input: { id: string; approve: boolean; note?: string | undefined }) {
  await inSchool(ctx, async (tx) => {
    const row = await repo.membershipForUpdate(tx, input.id);
    // Another school's membership is invisible under RLS: the same 404 as a missing one.
    if (!row) throw new AppError('common.notFound');
    if (row.status !== 'pending') throw new AppError('membership.notPending');
    await repo.reviewMembership(tx, ctx.auth.schoolId, input.id, {
      status: input.approve ? 'approved' : 'rejected', reviewedAt: ctx.deps.now(), reviewedBy: ctx.auth.accountId, reviewNote: input.note ?? null,
    });
    if (input.approve) {
      // A new member starts with the built-in role of the identity they applied as.
      const roleId = await builtinRoleId(tx, ctx.auth.schoolId, row.identity);
      if (roleId) await repo.grantRole(tx, ctx.auth.schoolId, row.accountId, roleId);
    }
  });
}
