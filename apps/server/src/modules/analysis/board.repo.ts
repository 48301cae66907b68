/**
 * The AI data board's SQL (docs/decisions/0016-repositories.md). Every figure is counted and
 * averaged by the database over the days asked for: the classes come from the timetable by date
 * (course_sessions_day_idx), each with its analysis looked up by class (class_analyses_session_source_uq)
 * and its active warnings by class (warnings_active_idx), so no statement grows with the school's
 * history and none runs per class.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ANALYSIS_STATUSES, WARNING_LEVEL_KEYS } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRow, queryRows } from '../../platform/sql-rows.ts';

/** The school's clock: a class is held once its first session has started (any class of an earlier day). */
export type BoardClock = { today: string; minute: number };

/**
 * The classes timetabled in a classroom between two dates, with their start and end minutes and
 * whether they are held by now. A class without a room cannot be analysed, so it is not counted.
 */
const classesBetween = (from: string, to: string, clock: BoardClock) => sql`
  select cs.school_id, cs.id, cs.course_id, cs.classroom_id, cs.lesson_date, cs.session_start,
    st.start_minute, et.end_minute,
    coalesce(cs.lesson_date < ${clock.today}::date or (cs.lesson_date = ${clock.today}::date and st.start_minute <= ${clock.minute}), false) as held
  from course_sessions cs
  left join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_start
  left join session_times et on et.school_id = cs.school_id and et.session_no = cs.session_end
  where cs.lesson_date between ${from}::date and ${to}::date and cs.classroom_id is not null`;

/** The class's analysis the report shows: from the recording, else the live one (at most one row). */
const analysisOfClass = sql`
  left join lateral (
    select a.status, a.attendance_rate, a.head_up_rate, a.front_row_rate, a.mode
    from class_analyses a
    where a.school_id = k.school_id and a.course_session_id = k.id
    order by (a.source = 'recording') desc
    limit 1
  ) a on true`;

const DayRow = z.object({
  date: col.text,
  scheduled: col.int,
  held: col.int,
  done: col.int,
  running: col.int,
  queued: col.int,
  failed: col.int,
  notAnalysed: col.int,
  analysedHeld: col.int,
  attendance: col.numOrNull,
  headUp: col.numOrNull,
  frontRow: col.numOrNull,
  practice: col.int,
  lecture: col.int,
  dialogue: col.int,
  mixed: col.int,
});
export type DayRow = z.output<typeof DayRow>;

/**
 * Per day between two dates: classes timetabled and held, their analyses by status, the mean of the
 * three rates over the finished analyses, and the finished analyses by teaching mode.
 */
export function dayFigures(tx: Tx, from: string, to: string, clock: BoardClock): Promise<DayRow[]> {
  // index: course_sessions_day_idx (school_id, lesson_date, session_start); class_analyses_session_source_uq (school_id, course_session_id, source)
  const done = sql`a.status = 'done'`;
  return queryRows(tx, DayRow, sql`
    with k as (${classesBetween(from, to, clock)})
    select k.lesson_date::text as date,
      count(*) as scheduled,
      count(*) filter (where k.held) as held,
      count(*) filter (where ${done}) as done,
      count(*) filter (where a.status = 'running') as running,
      count(*) filter (where a.status = 'queued') as queued,
      count(*) filter (where a.status = 'failed') as failed,
      count(*) filter (where k.held and a.status is null) as "notAnalysed",
      count(*) filter (where k.held and ${done}) as "analysedHeld",
      avg(a.attendance_rate) filter (where ${done}) as attendance,
      avg(a.head_up_rate) filter (where ${done}) as "headUp",
      avg(a.front_row_rate) filter (where ${done}) as "frontRow",
      count(*) filter (where ${done} and a.mode = 'practice') as practice,
      count(*) filter (where ${done} and a.mode = 'lecture') as lecture,
      count(*) filter (where ${done} and a.mode = 'dialogue') as dialogue,
      count(*) filter (where ${done} and a.mode = 'mixed') as mixed
    from k ${analysisOfClass}
    group by k.lesson_date
    order by k.lesson_date`);
}

const NowRow = z.object({ inProgress: col.int, classes: col.int, attendance: col.numOrNull, headUp: col.numOrNull, frontRow: col.numOrNull });

/** The classes in progress now, and the mean of the rates of those whose analysis has figures (live so far, or done). */
export async function nowFigures(tx: Tx, clock: BoardClock): Promise<z.output<typeof NowRow>> {
  // index: course_sessions_day_idx (school_id, lesson_date, session_start); class_analyses_session_source_uq (school_id, course_session_id, source)
  const measured = sql`a.status in ('running', 'done') and coalesce(a.attendance_rate, a.head_up_rate, a.front_row_rate) is not null`;
  const row = await queryRow(tx, NowRow, sql`
    with k as (${classesBetween(clock.today, clock.today, clock)})
    select count(*) as "inProgress",
      count(*) filter (where ${measured}) as classes,
      avg(a.attendance_rate) filter (where ${measured}) as attendance,
      avg(a.head_up_rate) filter (where ${measured}) as "headUp",
      avg(a.front_row_rate) filter (where ${measured}) as "frontRow"
    from k ${analysisOfClass}
    where k.start_minute <= ${clock.minute} and ${clock.minute} < k.end_minute`);
  return row ?? { inProgress: 0, classes: 0, attendance: null, headUp: null, frontRow: null };
}

