import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { IDENTITY, MENU_NODES, UPLOAD_LIMITS, type TIdentity, type TUserInfo } from '@hxk/contracts';
import { getTitle } from '../settings/settings.service.ts';
import { accounts, files, schoolMemberships, schools } from '../../db/schema/index.ts';
import type { AuthState, Ctx, MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { revokeAccountSessions } from '../../platform/sessions.ts';
import { sniffImage } from '../../platform/storage.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';

type AccountCtx = Ctx & { auth: AuthState };

export const avatarUrl = (accountId: string, key: string | null) =>
  key ? `/base/user/v1/avatar?userId=${accountId}&v=${crypto.createHash('sha1').update(key).digest('hex').slice(0, 8)}` : null;

/** A person's own profile, or another member of the caller's school (read through RLS). */
export async function userInfo(ctx: AccountCtx, unverifiedUserId?: string): Promise<TUserInfo> {
  const { deps, auth } = ctx;
  const targetId = unverifiedUserId ?? auth.accountId;
  if (targetId !== auth.accountId) {
    if (!auth.schoolId) throw new AppError('common.notFound');
    const row = await schoolTx(deps.dbh.db, auth.schoolId, async (tx) => {
      const [r] = await tx
        .select({ id: accounts.id, account: accounts.account, name: accounts.name, phone: accounts.phone, email: accounts.email, sex: accounts.sex, avatarKey: accounts.avatarKey, identity: schoolMemberships.identity })
        .from(schoolMemberships)
        .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
        .where(and(eq(schoolMemberships.accountId, targetId), eq(schoolMemberships.status, 'approved')));
      return r;
    });
    if (!row) throw new AppError('common.notFound');
    return {
      userId: row.id, account: row.account, name: row.name, phone: row.phone, email: row.email, sex: row.sex,
      avatar: avatarUrl(row.id, row.avatarKey), schoolId: auth.schoolId, schoolName: null,
      identity: row.identity as TIdentity, permissions: [], mustChangePassword: false, sso: false,
    };
  }
  return platformTx(deps.dbh.db, 'users', async (tx) => {
    const [a] = await tx.select().from(accounts).where(eq(accounts.id, auth.accountId));
    if (!a) throw new AppError('auth.unauthenticated');
    const [s] = auth.schoolId ? await tx.select({ name: schools.name }).from(schools).where(eq(schools.id, auth.schoolId)) : [];
    return {
      userId: a.id, account: a.account, name: a.name, phone: a.phone, email: a.email, sex: a.sex,
      avatar: avatarUrl(a.id, a.avatarKey), schoolId: auth.schoolId, schoolName: s?.name ?? null,
      identity: auth.identity, permissions: [...auth.permissions], mustChangePassword: a.mustChangePassword, sso: auth.sso,
    };
  });
}

export async function updateInfo(ctx: AccountCtx, patch: { name?: string | undefined; phone?: string | undefined; email?: string | undefined; sex?: 'male' | 'female' | 'unknown' | undefined }) {
  await platformTx(ctx.deps.dbh.db, 'users', async (tx) => {
    if (patch.phone) {
      const [taken] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, patch.phone));
      if (taken && taken.id !== ctx.auth.accountId) throw new AppError('register.phoneTaken');
    }
    await tx.update(accounts).set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
      ...(patch.email !== undefined ? { email: patch.email || null } : {}),
      ...(patch.sex !== undefined ? { sex: patch.sex } : {}),
      updatedAt: ctx.deps.now(),
    }).where(eq(accounts.id, ctx.auth.accountId));
  });
  return userInfo(ctx);
}

/** Changing the password ends every other session of the account. */
export async function updatePassword(ctx: AccountCtx, input: { oldPassword: string; newPassword: string }) {
  const { deps, auth } = ctx;
  const current = await platformTx(deps.dbh.db, 'users', async (tx) => {
    const [a] = await tx.select({ hash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, auth.accountId));
    return a?.hash ?? null;
  });
  if (!(await verifyPassword(current, input.oldPassword))) throw new AppError('password.wrongOld');
  const hash = await hashPassword(input.newPassword);
  await platformTx(deps.dbh.db, 'users', async (tx) => {
    await tx.update(accounts).set({ passwordHash: hash, mustChangePassword: false, updatedAt: deps.now() }).where(eq(accounts.id, auth.accountId));
    await revokeAccountSessions(tx, auth.accountId, deps.now(), auth.sessionId);
  });
}

