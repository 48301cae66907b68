import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { IDENTITY, type TIdentity } from '@hxk/contracts';
import { accounts, schoolDomains, schoolMemberships, schools, userRoles } from '../../db/schema/index.ts';
import { builtinRoleId } from '../roles/builtin-roles.ts';
import type { Ctx, MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { maySearchContacts, withContactsFor } from '../../platform/contacts.ts';
import { asSchool, containsPattern, inSchool, platformTx } from '../../platform/tenancy.ts';

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
  const [row] = await platformTx(ctx.deps.dbh.db, 'schools', (tx) =>
    tx.select({ schoolId: schoolDomains.schoolId }).from(schoolDomains).where(eq(schoolDomains.domain, domain)).limit(1),
  );
  if (!row) throw new AppError('school.notFound');
  return row.schoolId;
}

export async function schoolByCode(ctx: Ctx, code: string) {
  const [row] = await platformTx(ctx.deps.dbh.db, 'schools', (tx) =>
    tx.select({ schoolId: schools.id, name: schools.name, code: schools.code }).from(schools)
      .where(sql`lower(${schools.code}) = ${code.trim().toLowerCase()}`).limit(1),
  );
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
      ? await platformTx(ctx.deps.dbh.db, 'schools', async (tx) => {
          const [row] = await tx.select({ schoolId: schools.id, name: schools.name, code: schools.code }).from(schools)
            .where(eq(schools.id, input.unverifiedSchoolId!)).limit(1);
          return row;
        })
      : undefined;
  if (!school) throw new AppError('school.incorrectCode');
  return platformTx(ctx.deps.dbh.db, 'schools', async (tx) => {
    const [existing] = await tx.select().from(schoolMemberships)
      .where(and(eq(schoolMemberships.schoolId, school.schoolId), eq(schoolMemberships.accountId, ctx.auth.accountId)));
    if (existing && existing.status !== 'rejected') throw new AppError('school.alreadyBound');
    const identity = input.identity && input.identity !== IDENTITY.admin ? input.identity : IDENTITY.teacher;
    if (existing) {
      await tx.update(schoolMemberships)
        .set({ status: 'pending', identity, createdAt: ctx.deps.now(), reviewedAt: null, reviewedBy: null, reviewNote: null })
        .where(and(eq(schoolMemberships.schoolId, school.schoolId), eq(schoolMemberships.id, existing.id)));
    } else {
      await tx.insert(schoolMemberships).values({ schoolId: school.schoolId, accountId: ctx.auth.accountId, identity, status: 'pending' });
    }
    return { schoolId: school.schoolId, name: school.name, code: school.code, identity, status: 'pending' as const, current: false };
  });
}

/** The caller's own schools (approved, pending and rejected). */
export async function mySchools(ctx: AccountCtx) {
  const rows = await platformTx(ctx.deps.dbh.db, 'schools', (tx) =>
    tx.select({ schoolId: schools.id, name: schools.name, code: schools.code, identity: schoolMemberships.identity, status: schoolMemberships.status })
      .from(schoolMemberships)
      .innerJoin(schools, eq(schools.id, schoolMemberships.schoolId))
      .where(eq(schoolMemberships.accountId, ctx.auth.accountId))
      .orderBy(desc(schoolMemberships.createdAt)),
  );
  return rows.map((r) => ({ ...r, identity: r.identity as TIdentity, current: r.schoolId === ctx.auth.schoolId }));
}

/** The caller's open invitations: schools whose user sync or people import found their account. */
export async function myInvitations(ctx: AccountCtx) {
  const rows = await platformTx(ctx.deps.dbh.db, 'schools', (tx) =>
    tx.select({ schoolId: schools.id, name: schools.name, code: schools.code, identity: schoolMemberships.identity, invitedAt: schoolMemberships.createdAt })
      .from(schoolMemberships)
      .innerJoin(schools, eq(schools.id, schoolMemberships.schoolId))
      .where(and(eq(schoolMemberships.accountId, ctx.auth.accountId), eq(schoolMemberships.status, 'invited')))
      .orderBy(desc(schoolMemberships.createdAt)),
  );
  return rows.map((r) => ({ ...r, identity: r.identity as TIdentity, invitedAt: r.invitedAt.toISOString() }));
}

/**
 * The caller answers one of their own invitations (the school id only picks which: anyone else's, or
 * none, is 404). Accepting makes them a member with the identity the school set and its built-in
 * role; declining removes the invitation.
 */
