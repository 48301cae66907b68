/**
 * Sensitive-topic classrooms' SQL (docs/decisions/0028-three-rate-statistics.md). The classes are the
 * three-rate statistics' (the semester's classes in a room with the analysis their report shows,
 * finished), each with its scope flag `s`; their hits are read per analysis through
 * class_analysis_hits_analysis_idx (school_id, analysis_id, start).
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { WARNING_LEVEL_KEYS, type TSensitiveFilters } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { courseInReach, type RowCursor, type StatsReach } from './statistics.repo.ts';
import { classesFrom, reportAnalysis, schoolWhere, scopeOf } from './three-rate.repo.ts';

export type SensitiveFilters = Omit<TSensitiveFilters, 'semesterId'> & { semesterId: string };

/** The hits asked for (alias x). */
function hitWhere(f: SensitiveFilters): SQL {
  const w: SQL[] = [sql`true`];
  if (f.category) w.push(sql`x.category = ${f.category}`);
  if (f.severity) w.push(sql`x.severity = ${f.severity}`);
  return sql.join(w, sql` and `);
}

/** Analysed classes k(id, school_id, aid, s). */
function analysedCte(f: SensitiveFilters, reach: StatsReach): SQL {
  // index: courses_unit_idx; course_sessions_course_day_idx; class_analyses_session_source_uq
  return sql`with k as (
    select cs.id, cs.school_id, a.id as aid, (${scopeOf(f, reach)}) as s
    ${classesFrom} ${reportAnalysis}
    where ${schoolWhere(f)} and a.status = 'done')`;
}

// index: class_analysis_hits_analysis_idx (school_id, analysis_id, start)
const hitsOfK = sql`join class_analysis_hits x on x.school_id = k.school_id and x.analysis_id = k.aid`;

const Figures = z.object({ san: col.int, aan: col.int, sc: col.int, ac: col.int, sh: col.int, ah: col.int });

/** Analysed classes, classes with hits and hits: scope and school. */
export function figures(tx: Tx, f: SensitiveFilters, reach: StatsReach) {
  return queryRow(tx, Figures, sql`${analysedCte(f, reach)},
    h as (select k.id, k.s, count(*)::int as n from k ${hitsOfK} where ${hitWhere(f)} group by k.id, k.s)
    select (select count(*) filter (where s) from k)::int as san, (select count(*) from k)::int as aan,
      (select count(*) filter (where s) from h)::int as sc, (select count(*) from h)::int as ac,
      coalesce((select sum(n) filter (where s) from h), 0)::int as sh, coalesce((select sum(n) from h), 0)::int as ah`);
}

const Category = z.object({ category: col.text, classes: col.int, hits: col.int, mild: col.int, moderate: col.int, severe: col.int });

/** The scope's hits per category, split by severity. */
export function categories(tx: Tx, f: SensitiveFilters, reach: StatsReach) {
  return queryRows(tx, Category, sql`${analysedCte(f, reach)}
    select x.category, count(distinct k.id)::int as classes, count(*)::int as hits,
      count(*) filter (where x.severity = 'mild')::int as mild, count(*) filter (where x.severity = 'moderate')::int as moderate,
      count(*) filter (where x.severity = 'severe')::int as severe
    from k ${hitsOfK} where k.s and ${hitWhere(f)} group by x.category order by count(*) desc, x.category`);
}

const Severity = z.object({ severity: col.oneOf(WARNING_LEVEL_KEYS), classes: col.int, hits: col.int });

/** The scope's hits per severity. */
export function severities(tx: Tx, f: SensitiveFilters, reach: StatsReach) {
  return queryRows(tx, Severity, sql`${analysedCte(f, reach)}
    select x.severity, count(distinct k.id)::int as classes, count(*)::int as hits
    from k ${hitsOfK} where k.s and ${hitWhere(f)} group by x.severity`);
}

const RANK = sql`case x.severity when 'severe' then 3 when 'moderate' then 2 else 1 end`;
const ClassRow = z.object({
  courseSessionId: col.text, lessonDate: col.text, week: col.int, session: col.int, courseId: col.text, courseName: col.text, courseCode: col.text,
  teacherId: col.text, teacherName: col.text, teacherAccount: col.text, orgUnitName: col.textOrNull, buildingName: col.textOrNull, classroomName: col.textOrNull,
  hits: col.int, rank: col.int, categories: z.array(z.string()), words: z.array(z.string()), total: col.int,
});

