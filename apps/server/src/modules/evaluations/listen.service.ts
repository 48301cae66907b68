/**
 * Classes of the timetable to listen to (/FreeCourse, /TemporaryCourseEvaluation): the school's
 * classes of a day, paged in SQL, each with its course state now, my newest evaluation of it and
 * whether I checked in. A page costs one query for the classes and one per relation.
 */
import type { z } from 'zod';
import type { TListenClass, ZListenClassesRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { stateReader } from '../courses/course-state.ts';
import { page } from '../../platform/sql-rows.ts';
import { presentClass } from './evaluated-class.ts';
import { evaluableFrom } from './evaluation-window.ts';
import * as repo from './listen.repo.ts';

const DEFAULT_WAITING_MINUTES = 10;

/** `now`: only today's classes under way or about to start (temporary evaluation), whatever date is asked. */
export async function listenClasses(ctx: MemberCtx, q: z.output<typeof ZListenClassesRequest>) {
  const clock = schoolClock(ctx);
  const me = ctx.auth.accountId;
  const now = q.now === true;
  const date = now ? clock.date : (q.date ?? clock.date);
  return inSchool(ctx, async (tx) => {
    // Waiting, in class or warning when `now`: from the waiting minutes before the first session to the end of the last.
    const filter: repo.ListenFilter = {
      date, keyword: q.keyword, buildingId: q.buildingId, now: now ? { minute: clock.minute, defaultWaitingMinutes: DEFAULT_WAITING_MINUTES } : null,
    };
    const rows = await repo.listenClassPage(tx, filter, q);
    let total = rows[0]?.total ?? 0;
    if (!rows.length && q.pageNum > 1) total = await repo.listenClassCount(tx, filter);
    if (!rows.length) return page<TListenClass>([], total, q);

    const ids = rows.map((r) => r.courseSessionId);
    const mine = await repo.newestEvaluations(tx, me, ids);
    const checked = new Set(await repo.checkedInClassIds(tx, me, ids));
    const evaluationOf = new Map(mine.map((r) => [r.courseSessionId, r]));
    const meetings = rows.map((r) => ({ id: r.courseSessionId, lessonDate: r.lessonDate, sessionStart: r.sessionStart, sessionEnd: r.sessionEnd }));
    const reader = await stateReader(tx, clock, meetings);
    const startOf = new Map(reader.sessionTimes.map((t) => [t.sessionNo, t.startMinute]));
    const tz = ctx.deps.config.schoolTimezone;
    const list: TListenClass[] = rows.map((r, i) => {
      const ev = evaluationOf.get(r.courseSessionId);
      return {
        ...presentClass(r, reader.times),
        state: reader.state(meetings[i]!),
        evaluableFrom: evaluableFrom({ lessonDate: r.lessonDate, startMinute: startOf.get(r.sessionStart) ?? null }, reader.waitingMinutes, tz),
        myEvaluationId: ev?.id ?? null,
        myEvaluationStatus: ev?.status ?? null,
        checkedIn: checked.has(r.courseSessionId),
      };
    });
    return page(list, total, q);
  });
}
