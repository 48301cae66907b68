/**
 * Teachers' reports (issue 6, /Report, /CourseEvaluationReport): a teacher's submitted evaluations
 * that they may see (plan lets teachers view reports), per course and per evaluation: the score per
 * primary indicator against the school average for the same indicator, comments, and history over the
 * semester. Scores are compared as percentages of the full score, so different templates compare.
 * A resolved appeal's score after appeal replaces the evaluation's total; indicator scores stay those
 * the evaluator gave. Evaluators are hidden from the teacher when anonymous.
 */
import { z } from 'zod';
import { ZId, ZPageRequest, zPage } from './common.ts';
import { ZPersonRef } from './supervision.ts';
import { ZEvaluationKind } from './evaluations.ts';

export const ZReportCourseRow = z.object({
  courseId: ZId,
  courseName: z.string(),
  courseCode: z.string(),
  semesterId: ZId.nullable(),
  semesterName: z.string().nullable(),
  orgUnitName: z.string().nullable(),
  evaluationCount: z.number().int(),
  /** Average of (score after appeal, else score) / full score, in percent; null without evaluations. */
  averagePercent: z.number().nullable(),
  lastEvaluatedAt: z.string().nullable(),
});
export type TReportCourseRow = z.infer<typeof ZReportCourseRow>;
export const ZReportCoursePage = zPage(ZReportCourseRow);
export const ZReportCoursesRequest = z.object({
  ...ZPageRequest.shape,
  semesterId: ZId.optional(),
  keyword: z.string().trim().max(64).optional(),
  /** Another teacher's report: only for plan managers (supervisionScheme). Default: me. */
  teacherId: ZId.optional(),
});
export type TReportCoursesRequest = z.input<typeof ZReportCoursesRequest>;

/**
 * The courses whose report the reader may open (/CourseEvaluationReport from the menu): the courses
 * they teach, or every course for plan managers; each with at least one evaluation its teacher may see.
 */
export const ZReadableReportCourseRow = ZReportCourseRow.extend({ teacher: ZPersonRef });
export type TReadableReportCourseRow = z.infer<typeof ZReadableReportCourseRow>;
export const ZReadableReportCoursePage = zPage(ZReadableReportCourseRow);
export const ZReadableReportCoursesRequest = z.object({
  ...ZPageRequest.shape,
  semesterId: ZId.optional(),
  /** Course name or code, or teacher name. */
  keyword: z.string().trim().max(64).optional(),
});
export type TReadableReportCoursesRequest = z.input<typeof ZReadableReportCoursesRequest>;

/** One primary indicator: the teacher's average against the school's for the same indicator (same semester). */
export const ZIndicatorScore = z.object({
  /** The indicator bank id when the template section has one, else "name:" + the lower-cased name. */
  key: z.string(),
  name: z.string(),
  percent: z.number(),
  schoolPercent: z.number().nullable(),
  /** Evaluations behind the figure (teacher / school). */
  count: z.number().int(),
  schoolCount: z.number().int(),
});
export type TIndicatorScore = z.infer<typeof ZIndicatorScore>;

export const ZReportEvaluationRow = z.object({
  evaluationId: ZId,
  kind: ZEvaluationKind,
  planName: z.string().nullable(),
  templateName: z.string(),
  lessonDate: z.string(),
  week: z.number().int(),
  sessionStart: z.number().int(),
  sessionEnd: z.number().int(),
  evaluator: ZPersonRef.nullable(),
  score: z.number(),
  scoreAfterAppeal: z.number().nullable(),
  fullScore: z.number(),
  percent: z.number(),
  comment: z.string().nullable(),
  submittedAt: z.string(),
  /** Made during real-time patrol. */
  byPatrol: z.boolean(),
});
export type TReportEvaluationRow = z.infer<typeof ZReportEvaluationRow>;

export const ZCourseReport = z.object({
  course: z.object({
    courseId: ZId, name: z.string(), code: z.string(), teacher: ZPersonRef,
    semesterName: z.string().nullable(), orgUnitName: z.string().nullable(),
  }),
  /** Set when the report is of one evaluation. */
  evaluationId: ZId.nullable(),
  summary: z.object({
    evaluationCount: z.number().int(),
    averagePercent: z.number().nullable(),
    schoolAveragePercent: z.number().nullable(),
    appealedCount: z.number().int(),
  }),
  indicators: z.array(ZIndicatorScore),
  /** Every evaluation of the course over its semester, oldest first (the history and the comments). */
  history: z.array(ZReportEvaluationRow),
  generatedAt: z.string(),
});
export type TCourseReport = z.infer<typeof ZCourseReport>;
/** A course's report, or one evaluation's report (evaluationId given: indicators of that evaluation). */
export const ZCourseReportQuery = z
  .object({ courseId: ZId.optional(), evaluationId: ZId.optional() })
  .refine((v) => Boolean(v.courseId) !== Boolean(v.evaluationId), { message: 'validation.required' });
