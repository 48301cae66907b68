/**
 * The members module's SQL (docs/decisions/0016-repositories.md): accounts, memberships and role
 * grants as the member list, the member editor, the account-ownership rule and the SCIM sync use them.
 */
import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { ZIdentity, type TIdentity } from '@hxk/contracts';
import { accounts, roles, schoolMemberships, schoolSettings, userRoles } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';

/** The statuses of a member of the school (an applicant, a refused one or an invitee is not one). */
export const MEMBER_STATUSES = ['approved', 'disabled'] as const;

export type NewAccount = typeof accounts.$inferInsert;
/** The account columns the members module writes. */
export type AccountFields = Partial<Pick<NewAccount, 'name' | 'phone' | 'email' | 'sex' | 'passwordHash' | 'mustChangePassword' | 'updatedAt'>>;
export type NewMembership = typeof schoolMemberships.$inferInsert;

export type MemberFilter = { keyword?: string | undefined; roleId?: string | undefined; identity?: TIdentity | undefined; status?: 'approved' | 'disabled' | undefined };

const memberWhere = (q: MemberFilter) => {
  const filters: SQL[] = [q.status ? eq(schoolMemberships.status, q.status) : inArray(schoolMemberships.status, [...MEMBER_STATUSES])];
  if (q.keyword) filters.push(or(ilike(accounts.name, containsPattern(q.keyword)), ilike(accounts.account, containsPattern(q.keyword)), ilike(accounts.phone, containsPattern(q.keyword)))!);
  if (q.identity) filters.push(eq(schoolMemberships.identity, q.identity));
  if (q.roleId) filters.push(sql`exists (select 1 from ${userRoles} where ${userRoles.accountId} = ${schoolMemberships.accountId} and ${userRoles.roleId} = ${q.roleId})`);
  return and(...filters);
};

/** One page of the member list (newest first): the total, then the account ids of the page. */
export async function memberIdsPage(tx: Tx, q: MemberFilter & { pageNum: number; pageSize: number }) {
  const where = memberWhere(q);
  // index: school_memberships_status_idx (school_id, status, created_at)
  const [total] = await tx.select({ n: count() }).from(schoolMemberships).innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId)).where(where);
  // index: school_memberships_status_idx (school_id, status, created_at)
  const ids = await tx
    .select({ id: schoolMemberships.accountId })
    .from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(where)
    .orderBy(desc(schoolMemberships.createdAt), desc(schoolMemberships.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { ids: ids.map((r) => r.id), total: Number(total?.n ?? 0) };
}

/** Profile and membership of these members (approved or disabled), in no order. */
export async function membersByIds(tx: Tx, accountIds: string[]) {
  // index: school_memberships_account_uq (school_id, account_id)
  const rows = await tx
    .select({
      userId: accounts.id, account: accounts.account, name: accounts.name, phone: accounts.phone, sex: accounts.sex,
      identity: schoolMemberships.identity, status: schoolMemberships.status, joinedAt: schoolMemberships.createdAt, lastLoginAt: schoolMemberships.lastLoginAt,
    })
    .from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(and(inArray(schoolMemberships.accountId, accountIds), inArray(schoolMemberships.status, [...MEMBER_STATUSES])));
  return rows.map((r) => ({ ...r, identity: ZIdentity.parse(r.identity) }));
}

/** The roles of these members, built-in roles first, then by name. */
export function roleGrantsOf(tx: Tx, accountIds: string[]) {
  // index: user_roles_school_id_account_id_role_id_pk (school_id, account_id, role_id)
  return tx
    .select({ accountId: userRoles.accountId, roleId: roles.id, name: roles.name, builtin: roles.builtin })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.schoolId, userRoles.schoolId), eq(roles.id, userRoles.roleId)))
    .where(inArray(userRoles.accountId, accountIds))
    .orderBy(sql`${roles.builtin} nulls last`, roles.name);
}

/** The must-change-password flag of these accounts (platform path). */
export function passwordFlags(tx: Tx, accountIds: string[]) {
  // by the accounts primary key (id)
  return tx.select({ id: accounts.id, mustChangePassword: accounts.mustChangePassword }).from(accounts).where(inArray(accounts.id, accountIds));
}

/** Every membership of these accounts that the transaction sees (all schools on the platform path). */
export function membershipsOfAccounts(tx: Tx, accountIds: string[]) {
  // index: school_memberships_account_idx (account_id)
  return tx
    .select({ accountId: schoolMemberships.accountId, schoolId: schoolMemberships.schoolId, status: schoolMemberships.status })
    .from(schoolMemberships)
    .where(inArray(schoolMemberships.accountId, accountIds));
}

// ---------------------------------------------------------------- roles

/** How many of these roles exist in the school. */
export async function rolesFound(tx: Tx, roleIds: string[]): Promise<number> {
  return (await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds))).length;
}

export async function replaceUserRoles(tx: Tx, schoolId: string, accountId: string, roleIds: string[]): Promise<void> {
  await tx.delete(userRoles).where(eq(userRoles.accountId, accountId));
  if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ schoolId, accountId, roleId })));
}

export async function grantRoleOnce(tx: Tx, schoolId: string, accountId: string, roleId: string): Promise<void> {
  await tx.insert(userRoles).values({ schoolId, accountId, roleId }).onConflictDoNothing();
}

