/**
 * What every statistics request's filters share (issue 17): the semester and its lesson days, and the
 * scope a reader narrows to. The web keeps them in the URL on the way down a drill-down and back, so
 * each statistics screen reads the same names.
 */
import { ZId } from './common.ts';
import { ZIsoDate } from './calendar.ts';

/** A semester and, inside it, lesson days from-to (inclusive); either end may be left open. */
export const STATS_PERIOD = {
  semesterId: ZId,
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
};

/** A college or a department with every unit under it (a course's unit), a teacher, a course. */
export const STATS_SCOPE = {
  orgUnitId: ZId.optional(),
  teacherId: ZId.optional(),
  courseId: ZId.optional(),
};

/** The lesson days are in order: "to" is not before "from" (the refinement of every statistics query). */
export const rangeInOrder = (v: { from?: string | undefined; to?: string | undefined }) => !v.from || !v.to || v.from <= v.to;
export const rangeRule = { message: 'validation.endBeforeStart', path: ['to'] };
