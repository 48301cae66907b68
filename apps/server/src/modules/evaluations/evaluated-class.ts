/**
 * The class an evaluation is about, as every evaluation screen shows it (ZEvaluatedClass): columns
 * and joins from a class meeting (alias cs) for a whole page in one statement, and the session
 * times read once per page.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatHm, type TEvaluatedClass } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { readSessionTimes } from '../calendar/calendar.service.ts';

export type ClassRow = {
  courseSessionId: string; courseId: string; courseName: string; courseCode: string;
  teacherId: string; teacherName: string; teacherAccount: string;
  orgUnitName: string | null; classroomName: string | null; teachingClass: string | null;
  lessonDate: string; week: number; weekday: number; sessionStart: number; sessionEnd: number;
};

/** The class columns of a ClassRow (camelCase names, beside any other columns of the row). */
export const classColumns = sql`cs.id::text as "courseSessionId", c.id::text as "courseId", c.name as "courseName", c.code as "courseCode",
  t.id::text as "teacherId", t.name as "teacherName", t.account as "teacherAccount", ou.name as "orgUnitName",
  case when r.id is null then null else b.name || ' ' || r.name end as "classroomName", c.teaching_class as "teachingClass",
  cs.lesson_date::text as "lessonDate", cs.week, cs.weekday, cs.session_start as "sessionStart", cs.session_end as "sessionEnd"`;

/**
 * What the class columns need, joined to the meeting cs: its course c, the teacher t (the course's,
 * or the one an evaluation recorded), the course's unit and the room with its building.
 */
export const classJoins = (teacherId: SQL) => sql`
  join courses c on c.school_id = cs.school_id and c.id = cs.course_id
  join accounts t on t.id = ${teacherId}
  left join org_units ou on ou.school_id = c.school_id and ou.id = c.org_unit_id
  left join classrooms r on r.school_id = cs.school_id and r.id = cs.classroom_id
  left join buildings b on b.school_id = r.school_id and b.id = r.building_id`;

export type Times = (x: { sessionStart: number; sessionEnd: number }) => { startTime: string | null; endTime: string | null };

/** The school's session times as a lookup (one query for a page). */
export async function sessionClock(tx: Tx): Promise<Times> {
  const rows = await readSessionTimes(tx);
  const byNo = new Map(rows.map((r) => [r.sessionNo, r]));
  return (x) => {
    const start = byNo.get(x.sessionStart);
    const end = byNo.get(x.sessionEnd);
    return { startTime: start ? formatHm(start.startMinute) : null, endTime: end ? formatHm(end.endMinute) : null };
  };
}

export const presentClass = (r: ClassRow, times: Times): TEvaluatedClass => {
  const span = { sessionStart: Number(r.sessionStart), sessionEnd: Number(r.sessionEnd) };
  return {
    courseSessionId: r.courseSessionId,
    courseId: r.courseId,
    courseName: r.courseName,
    courseCode: r.courseCode,
    teacher: { userId: r.teacherId, name: r.teacherName, account: r.teacherAccount },
    orgUnitName: r.orgUnitName,
    classroomName: r.classroomName,
    teachingClass: r.teachingClass,
    lessonDate: r.lessonDate,
    week: Number(r.week),
    weekday: Number(r.weekday),
    ...span,
    ...times(span),
  };
};
