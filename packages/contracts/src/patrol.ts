/**
 * Real-time patrol of one classroom (issue 14): the classroom detail (/SCADA/Detail), the visits it
 * records, comments stamped with the moment of the video, attendance marked during patrol, and the
 * lists of inspection records and attendance records.
 */
import { z } from 'zod';
import { ZId, ZIdInput, ZPageRequest, zPage } from './common.ts';
import { ZCameraFrame, ZDeviceStatus } from './classrooms.ts';
import { ZCourseState } from './courses.ts';

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date' });
const ZPerson = z.object({ userId: ZId, name: z.string(), account: z.string() });

/** Attendance statuses of spec section 3. */
export const PATROL_ATTENDANCE_STATUSES = ['normal', 'late', 'earlyLeave', 'absent'] as const;
export const ZAttendanceStatus = z.enum(PATROL_ATTENDANCE_STATUSES);
export type TAttendanceStatus = z.infer<typeof ZAttendanceStatus>;

/** A visit not kept alive for this long counts as ended at its last heartbeat. */
export const VISIT_HEARTBEAT_MS = 30_000;
export const VISIT_STALE_MS = 120_000;
export const COMMENT_MAX = 500;

// ---------------------------------------------------------------- the room

export const ZPatrolDetailQuery = z.object({ classroomId: ZIdInput });
export const ZPatrolDetailCamera = z.object({ id: ZId, name: z.string(), frame: ZCameraFrame, status: ZDeviceStatus, ptz: z.boolean() });
export const ZPatrolClass = z.object({
  courseSessionId: ZId,
  courseName: z.string(),
  teacher: ZPerson,
  teachingClass: z.string().nullable(),
  lessonDate: z.string(),
  sessionStart: z.number().int(),
  sessionEnd: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  state: ZCourseState.nullable(),
  /** The attendance marked for this class (by anyone during patrol). */
  attendance: ZAttendanceStatus.nullable(),
});
export type TPatrolClass = z.infer<typeof ZPatrolClass>;
export const ZPatrolDetailRoom = z.object({
  classroomId: ZId,
  name: z.string(),
  buildingName: z.string(),
  floor: z.number().int(),
  recorder: z.object({ name: z.string(), status: ZDeviceStatus, recording: z.boolean() }).nullable(),
  /** Frames in display order (composite, teacher full, ...). */
  cameras: z.array(ZPatrolDetailCamera),
  /** The class under way or about to start now; null for "no class now". */
  current: ZPatrolClass.nullable(),
  /** Active warnings of the room now. */
  warnings: z.array(z.object({ level: z.string(), kind: z.string(), message: z.string().nullable(), startedAt: z.string() })),
});
export type TPatrolDetailRoom = z.infer<typeof ZPatrolDetailRoom>;

// ---------------------------------------------------------------- visits

export const ZStartVisitRequest = z.object({ classroomId: ZId });
export const ZVisitRequest = z.object({ visitId: ZId });
export const ZVisit = z.object({
  visitId: ZId,
  classroomId: ZId,
  courseSessionId: ZId.nullable(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  endedAt: z.string().nullable(),
  evaluationId: ZId.nullable(),
});
export type TVisit = z.infer<typeof ZVisit>;

export const ZAddCommentRequest = z.object({
  visitId: ZId,
  /** The wall-clock time of the live picture the comment refers to. */
  videoAt: z.iso.datetime({ offset: true, message: 'validation.invalid' }),
  content: z.string().trim().min(1, { message: 'validation.required' }).max(COMMENT_MAX, { message: 'validation.tooLong' }),
});
export const ZPatrolComment = z.object({
  id: ZId,
  visitId: ZId,
  courseSessionId: ZId.nullable(),
  author: ZPerson,
  videoAt: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type TPatrolComment = z.infer<typeof ZPatrolComment>;

export const ZPatrolEvaluateRequest = z.object({ visitId: ZId, templateId: ZId });
export const ZPatrolEvaluateResponse = z.object({ evaluationId: ZId, created: z.boolean() });

export const ZMarkAttendanceRequest = z.object({ visitId: ZId, status: ZAttendanceStatus });

// ---------------------------------------------------------------- inspection records

export const ZInspectionRecordsRequest = ZPageRequest.extend({
  dateFrom: ZIsoDate.optional(),
  dateTo: ZIsoDate.optional(),
  buildingId: ZId.optional(),
  classroomId: ZId.optional(),
  /** Course name or teacher name / account. */
  keyword: z.string().trim().max(50).optional(),
  supervisorId: ZId.optional(),
});
export const ZInspectionRecord = z.object({
  visitId: ZId,
  supervisor: ZPerson,
  classroomId: ZId,
  classroomName: z.string(),
  buildingName: z.string(),
  courseSessionId: ZId.nullable(),
  courseName: z.string().nullable(),
  teacherName: z.string().nullable(),
  startedAt: z.string(),
  /** Ended, or the last heartbeat of a visit that went quiet; null while it is going on. */
  endedAt: z.string().nullable(),
  ongoing: z.boolean(),
  durationSeconds: z.number().int(),
  comments: z.array(z.object({ id: ZId, videoAt: z.string(), content: z.string() })),
  evaluation: z.object({ evaluationId: ZId, status: z.string(), totalScore: z.number().nullable() }).nullable(),
  attendance: ZAttendanceStatus.nullable(),
});
export type TInspectionRecord = z.infer<typeof ZInspectionRecord>;
export const ZInspectionRecordPage = zPage(ZInspectionRecord);
export const ZRecordSupervisors = z.array(ZPerson);

// ---------------------------------------------------------------- attendance records

export const ZAttendanceFilters = z.object({
  dateFrom: ZIsoDate.optional(),
  dateTo: ZIsoDate.optional(),
  status: ZAttendanceStatus.optional(),
  /** Teacher name or account. */
  teacher: z.string().trim().max(50).optional(),
  buildingId: ZId.optional(),
});
export const ZAttendanceRecordsRequest = ZPageRequest.extend(ZAttendanceFilters.shape);
export const ZAttendanceExportQuery = ZAttendanceFilters;
export const ZAttendanceRecord = z.object({
  id: ZId,
  courseSessionId: ZId,
  courseName: z.string(),
  teacher: ZPerson,
  classroomName: z.string().nullable(),
  buildingName: z.string().nullable(),
  lessonDate: z.string(),
  sessionStart: z.number().int(),
  sessionEnd: z.number().int(),
  status: ZAttendanceStatus,
  markedBy: ZPerson,
  markedAt: z.string(),
});
export type TAttendanceRecord = z.infer<typeof ZAttendanceRecord>;
export const ZAttendanceRecordPage = zPage(ZAttendanceRecord);
