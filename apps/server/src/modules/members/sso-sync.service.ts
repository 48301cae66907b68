import { and, eq, inArray, sql } from 'drizzle-orm';
import { IDENTITY } from '@hxk/contracts';
import { accounts, schoolMemberships, schoolSettings, userRoles } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { scimUsers, type ScimUser } from '../../platform/adapters/scim.ts';
import { builtinRoleId } from '../roles/builtin-roles.ts';

export async function getSsoSettings(ctx: MemberCtx) {
  const [row] = await schoolTx(ctx.deps.dbh.db, ctx.auth.schoolId, (tx) => tx.select().from(schoolSettings));
  return { scimUrl: row?.ssoScimUrl ?? null, hasToken: Boolean(row?.ssoScimToken) };
}

export async function saveSsoSettings(ctx: MemberCtx, input: { scimUrl: string; scimToken?: string | undefined }) {
  await schoolTx(ctx.deps.dbh.db, ctx.auth.schoolId, (tx) =>
    tx
      .insert(schoolSettings)
      .values({ schoolId: ctx.auth.schoolId, ssoScimUrl: input.scimUrl, ssoScimToken: input.scimToken ?? null, updatedAt: ctx.deps.now() })
      .onConflictDoUpdate({
        target: schoolSettings.schoolId,
        set: { ssoScimUrl: input.scimUrl, ...(input.scimToken ? { ssoScimToken: input.scimToken } : {}), updatedAt: ctx.deps.now() },
      }),
  );
  return getSsoSettings(ctx);
}

const identityOf = (u: ScimUser) => (u.userType?.toLowerCase() === 'student' ? IDENTITY.student : IDENTITY.teacher);

/**
 * Syncs the school's people from its identity system (SCIM 2.0): unknown people get an account
 * (no password: they sign in through single sign-on) and a membership; known people join the
 * school; inactive people are disabled here. Names and phones are only updated for people who
 * belong to no other school. Each page is applied in its own transactions, so a failure keeps the
 * pages already applied.
 */
export async function syncUsers(ctx: MemberCtx, fetchImpl?: typeof fetch) {
  const { schoolId } = ctx.auth;
  const [settings] = await schoolTx(ctx.deps.dbh.db, schoolId, (tx) => tx.select().from(schoolSettings));
  if (!settings?.ssoScimUrl || !settings.ssoScimToken) throw new AppError('sso.notConfigured');
  const result = { total: 0, created: 0, joined: 0, updated: 0, disabled: 0 };
  try {
    for await (const page of scimUsers({ baseUrl: settings.ssoScimUrl, token: settings.ssoScimToken, fetch: fetchImpl })) {
      if (!page.length) continue;
      result.total += page.length;
      // Accounts are global: found or created on the platform path.
      const ids = await platformTx(ctx.deps.dbh.db, 'users', async (tx) => {
        const out = new Map<string, { accountId: string; others: number }>();
        for (const u of page) {
          const [found] = await tx
            .select({ id: accounts.id, others: sql<string | number>`(select count(*) from school_memberships m where m.account_id = accounts.id and m.school_id <> ${schoolId} and m.status = 'approved')` })
            .from(accounts)
            .where(sql`lower(${accounts.account}) = ${u.userName.toLowerCase()}`);
          if (found) {
            if (Number(found.others) === 0) {
              const phoneFree = u.phone ? !(await tx.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.phone, u.phone), sql`${accounts.id} <> ${found.id}`))).length : true;
              await tx.update(accounts).set({ name: u.name, ...(phoneFree && u.phone ? { phone: u.phone } : {}), ...(u.email ? { email: u.email } : {}), updatedAt: ctx.deps.now() }).where(eq(accounts.id, found.id));
              result.updated++;
            }
            out.set(u.userName, { accountId: found.id, others: Number(found.others) });
            continue;
          }
          const phoneTaken = u.phone ? (await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, u.phone))).length > 0 : false;
          const [created] = await tx
            .insert(accounts)
            .values({ account: u.userName, name: u.name, phone: phoneTaken ? null : u.phone, email: u.email, passwordHash: null })
            .returning({ id: accounts.id });
          result.created++;
          out.set(u.userName, { accountId: created!.id, others: 0 });
        }
        return out;
      });
      // Memberships and roles are the school's: under RLS.
      await schoolTx(ctx.deps.dbh.db, schoolId, async (tx) => {
        const accountIds = [...ids.values()].map((v) => v.accountId);
        const existing = await tx.select().from(schoolMemberships).where(inArray(schoolMemberships.accountId, accountIds));
        for (const u of page) {
          const accountId = ids.get(u.userName)!.accountId;
          const m = existing.find((e) => e.accountId === accountId);
          if (!m) {
            if (!u.active) continue;
            const identity = identityOf(u);
            await tx.insert(schoolMemberships).values({ schoolId, accountId, identity, status: 'approved', reviewedAt: ctx.deps.now(), reviewedBy: ctx.auth.accountId });
            const roleId = await builtinRoleId(tx, schoolId, identity);
            if (roleId) await tx.insert(userRoles).values({ schoolId, accountId, roleId }).onConflictDoNothing();
            result.joined++;
          } else if (!u.active && m.status === 'approved' && accountId !== ctx.auth.accountId) {
            await tx.update(schoolMemberships).set({ status: 'disabled' }).where(eq(schoolMemberships.id, m.id));
            result.disabled++;
          }
        }
      });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.deps.log.error({ err }, 'SSO user sync failed');
    throw new AppError('sso.syncFailed', { detail: err instanceof Error ? err.message : String(err) });
  }
  return result;
}
