import { z } from 'zod';
import { ZId, zPage } from './common.ts';
import { ZPersonRef } from './supervision.ts';

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' });

// ---------------------------------------------------------------- tasks

export const ZAssignmentTask = z.object({
  taskId: ZId,
  name: z.string(),
  semesterId: ZId,
  semesterName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  minClasses: z.number().int(),
  description: z.string().nullable(),
  /** Supervisors with at least one assignment still assigning. */
  supervisorCount: z.number().int(),
  createdAt: z.string(),
});
export type TAssignmentTask = z.infer<typeof ZAssignmentTask>;
export const ZAssignmentTaskPage = zPage(ZAssignmentTask);
export const ZAssignmentTaskListRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(64).optional(),
  semesterId: ZId.optional(),
});
export const ZSaveAssignmentTaskRequest = z
  .object({
    taskId: ZId.optional(),
    name: z.string().trim().min(1, { message: 'validation.required' }).max(64, { message: 'validation.tooLong' }),
    semesterId: ZId,
    startDate: ZIsoDate,
    endDate: ZIsoDate,
    minClasses: z.coerce.number().int().min(0, { message: 'validation.invalid' }).max(1000, { message: 'validation.invalid' }),
    description: z.string().trim().max(500, { message: 'validation.tooLong' }).optional().or(z.literal('')),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: 'validation.endBeforeStart' });
export type TSaveAssignmentTaskRequest = z.input<typeof ZSaveAssignmentTaskRequest>;
export const ZIdsBody = z.object({ ids: z.array(ZId).min(1, { message: 'validation.selectOne' }).max(500) });
export const ZTaskOption = z.object({ taskId: ZId, name: z.string(), startDate: z.string(), endDate: z.string(), minClasses: z.number().int() });

// ---------------------------------------------------------------- assignments

export const ASSIGNMENT_KIND_VALUES = ['teacher', 'course', 'session'] as const;
export const ZAssignmentKind = z.enum(ASSIGNMENT_KIND_VALUES);
export type TAssignmentKind = z.infer<typeof ZAssignmentKind>;
export const ZAssignmentStatus = z.enum(['assigning', 'withdrawn', 'removed']);
export type TAssignmentStatus = z.infer<typeof ZAssignmentStatus>;
export const ZAssignmentAction = z.enum(['withdraw', 'reassign', 'remove']);
export type TAssignmentAction = z.infer<typeof ZAssignmentAction>;
/**
 * The life of an assignment: a withdrawn one can be given back, removal is final. The server's state
 * machine (assignment-state.ts) runs on this table; the screens offer only the actions it allows.
 */
export const ASSIGNMENT_TRANSITIONS: Record<TAssignmentStatus, Partial<Record<TAssignmentAction, TAssignmentStatus>>> = {
  assigning: { withdraw: 'withdrawn', remove: 'removed' },
  withdrawn: { reassign: 'assigning', remove: 'removed' },
  removed: {},
};

export const ZAssignmentTarget = z.object({
  /** Teacher (kind teacher), course or class session id. */
  id: ZId,
  title: z.string(),
  /** Course code, or the session's date and periods. */
  detail: z.string().nullable(),
  teacherName: z.string().nullable(),
});
export const ZAssignment = z.object({
  assignmentId: ZId,
  taskId: ZId,
  kind: ZAssignmentKind,
  status: ZAssignmentStatus,
  supervisor: ZPersonRef,
  target: ZAssignmentTarget,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAssignment = z.infer<typeof ZAssignment>;
export const ZAssignmentPage = zPage(ZAssignment);
export const ZAssignmentListRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  taskId: ZId,
  supervisorId: ZId.optional(),
  status: ZAssignmentStatus.optional(),
  /** Matches the supervisor's or the target's name. */
  keyword: z.string().trim().max(64).optional(),
});
export const ZAssignRequest = z.object({
  taskId: ZId,
  kind: ZAssignmentKind,
  supervisorIds: z.array(ZId).min(1, { message: 'validation.selectOne' }).max(100),
  targetIds: z.array(ZId).min(1, { message: 'validation.selectOne' }).max(200),
});
export const ZAssignResponse = z.object({ created: z.number().int(), reassigned: z.number().int(), unchanged: z.number().int() });
export const ZChangeAssignmentsRequest = z.object({ ids: z.array(ZId).min(1, { message: 'validation.selectOne' }).max(500), action: ZAssignmentAction });

/** Pickers for assigning: courses and class sessions of the task's semester. */
export const ZCourseLookupRequest = z.object({ taskId: ZId, keyword: z.string().trim().max(64).optional(), pageSize: z.coerce.number().int().min(1).max(100).default(50) });
export const ZSessionLookupRequest = z.object({
  taskId: ZId,
  courseId: ZId,
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZCourseOption = z.object({ courseId: ZId, code: z.string(), name: z.string(), teacherName: z.string() });

// ---------------------------------------------------------------- what a supervisor attends

export const ZAssignedSession = z.object({
  sessionId: ZId,
  lessonDate: z.string(),
  week: z.number().int(),
  weekday: z.number().int(),
  sessionStart: z.number().int(),
  sessionEnd: z.number().int(),
  courseId: ZId,
  courseName: z.string(),
  courseCode: z.string(),
  teacher: ZPersonRef,
  classroomName: z.string().nullable(),
  taskId: ZId,
  taskName: z.string(),
});
export type TAssignedSession = z.infer<typeof ZAssignedSession>;
export const ZAssignedSessionPage = zPage(ZAssignedSession);
export const ZAssignmentPointsRequest = z
  .object({
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    /** Omitted: the signed-in person. Someone else needs the assignmentsPoint menu. */
    supervisorId: ZId.optional(),
    taskId: ZId.optional(),
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
  })
  .refine((v) => !v.from || !v.to || v.to >= v.from, { path: ['to'], message: 'validation.endBeforeStart' });
export const ZTaskSupervisorsQuery = z.object({ taskId: ZId });

export const ZAssignmentProgress = z.object({
  supervisor: ZPersonRef,
  teachers: z.number().int(),
  courses: z.number().int(),
  sessions: z.number().int(),
  /** Class sessions the supervisor may attend in the whole task period. */
  visible: z.number().int(),
  /** Of those, the ones already held (before now). */
  held: z.number().int(),
  /** Of those, the ones the supervisor attended: evaluated (submitted) by them. This is what the minimum counts. */
  attended: z.number().int(),
  minClasses: z.number().int(),
});
export type TAssignmentProgress = z.infer<typeof ZAssignmentProgress>;
export const ZAssignmentProgressPage = zPage(ZAssignmentProgress);
export const ZAssignmentProgressRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  taskId: ZId,
  keyword: z.string().trim().max(64).optional(),
});
