import { and, asc, eq, or, sql } from 'drizzle-orm';
import { accounts, loginLogs, schoolDomains, schoolMemberships, schools } from '../../db/schema/index.ts';
import { normalizeDomain } from '../schools/schools.service.ts';
import type { Tx } from '../../platform/db.ts';

export async function findAccountByLogin(tx: Tx, login: string) {
  const lowered = login.toLowerCase();
  const [row] = await tx
    .select()
    .from(accounts)
    .where(or(sql`lower(${accounts.account}) = ${lowered}`, eq(accounts.phone, login), sql`lower(${accounts.email}) = ${lowered}`))
    .limit(1);
  return row;
}

export async function findAccountByPhone(tx: Tx, phone: string) {
  const [row] = await tx.select().from(accounts).where(eq(accounts.phone, phone)).limit(1);
  return row;
}

export async function findAccountById(tx: Tx, id: string) {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

/** A person's approved schools, most recently used first. */
export async function approvedMemberships(tx: Tx, accountId: string) {
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

export async function recordLogin(tx: Tx, input: { schoolId: string; accountId: string; method: string; ip: string; userAgent: string; now: Date }) {
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

/** The school served at a request's host (school_domains; the port never counts), or null. */
export async function schoolOfHost(tx: Tx, host: string | undefined): Promise<string | null> {
  const domain = host ? normalizeDomain(host) : '';
  if (!domain) return null;
  const [row] = await tx.select({ schoolId: schoolDomains.schoolId }).from(schoolDomains).where(eq(schoolDomains.domain, domain)).limit(1);
  return row?.schoolId ?? null;
}
