/**
 * Three-rate statistics (issue 17): attendance, head-up and front-row rates of the analysed classes
 * of a scope against the school's, grouped, by week, and the classes behind them. The reader's
 * reach is the evaluation statistics' (statistics.service.ts reachOf): the whole school, the
 * departments and teachers a member supervises (asking for another is refused), or a teacher's own
 * classes. Another school's ids are not found.
 */
import type { TThreeRateClassesQuery, TThreeRateFigures, TThreeRateStats, ZThreeRateClassesQuery, ZThreeRateStatsQuery } from '@hxk/contracts';
import type { z } from 'zod';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { page } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import * as stats from './statistics.repo.ts';
import { reachOf } from './statistics.service.ts';
import * as repo from './three-rate.repo.ts';

const round1 = (n: number | null | undefined) => (n == null ? null : Math.round(n * 10) / 10);

function figuresOf(r: object | undefined, p: 's_' | 'a_'): TThreeRateFigures {
  const v = (k: string) => ((r as Record<string, number | null> | undefined)?.[`${p}${k}`] ?? null);
  return {
    classes: v('n') ?? 0,
    attendance: round1(v('att')),
    headUp: round1(v('hu')),
    frontRow: round1(v('fr')),
    attendanceClasses: v('attn') ?? 0,
    headUpClasses: v('hun') ?? 0,
    frontRowClasses: v('frn') ?? 0,
  };
}

type Filters = Omit<TThreeRateClassesQuery, 'pageNum' | 'pageSize'>;

/** Checks what the filters name (another school's ids are not found) and the reader's reach; a teacher's scope is themselves. */
export async function resolveScope(tx: Tx, ctx: MemberCtx, q: Filters) {
  const reach = await reachOf(tx, ctx);
  const f = { ...q } as repo.ThreeRateFilters;
  if (reach.kind === 'self') {
    if (f.teacherId && f.teacherId !== reach.teacherId) throw new AppError('statistics.ownOnly');
    f.teacherId = reach.teacherId;
  }
  const semester = await stats.semester(tx, f.semesterId);
  if (!semester) throw new AppError('common.notFound');
  const unit = f.orgUnitId ? await stats.orgUnit(tx, f.orgUnitId) : undefined;
  const teacher = f.teacherId ? await stats.member(tx, f.teacherId) : undefined;
  const course = f.courseId ? await stats.course(tx, f.courseId) : undefined;
  const building = f.buildingId ? await repo.building(tx, f.buildingId) : undefined;
  const classroom = f.classroomId ? await repo.classroom(tx, f.classroomId) : undefined;
  if ((f.orgUnitId && !unit) || (f.teacherId && !teacher) || (f.courseId && !course) || (f.buildingId && !building) || (f.classroomId && !classroom)) {
    throw new AppError('common.notFound');
  }
  const asksSubject = Boolean(q.orgUnitId || q.teacherId || q.courseId);
  if (reach.kind === 'selected' && asksSubject) {
    const subject = { semesterId: f.semesterId, orgUnitId: f.orgUnitId, teacherId: f.teacherId, courseId: f.courseId };
    if (!(await stats.subjectInReach(tx, subject, reach))) throw new AppError('statistics.outOfScope');
  }
  return {
    f,
    reach,
    semester: { id: semester.id, name: semester.name, weekCount: semester.weeks ?? 0 },
    subject: {
      orgUnit: unit ? { id: unit.id, name: unit.name } : null,
      teacher: teacher ? { userId: teacher.id, name: teacher.name, account: teacher.extra ?? '' } : null,
      course: course ? { id: course.id, name: course.name, code: course.extra ?? '' } : null,
      building: building ?? null,
      classroom: classroom ?? null,
    },
  };
}

/** The three rates of a scope against the school's, by week, and grouped for the table. */
export async function threeRateStats(ctx: MemberCtx, q: z.output<typeof ZThreeRateStatsQuery>): Promise<TThreeRateStats> {
  const { groupBy, ...filters } = q;
  const clock = schoolClock(ctx);
  return inSchool(ctx, async (tx) => {
    const { f, reach, semester, subject } = await resolveScope(tx, ctx, filters);
    const fig = await repo.figures(tx, f, reach);
    const weeks = await repo.trend(tx, f, reach);
    const groups = await repo.groups(tx, f, reach, groupBy);
    const held = await repo.heldClasses(tx, f, reach, { today: clock.date, minute: clock.minute });
    return {
      semester,
      subject,
      ownOnly: reach.kind === 'self',
      scopeHeld: held,
      scope: figuresOf(fig, 's_'),
      school: figuresOf(fig, 'a_'),
      trend: weeks.map((w) => ({ week: w.week, scope: figuresOf(w, 's_'), school: figuresOf(w, 'a_') })),
      groupBy,
      groups: groups.map((g) => ({ key: g.key, name: g.name ?? g.key, detail: g.detail, ...figuresOf(g, 's_') })),
      asOf: ctx.deps.now().toISOString(),
    };
  });
}

/** The analysed classes behind the figures, latest first, each with its rates and counts. */
export async function threeRateClasses(ctx: MemberCtx, q: z.output<typeof ZThreeRateClassesQuery>) {
  const { pageNum, pageSize, ...filters } = q;
  return inSchool(ctx, async (tx) => {
    const { f, reach } = await resolveScope(tx, ctx, filters);
    const rows = await repo.classPage(tx, f, reach, { pageNum, pageSize });
    let total = rows[0]?.total ?? 0;
    if (!rows.length && pageNum > 1) total = await repo.classCount(tx, f, reach);
    return page(rows.map((r) => ({
      courseSessionId: r.courseSessionId, lessonDate: r.lessonDate, week: r.week, session: r.session,
      course: { id: r.courseId, name: r.courseName, code: r.courseCode },
      teacher: { userId: r.teacherId, name: r.teacherName, account: r.teacherAccount },
      orgUnitName: r.orgUnitName, buildingName: r.buildingName, classroomName: r.classroomName, source: r.source,
      attendance: round1(r.attendance), headUp: round1(r.headUp), frontRow: round1(r.frontRow),
      expectedStudents: r.expectedStudents, presentAvg: round1(r.presentAvg), frontRowExpected: r.frontRowExpected, frontRowActual: round1(r.frontRowActual),
    })), total, { pageNum, pageSize });
  });
}
