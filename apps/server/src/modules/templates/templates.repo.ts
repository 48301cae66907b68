/**
 * The SQL of evaluation templates: their working rows, published versions, the bank questions their
 * content was copied from, and the plans using them (docs/decisions/0016-repositories.md).
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TTemplateStatus } from '@hxk/contracts';
import { evaluationTemplates, indicators, questions, supervisionPlans, templateQuestionSources, templateVersions } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';

export type TemplateRow = typeof evaluationTemplates.$inferSelect;
export type NewTemplate = Omit<typeof evaluationTemplates.$inferInsert, 'id' | 'createdAt' | 'version' | 'deletedAt'>;
/** What the template's actions change on its row. */
export type TemplateChange = Partial<Omit<TemplateRow, 'schoolId' | 'id' | 'createdAt' | 'createdBy'>>;
export type NewTemplateVersion = Omit<typeof templateVersions.$inferInsert, 'id' | 'publishedAt'>;
export type TemplateSource = typeof templateQuestionSources.$inferSelect;
export type BankQuestion = typeof questions.$inferSelect;
export type TemplateQuery = { pageNum: number; pageSize: number; keyword?: string | undefined; status?: TTemplateStatus | undefined };

/** Templates of this school among `ids` (distinct) that are not deleted; locked when asked. */
export async function templatesByIds(tx: Tx, ids: string[], lock = false): Promise<TemplateRow[]> {
  // index: evaluation_templates_school_id_id_pk (school_id, id)
  const q = tx.select().from(evaluationTemplates).where(and(inArray(evaluationTemplates.id, ids), isNull(evaluationTemplates.deletedAt)));
  return lock ? q.for('update') : q;
}

