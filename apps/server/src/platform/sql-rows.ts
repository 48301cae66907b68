/** Small helpers for services that write SQL by hand (tx.execute) and page its rows. */
import { sql } from 'drizzle-orm';

/** The rows of a raw statement (both drivers answer { rows }). */
export const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
/** A page of a list in the envelope's shape. */
export const page = <T>(list: T[], total: number, q: { pageNum: number; pageSize: number }) => ({ list, total, pageNum: q.pageNum, pageSize: q.pageSize });
/** A timestamp as ISO text, whether the driver returned a Date or a string. */
export const iso = (d: string | Date) => new Date(d).toISOString();
export const isoOrNull = (d: string | Date | null | undefined) => (d == null ? null : iso(d));
/** Ids as a parameter list for `in (...)`. */
export const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);
