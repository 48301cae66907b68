/**
 * The class an evaluation is about, as SQL (ZEvaluatedClass): columns and joins from a class meeting
 * (alias cs), so a whole page reads in one statement, and the row schema that parses them. Shared
 * with the appeals, invitations and questionnaire feedback repositories.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { col } from '../../platform/sql-rows.ts';

/** The class columns as parsed (extend it with the other columns of a row). */
export const ClassRow = z.object({
  courseSessionId: col.text, courseId: col.text, courseName: col.text, courseCode: col.text,
  teacherId: col.text, teacherName: col.text, teacherAccount: col.text,
  orgUnitName: col.textOrNull, classroomName: col.textOrNull, teachingClass: col.textOrNull,
  lessonDate: col.text, week: col.int, weekday: col.int, sessionStart: col.int, sessionEnd: col.int,
});
export type ClassRow = z.output<typeof ClassRow>;

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
