/**
 * Buildings and classrooms: add, edit, delete, the building → floor → room tree and the front-row
 * settings. Every query runs in the school's transaction (row-level security); another school's
 * record is simply not found.
 */
import { and, asc, count, eq, gte, ilike, ne } from 'drizzle-orm';
import { zonedClock, type TClassroom, type TClassroomTree, type TFrontRowSettings, type TTreeCamera } from '@hxk/contracts';
import { buildings, cameras, classrooms, courseSessions, recorders, schoolSettings } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';
import { cameraOut, recorderOut } from './devices.service.ts';

// ---------------------------------------------------------------- buildings

export async function saveBuilding(ctx: MemberCtx, input: { id?: string | undefined; name: string; sort: number }) {
  return inSchool(ctx, async (tx) => {
    const [dup] = await tx.select({ id: buildings.id }).from(buildings).where(eq(buildings.name, input.name));
    if (dup && dup.id !== input.id) throw new AppError('building.nameTaken');
    const values = { name: input.name, sort: input.sort };
    const [row] = input.id
      ? await tx.update(buildings).set(values).where(eq(buildings.id, input.id)).returning()
      : await tx.insert(buildings).values({ schoolId: ctx.auth.schoolId, ...values }).returning();
    if (!row) throw new AppError('common.notFound');
    return { id: row.id, name: row.name, sort: row.sort };
  });
}

export async function deleteBuilding(ctx: MemberCtx, id: string) {
  await inSchool(ctx, async (tx) => {
    const [row] = await tx.select({ id: buildings.id }).from(buildings).where(eq(buildings.id, id));
    if (!row) throw new AppError('common.notFound');
    const [rooms] = await tx.select({ n: count() }).from(classrooms).where(eq(classrooms.buildingId, id));
    if (Number(rooms?.n ?? 0) > 0) throw new AppError('building.hasClassrooms', { count: Number(rooms!.n) });
    await tx.delete(buildings).where(eq(buildings.id, id));
  });
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
};
const roomJoin = and(eq(buildings.schoolId, classrooms.schoolId), eq(buildings.id, classrooms.buildingId));

async function roomById(tx: Tx, id: string): Promise<TClassroom> {
  const [row] = await tx.select(roomColumns).from(classrooms).innerJoin(buildings, roomJoin).where(eq(classrooms.id, id));
  if (!row) throw new AppError('common.notFound');
  return row;
}

export async function saveClassroom(
  ctx: MemberCtx,
  input: { id?: string | undefined; buildingId: string; floor: number; name: string; capacity: number; seatRows: number; frontRows: number; enabled: boolean },
) {
  return inSchool(ctx, async (tx) => {
    const [building] = await tx.select({ id: buildings.id }).from(buildings).where(eq(buildings.id, input.buildingId));
    if (!building) throw new AppError('common.notFound');
    const [dup] = await tx.select({ id: classrooms.id }).from(classrooms)
      .where(and(eq(classrooms.buildingId, input.buildingId), eq(classrooms.name, input.name), input.id ? ne(classrooms.id, input.id) : undefined));
    if (dup) throw new AppError('classroom.nameTaken');
    const values = { buildingId: input.buildingId, floor: input.floor, name: input.name, capacity: input.capacity, seatRows: input.seatRows, frontRows: input.frontRows, enabled: input.enabled };
    const [row] = input.id
      ? await tx.update(classrooms).set(values).where(eq(classrooms.id, input.id)).returning({ id: classrooms.id })
      : await tx.insert(classrooms).values({ schoolId: ctx.auth.schoolId, ...values }).returning({ id: classrooms.id });
    if (!row) throw new AppError('common.notFound');
    return roomById(tx, row.id);
  });
}

/** A room with class sessions still to come (today included) keeps its place in the timetable. */
export async function deleteClassroom(ctx: MemberCtx, id: string) {
  const today = zonedClock(ctx.deps.now(), ctx.deps.config.schoolTimezone).date;
  await inSchool(ctx, async (tx) => {
    await roomById(tx, id);
    const [future] = await tx.select({ n: count() }).from(courseSessions)
      .where(and(eq(courseSessions.classroomId, id), gte(courseSessions.lessonDate, today)));
    if (Number(future?.n ?? 0) > 0) throw new AppError('classroom.hasFutureSessions', { count: Number(future!.n) });
    await tx.delete(classrooms).where(eq(classrooms.id, id));
  });
}

