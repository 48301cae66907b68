/**
 * Recordings for the demo (issue 14): the last ended classes of rooms with cameras get a recording,
 * queued for the built-in simulator (the server's job worker draws each in a few seconds after
 * start), so the recording player has classes ready to watch. One has both sources (recorder and
 * camera), as the recording views offer them.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { jobs, recordings } from '../schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, queryRows } from '../../platform/sql-rows.ts';
import { PREPARE_JOB, zonedInstant } from '../../modules/recordings/recordings.service.ts';
import { SIMULATED_SECONDS } from '../../modules/recordings/simulated-recording.ts';
import type { SeededSchool } from './seed.ts';

const Ended = z.object({ id: col.text, classroomId: col.text, cameraId: col.text, lessonDate: col.text, startMinute: col.int });

export async function seedDemoRecordings(tx: Tx, school: SeededSchool, today: string, timeZone = process.env.SCHOOL_TIMEZONE || 'Asia/Shanghai'): Promise<number> {
  const ended = await queryRows(tx, Ended, sql`
    select distinct on (cs.classroom_id) cs.id::text as id, cs.classroom_id::text as "classroomId", cam.id::text as "cameraId",
      cs.lesson_date::text as "lessonDate", st.start_minute as "startMinute"
    from course_sessions cs
    join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_start
    join lateral (select c.id from cameras c where c.school_id = cs.school_id and c.classroom_id = cs.classroom_id
      order by (c.frame = 'composite') desc, c.sort, c.id limit 1) cam on true
    where cs.school_id = ${school.schoolId} and cs.lesson_date < ${today}::date
    order by cs.classroom_id, cs.lesson_date desc, cs.session_start desc`);
  const picked = ended.sort((a, b) => b.lessonDate.localeCompare(a.lessonDate)).slice(0, 3);
  let n = 0;
  for (const [i, c] of picked.entries()) {
    for (const source of i === 0 ? [1, 2] : [2]) {
      const [rec] = await tx.insert(recordings).values({
        schoolId: school.schoolId, courseSessionId: c.id, source, classroomId: c.classroomId, cameraId: c.cameraId,
        startedAt: zonedInstant(c.lessonDate, c.startMinute, timeZone), durationSeconds: SIMULATED_SECONDS, status: 'preparing',
      }).returning({ id: recordings.id });
      const [job] = await tx.insert(jobs).values({ schoolId: school.schoolId, kind: PREPARE_JOB, payload: { recordingId: rec!.id }, total: SIMULATED_SECONDS })
        .returning({ id: jobs.id });
      await tx.update(recordings).set({ jobId: job!.id }).where(sql`${recordings.schoolId} = ${school.schoolId} and ${recordings.id} = ${rec!.id}`);
      n++;
    }
  }
  return n;
}
