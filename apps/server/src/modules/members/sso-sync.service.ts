import { IDENTITY, SSO_CONFLICTS_LISTED, type TSaveSsoSettingsRequest, type TSsoSettings, type TSsoSyncResult } from '@hxk/contracts';
import { saveSignInSettings, signInSettings } from '../sso/sso.service.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { asSchool, inSchool, platformTx } from '../../platform/tenancy.ts';
import { scimUsers, type ScimUser } from '../../platform/adapters/scim.ts';
import { builtinRoleId } from '../roles/builtin-roles.ts';
import { accountMemberships, schoolOwnsAccount } from './account-ownership.ts';
import * as repo from './members.repo.ts';

/** The SCIM source (the token only as a flag) and the single sign-on (modules/sso; the client secret only as a flag). */
export async function getSsoSettings(ctx: MemberCtx): Promise<TSsoSettings> {
  const row = await inSchool(ctx, repo.ssoSource);
  return { scimUrl: row?.ssoScimUrl ?? null, hasToken: Boolean(row?.ssoScimToken), ...(await signInSettings(ctx)) };
}

/** Saves what is given: the SCIM source when scimUrl is, the sign-in fields that are. */
export async function saveSsoSettings(ctx: MemberCtx, input: TSaveSsoSettingsRequest) {
  if (input.scimUrl !== undefined) {
    const scimUrl = input.scimUrl;
    await inSchool(ctx, (tx) => repo.saveSsoSource(tx, ctx.auth.schoolId, { scimUrl, scimToken: input.scimToken, now: ctx.deps.now() }));
  }
  await saveSignInSettings(ctx, input);
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
  const settings = await inSchool(ctx, repo.ssoSource);
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
  const found = await repo.accountsByLoweredLogins(tx, [...seen]);
  const byName = new Map(found.map((a) => [a.account.toLowerCase(), a]));
  const memberships = await accountMemberships(tx, found.map((a) => a.id));
  const phones = [...new Set(entries.flatMap((u) => (u.phone ? [u.phone] : [])))];
  const phoneOwner = new Map(
    phones.length ? (await repo.accountsByPhones(tx, phones)).map((a) => [a.phone!, a.id]) : [],
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
      const created = await repo.insertAccount(tx, { account: u.userName, name: u.name, phone: phone ?? null, email: u.email, passwordHash: null });
      if (phone) phoneOwner.set(phone, created);
      result.created++;
      steps.push({ kind: 'join', accountId: created, identity: identityOf(u) });
      continue;
    }
    const ms = memberships.get(hit.id) ?? [];
    const here = ms.find((m) => m.schoolId === schoolId);
    if (schoolOwnsAccount(ms, schoolId)) {
      const phone = phoneFor(u, hit.id);
      await repo.updateAccount(tx, hit.id, { name: u.name, ...(phone ? { phone } : {}), ...(u.email ? { email: u.email } : {}), updatedAt: now });
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
      await repo.insertMembership(tx, { schoolId, accountId: s.accountId, identity: s.identity, status: 'approved', reviewedAt: now, reviewedBy: ctx.auth.accountId });
      const roleId = await builtinRoleId(tx, schoolId, s.identity);
      if (roleId) await repo.grantRoleOnce(tx, schoolId, s.accountId, roleId);
      result.joined++;
    } else if (s.kind === 'invite') {
      // No roles yet: they come with acceptance (schools.service acceptInvitation).
      await repo.upsertInvitation(tx, { schoolId, accountId: s.accountId, identity: s.identity, reviewedBy: ctx.auth.accountId, now });
    } else if (s.kind === 'withdraw') {
      await repo.deleteInvitation(tx, s.accountId);
    } else {
      await repo.disableApprovedMembership(tx, s.accountId);
    }
  }
}
