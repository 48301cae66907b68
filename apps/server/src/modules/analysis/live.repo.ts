/** Live analysis's SQL (docs/decisions/0022-live-analysis.md, docs/decisions/0016-repositories.md). */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { jobs, warnings } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, idList, queryRow, queryRows } from '../../platform/sql-rows.ts';

/** Frames a live analysis reads the students from, best first; and the teacher. */
const STUDENT_FRAMES = sql`('studentFull', 'studentCloseUp', 'composite')`;
const TEACHER_FRAMES = sql`('teacherFull', 'teacherCloseUp')`;
const cameraOf = (frames: typeof STUDENT_FRAMES) => sql`(select cam.id::text from cameras cam
  where cam.school_id = cs.school_id and cam.classroom_id = cs.classroom_id and cam.status <> 'offline' and cam.frame in ${frames}
  order by array_position(array['studentFull', 'studentCloseUp', 'composite', 'teacherFull', 'teacherCloseUp'], cam.frame::text), cam.sort, cam.id limit 1)`;

const LiveClass = z.object({
  courseSessionId: col.text,
  lessonDate: col.text,
  startMinute: col.int,
  endMinute: col.int,
  classroomId: col.textOrNull,
  classroomName: col.textOrNull,
  courseName: col.text,
  teacherId: col.text,
  studentCount: col.int,
  studentCameraId: col.textOrNull,
  teacherCameraId: col.textOrNull,
  /** The room's switch (classrooms.live_analysis): off, its classes are not analysed live. */
  liveAnalysis: col.bool,
});
export type LiveClass = z.output<typeof LiveClass>;

const liveClassColumns = sql`cs.id::text as "courseSessionId", cs.lesson_date::text as "lessonDate", st.start_minute as "startMinute", et.end_minute as "endMinute",
  cs.classroom_id::text as "classroomId", r.name as "classroomName", c.name as "courseName", c.teacher_id::text as "teacherId", c.student_count as "studentCount", coalesce(r.live_analysis, true) as "liveAnalysis",
  ${cameraOf(STUDENT_FRAMES)} as "studentCameraId", ${cameraOf(TEACHER_FRAMES)} as "teacherCameraId"`;
const liveClassFrom = sql`course_sessions cs
  join courses c on c.school_id = cs.school_id and c.id = cs.course_id
  join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_start
  join session_times et on et.school_id = cs.school_id and et.session_no = cs.session_end
  left join classrooms r on r.school_id = cs.school_id and r.id = cs.classroom_id`;

/** A class with its times (school-local minutes of its day), its room and the cameras to read (online ones). */
export function liveClass(tx: Tx, courseSessionId: string): Promise<LiveClass | undefined> {
  // index: course_sessions_school_id_id_pk (school_id, id)
  return queryRow(tx, LiveClass, sql`select ${liveClassColumns} from ${liveClassFrom} where cs.id = ${courseSessionId}`);
}

/** The classes in progress at `minute` of `date` (school time) in a room with a student camera that is not offline. */
export function classesInProgress(tx: Tx, date: string, minute: number): Promise<LiveClass[]> {
  // index: course_sessions_day_idx (school_id, lesson_date, session_start)
  return queryRows(tx, LiveClass, sql`
    select * from (select ${liveClassColumns} from ${liveClassFrom}
      where cs.lesson_date = ${date} and cs.classroom_id is not null and st.start_minute <= ${minute} and ${minute} < et.end_minute) x
    where x."studentCameraId" is not null
    order by x."classroomName", x."courseSessionId"`);
}

const LiveRow = z.object({
  analysisId: col.text,
  courseSessionId: col.text,
  status: col.text,
  jobId: col.textOrNull,
  jobStatus: col.textOrNull,
  lessonDate: col.text,
  endMinute: col.int,
});
export type LiveRow = z.output<typeof LiveRow>;

const liveRowSelect = sql`select a.id::text as "analysisId", a.course_session_id::text as "courseSessionId", a.status, a.job_id::text as "jobId", j.status as "jobStatus",
    cs.lesson_date::text as "lessonDate", et.end_minute as "endMinute"
  from class_analyses a
  join course_sessions cs on cs.school_id = a.school_id and cs.id = a.course_session_id
  join session_times et on et.school_id = cs.school_id and et.session_no = cs.session_end
  left join jobs j on j.school_id = a.school_id and j.id = a.job_id`;

/** The live analyses of some classes, with their job's state. */
export function liveOfClasses(tx: Tx, courseSessionIds: readonly string[]): Promise<LiveRow[]> {
  if (!courseSessionIds.length) return Promise.resolve([]);
  // index: class_analyses_session_source_uq (school_id, course_session_id, source)
  return queryRows(tx, LiveRow, sql`${liveRowSelect} where a.source = 'live' and a.course_session_id in (${idList(courseSessionIds)})`);
}

/** Live analyses still marked queued or running whose job is not (its process stopped): a round finishes them once their class is over. */
export function orphanedLive(tx: Tx): Promise<LiveRow[]> {
  // unindexed: a school has a handful of live analyses open at a time; the status filter comes first
  return queryRows(tx, LiveRow, sql`${liveRowSelect}
    where a.source = 'live' and a.status in ('queued', 'running') and (j.status is null or j.status not in ('queued', 'running'))`);
}

/** Ends the warnings an analysis raised that are still active (its class is over). */
export async function endWarnings(tx: Tx, analysisId: string, at: Date): Promise<void> {
  await tx.update(warnings).set({ endedAt: at }).where(and(eq(warnings.analysisId, analysisId), isNull(warnings.endedAt)));
}

export async function raisedWarnings(tx: Tx, analysisId: string) {
  return tx
    .select({ id: warnings.id, ruleId: warnings.ruleId, kind: warnings.kind, level: warnings.level, startedAt: warnings.startedAt, endedAt: warnings.endedAt, evidence: warnings.evidence })
    .from(warnings)
    .where(eq(warnings.analysisId, analysisId))
    .orderBy(warnings.startedAt);
}

/** A job's payload (a live analysis's source is in its job's). */
export async function jobPayload(tx: Tx, jobId: string): Promise<unknown> {
  // index: jobs_school_id_id_pk (school_id, id)
  const [row] = await tx.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, jobId));
  return row?.payload ?? null;
}
