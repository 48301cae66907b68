/**
 * Sensitive-topic classrooms (issue 17): classes whose transcript held lexicon words, by category and
 * severity, for a scope against the school; the classes; one class's hits in context with their moment
 * in the recording. Reach as in evaluation statistics (reachOf): the whole school, supervised
 * departments and teachers (asking for another is refused), or a teacher's own classes. Another
 * school's ids are not found.
 */
import { WARNING_LEVEL_KEYS, type TSensitiveClassHits, type TSensitiveStats, type ZSensitiveClassesQuery, type ZSensitiveHitsQuery, type ZSensitiveStatsQuery } from '@hxk/contracts';
import type { z } from 'zod';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { page } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import * as stats from './statistics.repo.ts';
import { reachOf } from './statistics.service.ts';
import * as repo from './sensitive.repo.ts';

const share = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 10 : null);

type Filters = z.output<typeof ZSensitiveStatsQuery>;

export async function resolveScope(tx: Tx, ctx: MemberCtx, q: Filters) {
  const reach = await reachOf(tx, ctx);
  const f: repo.SensitiveFilters = { ...q };
  if (reach.kind === 'self') {
    if (f.teacherId && f.teacherId !== reach.teacherId) throw new AppError('statistics.ownOnly');
    f.teacherId = reach.teacherId;
  }
  const semester = await stats.semester(tx, f.semesterId);
  if (!semester) throw new AppError('common.notFound');
  const unit = f.orgUnitId ? await stats.orgUnit(tx, f.orgUnitId) : undefined;
  const teacher = f.teacherId ? await stats.member(tx, f.teacherId) : undefined;
  const course = f.courseId ? await stats.course(tx, f.courseId) : undefined;
  if ((f.orgUnitId && !unit) || (f.teacherId && !teacher) || (f.courseId && !course)) throw new AppError('common.notFound');
  if (reach.kind === 'selected' && (q.orgUnitId || q.teacherId || q.courseId)) {
    if (!(await stats.subjectInReach(tx, { semesterId: f.semesterId, orgUnitId: f.orgUnitId, teacherId: f.teacherId, courseId: f.courseId }, reach))) {
      throw new AppError('statistics.outOfScope');
    }
  }
  return {
    f,
    reach,
    semester: { id: semester.id, name: semester.name, weekCount: semester.weeks ?? 0 },
    subject: {
      orgUnit: unit ? { id: unit.id, name: unit.name } : null,
      teacher: teacher ? { userId: teacher.id, name: teacher.name, account: teacher.extra ?? '' } : null,
      course: course ? { id: course.id, name: course.name, code: course.extra ?? '' } : null,
    },
  };
}

/** Classes with hits and hits by category and severity, scope against school. */
export async function sensitiveStats(ctx: MemberCtx, q: Filters): Promise<TSensitiveStats> {
  return inSchool(ctx, async (tx) => {
    const { f, reach, semester, subject } = await resolveScope(tx, ctx, q);
    const fig = (await repo.figures(tx, f, reach))!;
    const cats = await repo.categories(tx, f, reach);
    const sevs = new Map((await repo.severities(tx, f, reach)).map((s) => [s.severity, s]));
    return {
      semester,
      subject,
      ownOnly: reach.kind === 'self',
      scope: { analysedClasses: fig.san, classesWithHits: fig.sc, hits: fig.sh, share: share(fig.sc, fig.san) },
      school: { analysedClasses: fig.aan, classesWithHits: fig.ac, hits: fig.ah, share: share(fig.ac, fig.aan) },
      categories: cats,
      severities: WARNING_LEVEL_KEYS.map((severity) => ({ severity, classes: sevs.get(severity)?.classes ?? 0, hits: sevs.get(severity)?.hits ?? 0 })),
      asOf: ctx.deps.now().toISOString(),
    };
  });
}

/** The scope's classes with hits, latest first. */
export async function sensitiveClasses(ctx: MemberCtx, q: z.output<typeof ZSensitiveClassesQuery>) {
  const { pageNum, pageSize, ...filters } = q;
  return inSchool(ctx, async (tx) => {
    const { f, reach } = await resolveScope(tx, ctx, filters);
    const rows = await repo.classPage(tx, f, reach, { pageNum, pageSize });
    let total = rows[0]?.total ?? 0;
    if (!rows.length && pageNum > 1) total = (await repo.classPage(tx, f, reach, { pageNum: 1, pageSize: 1 }))[0]?.total ?? 0;
    return page(rows.map((r) => ({
      courseSessionId: r.courseSessionId, lessonDate: r.lessonDate, week: r.week, session: r.session,
      course: { id: r.courseId, name: r.courseName, code: r.courseCode },
      teacher: { userId: r.teacherId, name: r.teacherName, account: r.teacherAccount },
      orgUnitName: r.orgUnitName, buildingName: r.buildingName, classroomName: r.classroomName,
      hits: r.hits, severity: repo.rankToSeverity(r.rank), categories: [...r.categories].sort(), words: [...r.words].sort(),
    })), total, { pageNum, pageSize });
  });
}

/** One class's hits in the order heard, each with its moment in the recording. */
export async function sensitiveClassHits(ctx: MemberCtx, q: z.output<typeof ZSensitiveHitsQuery>): Promise<TSensitiveClassHits> {
  return inSchool(ctx, async (tx) => {
    const reach = await reachOf(tx, ctx);
    const c = await repo.oneClass(tx, q.courseSessionId, reach);
    if (!c || c.status !== 'done' || !c.analysisId || !c.source) throw new AppError('common.notFound');
    if (!c.inReach) throw new AppError(reach.kind === 'self' ? 'statistics.ownOnly' : 'statistics.outOfScope');
    const hits = await repo.hitsOf(tx, c.analysisId);
    const t0 = c.startedAt ? Date.parse(c.startedAt) : null;
    return {
      courseSessionId: c.courseSessionId, lessonDate: c.lessonDate, week: c.week, session: c.session,
      course: { id: c.courseId, name: c.courseName, code: c.courseCode },
      teacher: { userId: c.teacherId, name: c.teacherName, account: c.teacherAccount },
      orgUnitName: c.orgUnitName, buildingName: c.buildingName, classroomName: c.classroomName, source: c.source,
      hits: hits.map((h) => ({ ...h, at: t0 === null ? null : new Date(t0 + Math.round(h.start * 1000)).toISOString() })),
    };
  });
}
