/** The SQL of uploaded files, their readers through appeals, and the sweep of unattached uploads (docs/decisions/0016-repositories.md). */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { files, schoolSettings } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRows } from '../../platform/sql-rows.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFile = Pick<typeof files.$inferInsert, 'schoolId' | 'ownerId' | 'name' | 'contentType' | 'size' | 'storageKey' | 'context' | 'createdAt'>;

/** The id of the owner's file with this name in this context, if any. */
export async function fileIdByName(tx: Tx, ownerId: string, context: string, name: string): Promise<string | undefined> {
  // index: files_context_name_uq (school_id, owner_id, context, name) where context is not null
  const [row] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), eq(files.context, context), eq(files.name, name)));
  return row?.id;
}

/** The school's own upload settings, if it set them. */
export async function uploadSettingsRow(tx: Tx) {
  // school_settings' primary key (school_id)
  const [row] = await tx.select({
    filesPerMinute: schoolSettings.uploadFilesPerMinute, mbPerHour: schoolSettings.uploadMbPerHour, storageQuotaMb: schoolSettings.storageQuotaMb,
  }).from(schoolSettings);
  return row;
}

/** The bytes the school's files take. */
export async function usedBytes(tx: Tx): Promise<number> {
  // Sums every file of the school: no index covers size (files_owner_idx (school_id, owner_id) only narrows to the school).
  const [used] = await tx.select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` }).from(files);
  return Number(used?.bytes ?? 0);
}

export async function insertFile(tx: Tx, fields: NewFile): Promise<FileRow> {
  const [row] = await tx.insert(files).values(fields).returning();
  return row!;
}

export async function fileById(tx: Tx, id: string): Promise<FileRow | undefined> {
  // index: files_school_id_id_pk (school_id, id)
  const [row] = await tx.select().from(files).where(eq(files.id, id));
  return row;
}

export async function deleteFile(tx: Tx, id: string): Promise<void> {
  await tx.delete(files).where(eq(files.id, id));
}

const AppealReaders = z.object({ teacherId: col.text, evaluatorId: col.text });

/** The teacher and evaluator of each appeal the file is an image of. */
export function appealReadersOfFile(tx: Tx, fileId: string) {
  // index: appeal_images_file_uq (school_id, file_id)
  return queryRows(tx, AppealReaders, sql`
    select a.teacher_id::text as "teacherId", e.evaluator_id::text as "evaluatorId" from appeal_images ai
    join appeals a on a.school_id = ai.school_id and a.id = ai.appeal_id
    join evaluations e on e.school_id = a.school_id and e.id = a.evaluation_id
    where ai.file_id = ${fileId}`);
}

const StorageKey = z.object({ key: col.text });

/** Deletes up to `limit` of the oldest uploads nobody attached before `cutoff` (ISO); returns their storage keys. */
export async function deleteUnattachedBefore(tx: Tx, cutoff: string, limit: number): Promise<string[]> {
  // index: files_unattached_idx (school_id, created_at) where attached_at is null
  const rows = await queryRows(tx, StorageKey, sql`
    delete from files where id in (
      select id from files where attached_at is null and created_at < ${cutoff}::timestamptz order by created_at limit ${limit})
    returning storage_key as key`);
  return rows.map((r) => r.key);
}

/** Deletes the records of a job kind's finished runs older than `cutoff` (ISO). */
export async function deleteFinishedJobsBefore(tx: Tx, kind: string, cutoff: string): Promise<void> {
  await tx.execute(sql`
    delete from jobs where kind = ${kind} and status in ('done', 'failed') and finished_at < ${cutoff}::timestamptz`);
}
