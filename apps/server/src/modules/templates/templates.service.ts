import crypto from 'node:crypto';
import {
  checkTemplateContent,
  normalizeQuestion,
  publishProblems,
  ZQuestionBody,
  type TTemplate,
  type TTemplateContent,
  type TTemplateQuestion,
} from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import {
  computed,
  contentOf,
  loadRows,
  localizeFindings,
  normalizeContent,
  refuse,
  requireRows,
  syncSources,
  toTemplates,
  withNameGuard,
  writeContent,
} from './template-store.ts';
import * as repo from './templates.repo.ts';
import type { BankQuestion, TemplateQuery } from './templates.repo.ts';

type SaveTemplate = { templateId?: string | undefined; name: string; description?: string | undefined; content: TTemplateContent };

export async function listTemplates(ctx: MemberCtx, q: TemplateQuery) {
  return inSchool(ctx, async (tx) => {
    const { rows, total } = await repo.templatePage(tx, q);
    // The list carries no content: it can be large and the table does not show it.
    const list = (await toTemplates(tx, rows)).map(({ content: _content, ...summary }) => summary);
    return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
  });
}

export async function templateDetail(ctx: MemberCtx, templateId: string): Promise<TTemplate> {
  const [t] = await inSchool(ctx, async (tx) => toTemplates(tx, await loadRows(tx, [templateId])));
  if (!t) throw new AppError('common.notFound');
  return t;
}

const sourceIdsOf = (c: TTemplateContent) => [...new Set(c.sections.flatMap((s) => s.questions.flatMap((q) => (q.sourceQuestionId ? [q.sourceQuestionId] : []))))];
const indicatorIdsOf = (c: TTemplateContent) => [...new Set(c.sections.flatMap((s) => (s.indicatorId ? [s.indicatorId] : [])))];

/**
 * Source questions must be questions of this school and section indicators first-level indicators of
 * it (404 otherwise). One the template already held and the bank has since deleted is kept as history.
 * Returns the source questions that exist.
 */
async function requireReferences(tx: Tx, content: TTemplateContent, previous: TTemplateContent | null): Promise<Set<string>> {
  const sources = sourceIdsOf(content);
  const indicatorIds = indicatorIdsOf(content);
  const foundSources = sources.length ? await repo.existingQuestionIds(tx, sources) : [];
  const foundIndicators = indicatorIds.length ? await repo.firstLevelIndicatorIds(tx, indicatorIds) : [];
  const existing = new Set(foundSources);
  const heldSources = new Set(previous ? sourceIdsOf(previous) : []);
  const heldIndicators = new Set(previous ? indicatorIdsOf(previous) : []);
  const foundInd = new Set(foundIndicators);
  if (sources.some((id) => !existing.has(id) && !heldSources.has(id))) throw new AppError('common.notFound');
  if (indicatorIds.some((id) => !foundInd.has(id) && !heldIndicators.has(id))) throw new AppError('common.notFound');
  return existing;
}

async function requireNameFree(tx: Tx, name: string, templateId: string | undefined) {
  const dup = await repo.liveTemplateIdByName(tx, name);
  if (dup && dup !== templateId) throw new AppError('template.nameTaken');
}

/**
 * Adds a template (a draft) or changes one. The content rules are refused even for a draft; an empty
 * draft is fine. A published template stays publishable and publishes its next version at once.
 */
export async function saveTemplate(ctx: MemberCtx, input: SaveTemplate) {
  const content = normalizeContent(input.content);
  const check = checkTemplateContent(content);
  if (check.errors.length) refuse(ctx, check.errors);
  const fields = { name: input.name, description: input.description || null, content };
  const templateId = await withNameGuard(() =>
    inSchool(ctx, async (tx) => {
      const [row] = input.templateId ? await requireRows(tx, [input.templateId]) : [];
      const existing = await requireReferences(tx, content, row ? contentOf(row) : null);
      await requireNameFree(tx, input.name, input.templateId);
      if (row) {
        await writeContent(ctx, tx, row, fields, existing);
        return row.id;
      }
      const createdId = await repo.insertTemplate(tx, { schoolId: ctx.auth.schoolId, ...fields, ...computed(content), status: 'draft', createdBy: ctx.auth.accountId, updatedAt: ctx.deps.now() });
      await syncSources(tx, ctx.auth.schoolId, createdId, content, existing);
      return createdId;
    }),
  );
  return { template: await templateDetail(ctx, templateId), suggestions: localizeFindings(ctx, check.suggestions) };
}

