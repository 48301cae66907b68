import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { IDENTITY, UPLOAD_SETTINGS_DEFAULTS, type TFileInfo } from '@hxk/contracts';
import type { Ctx, AuthState, Deps, MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { avatarUrl, replaceAvatarKey } from '../users/users.service.ts';
import { extensionForKind } from './file-types.ts';
import type { Budget, Received } from './receive.ts';
import * as repo from './files.repo.ts';

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
  const taken = await inSchool(ctx, (tx) => repo.fileIdByName(tx, ctx.auth.accountId, context, name));
  if (taken) throw new AppError('file.nameTaken', { name });
}

const MB = 1024 * 1024;
/** Bytes as people read them: whole MB, or GB with one decimal from 1 GB. */
export const sizeText = (bytes: number) => (bytes >= 1024 * MB ? `${Math.round(bytes / (1024 * MB) * 10) / 10}GB` : `${Math.ceil(bytes / MB)}MB`);

const filesKey = (ctx: MemberCtx) => `upload:n:${ctx.auth.schoolId}:${ctx.auth.accountId}`;
const bytesKey = (ctx: MemberCtx) => `upload:b:${ctx.auth.schoolId}:${ctx.auth.accountId}`;

/** The school's upload settings (its own, else the defaults) and the bytes its files take now. */
export async function uploadSettings(ctx: MemberCtx) {
  return inSchool(ctx, async (tx) => {
    const s = await repo.uploadSettingsRow(tx);
    const used = await repo.usedBytes(tx);
    return { ...(s ?? UPLOAD_SETTINGS_DEFAULTS), usedBytes: used };
  });
}

/**
 * Refuses an upload before its body is read when the person uploads too fast (files per minute,
 * bytes per hour: shared counters) or the school's storage is full; else returns what the file may
 * take (the least of the person's bytes left this hour and the school's space left), to which the
 * stream is held while it is received.
 */
export async function admitUpload(ctx: MemberCtx): Promise<Budget> {
  const { counters } = ctx.deps;
  const s = await uploadSettings(ctx);
  const count = await counters.hit(filesKey(ctx), 60);
  if (count > s.filesPerMinute) throw new AppError('file.tooFast', { max: s.filesPerMinute, seconds: Math.max(1, await counters.ttl(filesKey(ctx))) });
  const hourly = s.mbPerHour * MB;
  const hourLeft = hourly - (await counters.get(bytesKey(ctx)));
  const hourError = async () => new AppError('file.hourlyLimit', { limit: sizeText(hourly), minutes: Math.max(1, Math.ceil((await counters.ttl(bytesKey(ctx))) / 60)) });
  if (hourLeft <= 0) throw await hourError();
  const quota = s.storageQuotaMb * MB;
  const quotaError = () => new AppError('file.quotaExceeded', { used: sizeText(s.usedBytes), quota: sizeText(quota) });
  const spaceLeft = quota - s.usedBytes;
  if (spaceLeft <= 0) throw quotaError();
  if (spaceLeft <= hourLeft) return { bytes: spaceLeft, error: quotaError };
  // The refusal is built when the stream passes the budget; its minutes are known now.
  const late = await hourError();
  return { bytes: hourLeft, error: () => late };
}

/** Moves a received file into storage under the school's prefix (never the user's name) and records it. */
export async function storeFile(ctx: MemberCtx, file: Received, context: string | undefined) {
  const { schoolId, accountId } = ctx.auth;
  const storageKey = `schools/${schoolId}/files/${randomKey()}`;
  await ctx.deps.storage.put(storageKey, fs.createReadStream(file.tmpPath), file.size);
  try {
    const row = await inSchool(ctx, (tx) =>
      repo.insertFile(tx, { schoolId, ownerId: accountId, name: file.name, contentType: file.contentType, size: file.size, storageKey, context: context ?? null, createdAt: ctx.deps.now() }),
    );
    await ctx.deps.counters.add(bytesKey(ctx), file.size, 3600);
    return { fileId: row.id, name: row.name, size: row.size, contentType: row.contentType, url: fileUrl(row.id) };
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

/**
 * A file to read (info, download, delete). Files follow what they are attached to
 * (docs/decisions/0012): its uploader reads it; an unattached upload nobody else; a file attached to an
 * appeal also the appeal's teacher, the evaluator of the appealed evaluation and appeal handlers. A
 * file attached to something this function does not know is its uploader's only (fails closed). To
 * anyone else the file does not exist (404).
 */
async function readableFileRow(ctx: MemberCtx, fileId: string) {
  const me = ctx.auth.accountId;
  const handler = ctx.auth.permissions.includes('EvaluateAppeal');
  const row = await inSchool(ctx, async (tx) => {
    const r = await repo.fileById(tx, fileId);
    if (!r || r.ownerId === me) return r;
    if (!r.attachedAt) return undefined;
    const appeals = await repo.appealReadersOfFile(tx, fileId);
    return appeals.some((a) => handler || a.teacherId === me || a.evaluatorId === me) ? r : undefined;
  });
  if (!row) throw new AppError('common.notFound');
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

/**
 * Whoever may read a file and is its uploader or an administrator of the school may delete it; a file
 * the caller may not read is not found, as for reading. The row goes first, then the object.
 */
export async function deleteFile(ctx: MemberCtx, fileId: string) {
  const row = await readableFileRow(ctx, fileId);
  if (row.ownerId !== ctx.auth.accountId && ctx.auth.identity !== IDENTITY.admin) throw new AppError('file.deleteForbidden');
  await inSchool(ctx, (tx) => repo.deleteFile(tx, fileId));
  try {
    await ctx.deps.storage.delete(row.storageKey);
  } catch (e) {
    // The file is gone for everyone already; an object left behind is only wasted space.
    ctx.deps.log.warn({ err: e, key: row.storageKey }, 'stored object of a deleted file could not be removed');
  }
}

// ---------------------------------------------------------------- unattached uploads

export const SWEEP_JOB = 'files.sweep';
/** How long an upload nobody took lives (docs/decisions/0012). */
export const UNATTACHED_HOURS = 24;
const SWEEP_BATCH = 500;

/**
 * The recurring job (hourly, in each school): removes the uploads nobody attached within a day, rows
 * first and then their stored objects, and the records of its own finished runs older than a day.
 */
export function sweepJob(deps: Deps): JobHandler {
  return async (jc) => {
    const cutoff = new Date(jc.now().getTime() - UNATTACHED_HOURS * 3_600_000).toISOString();
    let removed = 0;
    for (;;) {
      const keys = await jc.inSchool((tx) => repo.deleteUnattachedBefore(tx, cutoff, SWEEP_BATCH));
      for (const key of keys) {
        await deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'files.sweep: a stored object could not be removed'));
      }
      removed += keys.length;
      if (keys.length < SWEEP_BATCH) break;
    }
    await jc.inSchool((tx) => repo.deleteFinishedJobsBefore(tx, SWEEP_JOB, cutoff));
    return { removed };
  };
}
