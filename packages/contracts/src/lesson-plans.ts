/**
 * Lesson plans (issue 18): an administrator or a leader releases a collection (what is due, by when)
 * to teachers, departments or courses; each course it reaches owes one plan; its teacher hands the
 * plan in (PPT, PDF, Word or Excel files, up to 10) within the school's daily upload window and
 * changes it within the modification window; supervisors grade it with a level 1-4 and a comment,
 * or, when the collection has an evaluation template, by filling the template: the level then follows
 * from the score (fixed bands below). docs/decisions/0025-lesson-plans.md, 0033-lesson-plan-templates.md.
 */
import { z } from 'zod';
import { ZId, ZIdInput } from './common.ts';
import { LESSON_PLAN_LEVELS, OPINION_MIN_LENGTH, UPLOAD_LIMITS } from './constants.ts';
import { withinDailyWindow } from './settings.ts';
import { ZAnswers, ZTemplateContent } from './templates.ts';
import type { TAppealStatus } from './workflow.ts';

export const LESSON_PLAN_TYPES = ['lessonPlan', 'courseware', 'syllabus', 'other'] as const;
export type TLessonPlanType = (typeof LESSON_PLAN_TYPES)[number];
/** Who a collection reaches: the courses of these teachers, of these departments, or these courses. */
export const LESSON_PLAN_TARGETS = ['teachers', 'departments', 'courses'] as const;
export type TLessonPlanTarget = (typeof LESSON_PLAN_TARGETS)[number];
export const LESSON_PLAN_NAME_MAX = 100;
export const LESSON_PLAN_DESCRIPTION_MAX = 2000;
export const LESSON_PLAN_COMMENT_MAX = 500;
export const LESSON_PLAN_TARGETS_MAX = 500;

/** The content types a stored lesson-plan file may have (decided by its bytes on upload). */
export const LESSON_PLAN_CONTENT_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
] as const;

/** The upload context of a plan's files: a name is unique within it (spec 5: no same-named file twice). */
export const lessonPlanFileContext = (dueId: string) => `lessonPlan:${dueId}`;

// ---------------------------------------------------------------- daily windows

export type TLessonPlanAction = 'upload' | 'modify';
export type TWindow = { start: string | null; end: string | null };

/**
 * Whether the school's daily window allows the action now (spec section 6): the first hand-in of a
 * plan is an upload, every later change a modification. Null when allowed, else the window that
 * refuses it. `timeZone` is the school's wall clock.
 */
export function lessonPlanWindowRefusal(action: TLessonPlanAction, now: Date, windows: { upload: TWindow; modify: TWindow }, timeZone?: string): TWindow | null {
  const w = action === 'upload' ? windows.upload : windows.modify;
  return withinDailyWindow(now, w.start, w.end, timeZone) ? null : w;
}

// ---------------------------------------------------------------- levels from a template's score

/**
 * The level a template-graded plan gets: fixed bands over the percent of the template's full marks
 * (templates hold no grade bands of their own). The edges 90 / 80 / 60 are edges of the score
 * distribution's bands (statistics SCORE_BANDS), so a level is a union of those. Decision 0033.
 */
export const LESSON_PLAN_SCORE_BANDS = [
  { level: 1, minPercent: 90 },
  { level: 2, minPercent: 80 },
  { level: 3, minPercent: 60 },
  { level: 4, minPercent: 0 },
] as const;

/** The level (1 best .. 4) of a score out of `full` marks. */
export function lessonPlanLevelOf(score: number, full: number): number {
  // Compared in hundredths of a percent, so 89.995% (a rounded 2-decimal score) is not lifted to 90.
  const pct = full > 0 ? Math.round((score / full) * 10000) : 0;
  return LESSON_PLAN_SCORE_BANDS.find((b) => pct >= b.minPercent * 100)!.level;
}

// ---------------------------------------------------------------- collections

