/**
 * Teachers' reports (issue 6): a teacher's submitted evaluations that the teacher may see (no plan,
 * or a plan that lets teachers view reports), per course and per evaluation, compared as
 * percentages of the full score with the school in the same semester. A resolved appeal's score after
 * appeal (the latest one) replaces an evaluation's total; indicator scores stay the evaluator's.
 * Readers: the teacher, and plan managers (supervisionScheme), who read the same figures and also
 * see evaluators; anyone else, and another school, gets not found. The evaluator of an anonymous
 * evaluation is not even read from the database for the teacher.
 */
import type { z } from 'zod';
import type { TCourseReport, TIndicatorScore, TReadableReportCourseRow, TReportEvaluationRow, ZReadableReportCoursesRequest, ZReportCoursesRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { page } from '../../platform/sql-rows.ts';
import * as repo from './reports.repo.ts';

const PLAN_MANAGER = 'supervisionScheme';

const round1 = (n: number | null) => (n == null ? null : Math.round(n * 10) / 10);

// ---------------------------------------------------------------- courses

/** The courses of a teacher (me, or anyone for plan managers) with at least one visible evaluation, last evaluated first. */
export async function reportCourses(ctx: MemberCtx, q: z.output<typeof ZReportCoursesRequest>) {
  const me = ctx.auth.accountId;
  const teacherId = q.teacherId ?? me;
  if (teacherId !== me && !ctx.auth.permissions.includes(PLAN_MANAGER)) throw new AppError('report.notAllowed');
  return inSchool(ctx, async (tx) => {
    const rows = await repo.teacherCourses(tx, teacherId, q);
    let total = rows[0]?.total ?? 0;
    if (!rows.length && q.pageNum > 1) total = await repo.teacherCourseCount(tx, teacherId, q);
    return page(rows.map(({ total: _t, ...r }) => ({ ...r, averagePercent: round1(r.averagePercent) })), total, q);
  });
}

/**
 * The courses whose report the reader may open, as courseReport decides: a plan manager's, every
 * course of the school; anyone else's, the courses they teach. Only courses with a visible evaluation.
 */
export async function readableCourses(ctx: MemberCtx, q: z.output<typeof ZReadableReportCoursesRequest>) {
  const teacherId = ctx.auth.permissions.includes(PLAN_MANAGER) ? null : ctx.auth.accountId;
  return inSchool(ctx, async (tx) => {
    const rows = await repo.readableCourses(tx, teacherId, q);
    let total = rows[0]?.total ?? 0;
    if (!rows.length && q.pageNum > 1) total = await repo.readableCourseCount(tx, teacherId, q);
    const list: TReadableReportCourseRow[] = rows.map((r) => ({
      courseId: r.courseId, courseName: r.courseName, courseCode: r.courseCode, semesterId: r.semesterId, semesterName: r.semesterName, orgUnitName: r.orgUnitName,
      teacher: { userId: r.teacherId, name: r.teacherName, account: r.teacherAccount },
      evaluationCount: r.evaluationCount, averagePercent: round1(r.averagePercent), lastEvaluatedAt: r.lastEvaluatedAt,
    }));
    return page(list, total, q);
  });
}

// ---------------------------------------------------------------- one course or one evaluation

/**
 * A course's report over its semester, or one evaluation's (indicators of that evaluation only;
 * the history and summary stay the course's).
 */
export async function courseReport(ctx: MemberCtx, q: { courseId?: string | undefined; evaluationId?: string | undefined }): Promise<TCourseReport> {
  const me = ctx.auth.accountId;
  const manager = ctx.auth.permissions.includes(PLAN_MANAGER);
  return inSchool(ctx, async (tx) => {
    let course: repo.Course | undefined;
    if (q.evaluationId) {
      const e = await repo.evaluationRef(tx, q.evaluationId);
      if (!e?.shown) throw new AppError('common.notFound');
      course = await repo.courseWithTeacher(tx, e.courseId, e.teacherId);
    } else {
      course = await repo.courseWithTeacher(tx, q.courseId!);
    }
    if (!course || (course.teacherId !== me && !manager)) throw new AppError('common.notFound');
    const teacherReads = course.teacherId === me;

    // The teacher does not learn who evaluated anonymously; plan managers do.
    const history = await repo.courseHistory(tx, course.teacherId, course.courseId, teacherReads);
    const list: TReportEvaluationRow[] = history.map((r) => {
      const counts = r.scoreAfterAppeal ?? r.score;
      return {
        evaluationId: r.evaluationId, kind: r.kind, planName: r.planName, templateName: r.templateName, lessonDate: r.lessonDate, week: r.week,
        sessionStart: r.sessionStart, sessionEnd: r.sessionEnd,
        evaluator: r.evaluatorId ? { userId: r.evaluatorId, name: r.evaluatorName ?? '', account: r.evaluatorAccount ?? '' } : null,
        score: r.score,
        scoreAfterAppeal: r.scoreAfterAppeal,
        fullScore: r.fullScore,
        percent: r.fullScore > 0 ? round1((counts / r.fullScore) * 100)! : 0,
        comment: r.comment,
        submittedAt: r.submittedAt,
        byPatrol: r.byPatrol,
      };
    });
    const ids = q.evaluationId ? [q.evaluationId] : list.map((r) => r.evaluationId);
    return {
      course: {
        courseId: course.courseId, name: course.name, code: course.code, semesterName: course.semesterName, orgUnitName: course.orgUnitName,
        teacher: { userId: course.teacherId, name: course.teacherName, account: course.teacherAccount },
      },
      evaluationId: q.evaluationId ?? null,
      summary: {
        evaluationCount: list.length,
        averagePercent: list.length ? round1(list.reduce((s, r) => s + r.percent, 0) / list.length) : null,
        schoolAveragePercent: await schoolAverage(tx, course.semesterId),
        appealedCount: history.filter((r) => r.appealed).length,
      },
      indicators: await indicatorScores(tx, ids, course.semesterId),
      history: list,
      generatedAt: ctx.deps.now().toISOString(),
    };
  });
}

/** The school's average percent over every submitted evaluation of courses of the semester. */
async function schoolAverage(tx: Tx, semesterId: string) {
  return round1(await repo.semesterAveragePercent(tx, semesterId));
}

/**
 * The indicators of some evaluations (sum of scores over sum of full scores), each against every
 * submitted evaluation of the school in the same semester with the same indicator: two grouped queries.
 */
async function indicatorScores(tx: Tx, evaluationIds: string[], semesterId: string): Promise<TIndicatorScore[]> {
  if (!evaluationIds.length) return [];
  const mine = await repo.evaluationIndicators(tx, evaluationIds);
  if (!mine.length) return [];
  const school = await repo.semesterIndicators(tx, mine.map((m) => m.key), semesterId);
  const bySchool = new Map(school.map((s) => [s.key, s]));
  return mine.map((m) => {
    const s = bySchool.get(m.key);
    return {
      key: m.key, name: m.name, percent: round1(m.percent) ?? 0, schoolPercent: s ? round1(s.percent) : null,
      count: m.count, schoolCount: s?.count ?? 0,
    };
  });
}
