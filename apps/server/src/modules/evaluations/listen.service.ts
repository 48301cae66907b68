/**
 * Classes of the timetable to listen to (/FreeCourse, /TemporaryCourseEvaluation): the school's
 * classes of a day, paged in SQL, each with its course state now, my newest evaluation of it and
 * whether I checked in. A page costs one query for the classes and one per relation.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TEvaluationStatus, TListenClass, ZListenClassesRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { stateReader } from '../courses/course-state.ts';
import { idList, page, rowsOf } from '../../platform/sql-rows.ts';
import { classColumns, classJoins, presentClass, type ClassRow } from './evaluated-class.ts';

const DEFAULT_WAITING_MINUTES = 10;

/** `now`: only today's classes under way or about to start (temporary evaluation), whatever date is asked. */
export async function listenClasses(ctx: MemberCtx, q: z.output<typeof ZListenClassesRequest>) {
  const clock = schoolClock(ctx);
  const me = ctx.auth.accountId;
  const now = q.now === true;
  const date = now ? clock.date : (q.date ?? clock.date);
  return inSchool(ctx, async (tx) => {
    const f: SQL[] = [sql`cs.lesson_date = ${date}::date`];
    if (q.keyword) {
      const p = containsPattern(q.keyword);
      f.push(sql`(c.name ilike ${p} or c.code ilike ${p} or t.name ilike ${p})`);
    }
    if (q.buildingId) f.push(sql`r.building_id = ${q.buildingId}`);
    if (now) {
      // Waiting, in class or warning: from the waiting minutes before the first session to the end of the last.
      f.push(sql`st2.end_minute > ${clock.minute}
        and st1.start_minute - coalesce((select waiting_minutes from school_settings limit 1), ${DEFAULT_WAITING_MINUTES}) <= ${clock.minute}`);
    }
    const where = sql.join(f, sql` and `);
    const from = sql`from course_sessions cs ${classJoins(sql`c.teacher_id`)}
      left join session_times st1 on st1.school_id = cs.school_id and st1.session_no = cs.session_start
      left join session_times st2 on st2.school_id = cs.school_id and st2.session_no = cs.session_end`;
    const rows = rowsOf<ClassRow & { total: number }>(await tx.execute(sql`
      select ${classColumns}, (count(*) over ())::int as total ${from} where ${where}
      order by cs.session_start, c.code, cs.id limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`));
    let total = Number(rows[0]?.total ?? 0);
    if (!rows.length && q.pageNum > 1) total = Number(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n ${from} where ${where}`))[0]?.n ?? 0);
    if (!rows.length) return page<TListenClass>([], total, q);

    const ids = idList(rows.map((r) => r.courseSessionId));
    const mine = rowsOf<{ courseSessionId: string; id: string; status: TEvaluationStatus }>(await tx.execute(sql`
      select distinct on (course_session_id) course_session_id::text as "courseSessionId", id::text as id, status
      from evaluations where evaluator_id = ${me} and course_session_id in (${ids})
      order by course_session_id, updated_at desc, id desc`));
    const checked = new Set(rowsOf<{ id: string }>(await tx.execute(sql`
      select course_session_id::text as id from check_ins where account_id = ${me} and course_session_id in (${ids})`)).map((r) => r.id));
    const evaluationOf = new Map(mine.map((r) => [r.courseSessionId, r]));
    const meetings = rows.map((r) => ({ id: r.courseSessionId, lessonDate: r.lessonDate, sessionStart: Number(r.sessionStart), sessionEnd: Number(r.sessionEnd) }));
    const reader = await stateReader(tx, clock, meetings);
    const list: TListenClass[] = rows.map((r, i) => {
      const ev = evaluationOf.get(r.courseSessionId);
      return {
        ...presentClass(r, reader.times),
        state: reader.state(meetings[i]!),
        myEvaluationId: ev?.id ?? null,
        myEvaluationStatus: ev?.status ?? null,
        checkedIn: checked.has(r.courseSessionId),
      };
    });
    return page(list, total, q);
  });
}
