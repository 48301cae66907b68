/** The SQL of recorders, cameras, the recording settings and the video download log (docs/decisions/0016-repositories.md). */
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { accounts, buildings, cameras, classrooms, courseSessions, recorders, schoolSettings, videoDownloadLogs } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';

export type RecorderRow = typeof recorders.$inferSelect;
export type CameraRow = typeof cameras.$inferSelect;
export type RecorderFields = Partial<Pick<RecorderRow, 'name' | 'vendor' | 'onvifUrl' | 'username' | 'password'>>;
export type CameraFields = Partial<Pick<CameraRow, 'name' | 'frame' | 'streamUrl' | 'onvifUrl' | 'profileToken' | 'username' | 'password' | 'ptz' | 'talkBack' | 'sort' | 'recorderId'>>;
export type RecordingSettings = Partial<Pick<typeof schoolSettings.$inferInsert, 'recorderVideoView' | 'serverVideoView' | 'externalIp'>> & { updatedAt: Date };

export async function classroomExists(tx: Tx, id: string): Promise<boolean> {
  const [room] = await tx.select({ id: classrooms.id }).from(classrooms).where(eq(classrooms.id, id));
  return !!room;
}

// ---------------------------------------------------------------- recorders

/** The recorder of a room, or undefined. */
export async function recorderOfRoom(tx: Tx, classroomId: string): Promise<RecorderRow | undefined> {
  // index: recorders_classroom_uq (school_id, classroom_id)
  const [row] = await tx.select().from(recorders).where(eq(recorders.classroomId, classroomId));
  return row;
}

/** Updates the recorder `id` of room `classroomId`; the row, or undefined when the room has no such recorder. */
export async function updateRecorder(tx: Tx, id: string, classroomId: string, fields: RecorderFields): Promise<RecorderRow | undefined> {
  const [row] = await tx.update(recorders).set(fields).where(and(eq(recorders.id, id), eq(recorders.classroomId, classroomId))).returning();
  return row;
}

export async function insertRecorder(tx: Tx, schoolId: string, classroomId: string, fields: RecorderFields & { name: string }): Promise<RecorderRow> {
  const [row] = await tx.insert(recorders).values({ schoolId, classroomId, ...fields }).returning();
  return row!;
}

/** Points the room's cameras that have no recorder at `recorderId`. */
export async function attachCamerasToRecorder(tx: Tx, classroomId: string, recorderId: string): Promise<void> {
  await tx.update(cameras).set({ recorderId }).where(and(eq(cameras.classroomId, classroomId), isNull(cameras.recorderId)));
}

/** Deletes a recorder; false when there is none. */
export async function deleteRecorder(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.delete(recorders).where(eq(recorders.id, id)).returning({ id: recorders.id });
  return !!row;
}

/** Sets what a probe learnt of a recorder; its last-seen time, or undefined when there is no such recorder. */
export async function updateRecorderState(tx: Tx, id: string, state: Partial<Pick<RecorderRow, 'status' | 'lastSeenAt' | 'recording'>>) {
  const [row] = await tx.update(recorders).set(state).where(eq(recorders.id, id)).returning({ lastSeenAt: recorders.lastSeenAt });
  return row;
}

// ---------------------------------------------------------------- cameras

/** The cameras of a room, by sort. */
export function camerasOfRoom(tx: Tx, classroomId: string): Promise<CameraRow[]> {
  // index: cameras_classroom_idx (school_id, classroom_id, sort)
  return tx.select().from(cameras).where(eq(cameras.classroomId, classroomId)).orderBy(asc(cameras.sort), asc(cameras.id));
}

/** What the recording status shows of a room's cameras, by sort. */
export function cameraStatesOfRoom(tx: Tx, classroomId: string) {
  // index: cameras_classroom_idx (school_id, classroom_id, sort)
  return tx.select({ id: cameras.id, name: cameras.name, frame: cameras.frame, status: cameras.status })
    .from(cameras).where(eq(cameras.classroomId, classroomId)).orderBy(cameras.sort, cameras.id);
}

export async function cameraById(tx: Tx, id: string): Promise<CameraRow | undefined> {
  const [row] = await tx.select().from(cameras).where(eq(cameras.id, id));
  return row;
}

/** Updates the camera `id` of room `classroomId`; the row, or undefined when the room has no such camera. */
export async function updateCamera(tx: Tx, id: string, classroomId: string, fields: CameraFields): Promise<CameraRow | undefined> {
  const [row] = await tx.update(cameras).set(fields).where(and(eq(cameras.id, id), eq(cameras.classroomId, classroomId))).returning();
  return row;
}

export async function insertCamera(tx: Tx, schoolId: string, classroomId: string, fields: CameraFields & Pick<CameraRow, 'name' | 'frame'>): Promise<CameraRow | undefined> {
  const [row] = await tx.insert(cameras).values({ schoolId, classroomId, ...fields }).returning();
  return row;
}

/** Deletes a camera; false when there is none. */
export async function deleteCamera(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.delete(cameras).where(eq(cameras.id, id)).returning({ id: cameras.id });
  return !!row;
}

