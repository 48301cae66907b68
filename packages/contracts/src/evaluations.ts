/**
 * Evaluating lessons (issue 6, first part): a supervisor opens a class from a plan, from free
 * listening over the timetable, or as a temporary evaluation of a class outside any plan, fills the
 * template version's form (saved as a draft while in progress) and submits it once. Check-in at a
 * class cannot be cancelled. Records list what one has evaluated; a record shows one evaluation.
 */
import { z } from 'zod';
import { ZId, ZPageRequest, zPage } from './common.ts';
import { ZPersonRef } from './supervision.ts';
import { ZAnswers, ZTemplateContent } from './templates.ts';
import { ZEvaluationType } from './plans.ts';

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date' });
/** Server-side paging, as everywhere (common.ts). */
const pageFields = ZPageRequest.shape;

/** How the evaluator came to the class. ('invited' arrives with invitations.) */
export const EVALUATION_KIND_VALUES = ['plan', 'free', 'invited', 'temporary'] as const;
export const ZEvaluationKind = z.enum(EVALUATION_KIND_VALUES);
export type TEvaluationKind = z.infer<typeof ZEvaluationKind>;
export const ZEvaluationStatus = z.enum(['draft', 'submitted']);
export type TEvaluationStatus = z.infer<typeof ZEvaluationStatus>;