/** The id of the school's built-in role of this identity, if any. */
export async function builtinRole(tx: Tx, builtin: number): Promise<string | undefined> {
  const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.builtin, builtin));
  return row?.id;
}

export async function holdersOfRole(tx: Tx, roleId: string): Promise<number> {
  // index: user_roles_role_idx (school_id, role_id)
  const [row] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- accounts (platform path)

export async function accountIdByLogin(tx: Tx, account: string): Promise<string | undefined> {
  // index: accounts_account_uq (lower(account))
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(sql`lower(${accounts.account}) = ${account.toLowerCase()}`);
  return row?.id;
}

/** The account holding this phone number, other than `exceptId` when given. */
export async function accountIdByPhone(tx: Tx, phone: string, exceptId?: string): Promise<string | undefined> {
  // index: accounts_phone_uq (phone)
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(exceptId === undefined ? eq(accounts.phone, phone) : and(eq(accounts.phone, phone), ne(accounts.id, exceptId)));
  return row?.id;
}

/** The accounts whose login name is one of these (lower case). */
export function accountsByLoweredLogins(tx: Tx, lowered: string[]) {
  // index: accounts_account_uq (lower(account))
  return tx
    .select({ id: accounts.id, account: accounts.account, name: accounts.name, phone: accounts.phone, email: accounts.email })
    .from(accounts)
    .where(inArray(sql`lower(${accounts.account})`, lowered));
}

/** The owners of these phone numbers. */
export function accountsByPhones(tx: Tx, phones: string[]) {
  // index: accounts_phone_uq (phone)
  return tx.select({ id: accounts.id, phone: accounts.phone }).from(accounts).where(inArray(accounts.phone, phones));
}

export async function insertAccount(tx: Tx, values: NewAccount): Promise<string> {
  const [row] = await tx.insert(accounts).values(values).returning({ id: accounts.id });
  return row!.id;
}

export async function updateAccount(tx: Tx, id: string, fields: AccountFields): Promise<void> {
  await tx.update(accounts).set(fields).where(eq(accounts.id, id));
}

// ---------------------------------------------------------------- memberships (under the school)

export async function insertMembership(tx: Tx, values: NewMembership): Promise<void> {
  await tx.insert(schoolMemberships).values(values);
}

export async function setMembershipIdentity(tx: Tx, accountId: string, identity: number): Promise<void> {
  await tx.update(schoolMemberships).set({ identity }).where(eq(schoolMemberships.accountId, accountId));
}

/** Sets a member's status (approved or disabled); false when the account is no member here. */
export async function setMemberStatus(tx: Tx, accountId: string, status: (typeof MEMBER_STATUSES)[number]): Promise<boolean> {
  const rows = await tx.update(schoolMemberships)
    .set({ status })
    .where(and(eq(schoolMemberships.accountId, accountId), inArray(schoolMemberships.status, [...MEMBER_STATUSES])))
    .returning({ id: schoolMemberships.id });
  return rows.length > 0;
}

/**
 * Invites the account: a new invitation, or a refused application made a fresh invitation (dated
 * now); an open invitation keeps its date; any other membership is left alone.
 */
export async function upsertInvitation(tx: Tx, m: { schoolId: string; accountId: string; identity: number; reviewedBy: string; now: Date }): Promise<void> {
  await tx
    .insert(schoolMemberships)
    .values({ schoolId: m.schoolId, accountId: m.accountId, identity: m.identity, status: 'invited', reviewedBy: m.reviewedBy, createdAt: m.now })
    .onConflictDoUpdate({
      target: [schoolMemberships.schoolId, schoolMemberships.accountId],
      set: {
        identity: m.identity, status: 'invited', reviewedAt: null, reviewedBy: m.reviewedBy, reviewNote: null,
        createdAt: sql`case when ${schoolMemberships.status} = 'rejected' then ${m.now.toISOString()}::timestamptz else ${schoolMemberships.createdAt} end`,
      },
      setWhere: sql`${schoolMemberships.status} in ('rejected', 'invited')`,
    });
}

export async function deleteInvitation(tx: Tx, accountId: string): Promise<void> {
  await tx.delete(schoolMemberships).where(and(eq(schoolMemberships.accountId, accountId), eq(schoolMemberships.status, 'invited')));
}

export async function disableApprovedMembership(tx: Tx, accountId: string): Promise<void> {
  await tx.update(schoolMemberships).set({ status: 'disabled' }).where(and(eq(schoolMemberships.accountId, accountId), eq(schoolMemberships.status, 'approved')));
}

// ---------------------------------------------------------------- SCIM source (school_settings)

export async function ssoSource(tx: Tx) {
  const [row] = await tx.select({ ssoScimUrl: schoolSettings.ssoScimUrl, ssoScimToken: schoolSettings.ssoScimToken }).from(schoolSettings);
  return row;
}

/** Sets the SCIM endpoint; a token not given (or empty) keeps the one stored. */
export async function saveSsoSource(tx: Tx, schoolId: string, input: { scimUrl: string; scimToken?: string | undefined; now: Date }): Promise<void> {
  await tx
    .insert(schoolSettings)
    .values({ schoolId, ssoScimUrl: input.scimUrl, ssoScimToken: input.scimToken ?? null, updatedAt: input.now })
    .onConflictDoUpdate({
      target: schoolSettings.schoolId,
      set: { ssoScimUrl: input.scimUrl, ...(input.scimToken ? { ssoScimToken: input.scimToken } : {}), updatedAt: input.now },
    });
}
