/**
 * Teachers' reports (issue 6): a teacher's submitted evaluations that the teacher may see (no plan,
 * or a plan that lets teachers view reports), per course and per evaluation, compared as
 * percentages of the full score with the school in the same semester. A resolved appeal's score after
 * appeal (the latest one) replaces an evaluation's total; indicator scores stay the evaluator's.
 * Readers: the teacher, and plan managers (supervisionScheme), who read the same figures and also
 * see evaluators; anyone else, and another school, gets not found. The evaluator of an anonymous
 * evaluation is not even read from the database for the teacher.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TCourseReport, TEvaluationKind, TIndicatorScore, TReportEvaluationRow, ZReportCoursesRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { idList, iso, isoOrNull, page, rowsOf } from '../../platform/sql-rows.ts';

const PLAN_MANAGER = 'supervisionScheme';

/** Submitted and visible to its teacher (alias e, plan p joined). */
const visible = sql`e.status = 'submitted' and (e.plan_id is null or p.teacher_can_view)`;
/** The score that counts: the latest resolved appeal's score after appeal, else the evaluator's total. */
const latestResolved = sql`(select a.score_after from appeals a where a.school_id = e.school_id and a.evaluation_id = e.id and a.status = 'resolved'
  order by a.handled_at desc, a.id desc limit 1)`;
const counted = sql`coalesce(${latestResolved}, e.total_score)`;
const percentOf = (score: SQL) => sql`(${score} / nullif(tv.total_score, 0) * 100)`;
const round1 = (n: number | string | null) => (n == null ? null : Math.round(Number(n) * 10) / 10);

// ---------------------------------------------------------------- courses

type CourseRow = {
  courseId: string; courseName: string; courseCode: string; semesterId: string | null; semesterName: string | null; orgUnitName: string | null;
  evaluationCount: number; averagePercent: number | null; lastEvaluatedAt: string | Date | null; total: number;
};

/** The courses of a teacher (me, or anyone for plan managers) with at least one visible evaluation, last evaluated first. */
export async function reportCourses(ctx: MemberCtx, q: z.output<typeof ZReportCoursesRequest>) {
  const me = ctx.auth.accountId;
  const teacherId = q.teacherId ?? me;
  if (teacherId !== me && !ctx.auth.permissions.includes(PLAN_MANAGER)) throw new AppError('report.notAllowed');
  return inSchool(ctx, async (tx) => {
    const f: SQL[] = [sql`e.teacher_id = ${teacherId}`, visible];
    if (q.semesterId) f.push(sql`c.semester_id = ${q.semesterId}`);
    if (q.keyword) {
      const k = containsPattern(q.keyword);
      f.push(sql`(c.name ilike ${k} or c.code ilike ${k})`);
    }
    const where = sql.join(f, sql` and `);
    const from = sql`from evaluations e
      join courses c on c.school_id = e.school_id and c.id = e.course_id
      join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
      left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id
      left join semesters s on s.school_id = c.school_id and s.id = c.semester_id
      left join org_units ou on ou.school_id = c.school_id and ou.id = c.org_unit_id`;
    const rows = rowsOf<CourseRow>(await tx.execute(sql`
      select c.id::text as "courseId", c.name as "courseName", c.code as "courseCode", c.semester_id::text as "semesterId", s.name as "semesterName",
        ou.name as "orgUnitName", count(*)::int as "evaluationCount", avg(${percentOf(counted)}) as "averagePercent",
        max(e.submitted_at) as "lastEvaluatedAt", (count(*) over ())::int as total
      ${from} where ${where}
      group by c.id, c.name, c.code, c.semester_id, s.name, ou.name
      order by max(e.submitted_at) desc, c.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`));
    let total = Number(rows[0]?.total ?? 0);
    if (!rows.length && q.pageNum > 1) {
      total = Number(rowsOf<{ n: number }>(await tx.execute(sql`select count(distinct c.id)::int as n ${from} where ${where}`))[0]?.n ?? 0);
    }
    return page(rows.map(({ total: _t, ...r }) => ({
      ...r, evaluationCount: Number(r.evaluationCount), averagePercent: round1(r.averagePercent), lastEvaluatedAt: isoOrNull(r.lastEvaluatedAt),
    })), total, q);
  });
}

// ---------------------------------------------------------------- one course or one evaluation

type Course = { courseId: string; name: string; code: string; semesterId: string; semesterName: string | null; orgUnitName: string | null; teacherId: string; teacherName: string; teacherAccount: string };

async function findCourse(tx: Tx, courseId: string, teacherId: SQL) {
  const [c] = rowsOf<Course>(await tx.execute(sql`
    select c.id::text as "courseId", c.name, c.code, c.semester_id::text as "semesterId", s.name as "semesterName", ou.name as "orgUnitName",
      t.id::text as "teacherId", t.name as "teacherName", t.account as "teacherAccount"
    from courses c
    join accounts t on t.id = ${teacherId}
    left join semesters s on s.school_id = c.school_id and s.id = c.semester_id
    left join org_units ou on ou.school_id = c.school_id and ou.id = c.org_unit_id
    where c.id = ${courseId}`));
  return c;
}

type HistoryRow = {
  evaluationId: string; kind: TEvaluationKind; planName: string | null; templateName: string; lessonDate: string; week: number;
  sessionStart: number; sessionEnd: number; evaluatorId: string | null; evaluatorName: string | null; evaluatorAccount: string | null;
  score: number; scoreAfterAppeal: number | null; fullScore: number; comment: string | null; submittedAt: string | Date; appealed: boolean;
};

type IndicatorRow = { key: string; name: string; percent: number | null; count: number };