/** The scope's classes with hits, latest first: a page (offset, with the total) or a batch after a class (keyset, no total). */
function classRows(f: SensitiveFilters, reach: StatsReach, at: { limit: number; offset?: number; after?: RowCursor | undefined; total: boolean }): SQL {
  const after = at.after ? sql`where (cs.lesson_date, cs.session_start, cs.id) < (${at.after.lessonDate}::date, ${at.after.session}, ${at.after.id}::bigint)` : sql``;
  return sql`${analysedCte(f, reach)},
    h as (select k.id, count(*)::int as n, max(${RANK})::int as rank, array_agg(distinct x.category) as cats, array_agg(distinct x.word) as words
      from k ${hitsOfK} where k.s and ${hitWhere(f)} group by k.id)
    select cs.id::text as "courseSessionId", cs.lesson_date::text as "lessonDate", cs.week, cs.session_start as session,
      c.id::text as "courseId", c.name as "courseName", c.code as "courseCode", t.id::text as "teacherId", t.name as "teacherName", t.account as "teacherAccount",
      ou.name as "orgUnitName", b.name as "buildingName", r.name as "classroomName",
      h.n as hits, h.rank, h.cats as categories, h.words[1:10] as words, ${at.total ? sql`(count(*) over ())::int` : sql`0`} as total
    from h join course_sessions cs on cs.id = h.id
    join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    join accounts t on t.id = c.teacher_id
    left join org_units ou on ou.school_id = c.school_id and ou.id = c.org_unit_id
    left join classrooms r on r.school_id = cs.school_id and r.id = cs.classroom_id
    left join buildings b on b.school_id = r.school_id and b.id = r.building_id
    ${after}
    order by cs.lesson_date desc, cs.session_start desc, cs.id desc
    limit ${at.limit}${at.offset ? sql` offset ${at.offset}` : sql``}`;
}

/** A page of the scope's classes with hits, latest first. */
export function classPage(tx: Tx, f: SensitiveFilters, reach: StatsReach, pg: { pageNum: number; pageSize: number }) {
  return queryRows(tx, ClassRow, classRows(f, reach, { limit: pg.pageSize, offset: (pg.pageNum - 1) * pg.pageSize, total: true }));
}

/** The next `limit` classes with hits after a class, in the page's order (exports read every row this way). */
export function classBatch(tx: Tx, f: SensitiveFilters, reach: StatsReach, after: RowCursor | undefined, limit: number) {
  return queryRows(tx, ClassRow, classRows(f, reach, { limit, after, total: false }));
}

export const rankToSeverity = (rank: number) => WARNING_LEVEL_KEYS[Math.max(0, Math.min(2, rank - 1))]!;

const OneClass = z.object({
  courseSessionId: col.text, lessonDate: col.text, week: col.int, session: col.int, courseId: col.text, courseName: col.text, courseCode: col.text,
  teacherId: col.text, teacherName: col.text, teacherAccount: col.text, orgUnitName: col.textOrNull, buildingName: col.textOrNull, classroomName: col.textOrNull,
  analysisId: col.textOrNull, source: col.oneOf(['recording', 'live']).nullable(), status: col.textOrNull, startedAt: col.tsOrNull, inReach: col.bool,
});

/** One class with the analysis its report shows, and whether the reader's reach holds its course. */
export function oneClass(tx: Tx, courseSessionId: string, reach: StatsReach) {
  // index: class_analyses_session_source_uq, with course_sessions' primary key (school_id, id)
  return queryRow(tx, OneClass, sql`
    select cs.id::text as "courseSessionId", cs.lesson_date::text as "lessonDate", cs.week, cs.session_start as session,
      c.id::text as "courseId", c.name as "courseName", c.code as "courseCode", t.id::text as "teacherId", t.name as "teacherName", t.account as "teacherAccount",
      ou.name as "orgUnitName", b.name as "buildingName", r.name as "classroomName",
      a.id::text as "analysisId", a.source, a.status, a.started_at as "startedAt", (${courseInReach(reach)}) as "inReach"
    ${classesFrom} ${reportAnalysis}
    join accounts t on t.id = c.teacher_id
    left join org_units ou on ou.school_id = c.school_id and ou.id = c.org_unit_id
    left join buildings b on b.school_id = r.school_id and b.id = r.building_id
    where cs.id = ${courseSessionId}`);
}

const Hit = z.object({ id: col.text, word: col.text, category: col.text, severity: col.oneOf(WARNING_LEVEL_KEYS), start: col.num, end: col.num, context: col.text });

/** An analysis's hits in the order heard. */
export function hitsOf(tx: Tx, analysisId: string) {
  // index: class_analysis_hits_analysis_idx (school_id, analysis_id, start)
  return queryRows(tx, Hit, sql`select id::text, word, category, severity, start, "end", context from class_analysis_hits where analysis_id = ${analysisId} order by start, id`);
}
