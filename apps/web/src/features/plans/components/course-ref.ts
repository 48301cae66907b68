import type { z } from 'zod';
import type { TCourse } from '@hxk/contracts/courses';
import type { ZPlanCourse } from '@hxk/contracts/plans';

export type PlanCourse = z.infer<typeof ZPlanCourse>;

/** A course of the picker as a plan lists it. */
export const toPlanCourse = (c: TCourse): PlanCourse => ({
  courseId: c.id,
  code: c.code,
  name: c.name,
  teacher: { userId: c.teacherId, name: c.teacherName, account: c.teacherAccount },
  orgUnitName: c.orgUnitName,
  teachingClass: c.teachingClass,
});
