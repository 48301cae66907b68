/**
 * Classrooms: building, floor, room, capacity, seat rows, front rows, and the room's recorder (name
 * and ONVIF address). A missing building is created; a room already in its building is updated; the
 * recorder is added or updated (never removed by an import).
 */
import * as repo from './classrooms.repo.ts';
import { chunks, type KindImpl } from './kind.ts';
import { RowErrors, URL_RE, optionalText, requiredText, wholeNumber } from './rules.ts';

type RoomPlan = {
  row: number;
  building: string;
  floor: number;
  room: string;
  capacity: number;
  seatRows: number;
  frontRows: number;
  recorderName: string | null;
  recorderOnvif: string | null;
  buildingId: string | null;
  classroomId: string | null;
  recorderId: string | null;
};

const key = (building: string, room: string) => `${building.toLowerCase()}\u0000${room.toLowerCase()}`;

export const classroomsKind: KindImpl<RoomPlan[]> = {
  mode: 'school',
  counted: 'classrooms',

  async prepare(tx, input) {
    const errors = new RowErrors();
    const blds = await repo.allBuildings(tx);
    const buildingByName = new Map(blds.map((b) => [b.name.toLowerCase(), b.id]));
    const rooms = await repo.roomsWithRecorders(tx);
    const roomByKey = new Map(rooms.map((r) => [`${r.buildingId}\u0000${r.name.toLowerCase()}`, r]));
    const seen = new Map<string, number>();
    const plan: RoomPlan[] = [];
    let created = 0;
    let updated = 0;
    for (const { row, cells } of input.rows) {
      const building = requiredText(errors, row, 'building', cells.building ?? '', 64);
      const floor = wholeNumber(errors, row, 'floor', cells.floor ?? '', -5, 200);
      const room = requiredText(errors, row, 'room', cells.room ?? '', 64);
      const capacity = wholeNumber(errors, row, 'capacity', cells.capacity ?? '', 0, 10000, 0);
      const seatRows = wholeNumber(errors, row, 'seatRows', cells.seatRows ?? '', 0, 200, 0);
      const frontRows = wholeNumber(errors, row, 'frontRows', cells.frontRows ?? '', 0, 200, 0);
      if (seatRows !== null && frontRows !== null && frontRows > seatRows) errors.add(row, 'frontRows', 'frontRows');
      const recorderOnvif = optionalText(errors, row, 'recorderOnvif', cells.recorderOnvif ?? '', 500);
      if (recorderOnvif && !URL_RE.test(recorderOnvif)) errors.add(row, 'recorderOnvif', 'url');
      const recorderName = optionalText(errors, row, 'recorderName', cells.recorderName ?? '', 64);
      if (recorderOnvif && !recorderName && recorderName !== undefined) errors.add(row, 'recorderName', 'required');
      if (building && room) {
        const k = key(building, room);
        const first = seen.get(k);
        if (first !== undefined) errors.add(row, 'room', 'duplicateInFile', { row: first });
        else seen.set(k, row);
      }
      if (errors.has(row) || !building || !room || floor === null || capacity === null || seatRows === null || frontRows === null) continue;
      const buildingId = buildingByName.get(building.toLowerCase()) ?? null;
      const existing = buildingId ? roomByKey.get(`${buildingId}\u0000${room.toLowerCase()}`) : undefined;
      plan.push({ row, building, floor, room, capacity, seatRows, frontRows, recorderName: recorderName ?? null, recorderOnvif: recorderOnvif ?? null, buildingId, classroomId: existing?.id ?? null, recorderId: existing?.recorderId ?? null });
      if (existing) updated++;
      else created++;
    }
    return { errors, plan, counts: { created, updated } };
  },

  async apply(tx, input, plan, progress) {
    const { schoolId, now } = input;
    const newBuildings = [...new Map(plan.filter((p) => !p.buildingId).map((p) => [p.building.toLowerCase(), p.building])).values()];
    const buildingIds = new Map<string, string>();
    if (newBuildings.length) {
      const out = await repo.insertBuildings(tx, schoolId, newBuildings, now);
      for (const b of out) buildingIds.set(b.name.toLowerCase(), b.id);
    }
    let done = 0;
    for (const part of chunks(plan, 500)) {
      const fresh = part.filter((p) => !p.classroomId);
      if (fresh.length) {
        const out = await repo.insertClassrooms(tx, fresh.map((p) => ({ schoolId, buildingId: p.buildingId ?? buildingIds.get(p.building.toLowerCase())!, floor: p.floor, name: p.room, capacity: p.capacity, seatRows: p.seatRows, frontRows: p.frontRows, createdAt: now })));
        fresh.forEach((p, i) => (p.classroomId = out[i]!.id));
      }
      for (const p of part.filter((x) => !fresh.includes(x))) {
        await repo.updateClassroom(tx, p.classroomId!, { floor: p.floor, capacity: p.capacity, seatRows: p.seatRows, frontRows: p.frontRows });
      }
      const newRecorders = part.filter((p) => p.recorderName && !p.recorderId);
      if (newRecorders.length) {
        await repo.insertRecorders(tx, newRecorders.map((p) => ({ schoolId, classroomId: p.classroomId!, name: p.recorderName!, onvifUrl: p.recorderOnvif, createdAt: now })));
      }
      for (const p of part.filter((x) => x.recorderName && x.recorderId)) {
        await repo.updateRecorder(tx, p.recorderId!, { name: p.recorderName!, onvifUrl: p.recorderOnvif });
      }
      done += part.length;
      await progress(done);
    }
  },

  async exportRows(tx, _schoolId, filters) {
    const rows = await repo.classroomExportRows(tx, filters as repo.ClassroomExportFilter);
    return rows.map((r) => [r.building, r.floor, r.room, r.capacity, r.seatRows, r.frontRows, r.recorderName, r.recorderOnvif]);
  },
};
