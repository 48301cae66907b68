/** The schools' SQL: school lookup, a person's schools and invitations, memberships (docs/decisions/0016-repositories.md). */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ZIdentity, type TIdentity } from '@hxk/contracts';
import { accounts, schoolDomains, schoolMemberships, schools, userRoles } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';

export type MembershipRow = typeof schoolMemberships.$inferSelect;
export type MembershipStatus = MembershipRow['status'];

/** An identity column as the contracts' type; the replies are checked against the same schema. */
const identityOf = (n: number): TIdentity => ZIdentity.parse(n);

/** The school a domain name (normalized) belongs to. */
export async function schoolIdOfDomain(tx: Tx, domain: string): Promise<string | undefined> {
  // The primary key of school_domains (domain).
  const [row] = await tx.select({ schoolId: schoolDomains.schoolId }).from(schoolDomains).where(eq(schoolDomains.domain, domain)).limit(1);
  return row?.schoolId;
}

/** A school by its code, case-insensitively (the code as typed, trimmed). */
export async function schoolByCode(tx: Tx, code: string) {
  // index: schools_code_uq (lower(code))
  const [row] = await tx.select({ schoolId: schools.id, name: schools.name, code: schools.code }).from(schools)
    .where(sql`lower(${schools.code}) = ${code.trim().toLowerCase()}`).limit(1);
  return row;
}

export async function schoolById(tx: Tx, schoolId: string) {
  const [row] = await tx.select({ schoolId: schools.id, name: schools.name, code: schools.code }).from(schools)
    .where(eq(schools.id, schoolId)).limit(1);
  return row;
}

/** A person's membership of a school, whatever its status. */
export async function membershipOf(tx: Tx, schoolId: string, accountId: string): Promise<MembershipRow | undefined> {
  // index: school_memberships_account_uq (school_id, account_id)
  const [row] = await tx.select().from(schoolMemberships)
    .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.accountId, accountId)));
  return row;
}

/** Turns a rejected application back into a pending one, as if applied at `now`. */
export async function reopenApplication(tx: Tx, schoolId: string, id: string, identity: number, now: Date): Promise<void> {
  await tx.update(schoolMemberships)
    .set({ status: 'pending', identity, createdAt: now, reviewedAt: null, reviewedBy: null, reviewNote: null })
    .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.id, id)));
}

export async function insertApplication(tx: Tx, schoolId: string, accountId: string, identity: number): Promise<void> {
  await tx.insert(schoolMemberships).values({ schoolId, accountId, identity, status: 'pending' });
}

/** A person's memberships of every school, newest first. */
export async function schoolsOfAccount(tx: Tx, accountId: string) {
  // index: school_memberships_account_idx (account_id)
  const rows = await tx.select({ schoolId: schools.id, name: schools.name, code: schools.code, identity: schoolMemberships.identity, status: schoolMemberships.status })
    .from(schoolMemberships)
    .innerJoin(schools, eq(schools.id, schoolMemberships.schoolId))
    .where(eq(schoolMemberships.accountId, accountId))
    .orderBy(desc(schoolMemberships.createdAt));
  return rows.map((r) => ({ ...r, identity: identityOf(r.identity) }));
}

/** A person's open invitations, newest first. */
export async function invitationsOfAccount(tx: Tx, accountId: string) {
  // index: school_memberships_account_idx (account_id)
  const rows = await tx.select({ schoolId: schools.id, name: schools.name, code: schools.code, identity: schoolMemberships.identity, invitedAt: schoolMemberships.createdAt })
    .from(schoolMemberships)
    .innerJoin(schools, eq(schools.id, schoolMemberships.schoolId))
    .where(and(eq(schoolMemberships.accountId, accountId), eq(schoolMemberships.status, 'invited')))
    .orderBy(desc(schoolMemberships.createdAt));
  return rows.map((r) => ({ ...r, identity: identityOf(r.identity) }));
}

/** A person's invitation from a school, locked for the answer. */
export async function invitationForUpdate(tx: Tx, schoolId: string, accountId: string) {
  // index: school_memberships_account_uq (school_id, account_id)
  const [row] = await tx.select({ id: schoolMemberships.id, schoolId: schoolMemberships.schoolId, identity: schoolMemberships.identity })
    .from(schoolMemberships)
    .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.accountId, accountId), eq(schoolMemberships.status, 'invited')))
    .for('update');
  return row;
}

export async function deleteMembership(tx: Tx, id: string): Promise<void> {
  await tx.delete(schoolMemberships).where(eq(schoolMemberships.id, id));
}

/** An accepted invitation: the person is an approved member from `now`. */
export async function approveInvitation(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(schoolMemberships).set({ status: 'approved', reviewedAt: now }).where(eq(schoolMemberships.id, id));
}

/** Gives a person a role unless they hold it already. */
export async function grantRole(tx: Tx, schoolId: string, accountId: string, roleId: string): Promise<void> {
  await tx.insert(userRoles).values({ schoolId, accountId, roleId }).onConflictDoNothing();
}

export type MembershipQuery = { pageNum: number; pageSize: number; status?: MembershipStatus | undefined; keyword?: string | undefined };

/** Memberships of that status, of people matching the keyword (name, account, and phone when `searchPhone`). */
function membershipFilter(q: MembershipQuery, searchPhone: boolean): SQL | undefined {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(schoolMemberships.status, q.status));
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    filters.push(or(ilike(accounts.name, like), ilike(accounts.account, like), ...(searchPhone ? [ilike(accounts.phone, like)] : []))!);
  }
  return filters.length ? and(...filters) : undefined;
}

export async function countMemberships(tx: Tx, q: MembershipQuery, searchPhone: boolean): Promise<number> {
  // index: school_memberships_status_idx (school_id, status, created_at)
  const [total] = await tx.select({ n: count() }).from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId)).where(membershipFilter(q, searchPhone));
  return Number(total?.n ?? 0);
}

/** The columns of the memberships list (also what bench/run.ts reads without the app around it). */
export const MEMBERSHIP_COLUMNS = {
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
};

/** A page of memberships with their people: pending first when not filtered by status, then newest. */
export async function membershipPage(tx: Tx, q: MembershipQuery, searchPhone: boolean) {
  // index: school_memberships_status_idx (school_id, status, created_at)
  const rows = await tx
    .select(MEMBERSHIP_COLUMNS)
    .from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(membershipFilter(q, searchPhone))
    // Filtered by status, the (school_id, status, created_at) index gives the order; unfiltered,
    // pending applications come first.
    .orderBy(
      ...(q.status ? [] : [sql`case when ${schoolMemberships.status} = 'pending' then 0 else 1 end`]),
      desc(schoolMemberships.createdAt),
      desc(schoolMemberships.id),
    )
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return rows.map((r) => ({ ...r, identity: identityOf(r.identity) }));
}

/** A membership of the transaction's school, locked for its review. */
export async function membershipForUpdate(tx: Tx, id: string): Promise<MembershipRow | undefined> {
  // index: school_memberships_school_id_id_pk (school_id, id)
  const [row] = await tx.select().from(schoolMemberships).where(eq(schoolMemberships.id, id)).for('update');
  return row;
}

export type ReviewFields = Pick<MembershipRow, 'status' | 'reviewedAt' | 'reviewedBy' | 'reviewNote'>;

export async function reviewMembership(tx: Tx, schoolId: string, id: string, fields: ReviewFields): Promise<void> {
  await tx.update(schoolMemberships).set(fields).where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.id, id)));
}
