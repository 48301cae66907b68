import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { IDENTITY, type TFileInfo } from '@hxk/contracts';
import { files } from '../../db/schema/index.ts';
import type { Ctx, AuthState, MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { avatarUrl, replaceAvatarKey } from '../users/users.service.ts';
import { extensionForKind } from './file-types.ts';
import type { Received } from './receive.ts';

type AccountCtx = Ctx & { auth: AuthState };

export const fileUrl = (id: string) => `/base/tool/file/v1/download?fileId=${id}`;
const randomKey = () => crypto.randomBytes(16).toString('hex');

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** Refuses a name the caller already used in this context (checked again by files_context_name_uq). */
export async function assertNameFree(ctx: MemberCtx, name: string, context: string | undefined) {
  if (!context) return;
  const [taken] = await inSchool(ctx, (tx) => tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerId, ctx.auth.accountId), eq(files.context, context), eq(files.name, name))));
  if (taken) throw new AppError('file.nameTaken', { name });
}

/** Moves a received file into storage under the school's prefix (never the user's name) and records it. */
export async function storeFile(ctx: MemberCtx, file: Received, context: string | undefined) {
  const { schoolId, accountId } = ctx.auth;
  const storageKey = `schools/${schoolId}/files/${randomKey()}`;
  await ctx.deps.storage.put(storageKey, fs.createReadStream(file.tmpPath), file.size);
  try {
    const [row] = await inSchool(ctx, (tx) => tx
      .insert(files)
      .values({ schoolId, ownerId: accountId, name: file.name, contentType: file.contentType, size: file.size, storageKey, context: context ?? null })
      .returning());
    return { fileId: row!.id, name: row!.name, size: row!.size, contentType: row!.contentType, url: fileUrl(row!.id) };
  } catch (e) {
    await ctx.deps.storage.delete(storageKey);
    if (isUniqueViolation(e)) throw new AppError('file.nameTaken', { name: file.name });
    throw e;
  }
}

/** A checked image becomes the caller's avatar; the previous one is removed. */
export async function storeAvatar(ctx: AccountCtx, file: Received) {
  const key = `avatars/${ctx.auth.accountId}/${randomKey()}.${extensionForKind(file.kind)}`;
  await ctx.deps.storage.put(key, fs.createReadStream(file.tmpPath), file.size);
  const old = await replaceAvatarKey(ctx, key);
  if (old) await ctx.deps.storage.delete(old);
  return { fileId: ctx.auth.accountId, name: file.name, size: file.size, contentType: file.contentType, url: avatarUrl(ctx.auth.accountId, key)! };
}

export const discard = (file: Received) => fsp.rm(file.tmpPath, { force: true });

async function fileRow(ctx: MemberCtx, fileId: string) {
  const [row] = await inSchool(ctx, (tx) => tx.select().from(files).where(eq(files.id, fileId)));
  if (!row) throw new AppError('common.notFound');
  return row;
}

/**
 * A file to read (info, download). A file attached to an appeal is readable only by its uploader, the
 * evaluator of the appealed evaluation and appeal handlers; to anyone else it does not exist.
 */
async function readableFileRow(ctx: MemberCtx, fileId: string) {
  const me = ctx.auth.accountId;
  const handler = ctx.auth.permissions.includes('EvaluateAppeal');
  // One transaction: the row, and (unless the reader uploaded it or handles appeals) the evaluators of
  // the appeals it is attached to.
  const { row, evaluators } = await inSchool(ctx, async (tx) => {
    const [r] = await tx.select().from(files).where(eq(files.id, fileId));
    if (!r || r.ownerId === me || handler) return { row: r, evaluators: [] };
    return {
      row: r,
      evaluators: rowsOf<{ id: string }>(await tx.execute(sql`
        select e.evaluator_id::text as id from appeal_images ai
        join appeals a on a.school_id = ai.school_id and a.id = ai.appeal_id
        join evaluations e on e.school_id = a.school_id and e.id = a.evaluation_id
        where ai.file_id = ${fileId}`)),
    };
  });
  if (!row) throw new AppError('common.notFound');
  if (evaluators.length && !evaluators.some((e) => e.id === me)) throw new AppError('common.notFound');
  return row;
}

export async function fileInfo(ctx: MemberCtx, fileId: string): Promise<TFileInfo> {
  const row = await readableFileRow(ctx, fileId);
  return {
    fileId: row.id, name: row.name, size: row.size, contentType: row.contentType, url: fileUrl(row.id),
    ownerId: row.ownerId, context: row.context, createdAt: row.createdAt.toISOString(),
  };
}

export async function openFile(ctx: MemberCtx, fileId: string) {
  const row = await readableFileRow(ctx, fileId);
  const obj = await ctx.deps.storage.open(row.storageKey);
  if (!obj) throw new AppError('common.notFound');
  return { row, ...obj };
}

/** The uploader or an administrator of the school may delete a file; the row goes first, then the object. */
export async function deleteFile(ctx: MemberCtx, fileId: string) {
  const row = await fileRow(ctx, fileId);
  if (row.ownerId !== ctx.auth.accountId && ctx.auth.identity !== IDENTITY.admin) throw new AppError('file.deleteForbidden');
  await inSchool(ctx, (tx) => tx.delete(files).where(eq(files.id, fileId)));
  try {
    await ctx.deps.storage.delete(row.storageKey);
  } catch (e) {
    // The file is gone for everyone already; an object left behind is only wasted space.
    ctx.deps.log.warn({ err: e, key: row.storageKey }, 'stored object of a deleted file could not be removed');
  }
}