export async function classroomDetail(ctx: MemberCtx, id: string) {
  return inSchool(ctx, async (tx) => {
    const room = await roomById(tx, id);
    const [recorder] = await tx.select().from(recorders).where(eq(recorders.classroomId, id));
    const cams = await tx.select().from(cameras).where(eq(cameras.classroomId, id)).orderBy(asc(cameras.sort), asc(cameras.id));
    return { ...room, recorder: recorder ? recorderOut(recorder) : null, cameras: cams.map(cameraOut) };
  });
}

/** GET classroom/tree: building → floor → room; flag 2 adds each room's cameras (patrol). */
export async function classroomTree(ctx: MemberCtx, flag: 1 | 2): Promise<TClassroomTree> {
  return inSchool(ctx, async (tx) => {
    const bs = await tx.select().from(buildings).orderBy(asc(buildings.sort), asc(buildings.name));
    const rooms = await tx.select().from(classrooms).orderBy(asc(classrooms.floor), asc(classrooms.name));
    const camsByRoom = new Map<string, TTreeCamera[]>();
    if (flag === 2 && rooms.length) {
      const cams = await tx
        .select({ id: cameras.id, classroomId: cameras.classroomId, name: cameras.name, frame: cameras.frame, streamUrl: cameras.streamUrl, status: cameras.status, ptz: cameras.ptz })
        .from(cameras).orderBy(asc(cameras.sort), asc(cameras.id));
      for (const { classroomId, ...c } of cams) camsByRoom.set(classroomId, [...(camsByRoom.get(classroomId) ?? []), c]);
    }
    return bs.map((b) => {
      const floors = new Map<number, TClassroomTree[number]['children'][number]>();
      for (const r of rooms.filter((x) => x.buildingId === b.id)) {
        const floor = floors.get(r.floor) ?? { type: 'floor' as const, id: `${b.id}:${r.floor}`, buildingId: b.id, floor: r.floor, children: [] };
        floor.children.push({
          type: 'classroom', id: r.id, name: r.name, buildingId: b.id, floor: r.floor, capacity: r.capacity, enabled: r.enabled,
          ...(flag === 2 ? { cameras: camsByRoom.get(r.id) ?? [] } : {}),
        });
        floors.set(r.floor, floor);
      }
      return { type: 'building' as const, id: b.id, name: b.name, sort: b.sort, children: [...floors.values()] };
    });
  });
}

// ---------------------------------------------------------------- front-row settings

export async function getFrontRowSettings(ctx: MemberCtx): Promise<TFrontRowSettings> {
  const [row] = await inSchool(ctx, (tx) =>
    tx.select({ frontRowEmptySeats: schoolSettings.frontRowEmptySeats, frontRowMinRate: schoolSettings.frontRowMinRate }).from(schoolSettings),
  );
  // A school without a settings row has the column defaults.
  return row ?? { frontRowEmptySeats: 0, frontRowMinRate: 60 };
}

export async function saveFrontRowSettings(ctx: MemberCtx, input: TFrontRowSettings) {
  await inSchool(ctx, (tx) =>
    tx.insert(schoolSettings).values({ schoolId: ctx.auth.schoolId, ...input, updatedAt: ctx.deps.now() })
      .onConflictDoUpdate({ target: schoolSettings.schoolId, set: { ...input, updatedAt: ctx.deps.now() } }),
  );
  return input;
}

export async function frontRowRooms(ctx: MemberCtx, q: { pageNum: number; pageSize: number; buildingId?: string | undefined; keyword?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const where = and(
      q.buildingId ? eq(classrooms.buildingId, q.buildingId) : undefined,
      q.keyword ? ilike(classrooms.name, containsPattern(q.keyword)) : undefined,
    );
    const [total] = await tx.select({ n: count() }).from(classrooms).where(where);
    const list = await tx.select(roomColumns).from(classrooms).innerJoin(buildings, roomJoin).where(where)
      .orderBy(asc(buildings.sort), asc(buildings.name), asc(classrooms.floor), asc(classrooms.name))
      .limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize);
    return { list, total: Number(total?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
  });
}

export async function saveFrontRowRoom(ctx: MemberCtx, input: { classroomId: string; seatRows: number; frontRows: number }) {
  return inSchool(ctx, async (tx) => {
    const [row] = await tx.update(classrooms).set({ seatRows: input.seatRows, frontRows: input.frontRows })
      .where(eq(classrooms.id, input.classroomId)).returning({ id: classrooms.id });
    if (!row) throw new AppError('common.notFound');
    return roomById(tx, row.id);
  });
}