const ClassRow = z.object({
  courseSessionId: col.text,
  courseName: col.text,
  teacherName: col.text,
  classroomName: col.textOrNull,
  buildingName: col.textOrNull,
  lessonDate: col.text,
  startMinute: col.intOrNull,
  endMinute: col.intOrNull,
  status: col.oneOf(ANALYSIS_STATUSES).nullable(),
  attendance: col.numOrNull,
  headUp: col.numOrNull,
  frontRow: col.numOrNull,
  mode: col.textOrNull,
});
export type BoardClassRow = z.output<typeof ClassRow>;

const classColumns = sql`k.id::text as "courseSessionId", c.name as "courseName", t.name as "teacherName",
  r.name as "classroomName", b.name as "buildingName", k.lesson_date::text as "lessonDate",
  k.start_minute as "startMinute", k.end_minute as "endMinute", a.status,
  a.attendance_rate as attendance, a.head_up_rate as "headUp", a.front_row_rate as "frontRow", a.mode`;

const classJoins = sql`
  join courses c on c.school_id = k.school_id and c.id = k.course_id
  join accounts t on t.id = c.teacher_id
  left join classrooms r on r.school_id = k.school_id and r.id = k.classroom_id
  left join buildings b on b.school_id = r.school_id and b.id = r.building_id`;

function boardClasses(tx: Tx, q: { from: string; to: string; clock: BoardClock; where: SQL; order: SQL; limit: number }): Promise<BoardClassRow[]> {
  return queryRows(tx, ClassRow, sql`
    with k as (${classesBetween(q.from, q.to, q.clock)})
    select ${classColumns}
    from k ${analysisOfClass} ${classJoins}
    where ${q.where}
    order by ${q.order}
    limit ${q.limit}`);
}

/** The day's classes that have an analysis (any status), in timetable order. */
export function analysedClassesOfDay(tx: Tx, date: string, clock: BoardClock, limit: number): Promise<BoardClassRow[]> {
  // index: course_sessions_day_idx (school_id, lesson_date, session_start); class_analyses_session_source_uq (school_id, course_session_id, source)
  return boardClasses(tx, { from: date, to: date, clock, where: sql`a.status is not null`, order: sql`k.session_start, c.name, k.id`, limit });
}

/** The latest held class of the window whose analysis finished. */
export async function latestAnalysedClass(tx: Tx, from: string, to: string, clock: BoardClock): Promise<BoardClassRow | undefined> {
  // index: course_sessions_day_idx (school_id, lesson_date, session_start); class_analyses_session_source_uq (school_id, course_session_id, source)
  const rows = await boardClasses(tx, { from, to, clock, where: sql`k.held and a.status = 'done'`, order: sql`k.lesson_date desc, k.session_start desc, k.id desc`, limit: 1 });
  return rows[0];
}

/** AI warnings not ended (kinds 'ai.*': raised by an analysis) of the classes in `k`. */
const activeAiWarnings = sql`join warnings w on w.school_id = k.school_id and w.course_session_id = k.id and w.ended_at is null and w.kind like 'ai.%'`;

const LevelRow = z.object({ level: col.oneOf(WARNING_LEVEL_KEYS), n: col.int });

/** Active AI warnings of the window's classes, counted by level. */
export function activeWarningsByLevel(tx: Tx, from: string, to: string, clock: BoardClock) {
  // index: course_sessions_day_idx (school_id, lesson_date, session_start); warnings_active_idx (school_id, course_session_id) where ended_at is null
  return queryRows(tx, LevelRow, sql`
    with k as (${classesBetween(from, to, clock)})
    select w.level, count(*) as n from k ${activeAiWarnings} group by w.level`);
}

const WarningRow = z.object({
  id: col.text,
  level: col.oneOf(WARNING_LEVEL_KEYS),
  kind: col.text,
  startedAt: col.ts,
  courseSessionId: col.text,
  courseName: col.text,
  teacherName: col.text,
  classroomName: col.textOrNull,
  buildingName: col.textOrNull,
  lessonDate: col.text,
});

/** The latest active AI warnings of the window's classes, with their class. */
export function latestActiveWarnings(tx: Tx, from: string, to: string, clock: BoardClock, limit: number) {
  // index: course_sessions_day_idx (school_id, lesson_date, session_start); warnings_active_idx (school_id, course_session_id) where ended_at is null
  return queryRows(tx, WarningRow, sql`
    with k as (${classesBetween(from, to, clock)})
    select w.id::text as id, w.level, w.kind, w.started_at as "startedAt", k.id::text as "courseSessionId",
      c.name as "courseName", t.name as "teacherName", r.name as "classroomName", b.name as "buildingName", k.lesson_date::text as "lessonDate"
    from k ${activeAiWarnings} ${classJoins}
    order by w.started_at desc, w.id desc
    limit ${limit}`);
}
