import { asc, count, eq, ilike, or } from 'drizzle-orm';
import { TITLE_RECORD_ID, type TApplicationEntry } from '@hxk/contracts';
import { applications, schoolSettings, schools } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';


/** The school's product title: its own setting, else the school's name. */
export async function getTitle(ctx: MemberCtx) {
  return inSchool(ctx, async (tx) => {
    const [setting] = await tx.select({ title: schoolSettings.title }).from(schoolSettings);
    const [school] = setting?.title ? [] : await tx.select({ name: schools.name }).from(schools).where(eq(schools.id, ctx.auth.schoolId));
    return { id: TITLE_RECORD_ID, name: setting?.title ?? school?.name ?? '' };
  });
}

export async function saveTitle(ctx: MemberCtx, name: string) {
  return inSchool(ctx, async (tx) => {
    await tx
      .insert(schoolSettings)
      .values({ schoolId: ctx.auth.schoolId, title: name, updatedAt: ctx.deps.now() })
      .onConflictDoUpdate({ target: schoolSettings.schoolId, set: { title: name, updatedAt: ctx.deps.now() } });
    return { id: TITLE_RECORD_ID, name };
  });
}

const entry = (r: typeof applications.$inferSelect): TApplicationEntry => ({
  id: r.id, name: r.name, icon: r.icon, webPath: r.webPath, parentId: r.parentId, category: r.category, sort: r.sort,
});

/** Entries paged and searched by name, grouped by category as the application dialog shows them. */
export async function listApplications(ctx: MemberCtx, q: { pageNum: number; pageSize: number; queryName?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const where = q.queryName ? or(ilike(applications.name, containsPattern(q.queryName)), ilike(applications.category, containsPattern(q.queryName))) : undefined;
    const [total] = await tx.select({ n: count() }).from(applications).where(where);
    const rows = await tx.select().from(applications).where(where)
      .orderBy(asc(applications.category), asc(applications.sort), asc(applications.name), asc(applications.id))
      .limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize);
    const groups = new Map<string, TApplicationEntry[]>();
    for (const r of rows) groups.set(r.category, [...(groups.get(r.category) ?? []), entry(r)]);
    return {
      list: [...groups].map(([name, applicationRes]) => ({ name, applicationRes })),
      total: Number(total?.n ?? 0),
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  });
}

export async function getApplication(ctx: MemberCtx, id: string) {
  const [row] = await inSchool(ctx, (tx) => tx.select().from(applications).where(eq(applications.id, id)));
  if (!row) throw new AppError('common.notFound');
  return entry(row);
}

export async function saveApplication(
  ctx: MemberCtx,
  input: { id?: string | undefined; category: string; name: string; icon?: string | null | undefined; webPath: string; parentId?: string | null | undefined; sort: number },
) {
  const values = { category: input.category, name: input.name, icon: input.icon ?? null, webPath: input.webPath, parentId: input.parentId ?? null, sort: input.sort };
  const [row] = await inSchool(ctx, (tx) =>
    input.id
      ? tx.update(applications).set(values).where(eq(applications.id, input.id)).returning()
      : tx.insert(applications).values({ schoolId: ctx.auth.schoolId, ...values }).returning(),
  );
  if (!row) throw new AppError('common.notFound');
  return entry(row);
}
