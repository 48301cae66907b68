/**
 * Assignment charts (issue 17; /back/assignmentsEchartsTeport): how far each supervisor and each
 * assignment task of a semester has come, classes attended against the tasks' required minimums.
 * "Attended" is the assignment progress rule (apps/server/src/modules/assignments): a class the
 * supervisor may attend under the task (assignments still assigning, the task's semester and dates)
 * that they evaluated (submitted). The reader's permissions bound what is counted as in the other
 * statistics (docs/decisions/0031-assignment-charts.md).
 */
import { z } from 'zod';
import { ZId, ZPageRequest, zPage } from './common.ts';
import { rangeInOrder, rangeRule, STATS_PERIOD } from './statistics-filters.ts';
import { ZPersonRef } from './supervision.ts';

/** The shared period (only classes in the lesson days count, and only tasks whose period meets them), a task, a supervisor. */
const filterShape = {
  ...STATS_PERIOD,
  taskId: ZId.optional(),
  supervisorId: ZId.optional(),
};

export const ZAssignmentStatsQuery = z.object(filterShape).refine(rangeInOrder, rangeRule);
export type TAssignmentStatsQuery = z.input<typeof ZAssignmentStatsQuery>;

/** What a task or a supervisor has come to: summed over its (task, supervisor) pairs. */
export const ZAssignmentFigures = z.object({
  /** Classes the supervisors may attend (in the lesson days and the reader's reach). */
  visible: z.number().int(),
  /** Of those, the ones held by now (school time). */
  held: z.number().int(),
  /** Of those, the ones attended: evaluated (submitted) by the supervisor. */
  attended: z.number().int(),
  /** Σ of the tasks' minimums, one per (task, supervisor). */
  required: z.number().int(),
  /** Σ min(attended, minimum) per (task, supervisor): attendance beyond a minimum does not make up for another's shortfall. */
  credited: z.number().int(),
  /** credited ÷ required in percent (one decimal); null when nothing is required. */
  progress: z.number().nullable(),
  /** (task, supervisor) pairs counted, and those that reached their minimum. */
  pairs: z.number().int(),
  done: z.number().int(),
});
export type TAssignmentFigures = z.infer<typeof ZAssignmentFigures>;

export const ZAssignmentTaskRow = ZAssignmentFigures.extend({
  taskId: ZId,
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  minClasses: z.number().int(),
});
export type TAssignmentTaskRow = z.infer<typeof ZAssignmentTaskRow>;

export const ZAssignmentSupervisorRow = ZAssignmentFigures.extend({ supervisor: ZPersonRef });
export type TAssignmentSupervisorRow = z.infer<typeof ZAssignmentSupervisorRow>;

export const ZAssignmentStats = z.object({
  semester: z.object({ id: ZId, name: z.string(), weekCount: z.number().int() }),
  subject: z.object({
    task: z.object({ taskId: ZId, name: z.string() }).nullable(),
    supervisor: ZPersonRef.nullable(),
  }),
  /** The reader sees their own progress only (a teacher given the menu). */
  ownOnly: z.boolean(),
  /** The reader's reach is selected departments or teachers: only their classes are counted. */
  partial: z.boolean(),
  total: ZAssignmentFigures,
  /** Per task, latest start first. */
  tasks: z.array(ZAssignmentTaskRow),
  /** Per supervisor, by name. */
  supervisors: z.array(ZAssignmentSupervisorRow),
  /** Every task of the semester, latest start first, for the task filter. */
  taskOptions: z.array(z.object({ taskId: ZId, name: z.string() })),
  asOf: z.string(),
});
export type TAssignmentStats = z.infer<typeof ZAssignmentStats>;

// ---------------------------------------------------------------- one supervisor's classes

export const ZAssignmentClassesQuery = z.object({ ...filterShape, supervisorId: ZId, ...ZPageRequest.shape }).refine(rangeInOrder, rangeRule);
export type TAssignmentClassesQuery = z.input<typeof ZAssignmentClassesQuery>;

export const ZAssignmentClassRow = z.object({
  taskId: ZId,
  taskName: z.string(),
  courseSessionId: ZId,
  lessonDate: z.string(),
  week: z.number().int(),
  sessionStart: z.number().int(),
  sessionEnd: z.number().int(),
  course: z.object({ id: ZId, name: z.string(), code: z.string() }),
  teacher: ZPersonRef,
  held: z.boolean(),
  attended: z.boolean(),
  /** The supervisor's latest submitted evaluation of the class; null when none, or when it is anonymous (its evaluator stays hidden). */
  evaluationId: ZId.nullable(),
});
export type TAssignmentClassRow = z.infer<typeof ZAssignmentClassRow>;
export const ZAssignmentClassPage = zPage(ZAssignmentClassRow);
