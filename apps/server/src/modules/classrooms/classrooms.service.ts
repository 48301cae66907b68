/**
 * Buildings and classrooms: add, edit, delete, the building → floor → room tree and the front-row
 * settings. Every query runs in the school's transaction (row-level security); another school's
 * record is simply not found.
 */
import { zonedClock, type TClassroom, type TClassroomTree, type TFrontRowSettings, type TTreeCamera } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import * as repo from './classrooms.repo.ts';
import * as devicesRepo from './devices.repo.ts';
import { cameraOut, recorderOut } from './devices.service.ts';
import { createWithinLimit } from '../licence/licence.service.ts';

// ---------------------------------------------------------------- buildings

export async function saveBuilding(ctx: MemberCtx, input: { id?: string | undefined; name: string; sort: number }) {
  return inSchool(ctx, async (tx) => {
    const dup = await repo.buildingIdByName(tx, input.name);
    if (dup && dup !== input.id) throw new AppError('building.nameTaken');
    const values = { name: input.name, sort: input.sort };
    const row = input.id ? await repo.updateBuilding(tx, input.id, values) : await repo.insertBuilding(tx, ctx.auth.schoolId, values);
    if (!row) throw new AppError('common.notFound');
    return { id: row.id, name: row.name, sort: row.sort };
  });
}

export async function deleteBuilding(ctx: MemberCtx, id: string) {
  await inSchool(ctx, async (tx) => {
    if (!(await repo.buildingExists(tx, id))) throw new AppError('common.notFound');
    const rooms = await repo.classroomCount(tx, id);
    if (rooms > 0) throw new AppError('building.hasClassrooms', { count: rooms });
    await repo.deleteBuilding(tx, id);
  });
}

// ---------------------------------------------------------------- classrooms

async function roomById(tx: Tx, id: string): Promise<TClassroom> {
  const row = await repo.roomById(tx, id);
  if (!row) throw new AppError('common.notFound');
  return row;
}

export async function saveClassroom(
  ctx: MemberCtx,
  input: { id?: string | undefined; buildingId: string; floor: number; name: string; capacity: number; seatRows: number; frontRows: number; enabled: boolean; liveAnalysis?: boolean | undefined },
) {
  // A new classroom counts against the licence's limit, across the deployment (decision 0027).
  const run = <T,>(fn: (tx: Tx) => Promise<T>) => (input.id ? inSchool(ctx, fn) : createWithinLimit(ctx, 'classrooms', fn));
  return run(async (tx) => {
    if (!(await repo.buildingExists(tx, input.buildingId))) throw new AppError('common.notFound');
    if (await repo.classroomNameTaken(tx, input.buildingId, input.name, input.id)) throw new AppError('classroom.nameTaken');
    const values = { buildingId: input.buildingId, floor: input.floor, name: input.name, capacity: input.capacity, seatRows: input.seatRows, frontRows: input.frontRows, enabled: input.enabled, ...(input.liveAnalysis !== undefined ? { liveAnalysis: input.liveAnalysis } : {}) };
    const roomId = input.id ? await repo.updateClassroom(tx, input.id, values) : await repo.insertClassroom(tx, ctx.auth.schoolId, values);
    if (!roomId) throw new AppError('common.notFound');
    return roomById(tx, roomId);
  });
}

/** A room with class sessions still to come (today included) keeps its place in the timetable. */
export async function deleteClassroom(ctx: MemberCtx, id: string) {
  const today = zonedClock(ctx.deps.now(), ctx.deps.config.schoolTimezone).date;
  await inSchool(ctx, async (tx) => {
    await roomById(tx, id);
    const future = await repo.meetingCountFrom(tx, id, today);
    if (future > 0) throw new AppError('classroom.hasFutureSessions', { count: future });
    await repo.deleteClassroom(tx, id);
  });
}

export async function classroomDetail(ctx: MemberCtx, id: string) {
  return inSchool(ctx, async (tx) => {
    const room = await roomById(tx, id);
    const recorder = await devicesRepo.recorderOfRoom(tx, id);
    const cams = await devicesRepo.camerasOfRoom(tx, id);
    return { ...room, recorder: recorder ? recorderOut(recorder) : null, cameras: cams.map(cameraOut) };
  });
}

/** GET classroom/tree: building → floor → room; flag 2 adds each room's cameras (patrol). */
export async function classroomTree(ctx: MemberCtx, flag: 1 | 2): Promise<TClassroomTree> {
  return inSchool(ctx, async (tx) => {
    const bs = await repo.buildingsInOrder(tx);
    const rooms = await repo.classroomsInOrder(tx);
    const camsByRoom = new Map<string, TTreeCamera[]>();
    if (flag === 2 && rooms.length) {
      const cams = await repo.treeCameras(tx);
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
  const row = await inSchool(ctx, repo.frontRowSettings);
  // A school without a settings row has the column defaults.
  return row ?? { frontRowEmptySeats: 0, frontRowMinRate: 60 };
}

export async function saveFrontRowSettings(ctx: MemberCtx, input: TFrontRowSettings) {
  await inSchool(ctx, (tx) => repo.upsertFrontRowSettings(tx, ctx.auth.schoolId, input, ctx.deps.now()));
  return input;
}

export async function frontRowRooms(ctx: MemberCtx, q: { pageNum: number; pageSize: number; buildingId?: string | undefined; keyword?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const total = await repo.countFrontRowRooms(tx, q);
    const list = await repo.frontRowRoomPage(tx, q);
    return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
  });
}

export async function saveFrontRowRoom(ctx: MemberCtx, input: { classroomId: string; seatRows: number; frontRows: number }) {
  return inSchool(ctx, async (tx) => {
    const roomId = await repo.updateClassroom(tx, input.classroomId, { seatRows: input.seatRows, frontRows: input.frontRows });
    if (!roomId) throw new AppError('common.notFound');
    return roomById(tx, roomId);
  });
}
