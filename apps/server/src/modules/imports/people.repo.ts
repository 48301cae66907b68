/**
 * The people import's SQL: global accounts (read and written on the 'jobs' platform path), the
 * school's memberships and built-in roles (docs/decisions/0016-repositories.md).
 */
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { accounts, roles, schoolMemberships, userRoles } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';

type AccountInsert = typeof accounts.$inferInsert;
type MembershipInsert = typeof schoolMemberships.$inferInsert;
type UserRoleInsert = typeof userRoles.$inferInsert;
export type ProfileFields = Pick<AccountInsert, 'name' | 'phone' | 'sex' | 'updatedAt'>;
export type PeopleExportFilter = { keyword?: string; roleId?: string; identity?: number; status?: 'approved' | 'disabled' };

/** Accounts whose account name is one of these (lower-cased). */
export function accountsByName(tx: Tx, lowerAccounts: string[]) {
  // index: accounts_account_uq (lower(account))
  return tx
    .select({ id: accounts.id, account: accounts.account, name: accounts.name, phone: accounts.phone, sex: accounts.sex })
    .from(accounts)
    .where(inArray(sql`lower(${accounts.account})`, lowerAccounts));
}

/** The memberships of these accounts in the transaction's school (row-level security). */
export function membershipsOfAccounts(tx: Tx, accountIds: string[]) {
  // index: school_memberships_account_uq (school_id, account_id)
  return tx
    .select({ accountId: schoolMemberships.accountId, identity: schoolMemberships.identity, status: schoolMemberships.status })
    .from(schoolMemberships)
    .where(inArray(schoolMemberships.accountId, accountIds));
}

/** The owners of these phone numbers, by phone. */
export async function accountIdsByPhone(tx: Tx, phones: string[]): Promise<Map<string, string>> {
  // index: accounts_phone_uq (phone)
  const rows = await tx.select({ id: accounts.id, phone: accounts.phone }).from(accounts).where(inArray(accounts.phone, phones));
  const byPhone = new Map<string, string>();
  for (const r of rows) if (r.phone != null) byPhone.set(r.phone, r.id);
  return byPhone;
}

export function insertAccounts(tx: Tx, rows: AccountInsert[]) {
  return tx.insert(accounts).values(rows).returning({ id: accounts.id, account: accounts.account });
}

export async function updateProfile(tx: Tx, accountId: string, fields: ProfileFields): Promise<void> {
  await tx.update(accounts).set(fields).where(eq(accounts.id, accountId));
}

/** The school's built-in role of each identity (row-level security). */
export async function builtinRoleIds(tx: Tx): Promise<Map<number, string>> {
  // index: roles_builtin_uq (school_id, builtin)
  const rows = await tx.select({ id: roles.id, builtin: roles.builtin }).from(roles).where(sql`${roles.builtin} is not null`);
  const byIdentity = new Map<number, string>();
  for (const r of rows) if (r.builtin != null) byIdentity.set(r.builtin, r.id);
  return byIdentity;
}

export async function insertMemberships(tx: Tx, rows: MembershipInsert[]): Promise<void> {
  await tx.insert(schoolMemberships).values(rows);
}

/** Gives roles; a grant already held is skipped. */
export async function grantRoles(tx: Tx, rows: UserRoleInsert[]): Promise<void> {
  await tx.insert(userRoles).values(rows).onConflictDoNothing();
}

export async function insertUserRole(tx: Tx, row: UserRoleInsert): Promise<void> {
  await tx.insert(userRoles).values(row);
}

export type Invitation = { schoolId: string; accountId: string; identity: number; orgUnitId: string | null; reviewedBy: string | null; now: Date };

/**
 * Invites an account into the school. An earlier invitation is renewed and a rejected application
 * turned into an invitation (dated now); any other membership is left as it is.
 */
export async function upsertInvitation(tx: Tx, inv: Invitation): Promise<void> {
  const { schoolId, accountId, identity, orgUnitId, reviewedBy, now } = inv;
  await tx
    .insert(schoolMemberships)
    .values({ schoolId, accountId, identity, status: 'invited', orgUnitId, reviewedBy, createdAt: now })
    .onConflictDoUpdate({
      target: [schoolMemberships.schoolId, schoolMemberships.accountId],
      set: {
        identity, orgUnitId, status: 'invited', reviewedAt: null, reviewedBy, reviewNote: null,
        createdAt: sql`case when ${schoolMemberships.status} = 'rejected' then ${now.toISOString()}::timestamptz else ${schoolMemberships.createdAt} end`,
      },
      setWhere: sql`${schoolMemberships.status} in ('rejected', 'invited')`,
    });
}

export async function updateMembership(tx: Tx, accountId: string, fields: { identity: number; orgUnitId: string | null }): Promise<void> {
  await tx.update(schoolMemberships).set(fields).where(eq(schoolMemberships.accountId, accountId));
}

export async function deleteRolesOf(tx: Tx, accountId: string): Promise<void> {
  await tx.delete(userRoles).where(eq(userRoles.accountId, accountId));
}

/** How many people hold a role. */
export async function countRoleHolders(tx: Tx, roleId: string): Promise<number> {
  // index: user_roles_role_idx (school_id, role_id)
  const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return Number(left?.n ?? 0);
}

/** The members of the people screen's filters (approved and disabled unless one is asked), newest first. */
export function peopleExportRows(tx: Tx, f: PeopleExportFilter) {
  const where: SQL[] = [f.status ? eq(schoolMemberships.status, f.status) : inArray(schoolMemberships.status, ['approved', 'disabled'])];
  if (f.keyword) where.push(or(ilike(accounts.name, containsPattern(f.keyword)), ilike(accounts.account, containsPattern(f.keyword)), ilike(accounts.phone, containsPattern(f.keyword)))!);
  if (f.identity) where.push(eq(schoolMemberships.identity, f.identity));
  // index: user_roles_role_idx (school_id, role_id)
  if (f.roleId) where.push(sql`exists (select 1 from ${userRoles} where ${userRoles.accountId} = ${schoolMemberships.accountId} and ${userRoles.roleId} = ${f.roleId})`);
  // index: school_memberships_status_idx (school_id, status, created_at)
  return tx
    .select({ account: accounts.account, name: accounts.name, phone: accounts.phone, sex: accounts.sex, identity: schoolMemberships.identity, orgUnitId: schoolMemberships.orgUnitId })
    .from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(and(...where))
    .orderBy(desc(schoolMemberships.createdAt), desc(schoolMemberships.id));
}