/** The class an evaluation is about, as every evaluation screen shows it. */
export const ZEvaluatedClass = z.object({
  courseSessionId: ZId,
  courseId: ZId,
  courseName: z.string(),
  courseCode: z.string(),
  teacher: ZPersonRef,
  orgUnitName: z.string().nullable(),
  classroomName: z.string().nullable(),
  teachingClass: z.string().nullable(),
  lessonDate: z.string(),
  week: z.number().int(),
  weekday: z.number().int(),
  sessionStart: z.number().int(),
  sessionEnd: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type TEvaluatedClass = z.infer<typeof ZEvaluatedClass>;

/** Start (or reopen) my evaluation of a class of one of my plans. */
export const ZStartPlanEvaluationRequest = z.object({ planId: ZId, courseSessionId: ZId });
/** Start (or reopen) a free-listening or temporary evaluation of a class with a published template. */
export const ZStartOpenEvaluationRequest = z.object({ courseSessionId: ZId, templateId: ZId });
export const ZStartEvaluationResponse = z.object({ evaluationId: ZId, created: z.boolean() });

/** One evaluation as its evaluator (or an administrator) sees it, with the form it answers. */
export const ZEvaluation = z.object({
  evaluationId: ZId,
  kind: ZEvaluationKind,
  status: ZEvaluationStatus,
  plan: z.object({ planId: ZId, name: z.string(), evaluationType: ZEvaluationType, anonymous: z.boolean(), endDate: z.string() }).nullable(),
  template: z.object({ templateVersionId: ZId, templateId: ZId, name: z.string(), version: z.number().int(), totalScore: z.number(), content: ZTemplateContent }),
  class: ZEvaluatedClass,
  /** Null when the evaluation is anonymous and the reader is the teacher. */
  evaluator: ZPersonRef.nullable(),
  answers: ZAnswers,
  comment: z.string().nullable(),
  totalScore: z.number().nullable(),
  /** Whether the evaluator checked in at this class (attendance sign-in). */
  checkedInAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  /** The reader may still change it (their own draft). */
  editable: z.boolean(),
  /** Made from the classroom detail during real-time patrol (a patrol visit keeps it). */
  byPatrol: z.boolean(),
});
export type TEvaluation = z.infer<typeof ZEvaluation>;

/**
 * Opening a class to evaluate it stores nothing: my evaluation of it when I have one (open that),
 * else the blank form, whose first save starts the evaluation (start/plan, start/free, start/temporary).
 */
export const ZBlankEvaluation = ZEvaluation.pick({ kind: true, plan: true, template: true, class: true, evaluator: true, checkedInAt: true });
export type TBlankEvaluation = z.infer<typeof ZBlankEvaluation>;
export const ZEvaluationOpening = z.object({ evaluationId: ZId.nullable(), blank: ZBlankEvaluation.nullable() });
export type TEvaluationOpening = z.infer<typeof ZEvaluationOpening>;
export const ZEvaluationQuery = z.object({ evaluationId: ZId });

export const ZSaveEvaluationRequest = z.object({
  evaluationId: ZId,
  answers: ZAnswers,
  comment: z.string().trim().max(2000, { message: 'validation.tooLong' }).optional().or(z.literal('')),
});
export type TSaveEvaluationRequest = z.input<typeof ZSaveEvaluationRequest>;
/** What a draft save returns: when it was saved and the score so far. */
export const ZSaveEvaluationResponse = z.object({ updatedAt: z.string(), totalScore: z.number(), answered: z.number().int(), count: z.number().int() });

export const ZCheckInRequest = z.object({ courseSessionId: ZId });
export const ZCheckIn = z.object({ courseSessionId: ZId, checkedInAt: z.string() });

/** A row of my evaluation records (/LessonEvaluationRecord). */
export const ZEvaluationRecord = z.object({
  evaluationId: ZId,
  kind: ZEvaluationKind,
  status: ZEvaluationStatus,
  planName: z.string().nullable(),
  templateName: z.string(),
  class: ZEvaluatedClass,
  totalScore: z.number().nullable(),
  fullScore: z.number(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  /** Made during real-time patrol. */
  byPatrol: z.boolean(),
});
export type TEvaluationRecord = z.infer<typeof ZEvaluationRecord>;
export const ZEvaluationRecordPage = zPage(ZEvaluationRecord);
export const ZEvaluationRecordsRequest = z.object({
  ...pageFields,
  kind: ZEvaluationKind.optional(),
  status: ZEvaluationStatus.optional(),
  planId: ZId.optional(),
  /** Course name or code, or teacher name. */
  keyword: z.string().trim().max(64).optional(),
  dateFrom: ZIsoDate.optional(),
  dateTo: ZIsoDate.optional(),
  /** true: only evaluations made during real-time patrol; false: only the others. */
  byPatrol: z.boolean().optional(),
});
export type TEvaluationRecordsRequest = z.input<typeof ZEvaluationRecordsRequest>;

/** Classes of the timetable to listen to (free listening, temporary evaluation), with my state for each. */
export const ZListenClass = ZEvaluatedClass.extend({
  /** Course state now (not started, waiting, in class, warning, ended). */
  state: z.enum(['notStarted', 'waiting', 'inClass', 'warning', 'ended']).nullable(),
  /** The instant from which the class can be evaluated (its "waiting for class" time; its day when it has no time). */
  evaluableFrom: z.string(),
  /** My evaluation of this class, if any (any kind). */
  myEvaluationId: ZId.nullable(),
  myEvaluationStatus: ZEvaluationStatus.nullable(),
  checkedIn: z.boolean(),
});
export type TListenClass = z.infer<typeof ZListenClass>;
export const ZListenClassPage = zPage(ZListenClass);
export const ZListenClassesRequest = z.object({
  ...pageFields,
  /** Default: the school's today. */
  date: ZIsoDate.optional(),
  keyword: z.string().trim().max(64).optional(),
  /** Only classes under way now (temporary evaluation). */
  now: z.enum(['true', 'false']).transform((v) => v === 'true').or(z.boolean()).optional(),
  buildingId: ZId.optional(),
});
export type TListenClassesRequest = z.input<typeof ZListenClassesRequest>;

/** A submitted evaluation of one of my classes, as the teacher sees it (/Evaluate, reports). */
export const ZReceivedEvaluation = z.object({
  evaluationId: ZId,
  kind: ZEvaluationKind,
  planName: z.string().nullable(),
  templateName: z.string(),
  class: ZEvaluatedClass,
  /** Null when the plan is anonymous. */
  evaluator: ZPersonRef.nullable(),
  totalScore: z.number(),
  fullScore: z.number(),
  submittedAt: z.string(),
  /** Made during real-time patrol. */
  byPatrol: z.boolean(),
});
export const ZReceivedEvaluationPage = zPage(ZReceivedEvaluation);
export const ZReceivedEvaluationsRequest = z.object({ ...pageFields, keyword: z.string().trim().max(64).optional() });