/**
 * A course's report over its semester, or one evaluation's (indicators of that evaluation only;
 * the history and summary stay the course's).
 */
export async function courseReport(ctx: MemberCtx, q: { courseId?: string | undefined; evaluationId?: string | undefined }): Promise<TCourseReport> {
  const me = ctx.auth.accountId;
  const manager = ctx.auth.permissions.includes(PLAN_MANAGER);
  return inSchool(ctx, async (tx) => {
    let course: Course | undefined;
    if (q.evaluationId) {
      const [e] = rowsOf<{ courseId: string; teacherId: string; shown: boolean }>(await tx.execute(sql`
        select e.course_id::text as "courseId", e.teacher_id::text as "teacherId", (${visible}) as shown
        from evaluations e left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id where e.id = ${q.evaluationId}`));
      if (!e?.shown) throw new AppError('common.notFound');
      course = await findCourse(tx, e.courseId, sql`${e.teacherId}`);
    } else {
      course = await findCourse(tx, q.courseId!, sql`c.teacher_id`);
    }
    if (!course || (course.teacherId !== me && !manager)) throw new AppError('common.notFound');
    const teacherReads = course.teacherId === me;

    const named = teacherReads ? sql`not (e.anonymous or coalesce(p.anonymous, false))` : sql`true`;
    const history = rowsOf<HistoryRow>(await tx.execute(sql`
      select e.id::text as "evaluationId", e.kind, p.name as "planName", tv.name as "templateName", cs.lesson_date::text as "lessonDate", cs.week,
        cs.session_start as "sessionStart", cs.session_end as "sessionEnd",
        case when ${named} then ev.id::text end as "evaluatorId", case when ${named} then ev.name end as "evaluatorName",
        case when ${named} then ev.account end as "evaluatorAccount",
        e.total_score as score, ${latestResolved} as "scoreAfterAppeal", tv.total_score as "fullScore", e.comment, e.submitted_at as "submittedAt",
        exists (select 1 from appeals a where a.school_id = e.school_id and a.evaluation_id = e.id) as appealed
      from evaluations e
      join course_sessions cs on cs.school_id = e.school_id and cs.id = e.course_session_id
      join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
      join accounts ev on ev.id = e.evaluator_id
      left join supervision_plans p on p.school_id = e.school_id and p.id = e.plan_id
      where e.teacher_id = ${course.teacherId} and e.course_id = ${course.courseId} and ${visible}
      order by cs.lesson_date, cs.session_start, e.submitted_at, e.id`));
    const list: TReportEvaluationRow[] = history.map((r) => {
      const score = Number(r.score);
      const after = r.scoreAfterAppeal == null ? null : Number(r.scoreAfterAppeal);
      const counts = after ?? score;
      const full = Number(r.fullScore);
      return {
        evaluationId: r.evaluationId, kind: r.kind, planName: r.planName, templateName: r.templateName, lessonDate: r.lessonDate, week: Number(r.week),
        sessionStart: Number(r.sessionStart), sessionEnd: Number(r.sessionEnd),
        evaluator: r.evaluatorId ? { userId: r.evaluatorId, name: r.evaluatorName ?? '', account: r.evaluatorAccount ?? '' } : null,
        score,
        scoreAfterAppeal: after,
        fullScore: full,
        percent: full > 0 ? round1((counts / full) * 100)! : 0,
        comment: r.comment,
        submittedAt: iso(r.submittedAt),
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
  const [r] = rowsOf<{ p: number | null }>(await tx.execute(sql`
    select avg(${percentOf(counted)}) as p from evaluations e
    join courses c on c.school_id = e.school_id and c.id = e.course_id
    join template_versions tv on tv.school_id = e.school_id and tv.id = e.template_version_id
    where e.status = 'submitted' and c.semester_id = ${semesterId}`));
  return round1(r?.p ?? null);
}

/**
 * The indicators of some evaluations (sum of scores over sum of full scores), each against every
 * submitted evaluation of the school in the same semester with the same indicator: two grouped queries.
 */
async function indicatorScores(tx: Tx, evaluationIds: string[], semesterId: string): Promise<TIndicatorScore[]> {
  if (!evaluationIds.length) return [];
  const ids = `{${evaluationIds.join(',')}}`;
  const mine = rowsOf<IndicatorRow & { ord: string }>(await tx.execute(sql`
    select indicator_key as key, min(name) as name, sum(score) / nullif(sum("full"), 0) * 100 as percent, count(distinct evaluation_id)::int as count,
      min(section_key) as ord
    from evaluation_section_scores where evaluation_id = any(${ids}::bigint[])
    group by indicator_key order by min(section_key), min(name)`));
  if (!mine.length) return [];
  const school = rowsOf<IndicatorRow>(await tx.execute(sql`
    select ss.indicator_key as key, '' as name, sum(ss.score) / nullif(sum(ss."full"), 0) * 100 as percent, count(distinct ss.evaluation_id)::int as count
    from evaluation_section_scores ss
    join evaluations e on e.school_id = ss.school_id and e.id = ss.evaluation_id
    join courses c on c.school_id = e.school_id and c.id = e.course_id
    where ss.indicator_key in (${idList(mine.map((m) => m.key))}) and e.status = 'submitted' and c.semester_id = ${semesterId}
    group by ss.indicator_key`));
  const bySchool = new Map(school.map((s) => [s.key, s]));
  return mine.map((m) => {
    const s = bySchool.get(m.key);
    return {
      key: m.key, name: m.name, percent: round1(m.percent) ?? 0, schoolPercent: s ? round1(s.percent) : null,
      count: Number(m.count), schoolCount: Number(s?.count ?? 0),
    };
  });
}
