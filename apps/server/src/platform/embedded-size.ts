/**
 * How big a school may grow on the embedded database (PGlite) before it should move to PostgreSQL
 * (issue 21; docs/operations.md, "When to move to PostgreSQL"). PGlite is PostgreSQL compiled to
 * WebAssembly in the server's process: one connection, so every request and job takes its turn, and
 * no autovacuum (main.ts analyses every 15 minutes). The limits are the sizes the benchmarks measured
 * it at (docs/benchmarks.md) with the screens still within their budgets; past them nothing breaks,
 * but the heaviest screens slow down in proportion and one busy person's requests hold everyone's.
 * The server logs a warning at start and once a day for each school past a limit.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DbHandle } from './db.ts';
import { col } from './sql-rows.ts';

export const EMBEDDED_LIMITS = {
  /** bench/schedule.ts: course list 25 ms and week view 29 ms a call in process at 5,000 courses. */
  courses: 5_000,
  /** bench/schedule.ts: 100,000 timetable sessions (5,000 courses over 20 weeks). */
  sessions: 100_000,
  /**
   * bench/followup.ts: a course report compares with the semester's school-wide figures, 430-480 ms
   * on PGlite at 30,000 evaluations; at 10,000 it stays within a screen's budget (~150 ms).
   */
  evaluations: 10_000,
} as const;

export type EmbeddedMeasure = keyof typeof EMBEDDED_LIMITS;
export type EmbeddedLimits = Record<EmbeddedMeasure, number>;

const Row = z.object({ schoolId: col.text, name: col.text, courses: col.int, sessions: col.int, evaluations: col.int });
export type SchoolSize = z.infer<typeof Row>;

/** Each school's size in the measures the limits speak of (one statement; the counts use the school-leading indexes). */
export async function schoolSizes(dbh: DbHandle): Promise<SchoolSize[]> {
  // The raw handle on PGlite is the database's owner: it counts across schools, which only this
  // start-up check does (it reads no row's content).
  const rows = await dbh.rows(sql`
    select s.id::text as "schoolId", s.name,
      (select count(*) from courses c where c.school_id = s.id)::int as courses,
      (select count(*) from course_sessions cs where cs.school_id = s.id)::int as sessions,
      (select count(*) from evaluations e where e.school_id = s.id)::int as evaluations
    from schools s order by s.id`);
  return rows.map((r) => Row.parse(r));
}

/** The measures in which a school is past the embedded database's limits. */
export function pastLimits(size: SchoolSize, limits: EmbeddedLimits = EMBEDDED_LIMITS): { measure: EmbeddedMeasure; value: number; limit: number }[] {
  return (Object.keys(limits) as EmbeddedMeasure[])
    .filter((m) => size[m] > limits[m])
    .map((m) => ({ measure: m, value: size[m], limit: limits[m] }));
}

/** Logs a warning per school past a limit; returns those schools (empty on PostgreSQL, which has no such limit here). */
export async function warnWhenPastEmbeddedLimits(dbh: DbHandle, log: Pick<FastifyBaseLogger, 'warn'>, limits: EmbeddedLimits = EMBEDDED_LIMITS): Promise<SchoolSize[]> {
  if (dbh.driver !== 'pglite') return [];
  const past = (await schoolSizes(dbh)).filter((s) => pastLimits(s, limits).length > 0);
  for (const s of past) {
    const over = pastLimits(s, limits).map((p) => `${p.value} ${p.measure} (measured up to ${p.limit})`).join(', ');
    log.warn(
      { schoolId: s.schoolId, sizes: { courses: s.courses, sessions: s.sessions, evaluations: s.evaluations }, limits },
      `School "${s.name}" has grown past what the embedded database was measured for: ${over}. ` +
        'Move to PostgreSQL (set DATABASE_URL; docs/operations.md, "When to move to PostgreSQL") before its screens slow down.',
    );
  }
  return past;
}

/** Checks now and then once a day; returns the function that stops it. */
export function watchEmbeddedSize(dbh: DbHandle, log: FastifyBaseLogger, everyMs = 24 * 3600_000): () => void {
  const check = () => {
    warnWhenPastEmbeddedLimits(dbh, log).catch((err: unknown) => log.warn({ err }, 'the embedded database size check failed'));
  };
  check();
  const timer = setInterval(check, everyMs).unref();
  return () => clearInterval(timer);
}
