/** The classrooms import's SQL: buildings, rooms and their recorders (docs/decisions/0016-repositories.md). */
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { buildings, classrooms, recorders } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';

type ClassroomInsert = typeof classrooms.$inferInsert;
type RecorderInsert = typeof recorders.$inferInsert;
export type ClassroomNumbers = Pick<ClassroomInsert, 'floor' | 'capacity' | 'seatRows' | 'frontRows'>;
export type ClassroomExportFilter = { buildingId?: string; floor?: number; keyword?: string };

/** Every building of the school (also read by the courses import). */
export function allBuildings(tx: Tx) {
  return tx.select({ id: buildings.id, name: buildings.name }).from(buildings);
}

/** Every room of the school with its recorder, if any. */
export function roomsWithRecorders(tx: Tx) {
  return tx
    .select({ id: classrooms.id, buildingId: classrooms.buildingId, name: classrooms.name, recorderId: recorders.id })
    .from(classrooms)
    .leftJoin(recorders, and(eq(recorders.schoolId, classrooms.schoolId), eq(recorders.classroomId, classrooms.id)));
}

export function insertBuildings(tx: Tx, schoolId: string, names: string[], now: Date) {
  return tx.insert(buildings).values(names.map((name) => ({ schoolId, name, createdAt: now }))).returning({ id: buildings.id, name: buildings.name });
}

/** Inserts rooms; their ids come back in the order given. */
export function insertClassrooms(tx: Tx, rows: ClassroomInsert[]) {
  return tx.insert(classrooms).values(rows).returning({ id: classrooms.id });
}

export async function updateClassroom(tx: Tx, id: string, fields: ClassroomNumbers): Promise<void> {
  await tx.update(classrooms).set(fields).where(eq(classrooms.id, id));
}

export async function insertRecorders(tx: Tx, rows: RecorderInsert[]): Promise<void> {
  await tx.insert(recorders).values(rows);
}

export async function updateRecorder(tx: Tx, id: string, fields: { name: string; onvifUrl: string | null }): Promise<void> {
  await tx.update(recorders).set(fields).where(eq(recorders.id, id));
}

/** The rooms of the classrooms screen's filters with their buildings and recorders, in building and floor order. */
export function classroomExportRows(tx: Tx, f: ClassroomExportFilter) {
  const where: SQL[] = [];
  if (f.buildingId) where.push(eq(classrooms.buildingId, f.buildingId));
  if (f.floor !== undefined) where.push(eq(classrooms.floor, f.floor));
  if (f.keyword) where.push(or(ilike(classrooms.name, containsPattern(f.keyword)), ilike(buildings.name, containsPattern(f.keyword)))!);
  // index: classrooms_floor_idx (school_id, building_id, floor)
  return tx
    .select({ building: buildings.name, floor: classrooms.floor, room: classrooms.name, capacity: classrooms.capacity, seatRows: classrooms.seatRows, frontRows: classrooms.frontRows, recorderName: recorders.name, recorderOnvif: recorders.onvifUrl })
    .from(classrooms)
    .innerJoin(buildings, and(eq(buildings.schoolId, classrooms.schoolId), eq(buildings.id, classrooms.buildingId)))
    .leftJoin(recorders, and(eq(recorders.schoolId, classrooms.schoolId), eq(recorders.classroomId, classrooms.id)))
    .where(and(...where))
    .orderBy(asc(buildings.sort), asc(buildings.name), asc(classrooms.floor), asc(classrooms.name));
}
