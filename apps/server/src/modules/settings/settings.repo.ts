/** The settings module's SQL: the school's settings row and its application list (docs/decisions/0016-repositories.md). */
import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { applications, files, schoolSettings, schools } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';

export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationFields = Pick<typeof applications.$inferInsert, 'category' | 'name' | 'icon' | 'webPath' | 'parentId' | 'sort'>;
/** The global-settings columns a save writes (absent ones keep their value). */
export type GlobalSettingsFields = Partial<Omit<typeof schoolSettings.$inferInsert, 'schoolId'>>;

// ---------------------------------------------------------------- school_settings (one row per school, under RLS)

/** The school's own title, if it set one. */
export async function settingsTitle(tx: Tx): Promise<string | null | undefined> {
  const [setting] = await tx.select({ title: schoolSettings.title }).from(schoolSettings);
  return setting?.title;
}

export async function schoolName(tx: Tx, schoolId: string): Promise<string | undefined> {
  const [school] = await tx.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  return school?.name;
}

export async function saveTitle(tx: Tx, schoolId: string, title: string, now: Date): Promise<void> {
  await tx
    .insert(schoolSettings)
    .values({ schoolId, title, updatedAt: now })
    .onConflictDoUpdate({ target: schoolSettings.schoolId, set: { title, updatedAt: now } });
}

/** The school's settings row, or undefined before anything was saved. */
export async function settingsRow(tx: Tx) {
  const [r] = await tx.select().from(schoolSettings);
  return r;
}

/** Bytes of every stored file of the school. */
export async function storageUsedBytes(tx: Tx): Promise<number> {
  // no fitting index: sums files.size over every file of the school
  const [u] = await tx.select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` }).from(files);
  return Number(u?.bytes ?? 0);
}

export async function saveGlobalSettings(tx: Tx, schoolId: string, fields: GlobalSettingsFields): Promise<void> {
  await tx.insert(schoolSettings).values({ schoolId, ...fields }).onConflictDoUpdate({ target: schoolSettings.schoolId, set: fields });
}

/** The school's default reset password (its hash), if it set one. */
export async function defaultResetPasswordHash(tx: Tx): Promise<string | null | undefined> {
  const [row] = await tx.select({ hash: schoolSettings.defaultResetPassword }).from(schoolSettings);
  return row?.hash;
}

// ---------------------------------------------------------------- applications

/** A page of the entries whose name or category contains `queryName`: the total, then the rows by category, sort and name. */
export async function applicationPage(tx: Tx, q: { pageNum: number; pageSize: number; queryName?: string | undefined }) {
  const where = q.queryName ? or(ilike(applications.name, containsPattern(q.queryName)), ilike(applications.category, containsPattern(q.queryName))) : undefined;
  const [total] = await tx.select({ n: count() }).from(applications).where(where);
  // index: applications_name_idx (school_id, category, sort)
  const rows = await tx.select().from(applications).where(where)
    .orderBy(asc(applications.category), asc(applications.sort), asc(applications.name), asc(applications.id))
    .limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function applicationById(tx: Tx, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id));
  return row;
}

/** Changes an entry; undefined when there is none. */
export async function updateApplication(tx: Tx, id: string, fields: ApplicationFields): Promise<ApplicationRow | undefined> {
  const [row] = await tx.update(applications).set(fields).where(eq(applications.id, id)).returning();
  return row;
}

export async function insertApplication(tx: Tx, schoolId: string, fields: ApplicationFields): Promise<ApplicationRow | undefined> {
  const [row] = await tx.insert(applications).values({ schoolId, ...fields }).returning();
  return row;
}

/** Deletes an entry; false when there was none. */
export async function deleteApplication(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.delete(applications).where(eq(applications.id, id)).returning({ id: applications.id });
  return rows.length > 0;
}