export async function uploadAvatar(ctx: AccountCtx, input: { filename: string; data: Buffer }) {
  if (input.data.length > UPLOAD_LIMITS.imageBytes) throw new AppError('file.tooLarge', { limit: '10MB' });
  const type = sniffImage(input.data);
  if (!type) throw new AppError('file.formatWrong');
  const key = `avatars/${ctx.auth.accountId}/${crypto.randomBytes(12).toString('hex')}`;
  await ctx.deps.storage.put(key, input.data);
  const old = await platformTx(ctx.deps.dbh.db, 'users', async (tx) => {
    const [a] = await tx.select({ key: accounts.avatarKey }).from(accounts).where(eq(accounts.id, ctx.auth.accountId));
    await tx.update(accounts).set({ avatarKey: key, updatedAt: ctx.deps.now() }).where(eq(accounts.id, ctx.auth.accountId));
    return a?.key ?? null;
  });
  if (old) await ctx.deps.storage.delete(old);
  return { fileId: ctx.auth.accountId, name: input.filename, size: input.data.length, contentType: type, url: avatarUrl(ctx.auth.accountId, key)! };
}

export async function readAvatar(ctx: AccountCtx, unverifiedUserId: string) {
  const { deps, auth } = ctx;
  let key: string | null | undefined;
  if (unverifiedUserId === auth.accountId) {
    key = await platformTx(deps.dbh.db, 'users', async (tx) => (await tx.select({ k: accounts.avatarKey }).from(accounts).where(eq(accounts.id, auth.accountId)))[0]?.k);
  } else if (auth.schoolId) {
    key = await schoolTx(deps.dbh.db, auth.schoolId, async (tx) => (await tx
      .select({ k: accounts.avatarKey })
      .from(schoolMemberships)
      .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
      .where(eq(schoolMemberships.accountId, unverifiedUserId)))[0]?.k);
  }
  const data = key ? await deps.storage.get(key) : null;
  if (!data) throw new AppError('common.notFound');
  return { data, type: sniffImage(data) ?? 'application/octet-stream' };
}

const fileUrl = (id: string) => `/base/tool/file/v1/download?fileId=${id}`;

/** A school file (attachments, lesson plans...): stored under the school's own prefix. */
export async function uploadFile(ctx: MemberCtx, input: { filename: string; mimetype: string; data: Buffer }) {
  if (input.data.length > UPLOAD_LIMITS.fileBytes) throw new AppError('file.tooLarge', { limit: '100MB' });
  const image = sniffImage(input.data);
  const contentType = image ?? (input.mimetype && !input.mimetype.startsWith('image/') && !input.mimetype.includes('html') ? input.mimetype : 'application/octet-stream');
  const { schoolId, accountId } = ctx.auth;
  return schoolTx(ctx.deps.dbh.db, schoolId, async (tx) => {
    const storageKey = `schools/${schoolId}/files/${crypto.randomBytes(16).toString('hex')}`;
    await ctx.deps.storage.put(storageKey, input.data);
    const [row] = await tx.insert(files).values({ schoolId, ownerId: accountId, name: input.filename.slice(0, 255), contentType, size: input.data.length, storageKey }).returning();
    return { fileId: row!.id, name: row!.name, size: row!.size, contentType: row!.contentType, url: fileUrl(row!.id) };
  });
}

async function fileRow(ctx: MemberCtx, fileId: string) {
  const [row] = await schoolTx(ctx.deps.dbh.db, ctx.auth.schoolId, (tx) => tx.select().from(files).where(eq(files.id, fileId)));
  if (!row) throw new AppError('common.notFound');
  return row;
}

export async function fileInfo(ctx: MemberCtx, fileId: string) {
  const row = await fileRow(ctx, fileId);
  return { fileId: row.id, name: row.name, size: row.size, contentType: row.contentType, url: fileUrl(row.id) };
}

export async function readFile(ctx: MemberCtx, fileId: string) {
  const row = await fileRow(ctx, fileId);
  const data = await ctx.deps.storage.get(row.storageKey);
  if (!data) throw new AppError('common.notFound');
  return { row, data };
}

/** Only the uploader may delete a file. */
export async function deleteFile(ctx: MemberCtx, fileId: string) {
  const row = await fileRow(ctx, fileId);
  if (row.ownerId !== ctx.auth.accountId) throw new AppError('common.notFound');
  await schoolTx(ctx.deps.dbh.db, ctx.auth.schoolId, (tx) => tx.delete(files).where(eq(files.id, fileId)));
  await ctx.deps.storage.delete(row.storageKey);
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
