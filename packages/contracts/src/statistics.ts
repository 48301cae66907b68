/**
 * Evaluation statistics (issue 17; /back/evaluateStatistics, its details and records): for one
 * semester (optionally a date range of lesson days inside it) and a scope (a college or department,
 * a teacher, a course) with filters (template, plan, evaluation type, kind), the submitted
 * evaluations counted, covered and scored, each figure against the whole school under the same
 * filters. Scores compare as percentages of each form's full score (a resolved appeal's score after
 * appeal replaces the total, as in teachers' reports). The reader's permissions bound the scope: the
 * whole school, the departments and teachers they supervise, or (a teacher) their own figures.
 * Anonymous evaluations never name their evaluator here.
 */
import { z } from 'zod';
import { EVALUATION_TYPES } from './constants.ts';
import { ZId, ZPageRequest, zPage } from './common.ts';
import { rangeInOrder, rangeRule, STATS_PERIOD, STATS_SCOPE } from './statistics-filters.ts';
import { ZPersonRef } from './supervision.ts';
import { ZEvaluationKind } from './evaluations.ts';

/** What a drill-down table groups the scope by: departments (school page), teachers (department page), nothing (teacher page). */
export const STATS_GROUP_BY = ['unit', 'teacher', 'none'] as const;
export type TStatsGroupBy = (typeof STATS_GROUP_BY)[number];

/** The bands of the score distribution (percent of full score; the last one includes 100). */
export const SCORE_BANDS = ['lt60', '60to70', '70to80', '80to90', 'ge90'] as const;
export type TScoreBand = (typeof SCORE_BANDS)[number];

/** The evaluation statistics' filters: the shared period and scope, and what an evaluation was made with. */
const filterShape = {
  ...STATS_PERIOD,
  ...STATS_SCOPE,
  templateId: ZId.optional(),
  planId: ZId.optional(),
  evaluationType: z.enum(EVALUATION_TYPES).optional(),
  kind: ZEvaluationKind.optional(),
};
export const ZEvaluationStatsFilters = z.object(filterShape).refine(rangeInOrder, rangeRule);
export type TEvaluationStatsFilters = z.input<typeof ZEvaluationStatsFilters>;

export const ZEvaluationStatsQuery = z
  .object({
    ...filterShape,
    groupBy: z.enum(STATS_GROUP_BY).default('unit'),
  })
  .refine(rangeInOrder, rangeRule);
export type TEvaluationStatsQuery = z.input<typeof ZEvaluationStatsQuery>;

/** Counted figures of one side (the scope, or the school). */
export const ZStatsFigures = z.object({
  evaluations: z.number().int(),
  /** Distinct teachers with at least one evaluation. */
  teachersEvaluated: z.number().int(),
  /** Distinct teachers of the semester's courses (with a class in the date range when one is given). */
  teachersTeaching: z.number().int(),
  /** teachersEvaluated / teachersTeaching in percent; null when nobody teaches. */
  coverage: z.number().nullable(),
  /** Mean of each evaluation's percent of its full score; null without evaluations. */
  meanPercent: z.number().nullable(),
});
export type TStatsFigures = z.infer<typeof ZStatsFigures>;

export const ZStatsGroupRow = z.object({
  id: ZId,
  name: z.string(),
  /** The college of a department row. */
  parentName: z.string().nullable(),
  /** A teacher row's account. */
  account: z.string().nullable(),
  evaluations: z.number().int(),
  teachersEvaluated: z.number().int(),
  teachersTeaching: z.number().int(),
  coverage: z.number().nullable(),
  meanPercent: z.number().nullable(),
});
export type TStatsGroupRow = z.infer<typeof ZStatsGroupRow>;

export const ZStatsTeacherRank = z.object({ teacher: ZPersonRef, orgUnitName: z.string().nullable(), evaluations: z.number().int(), meanPercent: z.number() });
export type TStatsTeacherRank = z.infer<typeof ZStatsTeacherRank>;

export const ZEvaluationStats = z.object({
  semester: z.object({ id: ZId, name: z.string(), weekCount: z.number().int() }),
  /** The scope's subject, named: the unit, the teacher, the course (when given). */
  subject: z.object({
    orgUnit: z.object({ id: ZId, name: z.string() }).nullable(),
    teacher: ZPersonRef.nullable(),
    course: z.object({ id: ZId, name: z.string(), code: z.string() }).nullable(),
  }),
  /** The reader sees only their own figures (a teacher). */
  ownOnly: z.boolean(),
  scope: ZStatsFigures,
  school: ZStatsFigures,
  distribution: z.array(z.object({ band: z.enum(SCORE_BANDS), count: z.number().int(), schoolCount: z.number().int() })),
  indicators: z.array(z.object({
    key: z.string(), name: z.string(), percent: z.number().nullable(), schoolPercent: z.number().nullable(), count: z.number().int(), schoolCount: z.number().int(),
  })),
  trend: z.array(z.object({ week: z.number().int(), evaluations: z.number().int(), meanPercent: z.number().nullable(), schoolEvaluations: z.number().int(), schoolMeanPercent: z.number().nullable() })),
  groupBy: z.enum(STATS_GROUP_BY),
  groups: z.array(ZStatsGroupRow),
  /** Teachers of the scope by mean percent (at least one evaluation): five highest, five lowest. */
  top: z.array(ZStatsTeacherRank),
  bottom: z.array(ZStatsTeacherRank),
  /** Per supervisor of the semester's published plans (of the chosen plan): classes attended against the plans' minimums. Whole-school readers only. */
  supervisors: z.array(z.object({ supervisor: ZPersonRef, plans: z.number().int(), attended: z.number().int(), required: z.number().int() })).nullable(),
  /** Figures are computed from the evaluation rows when asked: this is when. */
  asOf: z.string(),
});
export type TEvaluationStats = z.infer<typeof ZEvaluationStats>;

/** The choices of the template and plan filters: those the semester's submitted evaluations used, by name. */
export const ZStatsFilterOptionsQuery = z.object({ semesterId: ZId });
export const ZStatsFilterOptions = z.object({
  templates: z.array(z.object({ id: ZId, name: z.string() })),
  plans: z.array(z.object({ id: ZId, name: z.string() })),
});
export type TStatsFilterOptions = z.infer<typeof ZStatsFilterOptions>;

// ---------------------------------------------------------------- the evaluations behind the figures

export const ZStatsEvaluationsQuery = z
  .object({ ...filterShape, ...ZPageRequest.shape })
  .refine(rangeInOrder, rangeRule);
export type TStatsEvaluationsQuery = z.input<typeof ZStatsEvaluationsQuery>;

export const ZStatsEvaluationRow = z.object({
  evaluationId: ZId,
  lessonDate: z.string(),
  week: z.number().int(),
  course: z.object({ id: ZId, name: z.string(), code: z.string() }),
  teacher: ZPersonRef,
  orgUnitName: z.string().nullable(),
  /** Null when the evaluation (or its plan) is anonymous. */
  evaluator: ZPersonRef.nullable(),
  anonymous: z.boolean(),
  kind: ZEvaluationKind,
  planName: z.string().nullable(),
  templateName: z.string(),
  /** The score that counts (after a resolved appeal), its full score and percent. */
  score: z.number(),
  fullScore: z.number(),
  percent: z.number(),
  submittedAt: z.string(),
});
export type TStatsEvaluationRow = z.infer<typeof ZStatsEvaluationRow>;
export const ZStatsEvaluationPage = zPage(ZStatsEvaluationRow);