/** What publishing would refuse, and the suggestions, for the form being edited; nothing is saved. */
export function checkTemplate(ctx: MemberCtx, input: SaveTemplate) {
  const content = normalizeContent(input.content);
  return {
    errors: localizeFindings(ctx, publishProblems(input.name, content)),
    suggestions: localizeFindings(ctx, checkTemplateContent(content).suggestions),
    totalScore: computed(content).totalScore,
  };
}

/** A template's own copy of a bank question (the body holds what the columns do not). */
function copyOfBankQuestion(q: BankQuestion, key: string): TTemplateQuestion {
  const body = ZQuestionBody.parse({
    ...(q.body as Record<string, unknown>),
    type: q.type,
    title: q.title,
    standard: q.standard,
    score: q.score,
    knowledgeLevel: q.knowledgeLevel,
  });
  return normalizeQuestion({ ...body, key, sourceQuestionId: q.id });
}

function freshKey(taken: Set<string>): string {
  for (;;) {
    const key = `q${crypto.randomBytes(5).toString('hex')}`;
    if (!taken.has(key)) {
      taken.add(key);
      return key;
    }
  }
}

/** Copies approved bank questions into a section of a template (/back/evaluationAddQuestions). */
export async function addQuestions(ctx: MemberCtx, input: { templateId: string; sectionKey: string; questionIds: string[] }) {
  const ids = [...new Set(input.questionIds)];
  await inSchool(ctx, async (tx) => {
    const [row] = await requireRows(tx, [input.templateId]);
    const content = contentOf(row!);
    const section = content.sections.find((s) => s.key === input.sectionKey);
    if (!section) throw new AppError('common.notFound');
    const bank = await repo.questionsByIds(tx, ids);
    if (bank.length !== ids.length) throw new AppError('common.notFound');
    if (bank.some((q) => q.status !== 'approved')) throw new AppError('question.notApproved');
    const byId = new Map(bank.map((q) => [q.id, q]));
    const keys = new Set(content.sections.flatMap((s) => [s.key, ...s.questions.map((q) => q.key)]));
    const added = ids.map((id) => copyOfBankQuestion(byId.get(id)!, freshKey(keys)));
    const next: TTemplateContent = { sections: content.sections.map((s) => (s.key === section.key ? { ...s, questions: [...s.questions, ...added] } : s)) };
    const existing = await requireReferences(tx, next, content);
    await writeContent(ctx, tx, row!, { name: row!.name, description: row!.description, content: next }, existing);
  });
  return templateDetail(ctx, input.templateId);
}

/** Published templates for the plan form (a stopped one cannot be used for new plans). */
export async function templateOptions(ctx: MemberCtx) {
  return inSchool(ctx, repo.publishedTemplateOptions);
}

/** A published version, whatever became of its template since (plans and evaluations read it). */
export async function versionDetail(ctx: MemberCtx, templateVersionId: string) {
  const v = await inSchool(ctx, (tx) => repo.versionById(tx, templateVersionId));
  if (!v) throw new AppError('common.notFound');
  return {
    templateVersionId: v.id,
    templateId: v.templateId,
    version: v.version,
    name: v.name,
    description: v.description,
    totalScore: v.totalScore,
    content: v.content as TTemplateContent,
    publishedAt: v.publishedAt.toISOString(),
  };
}

/** The versions of a template, newest first, with the plans pinned to each. */
export async function listVersions(ctx: MemberCtx, templateId: string) {
  return inSchool(ctx, async (tx) => {
    if (!(await loadRows(tx, [templateId])).length) throw new AppError('common.notFound');
    const rows = await repo.versionsOf(tx, templateId);
    const plans = await repo.planCountsByVersion(tx, templateId);
    const byVersion = new Map(plans.map((p) => [p.templateVersionId, p.n]));
    return rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString(), planCount: byVersion.get(r.templateVersionId) ?? 0 }));
  });
}
