/**
 * Helpers for repositories (docs/decisions/0016-repositories.md). Drizzle's query builder types its
 * own rows; a hand-written statement's rows are parsed by a schema with `queryRows`, so a repository
 * returns typed rows without a cast, and a column that a driver returns differently (count(*) as
 * text on PostgreSQL, a timestamp as Date or text) comes out as one type.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from './db.ts';

/**
 * The rows of a raw statement typed by assertion (both drivers answer { rows }). Seeds only:
 * repositories parse rows with queryRows instead.
 */
export const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

const rawRows = (r: unknown): unknown[] => {
  const rows = r !== null && typeof r === 'object' && 'rows' in r ? r.rows : undefined;
  if (!Array.isArray(rows)) throw new Error('a raw statement answered without rows');
  return rows;
};

/** The rows of a hand-written statement, each parsed by `row` (a z.object of `col` codecs). */
export async function queryRows<S extends z.ZodType>(tx: Pick<Tx, 'execute'>, row: S, query: SQL): Promise<z.output<S>[]> {
  return z.array(row).parse(rawRows(await tx.execute(query)));
}

/** The first row of a hand-written statement, or undefined. */
export async function queryRow<S extends z.ZodType>(tx: Pick<Tx, 'execute'>, row: S, query: SQL): Promise<z.output<S> | undefined> {
  return (await queryRows(tx, row, query))[0];
}

/** A page of a list in the envelope's shape. */
export const page = <T>(list: T[], total: number, q: { pageNum: number; pageSize: number }) => ({ list, total, pageNum: q.pageNum, pageSize: q.pageSize });
/** A timestamp as ISO text, whether the driver returned a Date or a string. */
export const iso = (d: string | Date) => new Date(d).toISOString();
export const isoOrNull = (d: string | Date | null | undefined) => (d == null ? null : iso(d));
/** Ids as a parameter list for `in (...)`. */
export const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

const integer = z.union([z.number(), z.string(), z.bigint()]).transform((v, c) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) c.addIssue({ code: 'custom', message: `not an integer: ${String(v)}` });
  return n;
});
const numeric = z.union([z.number(), z.string()]).transform((v, c) => {
  const n = Number(v);
  if (!Number.isFinite(n)) c.addIssue({ code: 'custom', message: `not a number: ${v}` });
  return n;
});
const timestamp = z.union([z.date(), z.string()]).transform((v) => iso(v));

/**
 * Column codecs for `queryRows`: what either driver may return for a column, to the one type the
 * service reads. Select ids as `::text` and dates as `::text` ('YYYY-MM-DD'); timestamps come out as
 * ISO text; int is count(*), bigint and integer columns; num is numeric and avg().
 */
export const col = {
  text: z.string(),
  textOrNull: z.string().nullable(),
  int: integer,
  intOrNull: integer.nullable(),
  num: numeric,
  numOrNull: numeric.nullable(),
  bool: z.boolean(),
  boolOrNull: z.boolean().nullable(),
  ts: timestamp,
  tsOrNull: timestamp.nullable(),
  /** A json/jsonb column, checked by its own schema. */
  json: <S extends z.ZodType>(schema: S) => schema,
  /** A text value that must be one of a union (a status, a kind). */
  oneOf: <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values),
} as const;
