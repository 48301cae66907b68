import type { TFinding, TRuleFinding } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import { AppError, localizeError } from '../../platform/errors.ts';

export type PageQuery = { pageNum: number; pageSize: number };

export const page = <T>(list: T[], total: unknown, q: PageQuery) => ({ list, total: Number(total ?? 0), pageNum: q.pageNum, pageSize: q.pageSize });

/** Distinct ids, or 404 when a lookup found fewer of them (another school's ids are simply not found). */
export function requireFound(found: number, ids: readonly string[]): void {
  if (found !== new Set(ids).size) throw new AppError('common.notFound');
}

export const uniq = (ids: readonly string[]) => [...new Set(ids)];

export const localizeFinding = (ctx: MemberCtx, f: TFinding): TRuleFinding => ({ path: f.path, key: f.key, message: localizeError(f.key, ctx.lang, f.params) });
