/**
 * The class an evaluation is about, as every evaluation screen shows it (ZEvaluatedClass): a row of
 * the class columns (evaluated-class.repo.ts) presented with the session times, read once per page.
 */
import { formatHm, type TEvaluatedClass } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { readSessionTimes } from '../calendar/calendar.service.ts';
import type { ClassRow } from './evaluated-class.repo.ts';

/** The SQL side (columns, joins, row schema) lives in the repository; other modules import it from here too. */
export { ClassRow, classColumns, classJoins } from './evaluated-class.repo.ts';

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
  const span = { sessionStart: r.sessionStart, sessionEnd: r.sessionEnd };
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
    week: r.week,
    weekday: r.weekday,
    ...span,
    ...times(span),
  };
};