/** Sets a camera's sensitivity; the camera id and sensitivity, or undefined when there is no such camera. */
export async function updateSensitivity(tx: Tx, id: string, sensitivity: number) {
  const [row] = await tx.update(cameras).set({ sensitivity }).where(eq(cameras.id, id)).returning({ cameraId: cameras.id, sensitivity: cameras.sensitivity });
  return row;
}

export async function updateCameraStatus(tx: Tx, id: string, status: CameraRow['status']): Promise<void> {
  await tx.update(cameras).set({ status }).where(eq(cameras.id, id));
}

/** How to reach a recorder or a camera over ONVIF, or undefined when there is no such device. */
export async function deviceAccess(tx: Tx, kind: 'recorder' | 'camera', id: string) {
  const table = kind === 'recorder' ? recorders : cameras;
  const [device] = await tx.select({ onvifUrl: table.onvifUrl, username: table.username, password: table.password }).from(table).where(eq(table.id, id));
  return device;
}

// ---------------------------------------------------------------- recording settings

/** The school's recording settings, or undefined when it has no settings row. */
export async function recordingSettings(tx: Tx) {
  const [row] = await tx.select({ recorderVideoView: schoolSettings.recorderVideoView, serverVideoView: schoolSettings.serverVideoView, externalIp: schoolSettings.externalIp }).from(schoolSettings);
  return row;
}

export async function upsertRecordingSettings(tx: Tx, schoolId: string, set: RecordingSettings): Promise<void> {
  await tx.insert(schoolSettings).values({ schoolId, ...set }).onConflictDoUpdate({ target: schoolSettings.schoolId, set });
}

// ---------------------------------------------------------------- video download log

/** The room of a camera, or undefined when there is no such camera. */
export async function classroomOfCamera(tx: Tx, cameraId: string): Promise<string | undefined> {
  const [cam] = await tx.select({ classroomId: cameras.classroomId }).from(cameras).where(eq(cameras.id, cameraId));
  return cam?.classroomId;
}

export async function courseSessionExists(tx: Tx, id: string): Promise<boolean> {
  const [s] = await tx.select({ id: courseSessions.id }).from(courseSessions).where(eq(courseSessions.id, id));
  return !!s;
}

export async function insertDownloadLog(tx: Tx, row: Omit<typeof videoDownloadLogs.$inferInsert, 'id'>): Promise<string> {
  const [inserted] = await tx.insert(videoDownloadLogs).values(row).returning({ id: videoDownloadLogs.id });
  return inserted!.id;
}

const downloadLogWhere = (keyword?: string): SQL | undefined => {
  if (!keyword) return undefined;
  const p = containsPattern(keyword);
  return and(or(ilike(accounts.name, p), ilike(accounts.account, p), ilike(videoDownloadLogs.fileName, p), ilike(classrooms.name, p))!);
};

/** How many download log entries match a keyword (person, file or room). */
export async function countDownloadLogs(tx: Tx, keyword?: string): Promise<number> {
  // index: video_download_logs_time_idx (school_id, created_at)
  const [total] = await tx.select({ n: count() }).from(videoDownloadLogs)
    .innerJoin(accounts, eq(accounts.id, videoDownloadLogs.accountId))
    .leftJoin(classrooms, and(eq(classrooms.schoolId, videoDownloadLogs.schoolId), eq(classrooms.id, videoDownloadLogs.classroomId)))
    .where(downloadLogWhere(keyword));
  return Number(total?.n ?? 0);
}

/** A page of the download log entries matching a keyword, newest first. */
export function downloadLogPage(tx: Tx, q: { pageNum: number; pageSize: number; keyword?: string | undefined }) {
  // index: video_download_logs_time_idx (school_id, created_at)
  return tx.select({
    id: videoDownloadLogs.id, accountId: videoDownloadLogs.accountId, name: accounts.name, account: accounts.account,
    classroomId: videoDownloadLogs.classroomId, classroomName: classrooms.name, buildingName: buildings.name,
    cameraId: videoDownloadLogs.cameraId, cameraName: cameras.name, fileName: videoDownloadLogs.fileName,
    startAt: videoDownloadLogs.startAt, endAt: videoDownloadLogs.endAt, createdAt: videoDownloadLogs.createdAt,
  }).from(videoDownloadLogs)
    .innerJoin(accounts, eq(accounts.id, videoDownloadLogs.accountId))
    .leftJoin(classrooms, and(eq(classrooms.schoolId, videoDownloadLogs.schoolId), eq(classrooms.id, videoDownloadLogs.classroomId)))
    .leftJoin(buildings, and(eq(buildings.schoolId, classrooms.schoolId), eq(buildings.id, classrooms.buildingId)))
    .leftJoin(cameras, and(eq(cameras.schoolId, videoDownloadLogs.schoolId), eq(cameras.id, videoDownloadLogs.cameraId)))
    .where(downloadLogWhere(q.keyword)).orderBy(desc(videoDownloadLogs.createdAt), desc(videoDownloadLogs.id))
    .limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize);
}
