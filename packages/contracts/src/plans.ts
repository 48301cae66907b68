/** Supervision plans (issue 5): who evaluates which courses with which template version, and progress. */
import { z } from 'zod';
import { ZId, ZPageRequest, zPage } from './common.ts';
import { EVALUATION_TYPES } from './constants.ts';
import { ZIdList } from './catalog.ts';
import { ZPersonRef } from './supervision.ts';
import { PLAN_PHASES } from './workflow.ts';

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date' });
/** Server-side paging, as everywhere (common.ts). */
const pageFields = ZPageRequest.shape;

export const ZEvaluationType = z.enum(EVALUATION_TYPES);
export type TEvaluationType = z.infer<typeof ZEvaluationType>;
export const ZPlanPhase = z.enum(PLAN_PHASES);

export const ZPlanTemplateRef = z.object({ templateId: ZId, templateVersionId: ZId, name: z.string(), version: z.number().int(), totalScore: z.number() });

export const ZPlanSummary = z.object({
  planId: ZId,
  name: z.string(),
  evaluationType: ZEvaluationType,
  template: ZPlanTemplateRef,
  startDate: z.string(),
  endDate: z.string(),
  published: z.boolean(),
  phase: ZPlanPhase,
  anonymous: z.boolean(),
  teacherCanView: z.boolean(),
  minClasses: z.number().int(),
  courseCount: z.number().int(),
  supervisorCount: z.number().int(),
  creator: ZPersonRef.nullable(),
  createdAt: z.string(),
  /** Classes attended (submitted evaluations, at most the minimum counted per supervisor) against supervisors x minimum. */
  attended: z.number().int(),
  required: z.number().int(),
  /** Supervisors who have not reached the minimum yet. */
  behind: z.number().int(),
  createdByMe: z.boolean(),
  joinedByMe: z.boolean(),
});
export type TPlanSummary = z.infer<typeof ZPlanSummary>;
export const ZPlanPage = zPage(ZPlanSummary);

