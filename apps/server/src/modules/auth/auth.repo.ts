/** Sign-in's SQL: accounts, their school memberships and login logs (docs/decisions/0016-repositories.md). */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { accounts, loginLogs, schoolDomains, schoolMemberships, schools } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = Pick<typeof accounts.$inferInsert, 'account' | 'name' | 'phone' | 'email' | 'passwordHash' | 'wechatOpenId'>;
export type NewMembership = Pick<typeof schoolMemberships.$inferInsert, 'schoolId' | 'accountId' | 'identity' | 'status'>;

/** The account whose name, phone or email (names and emails in any case) is `login`. */
export async function findAccountByLogin(tx: Tx, login: string): Promise<AccountRow | undefined> {
  const lowered = login.toLowerCase();
  // index: accounts_account_uq (lower(account)), accounts_phone_uq (phone) and accounts_email_idx (lower(email)): one per arm of the or()
  const [row] = await tx
    .select()
    .from(accounts)
    .where(or(sql`lower(${accounts.account}) = ${lowered}`, eq(accounts.phone, login), sql`lower(${accounts.email}) = ${lowered}`))
    .limit(1);
  return row;
}

export async function findAccountByPhone(tx: Tx, phone: string): Promise<AccountRow | undefined> {
  // index: accounts_phone_uq (phone)
  const [row] = await tx.select().from(accounts).where(eq(accounts.phone, phone)).limit(1);
  return row;
}

export async function findAccountById(tx: Tx, id: string): Promise<AccountRow | undefined> {
  // accounts' primary key (id)
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

/** The id of the account bound to a WeChat user, if any. */
export async function accountIdByWechatOpenId(tx: Tx, openId: string): Promise<string | undefined> {
  // index: accounts_wechat_uq (wechat_open_id)
  const row = await tx.query.accounts.findFirst({ columns: { id: true }, where: (a) => eq(a.wechatOpenId, openId) });
  return row?.id;
}

export async function insertAccount(tx: Tx, fields: NewAccount): Promise<AccountRow> {
  const [row] = await tx.insert(accounts).values(fields).returning();
  return row!;
}

export async function setAccountPassword(tx: Tx, id: string, passwordHash: string, now: Date): Promise<void> {
  await tx.update(accounts).set({ passwordHash, mustChangePassword: false, updatedAt: now }).where(eq(accounts.id, id));
}

/** A person's approved schools, most recently used first. */
export async function approvedMemberships(tx: Tx, accountId: string) {
  // index: school_memberships_account_idx (account_id)
  return tx
    .select({
      schoolId: schoolMemberships.schoolId,
      schoolName: schools.name,
      identity: schoolMemberships.identity,
      lastLoginAt: schoolMemberships.lastLoginAt,
    })
    .from(schoolMemberships)
    .innerJoin(schools, eq(schools.id, schoolMemberships.schoolId))
    .where(and(eq(schoolMemberships.accountId, accountId), eq(schoolMemberships.status, 'approved')))
    // The school used last; never used: the first school the person joined.
    .orderBy(sql`${schoolMemberships.lastLoginAt} desc nulls last`, asc(schoolMemberships.createdAt));
}

export async function insertMembership(tx: Tx, fields: NewMembership): Promise<void> {
  await tx.insert(schoolMemberships).values(fields);
}

/** The school whose code is `code`, in any case. */
export async function schoolByCode(tx: Tx, code: string): Promise<typeof schools.$inferSelect | undefined> {
  // index: schools_code_uq (lower(code))
  const [row] = await tx.select().from(schools).where(sql`lower(${schools.code}) = ${code.toLowerCase()}`);
  return row;
}

/** The school served at a domain (already normalised), or null. */
export async function schoolIdOfDomain(tx: Tx, domain: string): Promise<string | null> {
  // school_domains' primary key (domain)
  const [row] = await tx.select({ schoolId: schoolDomains.schoolId }).from(schoolDomains).where(eq(schoolDomains.domain, domain)).limit(1);
  return row?.schoolId ?? null;
}

/** Marks the membership used now and logs the sign-in; returns the log's id. */
export async function recordLogin(tx: Tx, input: { schoolId: string; accountId: string; method: string; ip: string; userAgent: string; now: Date }) {
  // index: school_memberships_account_uq (school_id, account_id)
  await tx
    .update(schoolMemberships)
    .set({ lastLoginAt: input.now })
    .where(and(eq(schoolMemberships.schoolId, input.schoolId), eq(schoolMemberships.accountId, input.accountId)));
  const [log] = await tx
    .insert(loginLogs)
    .values({
      schoolId: input.schoolId,
      accountId: input.accountId,
      method: input.method,
      ip: input.ip,
      userAgent: input.userAgent.slice(0, 512),
      createdAt: input.now,
    })
    .returning({ id: loginLogs.id });
  return log!.id;
}

/** Confirms an unconfirmed login log of the account; true when one was. */
export async function confirmLoginLog(tx: Tx, input: { logId: string; accountId: string; platformId: number; now: Date }): Promise<boolean> {
  // index: login_logs_school_id_id_pk (school_id, id)
  const updated = await tx
    .update(loginLogs)
    .set({ confirmedAt: input.now, platformId: input.platformId })
    .where(and(eq(loginLogs.id, input.logId), eq(loginLogs.accountId, input.accountId), sql`${loginLogs.confirmedAt} is null`))
    .returning({ id: loginLogs.id });
  return updated.length > 0;
}
