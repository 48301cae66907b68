/**
 * Three-rate statistics' SQL (docs/decisions/0028-three-rate-statistics.md). The rows are the
 * semester's classes timetabled in a room (courses_unit_idx for the semester, then
 * course_sessions_course_day_idx per course), each with the analysis its AI report shows — the
 * recording's, else the live one, as the data board picks it (class_analyses_session_source_uq) —
 * counted only when that analysis is done. As in evaluation statistics, every row carries `s`
 * (also in the scope and the reader's reach), so the scope's and the school's figures come out of
 * one scan. Class-level figures only: no student is read.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TThreeRateFilters, TThreeRateGroupBy } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { courseInReach, unitTree, type RowCursor, type StatsReach } from './statistics.repo.ts';

export type ThreeRateFilters = Omit<TThreeRateFilters, 'semesterId'> & { semesterId: string };
export type Clock = { today: string; minute: number };

/** The scope over a class row (c: course, cs: class, r: room). */
export function scopeOf(f: ThreeRateFilters, reach: StatsReach): SQL {
  const w: SQL[] = [courseInReach(reach)];
  if (f.orgUnitId) w.push(sql`c.org_unit_id in ${unitTree(sql`select ${f.orgUnitId}::bigint`)}`);
  if (f.teacherId) w.push(sql`c.teacher_id = ${f.teacherId}`);
  if (f.courseId) w.push(sql`c.id = ${f.courseId}`);
  if (f.buildingId) w.push(sql`r.building_id = ${f.buildingId}`);
  if (f.classroomId) w.push(sql`cs.classroom_id = ${f.classroomId}`);
  if (f.session) w.push(sql`cs.session_start = ${f.session}`);
  if (f.week) w.push(sql`cs.week = ${f.week}`);
  return sql.join(w, sql` and `);
}

/** The school side: the semester's classes in a room within the lesson days asked for. */
export function schoolWhere(f: ThreeRateFilters): SQL {
  const w: SQL[] = [sql`c.semester_id = ${f.semesterId}`, sql`cs.classroom_id is not null`];
  if (f.from) w.push(sql`cs.lesson_date >= ${f.from}`);
  if (f.to) w.push(sql`cs.lesson_date <= ${f.to}`);
  return sql.join(w, sql` and `);
}

export const classesFrom = sql`from courses c
  join course_sessions cs on cs.school_id = c.school_id and cs.course_id = c.id
  left join classrooms r on r.school_id = cs.school_id and r.id = cs.classroom_id`;

/** The analysis the class's report shows (at most one row), done or not. */
export const reportAnalysis = sql`left join lateral (
    select a.id, a.source, a.started_at, a.status, a.attendance_rate, a.head_up_rate, a.front_row_rate, a.expected_students, a.present_avg, a.front_row_expected, a.front_row_actual
    from class_analyses a where a.school_id = cs.school_id and a.course_session_id = cs.id
    order by (a.source = 'recording') desc limit 1) a on true`;

/** Rows k(...) of the classes with a finished analysis, each with its scope flag `s`. */
function analysedCte(f: ThreeRateFilters, reach: StatsReach): SQL {
  // index: courses_unit_idx (school_id, semester_id, org_unit_id); course_sessions_course_day_idx (school_id, course_id, lesson_date);
  // class_analyses_session_source_uq (school_id, course_session_id, source)
  return sql`with k as (
    select cs.id, cs.week, cs.session_start, c.id as course_id, c.teacher_id, c.org_unit_id, cs.classroom_id, r.building_id,
      a.attendance_rate as att, a.head_up_rate as hu, a.front_row_rate as fr, (${scopeOf(f, reach)}) as s
    ${classesFrom} ${reportAnalysis}
    where ${schoolWhere(f)} and a.status = 'done')`;
}

/** Means (percent) and counts of the three rates over the rows passing `cond`. */
const figureCols = (cond: SQL, prefix: string) => sql`
  count(*) filter (where ${cond})::int as ${sql.identifier(`${prefix}n`)},
  (avg(att) filter (where ${cond})) * 100 as ${sql.identifier(`${prefix}att`)},
  (avg(hu) filter (where ${cond})) * 100 as ${sql.identifier(`${prefix}hu`)},
  (avg(fr) filter (where ${cond})) * 100 as ${sql.identifier(`${prefix}fr`)},
  count(att) filter (where ${cond})::int as ${sql.identifier(`${prefix}attn`)},
  count(hu) filter (where ${cond})::int as ${sql.identifier(`${prefix}hun`)},
  count(fr) filter (where ${cond})::int as ${sql.identifier(`${prefix}frn`)}`;