export const ZPlanCourse = z.object({
  courseId: ZId,
  code: z.string(),
  name: z.string(),
  teacher: ZPersonRef,
  orgUnitName: z.string().nullable(),
  teachingClass: z.string().nullable(),
});
export const ZPlanSupervisor = ZPersonRef.extend({ groupId: ZId.nullable(), groupName: z.string().nullable() });
export const ZPlan = ZPlanSummary.extend({
  description: z.string().nullable(),
  courses: z.array(ZPlanCourse),
  supervisors: z.array(ZPlanSupervisor),
  groups: z.array(z.object({ groupId: ZId, name: z.string() })),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZPlanTab = z.enum(['all', 'mine', 'joined']);
export const ZPlanListRequest = z.object({
  ...pageFields,
  tab: ZPlanTab.default('all'),
  keyword: z.string().trim().max(64).optional(),
  phase: ZPlanPhase.optional(),
  published: z.enum(['true', 'false']).transform((v) => v === 'true').or(z.boolean()).optional(),
  evaluationType: ZEvaluationType.optional(),
});
export type TPlanListRequest = z.input<typeof ZPlanListRequest>;
export const ZPlanQuery = z.object({ planId: ZId });

export const ZSavePlanRequest = z
  .object({
    planId: ZId.optional(),
    name: z.string().trim().min(1, { message: 'validation.required' }).max(64, { message: 'validation.tooLong' }),
    evaluationType: ZEvaluationType,
    templateId: ZId,
    courseIds: ZIdList(2000),
    supervisorIds: z.array(ZId).max(500, { message: 'validation.tooMany' }).default([]),
    groupIds: z.array(ZId).max(100, { message: 'validation.tooMany' }).default([]),
    minClasses: z.coerce.number().int({ message: 'validation.invalid' }).min(0, { message: 'validation.invalid' }).max(1000, { message: 'validation.invalid' }),
    description: z.string().trim().max(1000, { message: 'validation.tooLong' }).optional().or(z.literal('')),
    anonymous: z.boolean().default(false),
    teacherCanView: z.boolean().default(true),
    startDate: ZIsoDate,
    endDate: ZIsoDate,
  })
  .superRefine((v, ctx) => {
    if (v.endDate <= v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.endAfterStart' });
    if (!v.supervisorIds.length && !v.groupIds.length) ctx.addIssue({ code: 'custom', path: ['supervisorIds'], message: 'validation.selectOne' });
    if (v.minClasses > new Set(v.courseIds).size) ctx.addIssue({ code: 'custom', path: ['minClasses'], message: 'validation.minClasses' });
  });
export type TSavePlanRequest = z.input<typeof ZSavePlanRequest>;
/** Body of the batch actions (publish, unpublish, deleteByIds): at least one plan selected. */
export const ZPlanIdsRequest = z.object({ ids: ZIdList(100) });

// ---------------------------------------------------------------- progress

export const ZSupervisorProgress = ZPersonRef.extend({
  groupName: z.string().nullable(),
  /** Distinct classes with a submitted evaluation in this plan. */
  attended: z.number().int(),
  required: z.number().int(),
  remaining: z.number().int(),
  behind: z.boolean(),
  lastEvaluatedAt: z.string().nullable(),
});
export type TSupervisorProgress = z.infer<typeof ZSupervisorProgress>;
export const ZCourseProgress = z.object({
  courseId: ZId,
  code: z.string(),
  name: z.string(),
  teacher: ZPersonRef,
  /** Submitted evaluations of this course's classes in this plan. */
  evaluations: z.number().int(),
  /** Supervisors who have attended at least one of its classes. */
  supervisors: z.number().int(),
  averageScore: z.number().nullable(),
  lastEvaluatedAt: z.string().nullable(),
});
export const ZPlanProgress = z.object({ plan: ZPlanSummary, supervisors: z.array(ZSupervisorProgress), courses: z.array(ZCourseProgress) });
export type TPlanProgress = z.infer<typeof ZPlanProgress>;

/** /back/SteeringList: every supervisor of the published plans in progress, with their totals. */
export const ZSteeringRow = ZPersonRef.extend({
  groups: z.array(z.string()),
  planCount: z.number().int(),
  attended: z.number().int(),
  required: z.number().int(),
  behindPlans: z.number().int(),
});
export const ZSteeringPage = zPage(ZSteeringRow);
export const ZSteeringListRequest = z.object({ ...pageFields, keyword: z.string().trim().max(64).optional(), groupId: ZId.optional(), behindOnly: z.enum(['true', 'false']).transform((v) => v === 'true').or(z.boolean()).optional() });

// ---------------------------------------------------------------- a supervisor's own plans

/** A class of a plan's courses that the supervisor can attend. */
export const ZPlanClass = z.object({
  courseSessionId: ZId,
  courseId: ZId,
  courseName: z.string(),
  courseCode: z.string(),
  teacherName: z.string(),
  classroomName: z.string().nullable(),
  lessonDate: z.string(),
  sessionStart: z.number().int(),
  sessionEnd: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** I have already evaluated this class in this plan (draft or submitted). */
  evaluation: z.enum(['none', 'draft', 'submitted']),
  /** The instant from which the class can be evaluated (its "waiting for class" time; its day when it has no time). */
  evaluableFrom: z.string(),
});
export type TPlanClass = z.infer<typeof ZPlanClass>;
export const ZMyPlan = ZPlanSummary.extend({
  description: z.string().nullable(),
  myAttended: z.number().int(),
  myRequired: z.number().int(),
  /** The next classes of the plan's courses from now (today's later ones first). */
  nextClasses: z.array(ZPlanClass),
});
export type TMyPlan = z.infer<typeof ZMyPlan>;
export const ZMyPlansRequest = z.object({ ...pageFields, phase: ZPlanPhase.optional(), keyword: z.string().trim().max(64).optional() });
export const ZMyPlanPage = zPage(ZMyPlan);
/** Classes of one of my plans on a day or in a week. */
export const ZPlanClassesRequest = z.object({
  planId: ZId,
  date: ZIsoDate.optional(),
  /** Seven days from this date. */
  weekOf: ZIsoDate.optional(),
  keyword: z.string().trim().max(64).optional(),
});
export const ZPlanClasses = z.array(ZPlanClass);
