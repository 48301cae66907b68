/**
 * Three-rate statistics (issue 17; /back/threeRateStatistics and its details): attendance, head-up
 * and front-row rates of a semester's analysed classes (the analysis each class's AI report shows:
 * from the recording, else the live one; finished only), for a scope against the whole school under
 * the same filters, grouped by building, classroom, department, teacher, course, time slot or week,
 * with a weekly trend and the classes behind every figure. Class-level figures only: nothing here
 * names or ranks a student. The reader's permissions bound the scope as in evaluation statistics.
 */
import { z } from 'zod';
import { ZId, ZPageRequest, zPage } from './common.ts';
import { rangeInOrder, rangeRule, STATS_PERIOD, STATS_SCOPE } from './statistics-filters.ts';
import { ZPersonRef } from './supervision.ts';

/** What the table and the bar chart group the scope's classes by. */
export const THREE_RATE_GROUP_BY = ['building', 'classroom', 'unit', 'teacher', 'course', 'session', 'week'] as const;
export type TThreeRateGroupBy = (typeof THREE_RATE_GROUP_BY)[number];

export const THREE_RATES = ['attendance', 'headUp', 'frontRow'] as const;
export type TThreeRate = (typeof THREE_RATES)[number];

const filterShape = {
  ...STATS_PERIOD,
  ...STATS_SCOPE,
  buildingId: ZId.optional(),
  classroomId: ZId.optional(),
  /** The time slot: the class's first session number of the day. */
  session: z.coerce.number<number>().int().min(1).max(20).optional(),
  /** A teaching week of the semester. */
  week: z.coerce.number<number>().int().min(1).max(60).optional(),
};

export const ZThreeRateFilters = z.object(filterShape).refine(rangeInOrder, rangeRule);
export type TThreeRateFilters = z.input<typeof ZThreeRateFilters>;

export const ZThreeRateStatsQuery = z.object({ ...filterShape, groupBy: z.enum(THREE_RATE_GROUP_BY).default('unit') }).refine(rangeInOrder, rangeRule);
export type TThreeRateStatsQuery = z.input<typeof ZThreeRateStatsQuery>;

/**
 * Figures of a set of classes. Each rate is the mean of the classes' rates in percent (one decimal),
 * over the classes that have that rate; null when none has.
 */
export const ZThreeRateFigures = z.object({
  /** Classes with a finished analysis. */
  classes: z.number().int(),
  attendance: z.number().nullable(),
  headUp: z.number().nullable(),
  frontRow: z.number().nullable(),
  /** How many classes each rate averages. */
  attendanceClasses: z.number().int(),
  headUpClasses: z.number().int(),
  frontRowClasses: z.number().int(),
});
export type TThreeRateFigures = z.infer<typeof ZThreeRateFigures>;

export const ZThreeRateGroupRow = ZThreeRateFigures.extend({
  /** The group's key: an id, a session number or a week number (as text). */
  key: z.string(),
  name: z.string(),
  /** A classroom's building, a department's college, a course's code. */
  detail: z.string().nullable(),
});
export type TThreeRateGroupRow = z.infer<typeof ZThreeRateGroupRow>;

export const ZThreeRateStats = z.object({
  semester: z.object({ id: ZId, name: z.string(), weekCount: z.number().int() }),
  /** The scope's subject, named (when given). */
  subject: z.object({
    orgUnit: z.object({ id: ZId, name: z.string() }).nullable(),
    teacher: ZPersonRef.nullable(),
    course: z.object({ id: ZId, name: z.string(), code: z.string() }).nullable(),
    building: z.object({ id: ZId, name: z.string() }).nullable(),
    classroom: z.object({ id: ZId, name: z.string() }).nullable(),
  }),
  ownOnly: z.boolean(),
  /** Classes of the scope timetabled in a room and already held, analysed or not (the coverage's denominator). */
  scopeHeld: z.number().int(),
  scope: ZThreeRateFigures,
  school: ZThreeRateFigures,
  trend: z.array(z.object({ week: z.number().int(), scope: ZThreeRateFigures, school: ZThreeRateFigures })),
  groupBy: z.enum(THREE_RATE_GROUP_BY),
  groups: z.array(ZThreeRateGroupRow),
  asOf: z.string(),
});
export type TThreeRateStats = z.infer<typeof ZThreeRateStats>;

// ---------------------------------------------------------------- the classes behind the figures

export const ZThreeRateClassesQuery = z.object({ ...filterShape, ...ZPageRequest.shape }).refine(rangeInOrder, rangeRule);
export type TThreeRateClassesQuery = z.input<typeof ZThreeRateClassesQuery>;

export const ZThreeRateClassRow = z.object({
  courseSessionId: ZId,
  lessonDate: z.string(),
  week: z.number().int(),
  session: z.number().int(),
  course: z.object({ id: ZId, name: z.string(), code: z.string() }),
  teacher: ZPersonRef,
  orgUnitName: z.string().nullable(),
  buildingName: z.string().nullable(),
  classroomName: z.string().nullable(),
  /** Which analysis the figures come from. */
  source: z.enum(['recording', 'live']),
  /** Rates in percent (one decimal), null when the analysis could not measure it. */
  attendance: z.number().nullable(),
  headUp: z.number().nullable(),
  frontRow: z.number().nullable(),
  expectedStudents: z.number().int().nullable(),
  presentAvg: z.number().nullable(),
  frontRowExpected: z.number().int().nullable(),
  frontRowActual: z.number().nullable(),
});
export type TThreeRateClassRow = z.infer<typeof ZThreeRateClassRow>;
export const ZThreeRateClassPage = zPage(ZThreeRateClassRow);