const fig = (p: string) => ({
  [`${p}n`]: col.int, [`${p}att`]: col.numOrNull, [`${p}hu`]: col.numOrNull, [`${p}fr`]: col.numOrNull,
  [`${p}attn`]: col.int, [`${p}hun`]: col.int, [`${p}frn`]: col.int,
});
const Both = z.object({ ...fig('s_'), ...fig('a_') });
export type FigureRow = z.output<typeof Both>;

/** The scope's and the school's figures. */
export function figures(tx: Tx, f: ThreeRateFilters, reach: StatsReach) {
  return queryRow(tx, Both, sql`${analysedCte(f, reach)} select ${figureCols(sql`s`, 's_')}, ${figureCols(sql`true`, 'a_')} from k`);
}

const WeekRow = z.object({ week: col.int, ...fig('s_'), ...fig('a_') });

/** Per teaching week, scope and school. */
export function trend(tx: Tx, f: ThreeRateFilters, reach: StatsReach) {
  return queryRows(tx, WeekRow, sql`${analysedCte(f, reach)} select week, ${figureCols(sql`s`, 's_')}, ${figureCols(sql`true`, 'a_')} from k group by week order by week`);
}

const Held = z.object({ n: col.int });

/** The scope's classes in a room already held by now (analysed or not). */
export async function heldClasses(tx: Tx, f: ThreeRateFilters, reach: StatsReach, clock: Clock): Promise<number> {
  // index: courses_unit_idx; course_sessions_course_day_idx (school_id, course_id, lesson_date); session_times_no_uq
  const row = await queryRow(tx, Held, sql`select count(*)::int as n ${classesFrom}
    left join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_start
    where ${schoolWhere(f)} and ${scopeOf(f, reach)}
      and (cs.lesson_date < ${clock.today}::date or (cs.lesson_date = ${clock.today}::date and coalesce(st.start_minute, 0) <= ${clock.minute}))`);
  return row?.n ?? 0;
}

const GroupRow = z.object({ key: col.text, name: col.textOrNull, detail: col.textOrNull, ...fig('s_') });

/** Per grouping: the key of a row of k, and how a key is named (joins on x, columns). */
const GROUP_SQL: Record<TThreeRateGroupBy, { key: SQL; join: SQL; cols: SQL }> = {
  building: { key: sql`k.building_id`, join: sql`left join buildings x on x.id = g.k`, cols: sql`x.name, null::text as detail` },
  classroom: {
    key: sql`k.classroom_id`,
    join: sql`left join classrooms x on x.id = g.k left join buildings b on b.school_id = x.school_id and b.id = x.building_id`,
    cols: sql`x.name, b.name as detail`,
  },
  unit: {
    key: sql`k.org_unit_id`,
    join: sql`left join org_units x on x.id = g.k left join org_units p on p.school_id = x.school_id and p.id = x.parent_id`,
    cols: sql`x.name, p.name as detail`,
  },
  teacher: { key: sql`k.teacher_id`, join: sql`left join accounts x on x.id = g.k`, cols: sql`x.name, x.account as detail` },
  course: { key: sql`k.course_id`, join: sql`left join courses x on x.id = g.k`, cols: sql`x.name, x.code as detail` },
  session: { key: sql`k.session_start`, join: sql``, cols: sql`null::text as name, null::text as detail` },
  week: { key: sql`k.week`, join: sql``, cols: sql`null::text as name, null::text as detail` },
};

/** The scope's classes grouped; keys are ids, session numbers or weeks (teachers are staff accounts: no student is read). */
export function groups(tx: Tx, f: ThreeRateFilters, reach: StatsReach, by: TThreeRateGroupBy) {
  const g = GROUP_SQL[by];
  const order = by === 'session' || by === 'week' ? sql`g.k` : sql`x.name, g.k`;
  // By the named tables' primary keys (school_id, id), under row-level security.
  return queryRows(tx, GroupRow, sql`${analysedCte(f, reach)},
    g as (select ${g.key} as k, ${figureCols(sql`true`, 's_')} from k where s and ${g.key} is not null group by 1)
    select g.k::text as key, ${g.cols}, g.s_n, g.s_att, g.s_hu, g.s_fr, g.s_attn, g.s_hun, g.s_frn
    from g ${g.join}
    order by ${order}`);
}

