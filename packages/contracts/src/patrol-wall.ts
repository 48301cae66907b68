/** The real-time patrol wall (issue 14, /SCADA): the rooms a supervisor may watch, in three views. */
import { z } from 'zod';
import { ZId } from './common.ts';
import { ZCameraFrame, ZDeviceStatus } from './classrooms.ts';
import { ZCourseState } from './courses.ts';

/** By classroom (rooms picked from the building tree), by course (classes in session now), by supervision team. */
export const PATROL_VIEWS = ['classroom', 'course', 'team'] as const;
export const ZPatrolView = z.enum(PATROL_VIEWS);
export type TPatrolView = z.infer<typeof ZPatrolView>;

/** All; a camera not offline; a class under way (in class or warning in progress); an active warning. */
export const PATROL_FILTERS = ['all', 'online', 'inClass', 'warning'] as const;
export const ZPatrolFilter = z.enum(PATROL_FILTERS);
export type TPatrolFilter = z.infer<typeof ZPatrolFilter>;

export const PATROL_WARNING_LEVELS = ['mild', 'moderate', 'severe'] as const;
export const ZPatrolWarningLevel = z.enum(PATROL_WARNING_LEVELS);
export type TPatrolWarningLevel = z.infer<typeof ZPatrolWarningLevel>;

/** Auto-rotation pages no faster than this (seconds). */
export const PATROL_MIN_INTERVAL_SECONDS = 5;
/** Tiles per screen: each screen is a 2×2 grid (spec section 9, screen layouts). */
export const PATROL_TILES_PER_SCREEN = 4;
export const PATROL_SCREENS = [1, 2, 3] as const;

export const ZPatrolRoomsRequest = z.object({
  view: ZPatrolView.default('classroom'),
  filter: ZPatrolFilter.default('all'),
  /** Classroom view: the rooms chosen from the tree; absent or empty means every room in reach. */
  classroomIds: z.array(ZId).max(500).optional(),
  /** 1-based; a page past the end wraps to the start (rotation). */
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(36).default(PATROL_TILES_PER_SCREEN),
});
export type TPatrolRoomsRequest = z.input<typeof ZPatrolRoomsRequest>;

export const ZWallCamera = z.object({ cameraId: ZId, name: z.string(), frame: ZCameraFrame, status: ZDeviceStatus });
export type TWallCamera = z.infer<typeof ZWallCamera>;

export const ZWallRoom = z.object({
  classroomId: ZId,
  name: z.string(),
  buildingId: ZId,
  buildingName: z.string(),
  floor: z.number().int(),
  cameras: z.array(ZWallCamera),
  /** The camera a tile plays: the composite frame, else the first camera; null when the room has none. */
  playCameraId: ZId.nullable(),
  /** A camera of the room is not offline. */
  online: z.boolean(),
  /** The class in the room now (or about to start), from the timetable and the school clock. */
  course: z.object({
    courseSessionId: ZId,
    courseId: ZId,
    courseName: z.string(),
    teacherName: z.string(),
    state: ZCourseState,
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
  }).nullable(),
  /** The most severe active warning of the room or its class, with how many are active. */
  warning: z.object({ level: ZPatrolWarningLevel, kind: z.string(), message: z.string().nullable(), count: z.number().int() }).nullable(),
});
export type TWallRoom = z.infer<typeof ZWallRoom>;

export const ZPatrolCounts = z.object({ all: z.number().int(), online: z.number().int(), inClass: z.number().int(), warning: z.number().int() });

export const ZPatrolRoomsResponse = z.object({
  /** This page of the filtered rooms in rotation order: active warnings first (severe first), then building, floor, room. */
  list: z.array(ZWallRoom),
  total: z.number().int(),
  /** The page given (after wrapping past the end). */
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  /** Rooms of the view per filter, for the filter's labels. */
  counts: ZPatrolCounts,
});
export type TPatrolRoomsResponse = z.infer<typeof ZPatrolRoomsResponse>;

/** Building → floor → room: the rooms within the caller's patrol reach, to choose from. */
export const ZPatrolTree = z.array(z.object({
  buildingId: ZId,
  name: z.string(),
  floors: z.array(z.object({
    floor: z.number().int(),
    rooms: z.array(z.object({ classroomId: ZId, name: z.string(), online: z.boolean() })),
  })),
}));
export type TPatrolTree = z.infer<typeof ZPatrolTree>;
