/** The SQL of buildings, classrooms and the front-row settings (docs/decisions/0016-repositories.md). */
import { and, asc, count, eq, gte, ilike, ne } from 'drizzle-orm';
import { buildings, cameras, classrooms, courseSessions, schoolSettings } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';

export type BuildingFields = Pick<typeof buildings.$inferInsert, 'name' | 'sort'>;
export type ClassroomFields = Pick<typeof classrooms.$inferInsert, 'buildingId' | 'floor' | 'name' | 'capacity' | 'seatRows' | 'frontRows' | 'enabled'> & Partial<Pick<typeof classrooms.$inferInsert, 'liveAnalysis'>>;
export type FrontRowFields = Pick<typeof schoolSettings.$inferSelect, 'frontRowEmptySeats' | 'frontRowMinRate'>;

// ---------------------------------------------------------------- buildings

export async function buildingIdByName(tx: Tx, name: string): Promise<string | undefined> {
  // index: buildings_name_uq (school_id, name)
  const [row] = await tx.select({ id: buildings.id }).from(buildings).where(eq(buildings.name, name));
  return row?.id;
}

export async function buildingExists(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: buildings.id }).from(buildings).where(eq(buildings.id, id));
  return !!row;
}

/** Updates a building; the row, or undefined when there is none. */
export async function updateBuilding(tx: Tx, id: string, fields: BuildingFields) {
  const [row] = await tx.update(buildings).set(fields).where(eq(buildings.id, id)).returning();
  return row;
}

export async function insertBuilding(tx: Tx, schoolId: string, fields: BuildingFields) {
  const [row] = await tx.insert(buildings).values({ schoolId, ...fields }).returning();
  return row;
}

/** How many classrooms a building has. */
export async function classroomCount(tx: Tx, buildingId: string): Promise<number> {
  // index: classrooms_floor_idx (school_id, building_id, floor)
  const [rooms] = await tx.select({ n: count() }).from(classrooms).where(eq(classrooms.buildingId, buildingId));
  return Number(rooms?.n ?? 0);
}

export async function deleteBuilding(tx: Tx, id: string): Promise<void> {
  await tx.delete(buildings).where(eq(buildings.id, id));
}

// ---------------------------------------------------------------- classrooms

const roomColumns = {
  id: classrooms.id,
  buildingId: classrooms.buildingId,
  buildingName: buildings.name,
  floor: classrooms.floor,
  name: classrooms.name,
  capacity: classrooms.capacity,
  seatRows: classrooms.seatRows,
  frontRows: classrooms.frontRows,
  enabled: classrooms.enabled,
  liveAnalysis: classrooms.liveAnalysis,
};
const roomJoin = and(eq(buildings.schoolId, classrooms.schoolId), eq(buildings.id, classrooms.buildingId));

/** A classroom with its building's name, or undefined. */
export async function roomById(tx: Tx, id: string) {
  // index: classrooms_school_id_id_pk (school_id, id)
  const [row] = await tx.select(roomColumns).from(classrooms).innerJoin(buildings, roomJoin).where(eq(classrooms.id, id));
  return row;
}

/** Whether another classroom of the building (than `exceptId`) has the name. */
export async function classroomNameTaken(tx: Tx, buildingId: string, name: string, exceptId?: string): Promise<boolean> {
  // index: classrooms_name_uq (school_id, building_id, name)
  const [dup] = await tx.select({ id: classrooms.id }).from(classrooms)
    .where(and(eq(classrooms.buildingId, buildingId), eq(classrooms.name, name), exceptId ? ne(classrooms.id, exceptId) : undefined));
  return !!dup;
}

/** Updates a classroom; its id, or undefined when there is none. */
export async function updateClassroom(tx: Tx, id: string, fields: Partial<ClassroomFields>): Promise<string | undefined> {
  const [row] = await tx.update(classrooms).set(fields).where(eq(classrooms.id, id)).returning({ id: classrooms.id });
  return row?.id;
}

