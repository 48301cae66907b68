/**
 * Classrooms and their devices (issue 4): buildings, rooms, the recorder and cameras of each room,
 * recording settings, camera sensitivity, PTZ, device status, the video download log and the
 * front-row settings.
 */
import { z } from 'zod';
import { ZId, ZIdInput, zPage } from './common.ts';
import { CAMERA_FRAMES, CLASSROOM_TREE_FLAG_DEFAULT, RECORDING_OPTION } from './constants.ts';

const name = (max: number) => z.string().trim().min(1, { message: 'validation.required' }).max(max, { message: 'validation.tooLong' });
/** A whole number in [min, max]; the message key names the range the user must keep to. */
const wholeNumber = (min: number, max: number, message: string) => z.number({ message }).int({ message }).min(min, { message }).max(max, { message });
/** Device addresses: http(s) for ONVIF; http(s), ws(s) or webrtc for play addresses. */
export const ZDeviceUrl = z.string().trim().max(500, { message: 'validation.tooLong' }).regex(/^https?:\/\/[^\s]+$/, { message: 'validation.deviceUrl' });
export const ZStreamUrl = z.string().trim().max(500, { message: 'validation.tooLong' }).regex(/^(rtsps?|https?|wss?|webrtc):\/\/[^\s]+$/, { message: 'validation.streamUrl' });
const optional = <T extends z.ZodType>(s: T) => z.union([s, z.literal('').transform(() => null), z.null()]).optional();

export const DEVICE_STATUSES = ['online', 'offline', 'unknown'] as const;
export const ZDeviceStatus = z.enum(DEVICE_STATUSES);
export const ZCameraFrame = z.enum(CAMERA_FRAMES);
export type TCameraFrame = z.infer<typeof ZCameraFrame>;
export const PTZ_COMMANDS = ['up', 'down', 'left', 'right', 'zoomIn', 'zoomOut', 'stop'] as const;
export const ZPtzCommand = z.enum(PTZ_COMMANDS);
export type TPtzCommand = z.infer<typeof ZPtzCommand>;

export const CLASSROOM_LIMITS = { capacity: 10000, seatRows: 200, floor: { min: -5, max: 200 } } as const;
export const FRONT_ROW_LIMITS = { emptySeats: 10000, rate: 100 } as const;

// ---------------------------------------------------------------- buildings and rooms

export const ZSaveBuildingRequest = z.object({ id: ZId.optional(), name: name(50), sort: z.number().int().min(0).max(9999).default(0) });
export const ZBuilding = z.object({ id: ZId, name: z.string(), sort: z.number().int() });
export const ZRecordIdBody = z.object({ id: ZId });
export const ZRecordIdQuery = z.object({ id: ZIdInput });

export const ZSaveClassroomRequest = z
  .object({
    id: ZId.optional(),
    buildingId: ZId,
    floor: wholeNumber(CLASSROOM_LIMITS.floor.min, CLASSROOM_LIMITS.floor.max, 'validation.floor'),
    name: name(50),
    capacity: wholeNumber(0, CLASSROOM_LIMITS.capacity, 'validation.capacity').default(0),
    seatRows: wholeNumber(0, CLASSROOM_LIMITS.seatRows, 'validation.seatRows').default(0),
    frontRows: wholeNumber(0, CLASSROOM_LIMITS.seatRows, 'validation.seatRows').default(0),
    enabled: z.boolean().default(true),
    /** Classes in the room analysed live (when the deployment analyses live); absent keeps the room's (a new room: on). */
    liveAnalysis: z.boolean().optional(),
  })
  .refine((r) => r.frontRows <= r.seatRows, { message: 'validation.frontRows', path: ['frontRows'] });
export type TSaveClassroomRequest = z.input<typeof ZSaveClassroomRequest>;

export const ZClassroom = z.object({
  id: ZId,
  buildingId: ZId,
  buildingName: z.string(),
  floor: z.number().int(),
  name: z.string(),
  capacity: z.number().int(),
  seatRows: z.number().int(),
  frontRows: z.number().int(),
  enabled: z.boolean(),
  liveAnalysis: z.boolean(),
});
export type TClassroom = z.infer<typeof ZClassroom>;

// ---------------------------------------------------------------- recorders and cameras

/** A password field of a device: absent keeps the stored one, null (or '') removes it. */
const ZDevicePassword = z.union([z.string().max(128, { message: 'validation.tooLong' }), z.null()]).optional();