// ---------------------------------------------------------------- the classes behind the figures

const ClassRow = z.object({
  courseSessionId: col.text, lessonDate: col.text, week: col.int, session: col.int, courseId: col.text, courseName: col.text, courseCode: col.text,
  teacherId: col.text, teacherName: col.text, teacherAccount: col.text, orgUnitName: col.textOrNull, buildingName: col.textOrNull, classroomName: col.textOrNull,
  source: col.oneOf(['recording', 'live']), attendance: col.numOrNull, headUp: col.numOrNull, frontRow: col.numOrNull,
  expectedStudents: col.intOrNull, presentAvg: col.numOrNull, frontRowExpected: col.intOrNull, frontRowActual: col.numOrNull, total: col.int,
});

/** The scope's analysed classes, latest first: a page (offset, with the total) or a batch after a class (keyset, no total). */
function classRows(f: ThreeRateFilters, reach: StatsReach, at: { limit: number; offset?: number; after?: RowCursor | undefined; total: boolean }): SQL {
  const after = at.after ? sql` and (cs.lesson_date, cs.session_start, cs.id) < (${at.after.lessonDate}::date, ${at.after.session}, ${at.after.id}::bigint)` : sql``;
  return sql`
    select cs.id::text as "courseSessionId", cs.lesson_date::text as "lessonDate", cs.week, cs.session_start as session,
      c.id::text as "courseId", c.name as "courseName", c.code as "courseCode", t.id::text as "teacherId", t.name as "teacherName", t.account as "teacherAccount",
      ou.name as "orgUnitName", b.name as "buildingName", r.name as "classroomName", a.source,
      a.attendance_rate * 100 as attendance, a.head_up_rate * 100 as "headUp", a.front_row_rate * 100 as "frontRow",
      a.expected_students as "expectedStudents", a.present_avg as "presentAvg", a.front_row_expected as "frontRowExpected", a.front_row_actual as "frontRowActual",
      ${at.total ? sql`(count(*) over ())::int` : sql`0`} as total
    ${classesFrom} ${reportAnalysis}
    join accounts t on t.id = c.teacher_id
    left join org_units ou on ou.school_id = c.school_id and ou.id = c.org_unit_id
    left join buildings b on b.school_id = r.school_id and b.id = r.building_id
    where ${schoolWhere(f)} and a.status = 'done' and ${scopeOf(f, reach)}${after}
    order by cs.lesson_date desc, cs.session_start desc, cs.id desc
    limit ${at.limit}${at.offset ? sql` offset ${at.offset}` : sql``}`;
}

/** A page of the scope's analysed classes, latest first. */
export function classPage(tx: Tx, f: ThreeRateFilters, reach: StatsReach, pg: { pageNum: number; pageSize: number }) {
  return queryRows(tx, ClassRow, classRows(f, reach, { limit: pg.pageSize, offset: (pg.pageNum - 1) * pg.pageSize, total: true }));
}

/** The next `limit` analysed classes after a class, in the page's order (exports read every row this way). */
export function classBatch(tx: Tx, f: ThreeRateFilters, reach: StatsReach, after: RowCursor | undefined, limit: number) {
  return queryRows(tx, ClassRow, classRows(f, reach, { limit, after, total: false }));
}

export async function classCount(tx: Tx, f: ThreeRateFilters, reach: StatsReach): Promise<number> {
  const row = await queryRow(tx, Held, sql`select count(*)::int as n ${classesFrom} ${reportAnalysis} where ${schoolWhere(f)} and a.status = 'done' and ${scopeOf(f, reach)}`);
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- what the filters name

const Named = z.object({ id: col.text, name: col.text });
export const building = (tx: Tx, id: string) => queryRow(tx, Named, sql`select id::text, name from buildings where id = ${id}`);
export const classroom = (tx: Tx, id: string) => queryRow(tx, Named, sql`select id::text, name from classrooms where id = ${id}`);
