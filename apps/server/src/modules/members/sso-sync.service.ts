import { and, eq, inArray, sql } from 'drizzle-orm';
import { IDENTITY, SSO_CONFLICTS_LISTED, type TSsoSyncResult } from '@hxk/contracts';
import { accounts, schoolMemberships, schoolSettings, userRoles } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { asSchool, inSchool, platformTx } from '../../platform/tenancy.ts';
import { scimUsers, type ScimUser } from '../../platform/adapters/scim.ts';
import { builtinRoleId } from '../roles/builtin-roles.ts';
import { accountMemberships, schoolOwnsAccount } from './account-ownership.ts';

export async function getSsoSettings(ctx: MemberCtx) {
  const [row] = await inSchool(ctx, (tx) => tx.select().from(schoolSettings));
  return { scimUrl: row?.ssoScimUrl ?? null, hasToken: Boolean(row?.ssoScimToken) };
}

export async function saveSsoSettings(ctx: MemberCtx, input: { scimUrl: string; scimToken?: string | undefined }) {
  await inSchool(ctx, (tx) =>
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
 * (no password: they sign in through single sign-on) and a membership; inactive people are disabled
 * here. An existing account is changed (name, phone, email) only when it is wholly this school's
 * (account-ownership.ts); an existing account that is not yet in this school is never adopted: it is
 * invited, and joins when the person accepts at their next sign-in. Each page is applied in one
 * transaction, so a failure keeps the pages already applied.
 */
export async function syncUsers(ctx: MemberCtx) {
  const [settings] = await inSchool(ctx, (tx) => tx.select().from(schoolSettings));
  if (!settings?.ssoScimUrl || !settings.ssoScimToken) throw new AppError('sso.notConfigured');
  const result: TSsoSyncResult = { total: 0, created: 0, joined: 0, updated: 0, disabled: 0, invited: 0, conflicts: [], conflictCount: 0 };
  try {
    for await (const page of scimUsers({ baseUrl: settings.ssoScimUrl, token: settings.ssoScimToken, allowHosts: ctx.deps.config.outboundAllowHosts })) {
      if (!page.length) continue;
      result.total += page.length;
      await platformTx(ctx.deps.dbh.db, 'users', (tx) => applyPage(ctx, tx, page, result));
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.deps.log.error({ err }, 'SSO user sync failed');
    throw new AppError('sso.syncFailed');
  }
  return result;
}

type Conflict = TSsoSyncResult['conflicts'][number];

function conflict(result: TSsoSyncResult, userName: string, reason: Conflict['reason']) {
  result.conflictCount++;
  if (result.conflicts.length < SSO_CONFLICTS_LISTED) result.conflicts.push({ userName, reason });
}

/**
 * One page in one transaction: accounts (global) first on the platform path, where every school's
 * memberships are visible to the ownership rule; then, under the school's row-level security, the
 * memberships, invitations and roles.
 */
async function applyPage(ctx: MemberCtx, tx: Tx, page: ScimUser[], result: TSsoSyncResult) {
  const { schoolId } = ctx.auth;
  const now = ctx.deps.now();
  const seen = new Set<string>();
  const entries = page.filter((u) => !seen.has(u.userName.toLowerCase()) && seen.add(u.userName.toLowerCase()));
  const found = await tx
    .select({ id: accounts.id, account: accounts.account, name: accounts.name, phone: accounts.phone, email: accounts.email })
    .from(accounts)
    .where(inArray(sql`lower(${accounts.account})`, [...seen]));
  const byName = new Map(found.map((a) => [a.account.toLowerCase(), a]));
  const memberships = await accountMemberships(tx, found.map((a) => a.id));
  const phones = [...new Set(entries.flatMap((u) => (u.phone ? [u.phone] : [])))];
  const phoneOwner = new Map(
    phones.length ? (await tx.select({ id: accounts.id, phone: accounts.phone }).from(accounts).where(inArray(accounts.phone, phones))).map((a) => [a.phone!, a.id]) : [],
  );
  const phoneFor = (u: ScimUser, accountId: string | null) => {
    if (!u.phone) return undefined;
    const owner = phoneOwner.get(u.phone);
    if (owner && owner !== accountId) {
      conflict(result, u.userName, 'phoneTaken');
      return undefined;
    }
    return u.phone;
  };

  type Step = { kind: 'join' | 'invite' | 'withdraw' | 'disable'; accountId: string; identity: number };
  const steps: Step[] = [];
  for (const u of entries) {
    const hit = byName.get(u.userName.toLowerCase());
    if (!hit) {
      if (!u.active) continue; // nobody to create for someone the source has switched off
      const phone = phoneFor(u, null);
      const [created] = await tx.insert(accounts).values({ account: u.userName, name: u.name, phone: phone ?? null, email: u.email, passwordHash: null }).returning({ id: accounts.id });
      if (phone) phoneOwner.set(phone, created!.id);
      result.created++;
      steps.push({ kind: 'join', accountId: created!.id, identity: identityOf(u) });
      continue;
    }
    const ms = memberships.get(hit.id) ?? [];
    const here = ms.find((m) => m.schoolId === schoolId);
    if (schoolOwnsAccount(ms, schoolId)) {
      const phone = phoneFor(u, hit.id);
      await tx.update(accounts).set({ name: u.name, ...(phone ? { phone } : {}), ...(u.email ? { email: u.email } : {}), updatedAt: now }).where(eq(accounts.id, hit.id));
      if (phone) phoneOwner.set(phone, hit.id);
      result.updated++;
    } else if ((here?.status === 'approved' || here?.status === 'disabled') && (hit.name !== u.name || (u.phone && u.phone !== hit.phone) || (u.email && u.email !== hit.email))) {
      conflict(result, u.userName, 'accountShared'); // a member here, but the profile is not this school's to change
    }
    if (!here || here.status === 'rejected' || here.status === 'invited') {
      if (u.active) {
        steps.push({ kind: 'invite', accountId: hit.id, identity: identityOf(u) });
        result.invited++;
      } else if (here?.status === 'invited') {
        steps.push({ kind: 'withdraw', accountId: hit.id, identity: 0 });
      }
    } else if (here.status === 'pending') {
      conflict(result, u.userName, 'applicationPending');
    } else if (!u.active && here.status === 'approved' && hit.id !== ctx.auth.accountId) {
      steps.push({ kind: 'disable', accountId: hit.id, identity: 0 });
      result.disabled++;
    }
  }

  // Memberships and roles are the school's: under its row-level security from here on.
  await asSchool(tx, schoolId);
  for (const s of steps) {
    if (s.kind === 'join') {
      await tx.insert(schoolMemberships).values({ schoolId, accountId: s.accountId, identity: s.identity, status: 'approved', reviewedAt: now, reviewedBy: ctx.auth.accountId });
      const roleId = await builtinRoleId(tx, schoolId, s.identity);
      if (roleId) await tx.insert(userRoles).values({ schoolId, accountId: s.accountId, roleId }).onConflictDoNothing();
      result.joined++;
    } else if (s.kind === 'invite') {
      // No roles yet: they come with acceptance (schools.service acceptInvitation).
      await tx
        .insert(schoolMemberships)
        .values({ schoolId, accountId: s.accountId, identity: s.identity, status: 'invited', reviewedBy: ctx.auth.accountId, createdAt: now })
        .onConflictDoUpdate({
          target: [schoolMemberships.schoolId, schoolMemberships.accountId],
          // A refused application becomes a fresh invitation; an open one keeps its date.
          set: {
            identity: s.identity, status: 'invited', reviewedAt: null, reviewedBy: ctx.auth.accountId, reviewNote: null,
            createdAt: sql`case when ${schoolMemberships.status} = 'rejected' then ${now.toISOString()}::timestamptz else ${schoolMemberships.createdAt} end`,
          },
          setWhere: sql`${schoolMemberships.status} in ('rejected', 'invited')`,
        });
    } else if (s.kind === 'withdraw') {
      await tx.delete(schoolMemberships).where(and(eq(schoolMemberships.accountId, s.accountId), eq(schoolMemberships.status, 'invited')));
    } else {
      await tx.update(schoolMemberships).set({ status: 'disabled' }).where(and(eq(schoolMemberships.accountId, s.accountId), eq(schoolMemberships.status, 'approved')));
    }
  }
}
