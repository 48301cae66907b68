import crypto from 'node:crypto';
import { IDENTITY, MENU_NODES, type TUserInfo } from '@hxk/contracts';
import { getTitle } from '../settings/settings.service.ts';
import type { AuthState, Ctx, MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { mayReadContacts } from '../../platform/contacts.ts';
import { inSchool, platformTx } from '../../platform/tenancy.ts';
import { revokeAccountSessions } from '../../platform/sessions.ts';
import { sniffImage } from '../../platform/storage.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import * as repo from './users.repo.ts';

type AccountCtx = Ctx & { auth: AuthState };

export const avatarUrl = (accountId: string, key: string | null) =>
  key ? `/base/user/v1/avatar?userId=${accountId}&v=${crypto.createHash('sha1').update(key).digest('hex').slice(0, 8)}` : null;

/** A person's own profile, or another member of the caller's school (read through RLS). */
export async function userInfo(ctx: AccountCtx, unverifiedUserId?: string): Promise<TUserInfo> {
  const { deps, auth } = ctx;
  const targetId = unverifiedUserId ?? auth.accountId;
  if (targetId !== auth.accountId) {
    if (!auth.schoolId) throw new AppError('common.notFound');
    const row = await inSchool({ deps, auth: { schoolId: auth.schoolId } }, (tx) => repo.approvedMemberProfile(tx, targetId));
    if (!row) throw new AppError('common.notFound');
    // Another member's phone and e-mail only for user management (finding 6).
    const contacts = mayReadContacts(auth, row.id);
    return {
      userId: row.id, account: row.account, name: row.name, phone: contacts ? row.phone : null, email: contacts ? row.email : null, sex: row.sex,
      avatar: avatarUrl(row.id, row.avatarKey), schoolId: auth.schoolId, schoolName: null,
      identity: row.identity, permissions: [], mustChangePassword: false, sso: false,
    };
  }
  return platformTx(deps.dbh.db, 'users', async (tx) => {
    const a = await repo.accountById(tx, auth.accountId);
    if (!a) throw new AppError('auth.unauthenticated');
    const schoolName = auth.schoolId ? await repo.schoolName(tx, auth.schoolId) : undefined;
    return {
      userId: a.id, account: a.account, name: a.name, phone: a.phone, email: a.email, sex: a.sex,
      avatar: avatarUrl(a.id, a.avatarKey), schoolId: auth.schoolId, schoolName: schoolName ?? null,
      identity: auth.identity, permissions: [...auth.permissions], mustChangePassword: a.mustChangePassword, sso: auth.sso,
    };
  });
}

export async function updateInfo(ctx: AccountCtx, patch: { name?: string | undefined; phone?: string | undefined; email?: string | undefined; sex?: 'male' | 'female' | 'unknown' | undefined }) {
  await platformTx(ctx.deps.dbh.db, 'users', async (tx) => {
    if (patch.phone) {
      const taken = await repo.accountIdByPhone(tx, patch.phone);
      if (taken && taken !== ctx.auth.accountId) throw new AppError('register.phoneTaken');
    }
    await repo.updateAccount(tx, ctx.auth.accountId, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
      ...(patch.email !== undefined ? { email: patch.email || null } : {}),
      ...(patch.sex !== undefined ? { sex: patch.sex } : {}),
      updatedAt: ctx.deps.now(),
    });
  });
  return userInfo(ctx);
}

/** Changing the password ends every other session of the account. */
export async function updatePassword(ctx: AccountCtx, input: { oldPassword: string; newPassword: string }) {
  const { deps, auth } = ctx;
  const current = await platformTx(deps.dbh.db, 'users', async (tx) => (await repo.passwordHashOf(tx, auth.accountId)) ?? null);
  if (!(await verifyPassword(current, input.oldPassword))) throw new AppError('password.wrongOld');
  const hash = await hashPassword(input.newPassword);
  await platformTx(deps.dbh.db, 'users', async (tx) => {
    await repo.updateAccount(tx, auth.accountId, { passwordHash: hash, mustChangePassword: false, updatedAt: deps.now() });
    await revokeAccountSessions(tx, auth.accountId, deps.now(), auth.sessionId);
  });
}

/** Points the caller's avatar at a stored image; returns the key it replaced (for the caller to remove). */
export async function replaceAvatarKey(ctx: AccountCtx, key: string): Promise<string | null> {
  return platformTx(ctx.deps.dbh.db, 'users', async (tx) => {
    const before = await repo.avatarKeyOf(tx, ctx.auth.accountId);
    await repo.updateAccount(tx, ctx.auth.accountId, { avatarKey: key, updatedAt: ctx.deps.now() });
    return before ?? null;
  });
}

export async function readAvatar(ctx: AccountCtx, unverifiedUserId: string) {
  const { deps, auth } = ctx;
  let key: string | null | undefined;
  if (unverifiedUserId === auth.accountId) {
    key = await platformTx(deps.dbh.db, 'users', (tx) => repo.avatarKeyOf(tx, auth.accountId));
  } else if (auth.schoolId) {
    // An invitation is not a membership: the school sees nobody's avatar before they accept.
    key = await inSchool({ deps, auth: { schoolId: auth.schoolId } }, (tx) => repo.memberAvatarKey(tx, unverifiedUserId));
  }
  const data = key ? await deps.storage.get(key) : null;
  if (!data) throw new AppError('common.notFound');
  return { data, type: sniffImage(data) ?? 'application/octet-stream' };
}

/** The shell's start-up facts in one reply (GET /base/user/v1/getUserAppInfo). */
export async function userAppInfo(ctx: MemberCtx) {
  const [info, title] = [await userInfo(ctx), await getTitle(ctx)];
  const granted = new Set(ctx.auth.permissions);
  return {
    userId: info.userId,
    name: info.name,
    account: info.account,
    avatar: info.avatar,
    schoolId: ctx.auth.schoolId,
    schoolName: info.schoolName ?? '',
    title: title.name,
    identity: ctx.auth.identity,
    isAdmin: ctx.auth.identity === IDENTITY.admin,
    buttons: MENU_NODES.filter((n) => n.kind === 'button' && granted.has(n.key)).map((n) => n.key),
    menuKeys: MENU_NODES.filter((n) => n.kind !== 'button' && granted.has(n.key)).map((n) => n.key),
    sso: ctx.auth.sso,
  };
}