export const ZCreateLessonPlanCollectionRequest = z.object({
  name: z.string().trim().min(1).max(LESSON_PLAN_NAME_MAX),
  type: z.enum(LESSON_PLAN_TYPES),
  /** ISO time with an offset. */
  deadline: z.iso.datetime({ offset: true }),
  description: z.string().trim().max(LESSON_PLAN_DESCRIPTION_MAX).default(''),
  targetKind: z.enum(LESSON_PLAN_TARGETS),
  targetIds: z.array(ZIdInput).min(1).max(LESSON_PLAN_TARGETS_MAX),
  /** A published evaluation template to grade the plans with (its current version is pinned); none: levels only. */
  templateId: ZIdInput.nullish(),
});
export type TCreateLessonPlanCollectionRequest = z.input<typeof ZCreateLessonPlanCollectionRequest>;

const ZPerson = z.object({ userId: ZId, name: z.string() });
/** The template version a collection is graded with (pinned at release). */
export const ZLessonPlanTemplateRef = z.object({ templateVersionId: ZId, name: z.string(), version: z.number().int(), totalScore: z.number() });
export type TLessonPlanTemplateRef = z.infer<typeof ZLessonPlanTemplateRef>;

export const ZLessonPlanCollection = z.object({
  collectionId: ZId,
  name: z.string(),
  type: z.enum(LESSON_PLAN_TYPES),
  deadline: z.string(),
  description: z.string(),
  targetKind: z.enum(LESSON_PLAN_TARGETS),
  creator: ZPerson,
  releasedAt: z.string(),
  /** Graded by filling this template; null: by a level 1-4. */
  template: ZLessonPlanTemplateRef.nullable(),
  /** Plans owed (one per course reached), handed in, handed in after the deadline, graded. */
  due: z.number().int(),
  handedIn: z.number().int(),
  late: z.number().int(),
  evaluated: z.number().int(),
});
export type TLessonPlanCollection = z.infer<typeof ZLessonPlanCollection>;
export const ZLessonPlanCollectionList = z.array(ZLessonPlanCollection);
export const ZLessonPlanCollectionQuery = z.object({ collectionId: ZIdInput });
export const ZCreateLessonPlanCollectionResponse = ZLessonPlanCollection;

// ---------------------------------------------------------------- plans

export const PREVIEW_STATES = ['pdf', 'ready', 'pending', 'noConverter', 'tooLarge', 'failed'] as const;
export type TPreviewState = (typeof PREVIEW_STATES)[number];

export const ZPlanFile = z.object({
  fileId: ZId,
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** The plan version that added it, and the one that removed it (null: current). */
  addedIn: z.number().int(),
  removedIn: z.number().int().nullable(),
  /** pdf: shown as it is; ready: converted to PDF; pending: being converted; else why there is no preview. */
  preview: z.enum(PREVIEW_STATES),
  /** Removed by the retention rule: the record stays, the content is gone. */
  expired: z.boolean(),
});
export type TPlanFile = z.infer<typeof ZPlanFile>;

// ---------------------------------------------------------------- appeals of a grade

/** The appeals' states (workflow.ts) a lesson-plan appeal uses: it cannot be withdrawn. */
export const LESSON_PLAN_APPEAL_STATUSES = ['pending', 'resolved', 'unresolved'] as const satisfies readonly TAppealStatus[];
export type TLessonPlanAppealStatus = (typeof LESSON_PLAN_APPEAL_STATUSES)[number];
const ZLevel = z.number().int().refine((n) => (LESSON_PLAN_LEVELS as readonly number[]).includes(n), { message: 'validation.lessonPlanLevel' });
const ZAppealText = z.string().trim().min(OPINION_MIN_LENGTH, { message: 'validation.opinionMin' }).max(1000, { message: 'validation.tooLong' });

