/** Classroom usage situation (issue 14, /ClassroomUsageSituation): which rooms are used or free per session of a teaching week. */
import { z } from 'zod';
import { ZId, ZIdInput } from './common.ts';

const ZDeviceStatus = z.enum(['online', 'offline', 'unknown']);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date' });

export const ZUsageWeekRequest = z.object({
  semesterId: ZIdInput,
  week: z.coerce.number().int().min(1, { message: 'validation.week' }).max(60, { message: 'validation.week' }),
  buildingId: ZIdInput.optional(),
});
export type TUsageWeekRequest = z.input<typeof ZUsageWeekRequest>;

/** A room's devices: its cameras by status and its recorder's status (null without a recorder). */
export const ZUsageDevices = z.object({
  camerasOnline: z.number().int(),
  camerasOffline: z.number().int(),
  camerasTotal: z.number().int(),
  recorder: ZDeviceStatus.nullable(),
});
export type TUsageDevices = z.infer<typeof ZUsageDevices>;

export const ZUsageRoom = z.object({
  id: ZId,
  name: z.string(),
  buildingId: ZId,
  buildingName: z.string(),
  floor: z.number().int(),
  devices: ZUsageDevices,
  /** Sessions used on each day of the week, Monday first (7 numbers). */
  usedByDay: z.array(z.number().int()),
  used: z.number().int(),
  /** Sessions of the week: the school's daily sessions × 7 days. */
  total: z.number().int(),
  /** used / total in percent, one decimal. */
  occupancy: z.number(),
});
export type TUsageRoom = z.infer<typeof ZUsageRoom>;

export const ZUsageWeek = z.object({
  semesterId: ZId,
  semesterName: z.string(),
  week: z.number().int(),
  weekCount: z.number().int(),
  today: z.string(),
  /** Monday first. */
  dates: z.array(z.string()),
  sessions: z.array(z.object({ sessionNo: z.number().int(), start: z.string(), end: z.string() })),
  /** The buildings to filter by (all of the school's, whatever the filter). */
  buildings: z.array(z.object({ id: ZId, name: z.string() })),
  rooms: z.array(ZUsageRoom),
  /** Rooms in use at each day and session: bySlot[day][session index]. */
  bySlot: z.array(z.array(z.number().int())),
  totals: z.object({
    rooms: z.number().int(),
    usedByDay: z.array(z.number().int()),
    used: z.number().int(),
    total: z.number().int(),
    occupancy: z.number(),
  }),
});
export type TUsageWeek = z.infer<typeof ZUsageWeek>;

export const ZUsageRoomDayRequest = z.object({ classroomId: ZIdInput, date: isoDate });
export type TUsageRoomDayRequest = z.input<typeof ZUsageRoomDayRequest>;

export const ZUsageClass = z.object({
  courseSessionId: ZId,
  courseId: ZId,
  courseCode: z.string(),
  courseName: z.string(),
  teacherName: z.string(),
  teachingClass: z.string().nullable(),
  sessionStart: z.number().int(),
  sessionEnd: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type TUsageClass = z.infer<typeof ZUsageClass>;

/** One room's day: every session, used (with its class) or free, and the room's devices. */
export const ZUsageRoomDay = z.object({
  classroom: z.object({ id: ZId, name: z.string(), buildingName: z.string(), floor: z.number().int() }),
  date: z.string(),
  weekday: z.number().int(),
  devices: ZUsageDevices,
  cameras: z.array(z.object({ id: ZId, name: z.string(), frame: z.string(), status: ZDeviceStatus })),
  slots: z.array(z.object({ sessionNo: z.number().int(), start: z.string(), end: z.string(), class: ZUsageClass.nullable() })),
  classes: z.array(ZUsageClass),
});
export type TUsageRoomDay = z.infer<typeof ZUsageRoomDay>;