export async function insertClassroom(tx: Tx, schoolId: string, fields: ClassroomFields): Promise<string | undefined> {
  const [row] = await tx.insert(classrooms).values({ schoolId, ...fields }).returning({ id: classrooms.id });
  return row?.id;
}

/** How many class meetings a room has on `from` or later. */
export async function meetingCountFrom(tx: Tx, classroomId: string, from: string): Promise<number> {
  // index: course_sessions_room_idx (school_id, classroom_id, lesson_date)
  const [future] = await tx.select({ n: count() }).from(courseSessions)
    .where(and(eq(courseSessions.classroomId, classroomId), gte(courseSessions.lessonDate, from)));
  return Number(future?.n ?? 0);
}

export async function deleteClassroom(tx: Tx, id: string): Promise<void> {
  await tx.delete(classrooms).where(eq(classrooms.id, id));
}

/** Every building, by sort then name. */
export function buildingsInOrder(tx: Tx) {
  // index: buildings_school_id_id_pk (school_id, id) for the school's rows, sorted after
  return tx.select().from(buildings).orderBy(asc(buildings.sort), asc(buildings.name));
}

/** Every classroom, by floor then name. */
export function classroomsInOrder(tx: Tx) {
  // index: classrooms_school_id_id_pk (school_id, id) for the school's rows, sorted after
  return tx.select().from(classrooms).orderBy(asc(classrooms.floor), asc(classrooms.name));
}

/** Every camera (what the patrol tree shows of it), by sort. */
export function treeCameras(tx: Tx) {
  // index: cameras_school_id_id_pk (school_id, id) for the school's rows, sorted after
  return tx
    .select({ id: cameras.id, classroomId: cameras.classroomId, name: cameras.name, frame: cameras.frame, streamUrl: cameras.streamUrl, status: cameras.status, ptz: cameras.ptz })
    .from(cameras).orderBy(asc(cameras.sort), asc(cameras.id));
}

// ---------------------------------------------------------------- front-row settings

/** The school's front-row settings, or undefined when it has no settings row. */
export async function frontRowSettings(tx: Tx): Promise<FrontRowFields | undefined> {
  const [row] = await tx.select({ frontRowEmptySeats: schoolSettings.frontRowEmptySeats, frontRowMinRate: schoolSettings.frontRowMinRate }).from(schoolSettings);
  return row;
}

export async function upsertFrontRowSettings(tx: Tx, schoolId: string, fields: FrontRowFields, now: Date): Promise<void> {
  await tx.insert(schoolSettings).values({ schoolId, ...fields, updatedAt: now })
    .onConflictDoUpdate({ target: schoolSettings.schoolId, set: { ...fields, updatedAt: now } });
}

export type FrontRowFilter = { buildingId?: string | undefined; keyword?: string | undefined };

const frontRowWhere = (q: FrontRowFilter) => and(
  q.buildingId ? eq(classrooms.buildingId, q.buildingId) : undefined,
  q.keyword ? ilike(classrooms.name, containsPattern(q.keyword)) : undefined,
);

/** How many classrooms the front-row list's filters match. */
export async function countFrontRowRooms(tx: Tx, q: FrontRowFilter): Promise<number> {
  // index: classrooms_floor_idx (school_id, building_id, floor) for a building
  const [total] = await tx.select({ n: count() }).from(classrooms).where(frontRowWhere(q));
  return Number(total?.n ?? 0);
}

/** A page of the classrooms the front-row list's filters match, by building, floor and name. */
export function frontRowRoomPage(tx: Tx, q: FrontRowFilter & { pageNum: number; pageSize: number }) {
  // index: classrooms_floor_idx (school_id, building_id, floor) for a building
  return tx.select(roomColumns).from(classrooms).innerJoin(buildings, roomJoin).where(frontRowWhere(q))
    .orderBy(asc(buildings.sort), asc(buildings.name), asc(classrooms.floor), asc(classrooms.name))
    .limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize);
}