/** A teacher's appeal of a plan's grade: the level appealed, the reason, and how it was handled. */
export const ZLessonPlanAppeal = z.object({
  appealId: ZId,
  status: z.enum(LESSON_PLAN_APPEAL_STATUSES),
  reason: z.string(),
  level: z.number().int(),
  levelAfter: z.number().int().nullable(),
  /** A template-graded plan's score when appealed, and the score the appeal gave it. */
  score: z.number().nullable(),
  scoreAfter: z.number().nullable(),
  opinion: z.string().nullable(),
  handler: z.object({ userId: ZId, name: z.string() }).nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type TLessonPlanAppeal = z.infer<typeof ZLessonPlanAppeal>;
export const ZLessonPlanAppealRequest = z.object({ planId: ZIdInput, reason: ZAppealText });
export type TLessonPlanAppealRequest = z.input<typeof ZLessonPlanAppealRequest>;
/**
 * accept: the plan takes `levelAfter`, or for a template-graded plan `scoreAfter` (its level follows
 * from the bands); an opinion optional. reject: the opinion says why.
 */
export const ZHandleLessonPlanAppealRequest = z.discriminatedUnion('action', [
  z.object({
    appealId: ZIdInput,
    action: z.literal('accept'),
    levelAfter: ZLevel.optional(),
    scoreAfter: z.number().finite().optional(),
    opinion: z.string().trim().max(1000, { message: 'validation.tooLong' }).default(''),
  }),
  z.object({ appealId: ZIdInput, action: z.literal('reject'), opinion: ZAppealText }),
]);
export type THandleLessonPlanAppealRequest = z.input<typeof ZHandleLessonPlanAppealRequest>;

export const ZLessonPlan = z.object({
  planId: ZId,
  version: z.number().int(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  late: z.boolean(),
  timesCited: z.number().int(),
  level: z.number().int().nullable(),
  /** Graded with the collection's template: the total score (after an accepted appeal, the score it gave). */
  score: z.number().nullable(),
  comment: z.string().nullable(),
  evaluator: ZPerson.nullable(),
  evaluatedAt: z.string().nullable(),
  /** The teacher's appeal of the grade (one per plan), if any. */
  appeal: ZLessonPlanAppeal.nullable(),
  /** Current files first, then earlier versions' files. */
  files: z.array(ZPlanFile),
});
export type TLessonPlan = z.infer<typeof ZLessonPlan>;

const ZCourseRef = z.object({ courseId: ZId, name: z.string(), code: z.string(), teachingClass: z.string().nullable() });

/** One plan owed: a collection and a course, the teacher, and the plan when handed in. */
export const ZLessonPlanDue = z.object({
  dueId: ZId,
  collection: z.object({ collectionId: ZId, name: z.string(), type: z.enum(LESSON_PLAN_TYPES), deadline: z.string(), description: z.string(), template: ZLessonPlanTemplateRef.nullable() }),
  course: ZCourseRef,
  teacher: ZPerson.extend({ department: z.string().nullable() }),
  plan: ZLessonPlan.nullable(),
});
export type TLessonPlanDue = z.infer<typeof ZLessonPlanDue>;

export const ZMyLessonPlanDuesRequest = z.object({ tab: z.enum(['all', 'evaluated']).default('all') });
export const ZMyLessonPlanDues = z.object({
  list: z.array(ZLessonPlanDue),
  /** The school's daily windows and whether each is open now (the server enforces them again). */
  windows: z.object({
    upload: z.object({ start: z.string().nullable(), end: z.string().nullable(), open: z.boolean() }),
    modify: z.object({ start: z.string().nullable(), end: z.string().nullable(), open: z.boolean() }),
  }),
  retention: z.enum(['forever', '1y']),
});
export type TMyLessonPlanDues = z.infer<typeof ZMyLessonPlanDues>;

const ZFileIds = z.array(ZIdInput).max(UPLOAD_LIMITS.attachments);
export const ZSubmitPlanRequest = z.object({ dueId: ZIdInput, fileIds: ZFileIds.min(1) });
export const ZChangePlanRequest = z.object({ planId: ZIdInput, addFileIds: ZFileIds.default([]), removeFileIds: ZFileIds.default([]) });
export const ZLessonPlanDueQuery = z.object({ dueId: ZIdInput });

// ---------------------------------------------------------------- evaluation

export const LESSON_PLAN_RANGES = ['today', 'week', 'all'] as const;
export const ZPlanEvaluationListRequest = z.object({
  /** Plans of courses with a class today, this week, or all. */
  range: z.enum(LESSON_PLAN_RANGES).default('today'),
  evaluated: z.enum(['all', 'yes', 'no']).default('all'),
});
export const ZPlanEvaluationList = z.array(ZLessonPlanDue);
/**
 * A grade: a level (a collection without a template), or the collection's template filled in
 * (`templateVersionId` names the version the form showed; the level follows from the score).
 */
export const ZEvaluatePlanRequest = z.object({
  planId: ZIdInput,
  level: ZLevel.optional(),
  templateVersionId: ZIdInput.optional(),
  answers: ZAnswers.optional(),
  comment: z.string().trim().max(LESSON_PLAN_COMMENT_MAX).default(''),
});
export type TEvaluatePlanRequest = z.input<typeof ZEvaluatePlanRequest>;

/** The evaluation form of a plan: its collection's template version and, once graded, the answers. */
export const ZPlanEvaluationFormQuery = z.object({ planId: ZIdInput });
export const ZPlanEvaluationForm = z.object({
  template: ZLessonPlanTemplateRef.extend({ content: ZTemplateContent }),
  answers: ZAnswers.nullable(),
  score: z.number().nullable(),
  bands: z.array(z.object({ level: z.number().int(), minPercent: z.number() })),
});
export type TPlanEvaluationForm = z.infer<typeof ZPlanEvaluationForm>;
/** Published templates a collection can be graded with. */
export const ZLessonPlanTemplateOptions = z.array(z.object({ templateId: ZId, name: z.string(), version: z.number().int(), totalScore: z.number(), questionCount: z.number().int() }));

/** Where a plan is cited from: the class being patrolled, or the class being evaluated. */
export const LESSON_PLAN_CITATION_SOURCES = ['patrol', 'evaluation'] as const;

export const ZPlanFileQuery = z.object({
  planId: ZIdInput,
  fileId: ZIdInput,
  /** preview: the PDF (or its converted PDF) inline; download: the file as uploaded. */
  mode: z.enum(['preview', 'download']).default('download'),
  /** Where a reader opened it: from patrol or an evaluation of a class it counts as a citation, once per person, plan and class. */
  from: z.enum([...LESSON_PLAN_CITATION_SOURCES, 'list']).default('list'),
  /** The class being patrolled or evaluated (required with from=patrol|evaluation). */
  courseSessionId: ZIdInput.optional(),
}).refine((q) => q.from === 'list' || q.courseSessionId !== undefined, { message: 'validation.required', path: ['courseSessionId'] });

/** The plans handed in for the course of one class (the patrol detail's and the evaluation form's tab). */
export const ZClassLessonPlansQuery = z.object({ courseSessionId: ZIdInput });
export const ZClassLessonPlans = z.array(ZLessonPlanDue);

// ---------------------------------------------------------------- statistics

const ZCounts = z.object({ due: z.number().int(), handedIn: z.number().int(), late: z.number().int(), missing: z.number().int(), evaluated: z.number().int() });
export const ZLessonPlanStatistics = z.object({
  totals: ZCounts,
  byDepartment: z.array(ZCounts.extend({ orgUnitId: ZId.nullable(), name: z.string().nullable() })),
  byTeacher: z.array(ZCounts.extend({ teacherId: ZId, name: z.string(), account: z.string(), department: z.string().nullable() })),
  levels: z.array(z.object({ level: z.number().int(), count: z.number().int() })),
});
export type TLessonPlanStatistics = z.infer<typeof ZLessonPlanStatistics>;
export const ZLessonPlanStatisticsQuery = z.object({ collectionId: ZIdInput.optional() });
export const ZLessonPlanRemindResponse = z.object({ reminded: z.number().int() });

/** What a collection can be released to: this semester's teachers with courses, departments, courses. */
export const ZLessonPlanTargetOptions = z.object({
  teachers: z.array(z.object({ id: ZId, name: z.string(), account: z.string(), department: z.string().nullable() })),
  departments: z.array(z.object({ id: ZId, name: z.string(), parentName: z.string().nullable() })),
  courses: z.array(z.object({ id: ZId, name: z.string(), code: z.string(), teacherName: z.string() })),
});
export type TLessonPlanTargetOptions = z.infer<typeof ZLessonPlanTargetOptions>;