export async function answerInvitation(ctx: AccountCtx, unverifiedSchoolId: string, accept: boolean) {
  await platformTx(ctx.deps.dbh.db, 'schools', async (tx) => {
    const [row] = await tx.select({ id: schoolMemberships.id, schoolId: schoolMemberships.schoolId, identity: schoolMemberships.identity })
      .from(schoolMemberships)
      .where(and(eq(schoolMemberships.schoolId, unverifiedSchoolId), eq(schoolMemberships.accountId, ctx.auth.accountId), eq(schoolMemberships.status, 'invited')))
      .for('update');
    if (!row) throw new AppError('common.notFound');
    // The invitation is the caller's own: the rest is the school's rows, under its row-level security.
    await asSchool(tx, row.schoolId);
    if (!accept) {
      await tx.delete(schoolMemberships).where(eq(schoolMemberships.id, row.id));
      return;
    }
    await tx.update(schoolMemberships).set({ status: 'approved', reviewedAt: ctx.deps.now() }).where(eq(schoolMemberships.id, row.id));
    const roleId = await builtinRoleId(tx, row.schoolId, row.identity);
    if (roleId) await tx.insert(userRoles).values({ schoolId: row.schoolId, accountId: ctx.auth.accountId, roleId }).onConflictDoNothing();
  });
}

/** School administrators' list of applications and members, in their own school only (RLS). */
export async function listMemberships(
  ctx: MemberCtx,
  q: { pageNum: number; pageSize: number; status?: 'pending' | 'approved' | 'rejected' | 'disabled' | 'invited' | undefined; keyword?: string | undefined },
) {
  return inSchool(ctx, async (tx) => {
    const filters: SQL[] = [];
    if (q.status) filters.push(eq(schoolMemberships.status, q.status));
    if (q.keyword) {
      const like = containsPattern(q.keyword);
      filters.push(or(ilike(accounts.name, like), ilike(accounts.account, like), ...(maySearchContacts(ctx.auth) ? [ilike(accounts.phone, like)] : []))!);
    }
    const where = filters.length ? and(...filters) : undefined;
    const [total] = await tx.select({ n: count() }).from(schoolMemberships)
      .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId)).where(where);
    const rows = await tx
      .select({
        id: schoolMemberships.id,
        userId: accounts.id,
        name: accounts.name,
        account: accounts.account,
        phone: accounts.phone,
        identity: schoolMemberships.identity,
        status: schoolMemberships.status,
        createdAt: schoolMemberships.createdAt,
        reviewedAt: schoolMemberships.reviewedAt,
        reviewNote: schoolMemberships.reviewNote,
      })
      .from(schoolMemberships)
      .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
      .where(where)
      // Filtered by status, the (school_id, status, created_at) index gives the order; unfiltered,
      // pending applications come first.
      .orderBy(
        ...(q.status ? [] : [sql`case when ${schoolMemberships.status} = 'pending' then 0 else 1 end`]),
        desc(schoolMemberships.createdAt),
        desc(schoolMemberships.id),
      )
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    return {
      list: withContactsFor(ctx.auth, rows).map((r) => ({
        ...r,
        identity: r.identity as TIdentity,
        createdAt: r.createdAt.toISOString(),
        reviewedAt: r.reviewedAt?.toISOString() ?? null,
      })),
      total: Number(total?.n ?? 0),
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  });
}

export async function reviewMembership(ctx: MemberCtx, input: { id: string; approve: boolean; note?: string | undefined }) {
  await inSchool(ctx, async (tx) => {
    const [row] = await tx.select().from(schoolMemberships).where(eq(schoolMemberships.id, input.id)).for('update');
    // Another school's membership is invisible under RLS: the same 404 as a missing one.
    if (!row) throw new AppError('common.notFound');
    if (row.status !== 'pending') throw new AppError('membership.notPending');
    await tx.update(schoolMemberships)
      .set({ status: input.approve ? 'approved' : 'rejected', reviewedAt: ctx.deps.now(), reviewedBy: ctx.auth.accountId, reviewNote: input.note ?? null })
      .where(and(eq(schoolMemberships.schoolId, ctx.auth.schoolId), eq(schoolMemberships.id, input.id)));
    if (input.approve) {
      // A new member starts with the built-in role of the identity they applied as.
      const roleId = await builtinRoleId(tx, ctx.auth.schoolId, row.identity);
      if (roleId) await tx.insert(userRoles).values({ schoolId: ctx.auth.schoolId, accountId: row.accountId, roleId }).onConflictDoNothing();
    }
  });
}
