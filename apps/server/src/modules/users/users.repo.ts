/** The users module's SQL: a person's own account and what a school sees of its members (docs/decisions/0016-repositories.md). */
import { and, eq, ne } from 'drizzle-orm';
import { ZIdentity } from '@hxk/contracts';
import { accounts, schoolMemberships, schools } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';

/** The account columns a person changes on their own account. */
export type AccountFields = Partial<Pick<typeof accounts.$inferInsert, 'name' | 'phone' | 'email' | 'sex' | 'passwordHash' | 'mustChangePassword' | 'avatarKey' | 'updatedAt'>>;

/** An approved member's profile as the school sees it (under RLS). */
export async function approvedMemberProfile(tx: Tx, accountId: string) {
  // index: school_memberships_account_uq (school_id, account_id)
  const [r] = await tx
    .select({ id: accounts.id, account: accounts.account, name: accounts.name, phone: accounts.phone, email: accounts.email, sex: accounts.sex, avatarKey: accounts.avatarKey, identity: schoolMemberships.identity })
    .from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(and(eq(schoolMemberships.accountId, accountId), eq(schoolMemberships.status, 'approved')));
  return r && { ...r, identity: ZIdentity.parse(r.identity) };
}

export async function accountById(tx: Tx, id: string) {
  // by the accounts primary key (id)
  const [a] = await tx.select().from(accounts).where(eq(accounts.id, id));
  return a;
}

export async function schoolName(tx: Tx, schoolId: string): Promise<string | undefined> {
  const [s] = await tx.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  return s?.name;
}

/** The account holding this phone number, if any. */
export async function accountIdByPhone(tx: Tx, phone: string): Promise<string | undefined> {
  // index: accounts_phone_uq (phone)
  const [taken] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, phone));
  return taken?.id;
}

export async function updateAccount(tx: Tx, id: string, fields: AccountFields): Promise<void> {
  await tx.update(accounts).set(fields).where(eq(accounts.id, id));
}

/** The account's password hash: null without a password, undefined without the account. */
export async function passwordHashOf(tx: Tx, id: string): Promise<string | null | undefined> {
  const [a] = await tx.select({ hash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, id));
  return a?.hash;
}

/** The account's avatar key: null without an avatar, undefined without the account. */
export async function avatarKeyOf(tx: Tx, id: string): Promise<string | null | undefined> {
  const [a] = await tx.select({ key: accounts.avatarKey }).from(accounts).where(eq(accounts.id, id));
  return a?.key;
}

/** The avatar key of someone with a membership of the school (an invitation is none), under RLS. */
export async function memberAvatarKey(tx: Tx, accountId: string): Promise<string | null | undefined> {
  // index: school_memberships_account_uq (school_id, account_id)
  const [r] = await tx
    .select({ k: accounts.avatarKey })
    .from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(and(eq(schoolMemberships.accountId, accountId), ne(schoolMemberships.status, 'invited')));
  return r?.k;
}
