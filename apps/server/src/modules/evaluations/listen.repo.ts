/** The timetable's classes to listen to, with the listener's evaluations and check-ins (listen.service.ts). */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { EVALUATION_STATUSES } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { col, idList, queryRow, queryRows } from '../../platform/sql-rows.ts';
import { containsPattern } from '../../platform/tenancy.ts';
import { ClassRow, classColumns, classJoins } from './evaluated-class.repo.ts';

/**
 * The classes of a day, by course, teacher or building. `now`: only those from the waiting minutes
 * before their first session to the end of their last (waiting, in class or warning) at that minute.
 */
export type ListenFilter = {
  date: string;
  keyword?: string | undefined;
  buildingId?: string | undefined;
  now: { minute: number; defaultWaitingMinutes: number } | null;
};

const from = sql`from course_sessions cs ${classJoins(sql`c.teacher_id`)}
  left join session_times st1 on st1.school_id = cs.school_id and st1.session_no = cs.session_start
  left join session_times st2 on st2.school_id = cs.school_id and st2.session_no = cs.session_end`;

function listenWhere(q: ListenFilter) {
  const f: SQL[] = [sql`cs.lesson_date = ${q.date}::date`];
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    f.push(sql`(c.name ilike ${p} or c.code ilike ${p} or t.name ilike ${p})`);
  }
  if (q.buildingId) f.push(sql`r.building_id = ${q.buildingId}`);
  if (q.now) {
    f.push(sql`st2.end_minute > ${q.now.minute}
      and st1.start_minute - coalesce((select waiting_minutes from school_settings limit 1), ${q.now.defaultWaitingMinutes}) <= ${q.now.minute}`);
  }
  return sql.join(f, sql` and `);
}

const ListenRow = ClassRow.extend({ total: col.int });

/** A page of the classes, by first session and course code, each row with the filter's total. */
export function listenClassPage(tx: Tx, q: ListenFilter, p: { pageNum: number; pageSize: number }) {
  // index: course_sessions_day_idx (school_id, lesson_date, session_start)
  return queryRows(tx, ListenRow, sql`
    select ${classColumns}, (count(*) over ())::int as total ${from} where ${listenWhere(q)}
    order by cs.session_start, c.code, cs.id limit ${p.pageSize} offset ${(p.pageNum - 1) * p.pageSize}`);
}

export async function listenClassCount(tx: Tx, q: ListenFilter): Promise<number> {
  // index: course_sessions_day_idx (school_id, lesson_date, session_start)
  return (await queryRow(tx, z.object({ n: col.int }), sql`select count(*)::int as n ${from} where ${listenWhere(q)}`))?.n ?? 0;
}

const NewestEvaluation = z.object({ courseSessionId: col.text, id: col.text, status: col.oneOf(EVALUATION_STATUSES) });

/** The evaluator's newest evaluation (any kind) of each of some classes that has one. */
export function newestEvaluations(tx: Tx, evaluatorId: string, courseSessionIds: string[]) {
  // index: evaluations_evaluator_idx (school_id, evaluator_id, updated_at)
  return queryRows(tx, NewestEvaluation, sql`
    select distinct on (course_session_id) course_session_id::text as "courseSessionId", id::text as id, status
    from evaluations where evaluator_id = ${evaluatorId} and course_session_id in (${idList(courseSessionIds)})
    order by course_session_id, updated_at desc, id desc`);
}

/** Which of some classes the account checked in at. */
export async function checkedInClassIds(tx: Tx, accountId: string, courseSessionIds: string[]): Promise<string[]> {
  // index: check_ins_uq (school_id, course_session_id, account_id)
  const rows = await queryRows(tx, z.object({ id: col.text }), sql`
    select course_session_id::text as id from check_ins where account_id = ${accountId} and course_session_id in (${idList(courseSessionIds)})`);
  return rows.map((r) => r.id);
}
