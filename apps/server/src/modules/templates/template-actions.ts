/**
 * The batch actions of the template list: publish, stop, delete and copy. Each applies to every
 * selected template or to none: one refusal and nothing changes.
 */
import { nextTemplateStatus, publishProblems, TEMPLATE_LIMITS, type TLanguage, type TTemplateAction } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { contentOf, ensureVersion, refuse, requireRows, withNameGuard, type TemplateRow } from './template-store.ts';
import * as repo from './templates.repo.ts';

/** The selected templates, locked, once every one of them allows the action (409 otherwise). */
async function rowsFor(tx: Tx, ids: string[], action: TTemplateAction): Promise<TemplateRow[]> {
  const rows = await requireRows(tx, ids);
  if (rows.some((r) => nextTemplateStatus(r.status, action) === null)) throw new AppError('template.badTransition');
  return rows;
}

/** Publishes drafts and stopped templates: a new version only when the content changed since the last one. */
export async function publishTemplates(ctx: MemberCtx, ids: string[]) {
  await inSchool(ctx, async (tx) => {
    const rows = await rowsFor(tx, ids, 'publish');
    for (const r of rows) {
      const problems = publishProblems(r.name, contentOf(r));
      if (problems.length) refuse(ctx, problems);
    }
    for (const r of rows) {
      await ensureVersion(ctx, tx, { id: r.id, version: r.version, name: r.name, description: r.description, content: contentOf(r) });
    }
    await repo.updateTemplates(tx, rows.map((r) => r.id), { status: 'published', updatedAt: ctx.deps.now() });
  });
}

/** Stops published templates: no new plan may use them; plans already using them keep their version. */
export async function stopTemplates(ctx: MemberCtx, ids: string[]) {
  await inSchool(ctx, async (tx) => {
    const rows = await rowsFor(tx, ids, 'stop');
    await repo.updateTemplates(tx, rows.map((r) => r.id), { status: 'stopped', updatedAt: ctx.deps.now() });
  });
}

/**
 * Deletes drafts and stopped templates. The row stays (soft delete) because plans and evaluations
 * point at its versions, which are never deleted; it only stops counting as a user of bank questions.
 */
export async function deleteTemplates(ctx: MemberCtx, ids: string[]) {
  await inSchool(ctx, async (tx) => {
    const rows = await rowsFor(tx, ids, 'delete');
    const rowIds = rows.map((r) => r.id);
    await repo.deleteSourcesOfAll(tx, rowIds);
    await repo.updateTemplates(tx, rowIds, { deletedAt: ctx.deps.now(), updatedAt: ctx.deps.now() });
  });
}

const COPY_SUFFIX: Record<TLanguage, string> = { zh: ' (副本)', en: ' (copy)', ja: ' (コピー)' };

/** "<name> (copy)", then "<name> (copy) 2", "<name> (copy) 3"... the first free one, within the name limit. */
export function copyName(base: string, lang: TLanguage, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const tail = `${COPY_SUFFIX[lang]}${n > 1 ? ` ${n}` : ''}`;
    const name = `${base.slice(0, TEMPLATE_LIMITS.nameMax - tail.length).trimEnd()}${tail}`;
    if (!taken.has(name.toLowerCase())) {
      taken.add(name.toLowerCase());
      return name;
    }
  }
}

/** Copies templates as new drafts (with their question sources), in the order of the ids. */
export async function copyTemplates(ctx: MemberCtx, ids: string[]) {
  return withNameGuard(() =>
    inSchool(ctx, async (tx) => {
      const rows = await rowsFor(tx, ids, 'copy');
      const names = await repo.liveTemplateNames(tx);
      const sources = await repo.sourcesOf(tx, rows.map((r) => r.id));
      const taken = new Set(names.map((n) => n.toLowerCase()));
      const copies: { templateId: string; name: string }[] = [];
      for (const r of rows) {
        const name = copyName(r.name, ctx.lang, taken);
        const templateId = await repo.insertTemplate(tx, {
          schoolId: ctx.auth.schoolId,
          name,
          description: r.description,
          status: 'draft',
          content: r.content,
          totalScore: r.totalScore,
          sectionCount: r.sectionCount,
          questionCount: r.questionCount,
          createdBy: ctx.auth.accountId,
          updatedAt: ctx.deps.now(),
        });
        const mine = sources.filter((s) => s.templateId === r.id);
        if (mine.length) await repo.insertSources(tx, mine.map((s) => ({ schoolId: s.schoolId, templateId, questionId: s.questionId })));
        copies.push({ templateId, name });
      }
      return { copies };
    }),
  );
}