export const ZSaveRecorderRequest = z.object({
  id: ZId.optional(),
  classroomId: ZId,
  name: name(50),
  vendor: optional(z.string().trim().max(50, { message: 'validation.tooLong' })),
  onvifUrl: optional(ZDeviceUrl),
  username: optional(z.string().trim().max(64, { message: 'validation.tooLong' })),
  password: ZDevicePassword,
});
export type TSaveRecorderRequest = z.input<typeof ZSaveRecorderRequest>;

/** Credentials never leave the server: `hasPassword` says whether one is stored. */
export const ZRecorder = z.object({
  id: ZId,
  classroomId: ZId,
  name: z.string(),
  vendor: z.string().nullable(),
  onvifUrl: z.string().nullable(),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  status: ZDeviceStatus,
  recording: z.boolean(),
  lastSeenAt: z.string().nullable(),
});
export type TRecorder = z.infer<typeof ZRecorder>;

export const ZSaveCameraRequest = z.object({
  id: ZId.optional(),
  classroomId: ZId,
  name: name(50),
  frame: ZCameraFrame,
  streamUrl: optional(ZStreamUrl),
  onvifUrl: optional(ZDeviceUrl),
  profileToken: optional(z.string().trim().max(64, { message: 'validation.tooLong' })),
  username: optional(z.string().trim().max(64, { message: 'validation.tooLong' })),
  password: ZDevicePassword,
  ptz: z.boolean().default(false),
  /** Shouting reaches the room through this camera's ONVIF audio backchannel (needs an rtsp:// stream address). */
  talkBack: z.boolean().default(false),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type TSaveCameraRequest = z.input<typeof ZSaveCameraRequest>;

export const ZCamera = z.object({
  id: ZId,
  classroomId: ZId,
  recorderId: ZId.nullable(),
  name: z.string(),
  frame: ZCameraFrame,
  streamUrl: z.string().nullable(),
  onvifUrl: z.string().nullable(),
  profileToken: z.string().nullable(),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  ptz: z.boolean(),
  talkBack: z.boolean(),
  sensitivity: z.number().int(),
  status: ZDeviceStatus,
  sort: z.number().int(),
});
export type TCamera = z.infer<typeof ZCamera>;

export const ZClassroomDetail = ZClassroom.extend({ recorder: ZRecorder.nullable(), cameras: z.array(ZCamera) });
export type TClassroomDetail = z.infer<typeof ZClassroomDetail>;

// ---------------------------------------------------------------- the classroom tree

export const ZClassroomTreeQuery = z.object({ flag: z.coerce.number().int().pipe(z.union([z.literal(1), z.literal(2)])).default(CLASSROOM_TREE_FLAG_DEFAULT) });
export const ZTreeCamera = z.object({ id: ZId, name: z.string(), frame: ZCameraFrame, streamUrl: z.string().nullable(), status: ZDeviceStatus, ptz: z.boolean() });
export const ZTreeRoom = z.object({
  type: z.literal('classroom'),
  id: ZId,
  name: z.string(),
  buildingId: ZId,
  floor: z.number().int(),
  capacity: z.number().int(),
  enabled: z.boolean(),
  /** flag 2 only: the room's cameras (for patrol). */
  cameras: z.array(ZTreeCamera).optional(),
});
export const ZTreeFloor = z.object({ type: z.literal('floor'), id: z.string(), buildingId: ZId, floor: z.number().int(), children: z.array(ZTreeRoom) });
export const ZTreeBuilding = z.object({ type: z.literal('building'), id: ZId, name: z.string(), sort: z.number().int(), children: z.array(ZTreeFloor) });
export const ZClassroomTree = z.array(ZTreeBuilding);
export type TClassroomTree = z.infer<typeof ZClassroomTree>;
export type TTreeRoom = z.infer<typeof ZTreeRoom>;
export type TTreeCamera = z.infer<typeof ZTreeCamera>;

// ---------------------------------------------------------------- recording settings

const ZFlag = z.union([z.literal(0), z.literal(1)], { message: 'validation.invalid' });
export const ZRecorderSettings = z.object({ recorderVideoView: ZFlag, serverVideoView: ZFlag, externalIp: z.string().nullable() });
export type TRecorderSettings = z.infer<typeof ZRecorderSettings>;
/** A host name or IP, optionally with a port, or a full http(s) address. */
export const ZExternalAddress = z.string().trim().max(200, { message: 'validation.tooLong' })
  .regex(/^(https?:\/\/)?[A-Za-z0-9.-]+(:\d{1,5})?(\/[^\s]*)?$/, { message: 'validation.externalIp' });
export const ZSaveRecorderSettingsRequest = z.object({ recorderVideoView: ZFlag, serverVideoView: ZFlag, externalIp: optional(ZExternalAddress) });
export const ZExternalInfo = z.object({ externalIp: z.string().nullable() });

export type TRecordingViewOption = { label: 'recorderRecording' | 'cameraRecording'; value: 1 | 2 };

/**
 * The recording views patrol offers (spec section 4): recorderVideoView 1 gives "Recorder Recording"
 * (value 1), serverVideoView 1 gives "Camera Recording" (value 2). Labels are i18n keys.
 */
export function recordingViewOptions(s: { recorderVideoView: number; serverVideoView: number }): TRecordingViewOption[] {
  const options: TRecordingViewOption[] = [];
  if (s.recorderVideoView === 1) options.push({ label: 'recorderRecording', value: RECORDING_OPTION.recorder });
  if (s.serverVideoView === 1) options.push({ label: 'cameraRecording', value: RECORDING_OPTION.camera });
  return options;
}

// ---------------------------------------------------------------- sensitivity, PTZ, status, probe

export const ZSensitivityRequest = z.object({ cameraId: ZId, sensitivity: wholeNumber(0, 100, 'validation.percent') });
export const ZSensitivityQuery = z.object({ cameraId: ZIdInput });
export const ZSensitivity = z.object({ cameraId: ZId, sensitivity: z.number().int() });

export const ZPtzRequest = z.object({ cameraId: ZId, command: ZPtzCommand, speed: z.number().int().min(1).max(100).default(50) });
export const ZPtzResponse = z.object({ cameraId: ZId, command: ZPtzCommand });

export const ZRecordStatusQuery = z.object({ classroomId: ZIdInput });
export const ZRecordStatus = z.object({
  classroomId: ZId,
  recording: z.boolean(),
  recorder: z.object({ id: ZId, name: z.string(), status: ZDeviceStatus, recording: z.boolean(), lastSeenAt: z.string().nullable() }).nullable(),
  cameras: z.array(z.object({ id: ZId, name: z.string(), frame: ZCameraFrame, status: ZDeviceStatus })),
});
export type TRecordStatus = z.infer<typeof ZRecordStatus>;

export const ZProbeRequest = z.object({ kind: z.enum(['recorder', 'camera']), id: ZId });
export const ZProbeResponse = z.object({
  status: ZDeviceStatus,
  lastSeenAt: z.string().nullable(),
  /** What the device said about itself (GetDeviceInformation), when it answered. */
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  /** A recorder's recording state from its ONVIF recording service; null when unknown (or a camera). */
  recording: z.boolean().nullable(),
  /** Why it is offline, in the caller's language. */
  error: z.string().nullable(),
});
export type TProbeResponse = z.infer<typeof ZProbeResponse>;

// ---------------------------------------------------------------- video download log

export const ZSaveDownloadLogRequest = z.object({
  classroomId: ZId.optional(),
  cameraId: ZId.optional(),
  courseSessionId: ZId.optional(),
  fileName: z.string().trim().max(255, { message: 'validation.tooLong' }).optional(),
  startAt: z.iso.datetime({ offset: true, message: 'validation.invalid' }).optional(),
  endAt: z.iso.datetime({ offset: true, message: 'validation.invalid' }).optional(),
});
export const ZDownloadLogPageRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(64).optional(),
});
export const ZDownloadLog = z.object({
  id: ZId,
  accountId: ZId,
  name: z.string(),
  account: z.string(),
  classroomId: ZId.nullable(),
  classroomName: z.string().nullable(),
  buildingName: z.string().nullable(),
  cameraId: ZId.nullable(),
  cameraName: z.string().nullable(),
  fileName: z.string().nullable(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TDownloadLog = z.infer<typeof ZDownloadLog>;
export const ZDownloadLogPage = zPage(ZDownloadLog);

// ---------------------------------------------------------------- front-row settings

export const ZFrontRowSettings = z.object({
  frontRowEmptySeats: wholeNumber(0, FRONT_ROW_LIMITS.emptySeats, 'validation.emptySeats'),
  frontRowMinRate: wholeNumber(0, FRONT_ROW_LIMITS.rate, 'validation.percent'),
});
export type TFrontRowSettings = z.infer<typeof ZFrontRowSettings>;
export const ZFrontRowRoomsRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  buildingId: ZId.optional(),
  keyword: z.string().trim().max(50).optional(),
});
export const ZFrontRowRoomsPage = zPage(ZClassroom);
export const ZSaveFrontRowRoomRequest = z
  .object({
    classroomId: ZId,
    seatRows: wholeNumber(0, CLASSROOM_LIMITS.seatRows, 'validation.seatRows'),
    frontRows: wholeNumber(0, CLASSROOM_LIMITS.seatRows, 'validation.seatRows'),
  })
  .refine((r) => r.frontRows <= r.seatRows, { message: 'validation.frontRows', path: ['frontRows'] });
