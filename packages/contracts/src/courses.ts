/** Courses, their timetable sessions, the week view and today's classes with their state. */
import { z } from 'zod';
import { ZId, ZIdInput } from './common.ts';
import { COURSE_STATES } from './calendar-rules.ts';

export const ZCourseState = z.enum(COURSE_STATES);

const week = z.coerce.number().int().min(1, { message: 'validation.week' }).max(60, { message: 'validation.week' });
const weekday = z.coerce.number().int().min(1, { message: 'validation.weekday' }).max(7, { message: 'validation.weekday' });
const sessionNo = z.coerce.number().int().min(1, { message: 'validation.sessionNo' }).max(20, { message: 'validation.sessionNo' });

/** One timetable line of a course: weeks from-to (all, odd or even), a weekday, sessions from-to, a room. */
export const ZCourseSlotInput = z.object({
  weekFrom: week,
  weekTo: week,
  parity: z.enum(['all', 'odd', 'even']).default('all'),
  weekday,
  sessionStart: sessionNo,
  sessionEnd: sessionNo,
  classroomId: ZId.nullish(),
}).refine((s) => s.weekTo >= s.weekFrom, { message: 'validation.weekRange', path: ['weekTo'] })
  .refine((s) => s.sessionEnd >= s.sessionStart, { message: 'validation.sessionRange', path: ['sessionEnd'] });
export type TCourseSlotInput = z.infer<typeof ZCourseSlotInput>;

export const ZCourseSlot = z.object({
  weekFrom: z.number().int(),
  weekTo: z.number().int(),
  parity: z.enum(['all', 'odd', 'even']),
  weekday: z.number().int(),
  sessionStart: z.number().int(),
  sessionEnd: z.number().int(),
  classroomId: ZId.nullable(),
  classroomName: z.string().nullable(),
});
export type TCourseSlot = z.infer<typeof ZCourseSlot>;

const text = (max: number) => z.string().trim().max(max, { message: 'validation.tooLong' });

export const ZSaveCourseRequest = z.object({
  id: ZId.optional(),
  semesterId: ZId,
  name: text(64).min(1, { message: 'validation.required' }),
  code: text(32).min(1, { message: 'validation.required' }),
  orgUnitId: ZId.nullish(),
  teacherId: ZId,
  teachingClass: text(100).nullish(),
  studentCount: z.coerce.number().int({ message: 'validation.studentCount' }).min(0, { message: 'validation.studentCount' }).max(10000, { message: 'validation.studentCount' }).default(0),
  /** The whole timetable of the course; sessions not listed are removed, matching ones keep their ids. */
  slots: z.array(ZCourseSlotInput).max(50, { message: 'validation.tooMany' }).default([]),
});
export type TSaveCourseRequest = z.infer<typeof ZSaveCourseRequest>;

export const ZCourse = z.object({
  id: ZId,
  semesterId: ZId,
  code: z.string(),
  name: z.string(),
  orgUnitId: ZId.nullable(),
  orgUnitName: z.string().nullable(),
  teacherId: ZId,
  teacherName: z.string(),
  teacherAccount: z.string(),
  teachingClass: z.string().nullable(),
  studentCount: z.number().int(),
  sessionCount: z.number().int(),
  slots: z.array(ZCourseSlot),
  /** State of its class today (the one in progress, else the next, else the last); null without a class today. */
  state: ZCourseState.nullable(),
});
export type TCourse = z.infer<typeof ZCourse>;

export const ZCourseListRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  semesterId: ZId.optional(),
  /** A college or department: courses of it and of every unit below it. */
  orgUnitId: ZId.optional(),
  teacherId: ZId.optional(),
  keyword: z.string().trim().max(64).optional(),
  week: week.optional(),
  weekday: weekday.optional(),
  session: sessionNo.optional(),
  classroomId: ZId.optional(),
});
export type TCourseListRequest = z.infer<typeof ZCourseListRequest>;
export const ZCoursePage = z.object({ list: z.array(ZCourse), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });

export const ZCourseIdQuery = z.object({ id: ZIdInput });
export const ZDeleteCoursesRequest = z.object({ ids: z.array(ZId).min(1, { message: 'validation.selectOne' }).max(200) });

/** A class meeting as the week view and the day view show it. */
export const ZClassEntry = z.object({
  courseSessionId: ZId,
  courseId: ZId,
  courseName: z.string(),
  courseCode: z.string(),
  teacherId: ZId,
  teacherName: z.string(),
  orgUnitName: z.string().nullable(),
  classroomId: ZId.nullable(),
  classroomName: z.string().nullable(),
  teachingClass: z.string().nullable(),
  lessonDate: z.string(),
  weekday: z.number().int(),
  sessionStart: z.number().int(),
  sessionEnd: z.number().int(),
  /** 'HH:mm' from the session times; null when a session number has no time set. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  state: ZCourseState.nullable(),
});
export type TClassEntry = z.infer<typeof ZClassEntry>;

export const ZTimetableRequest = z.object({
  semesterId: ZId,
  week,
  classroomId: ZId.optional(),
  teacherId: ZId.optional(),
  orgUnitId: ZId.optional(),
});
export type TTimetableRequest = z.infer<typeof ZTimetableRequest>;
export const ZTimetable = z.object({
  semesterId: ZId,
  week: z.number().int(),
  today: z.string(),
  /** Monday first. */
  dates: z.array(z.string()),
  sessions: z.array(z.object({ sessionNo: z.number().int(), start: z.string(), end: z.string() })),
  /** One cell per weekday and starting session that has classes. */
  cells: z.array(z.object({ weekday: z.number().int(), sessionStart: z.number().int(), entries: z.array(ZClassEntry) })),
});
export type TTimetable = z.infer<typeof ZTimetable>;

export const ZDayRequest = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date' }).optional(), classroomId: ZIdInput.optional() });
export const ZDayClasses = z.object({ date: z.string(), today: z.string(), list: z.array(ZClassEntry) });

/** Pickers of the schedule screens: departments (tree as a flat list), classrooms, and teachers found by name. */
export const ZScheduleOptions = z.object({
  units: z.array(z.object({ id: ZId, parentId: ZId.nullable(), name: z.string(), kind: z.string() })),
  classrooms: z.array(z.object({ id: ZId, name: z.string(), buildingName: z.string() })),
});
export const ZTeacherOptionsQuery = z.object({ keyword: z.string().trim().max(64).optional(), id: ZIdInput.optional() });
export const ZTeacherOptions = z.array(z.object({
  id: ZId,
  name: z.string(),
  account: z.string(),
  /** The person's department, where the list gives it (a new course takes it as its department). */
  orgUnitId: ZId.nullable().optional(),
}));