/** A page of the template list, newest change first, and how many match. */
export async function templatePage(tx: Tx, q: TemplateQuery): Promise<{ rows: TemplateRow[]; total: number }> {
  const filters: SQL[] = [isNull(evaluationTemplates.deletedAt)];
  if (q.keyword) filters.push(ilike(evaluationTemplates.name, containsPattern(q.keyword)));
  if (q.status) filters.push(eq(evaluationTemplates.status, q.status));
  const where = and(...filters);
  // index: evaluation_templates_list_idx (school_id, status, updated_at) where deleted_at is null
  const [total] = await tx.select({ n: count() }).from(evaluationTemplates).where(where);
  // index: evaluation_templates_list_idx (school_id, status, updated_at) where deleted_at is null
  const rows = await tx
    .select()
    .from(evaluationTemplates)
    .where(where)
    .orderBy(desc(evaluationTemplates.updatedAt), desc(evaluationTemplates.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Published templates for the plan form, by name. */
export function publishedTemplateOptions(tx: Tx) {
  // index: evaluation_templates_list_idx (school_id, status, updated_at) where deleted_at is null
  return tx
    .select({ templateId: evaluationTemplates.id, name: evaluationTemplates.name, version: evaluationTemplates.version, totalScore: evaluationTemplates.totalScore, questionCount: evaluationTemplates.questionCount })
    .from(evaluationTemplates)
    .where(and(eq(evaluationTemplates.status, 'published'), isNull(evaluationTemplates.deletedAt)))
    .orderBy(asc(evaluationTemplates.name), asc(evaluationTemplates.id))
    .limit(500);
}

/** The id of the live template named `name` (in any case), if any. */
export async function liveTemplateIdByName(tx: Tx, name: string): Promise<string | undefined> {
  // index: evaluation_templates_name_uq (school_id, lower(name)) where deleted_at is null
  const [dup] = await tx
    .select({ id: evaluationTemplates.id })
    .from(evaluationTemplates)
    .where(and(isNull(evaluationTemplates.deletedAt), sql`lower(${evaluationTemplates.name}) = ${name.toLowerCase()}`));
  return dup?.id;
}

/** The names of every template that is not deleted. */
export async function liveTemplateNames(tx: Tx): Promise<string[]> {
  const rows = await tx.select({ name: evaluationTemplates.name }).from(evaluationTemplates).where(isNull(evaluationTemplates.deletedAt));
  return rows.map((r) => r.name);
}

export async function insertTemplate(tx: Tx, fields: NewTemplate): Promise<string> {
  const [created] = await tx.insert(evaluationTemplates).values(fields).returning({ id: evaluationTemplates.id });
  return created!.id;
}

export async function updateTemplate(tx: Tx, id: string, change: TemplateChange): Promise<void> {
  await tx.update(evaluationTemplates).set(change).where(eq(evaluationTemplates.id, id));
}

export async function updateTemplates(tx: Tx, ids: string[], change: TemplateChange): Promise<void> {
  await tx.update(evaluationTemplates).set(change).where(inArray(evaluationTemplates.id, ids));
}

/** Plans using each template (any version), in one grouped query. */
export async function planCountsByTemplate(tx: Tx, templateIds: string[]): Promise<{ templateId: string; n: number }[]> {
  // index: supervision_plans_template_idx (school_id, template_id)
  const rows = await tx
    .select({ templateId: supervisionPlans.templateId, n: count() })
    .from(supervisionPlans)
    .where(inArray(supervisionPlans.templateId, templateIds))
    .groupBy(supervisionPlans.templateId);
  return rows.map((r) => ({ templateId: r.templateId, n: Number(r.n) }));
}

/** Plans pinned to each version of a template. */
export async function planCountsByVersion(tx: Tx, templateId: string): Promise<{ templateVersionId: string; n: number }[]> {
  // index: supervision_plans_template_idx (school_id, template_id)
  const rows = await tx
    .select({ templateVersionId: supervisionPlans.templateVersionId, n: count() })
    .from(supervisionPlans)
    .where(eq(supervisionPlans.templateId, templateId))
    .groupBy(supervisionPlans.templateVersionId);
  return rows.map((r) => ({ templateVersionId: r.templateVersionId, n: Number(r.n) }));
}

// ---------------------------------------------------------------- versions

export async function templateVersion(tx: Tx, templateId: string, version: number) {
  // index: template_versions_uq (school_id, template_id, version)
  const [row] = await tx.select().from(templateVersions).where(and(eq(templateVersions.templateId, templateId), eq(templateVersions.version, version)));
  return row;
}

export async function versionById(tx: Tx, id: string) {
  // index: template_versions_school_id_id_pk (school_id, id)
  const [row] = await tx.select().from(templateVersions).where(eq(templateVersions.id, id));
  return row;
}

/** The versions of a template, newest first, without their content. */
export function versionsOf(tx: Tx, templateId: string) {
  // index: template_versions_uq (school_id, template_id, version)
  return tx
    .select({ templateVersionId: templateVersions.id, templateId: templateVersions.templateId, version: templateVersions.version, name: templateVersions.name, description: templateVersions.description, totalScore: templateVersions.totalScore, publishedAt: templateVersions.publishedAt })
    .from(templateVersions)
    .where(eq(templateVersions.templateId, templateId))
    .orderBy(desc(templateVersions.version));
}

export async function insertVersion(tx: Tx, fields: NewTemplateVersion): Promise<void> {
  await tx.insert(templateVersions).values(fields);
}

// ---------------------------------------------------------------- question sources and references

export async function sourcesOf(tx: Tx, templateIds: string[]): Promise<TemplateSource[]> {
  // index: template_question_sources_school_id_template_id_question_id_pk (school_id, template_id, question_id)
  return tx.select().from(templateQuestionSources).where(inArray(templateQuestionSources.templateId, templateIds));
}

export async function deleteSourcesOf(tx: Tx, templateId: string): Promise<void> {
  await tx.delete(templateQuestionSources).where(eq(templateQuestionSources.templateId, templateId));
}

export async function deleteSourcesOfAll(tx: Tx, templateIds: string[]): Promise<void> {
  await tx.delete(templateQuestionSources).where(inArray(templateQuestionSources.templateId, templateIds));
}

export async function insertSources(tx: Tx, rows: TemplateSource[]): Promise<void> {
  await tx.insert(templateQuestionSources).values(rows);
}

/** The ids among `ids` that are questions of this school. */
export async function existingQuestionIds(tx: Tx, ids: string[]): Promise<string[]> {
  // index: questions_school_id_id_pk (school_id, id)
  const rows = await tx.select({ id: questions.id }).from(questions).where(inArray(questions.id, ids));
  return rows.map((r) => r.id);
}

/** The ids among `ids` that are first-level indicators of this school. */
export async function firstLevelIndicatorIds(tx: Tx, ids: string[]): Promise<string[]> {
  // index: indicators_school_id_id_pk (school_id, id)
  const rows = await tx.select({ id: indicators.id }).from(indicators).where(and(inArray(indicators.id, ids), isNull(indicators.parentId)));
  return rows.map((r) => r.id);
}

export async function questionsByIds(tx: Tx, ids: string[]): Promise<BankQuestion[]> {
  // index: questions_school_id_id_pk (school_id, id)
  return tx.select().from(questions).where(inArray(questions.id, ids));
}
