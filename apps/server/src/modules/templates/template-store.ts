/**
 * What every template action shares: loading rows of the school, turning them into replies, writing
 * working content (with its question sources) and publishing versions.
 */
import {
  checkTemplateContent,
  normalizeQuestion,
  publishProblems,
  questionCount,
  templateTotal,
  type TFinding,
  type TRuleFinding,
  type TTemplate,
  type TTemplateContent,
} from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, localizeError } from '../../platform/errors.ts';
import { peopleRefs } from '../supervision/supervision.service.ts';
import * as repo from './templates.repo.ts';
import type { TemplateRow } from './templates.repo.ts';

export type { TemplateRow } from './templates.repo.ts';
export type TemplateFields = { name: string; description: string | null; content: TTemplateContent };

export const contentOf = (row: { content: unknown }) => row.content as TTemplateContent;

/** Every question reduced to what its type uses, with computed full marks. */
export function normalizeContent(content: TTemplateContent): TTemplateContent {
  return { sections: content.sections.map((s) => ({ ...s, questions: s.questions.map((q) => normalizeQuestion(q)) })) };
}

export const localizeFindings = (ctx: MemberCtx, list: TFinding[]): TRuleFinding[] =>
  list.map((f) => ({ path: f.path, key: f.key, message: localizeError(f.key, ctx.lang, f.params) }));

/** Refuses with the first finding's key and every finding as a localized field message. */
export function refuse(ctx: MemberCtx, findings: TFinding[]): never {
  const first = findings[0]!;
  throw new AppError(first.key, first.params, localizeFindings(ctx, findings).map(({ path, message }) => ({ path, message })));
}

/** Templates of this school that are not deleted; locked for the rest of the transaction when asked. */
export async function loadRows(tx: Tx, ids: string[], lock = false): Promise<TemplateRow[]> {
  if (!ids.length) return [];
  return repo.templatesByIds(tx, [...new Set(ids)], lock);
}

/** All the selected templates, or 404 when any is not one of this school (or is deleted). */
export async function requireRows(tx: Tx, ids: string[]): Promise<TemplateRow[]> {
  const unique = [...new Set(ids)];
  const rows = await loadRows(tx, unique, true);
  if (rows.length !== unique.length) throw new AppError('common.notFound');
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)!);
}

/** Plans using each template (any version), in one grouped query. */
async function planCounts(tx: Tx, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await repo.planCountsByTemplate(tx, ids);
  return new Map(rows.map((r) => [r.templateId, r.n]));
}

/** Replies for rows, in their order: creators and plan counts come from one query each. */
export async function toTemplates(tx: Tx, rows: TemplateRow[]): Promise<TTemplate[]> {
  const people = await peopleRefs(tx, rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])));
  const plans = await planCounts(tx, rows.map((r) => r.id));
  return rows.map((r) => ({
    templateId: r.id,
    name: r.name,
    description: r.description,
    status: r.status,
    creator: (r.createdBy && people.get(r.createdBy)) || null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    totalScore: r.totalScore,
    sectionCount: r.sectionCount,
    questionCount: r.questionCount,
    version: r.version,
    planCount: plans.get(r.id) ?? 0,
    content: contentOf(r),
  }));
}

export const computed = (content: TTemplateContent) => ({
  totalScore: templateTotal(content),
  sectionCount: content.sections.length,
  questionCount: questionCount(content),
});

const sourceIds = (content: TTemplateContent) => [...new Set(content.sections.flatMap((s) => s.questions.flatMap((q) => (q.sourceQuestionId ? [q.sourceQuestionId] : []))))];

/** Keeps template_question_sources equal to the bank questions the working content was copied from. */
export async function syncSources(tx: Tx, schoolId: string, templateId: string, content: TTemplateContent, existing: Set<string>) {
  await repo.deleteSourcesOf(tx, templateId);
  // A source question deleted from the bank since stays in the content as history, without a row.
  const ids = sourceIds(content).filter((id) => existing.has(id));
  if (ids.length) await repo.insertSources(tx, ids.map((questionId) => ({ schoolId, templateId, questionId })));
}

/** Canonical JSON (sorted keys), so contents compare equal whatever order jsonb gave their keys back in. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * Makes sure the template's latest version is its current content: reuses it when nothing changed
 * (re-publishing a stopped template), else publishes version n+1. Versions are never changed.
 */
export async function ensureVersion(ctx: MemberCtx, tx: Tx, t: Pick<TemplateRow, 'id' | 'version'> & TemplateFields): Promise<number> {
  if (t.version > 0) {
    const latest = await repo.templateVersion(tx, t.id, t.version);
    if (latest && latest.name === t.name && (latest.description ?? null) === t.description && canonical(latest.content) === canonical(t.content)) return t.version;
  }
  const version = t.version + 1;
  const c = computed(t.content);
  await repo.insertVersion(tx, {
    schoolId: ctx.auth.schoolId,
    templateId: t.id,
    version,
    name: t.name,
    description: t.description,
    content: t.content,
    totalScore: c.totalScore,
    questionCount: c.questionCount,
    publishedBy: ctx.auth.accountId,
  });
  await repo.updateTemplate(tx, t.id, { version });
  return version;
}

/**
 * Writes a template's working content. The content rules hold even for drafts; a published template
 * must also stay publishable, and its change is published at once as the next version.
 */
export async function writeContent(ctx: MemberCtx, tx: Tx, row: TemplateRow, next: TemplateFields, existingSources: Set<string>) {
  const check = row.status === 'published' ? publishProblems(next.name, next.content) : checkTemplateContent(next.content).errors;
  if (check.length) refuse(ctx, check);
  await repo.updateTemplate(tx, row.id, { ...next, ...computed(next.content), updatedAt: ctx.deps.now() });
  await syncSources(tx, ctx.auth.schoolId, row.id, next.content, existingSources);
  if (row.status === 'published') await ensureVersion(ctx, tx, { id: row.id, version: row.version, ...next });
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** Runs a write, turning a lost race on the name's unique index into the same refusal as the check. */
export async function withNameGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('template.nameTaken');
    throw e;
  }
}
