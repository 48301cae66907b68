/**
 * Classroom usage situation (spec section 2, /ClassroomUsageSituation): for a teaching week, each
 * room's sessions used by a timetabled class or free, occupancy per room, per day and overall, and
 * the rooms' device status. A slot is one of the school's daily sessions on one day of the week.
 */
import { formatHm, isoWeekday, weekDates, type TUsageDevices } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { readSessionTimes, schoolClock } from '../calendar/calendar.service.ts';
import { semesterById } from '../calendar/calendar.repo.ts';
import * as repo from './usage.repo.ts';

/** Percent with one decimal; 0 when there is nothing to use. */
const percent = (used: number, total: number) => (total > 0 ? Math.round((used / total) * 1000) / 10 : 0);

const devicesOf = (r: { camerasOnline: number; camerasOffline: number; camerasTotal: number; recorder: TUsageDevices['recorder'] }): TUsageDevices => ({
  camerasOnline: r.camerasOnline,
  camerasOffline: r.camerasOffline,
  camerasTotal: r.camerasTotal,
  recorder: r.recorder,
});

export async function usageWeek(ctx: MemberCtx, q: { semesterId: string; week: number; buildingId?: string | undefined }) {
  const { date: today } = schoolClock(ctx);
  return inSchool(ctx, async (tx) => {
    const semester = await semesterById(tx, q.semesterId);
    if (!semester) throw new AppError('usage.semesterNotFound');
    if (q.week > semester.weekCount) throw new AppError('usage.weekOutOfRange', { weeks: semester.weekCount });
    if (q.buildingId && !(await repo.buildingExists(tx, q.buildingId))) throw new AppError('usage.buildingNotFound');
    const dates = weekDates(semester.startDate, q.week);
    const range = { from: dates[0]!, to: dates[6]!, buildingId: q.buildingId };
    const sessionTimes = await readSessionTimes(tx);
    const buildings = await repo.buildingsInOrder(tx);
    const rooms = await repo.roomsWithDevices(tx, q.buildingId);
    const perRoomDay = await repo.usedByRoomAndDay(tx, range);
    const perSlot = await repo.roomsBySlot(tx, range);

    const dayIndex = new Map(dates.map((d, i) => [d, i]));
    const sessionIndex = new Map(sessionTimes.map((s, i) => [s.sessionNo, i]));
    const usedByRoom = new Map<string, number[]>();
    for (const row of perRoomDay) {
      const day = dayIndex.get(row.date);
      if (day === undefined) continue;
      const days = usedByRoom.get(row.classroomId) ?? Array<number>(7).fill(0);
      days[day] = row.used;
      usedByRoom.set(row.classroomId, days);
    }
    const bySlot = dates.map(() => sessionTimes.map(() => 0));
    for (const row of perSlot) {
      const day = dayIndex.get(row.date);
      const s = sessionIndex.get(row.sessionNo);
      if (day !== undefined && s !== undefined) bySlot[day]![s] = row.rooms;
    }

    const slotsPerRoom = sessionTimes.length * 7;
    const list = rooms.map((r) => {
      const usedByDay = usedByRoom.get(r.id) ?? Array<number>(7).fill(0);
      const used = usedByDay.reduce((a, b) => a + b, 0);
      return {
        id: r.id, name: r.name, floor: r.floor, buildingId: r.buildingId, buildingName: r.buildingName,
        devices: devicesOf(r), usedByDay, used, total: slotsPerRoom, occupancy: percent(used, slotsPerRoom),
      };
    });
    const usedByDay = dates.map((_, i) => list.reduce((a, r) => a + r.usedByDay[i]!, 0));
    const used = usedByDay.reduce((a, b) => a + b, 0);
    const total = slotsPerRoom * list.length;
    return {
      semesterId: semester.id,
      semesterName: semester.name,
      week: q.week,
      weekCount: semester.weekCount,
      today,
      dates,
      sessions: sessionTimes.map((s) => ({ sessionNo: s.sessionNo, start: formatHm(s.startMinute), end: formatHm(s.endMinute) })),
      buildings,
      rooms: list,
      bySlot,
      totals: { rooms: list.length, usedByDay, used, total, occupancy: percent(used, total) },
    };
  });
}

/** One room's day, session by session: the class that uses it, or free. */
export async function roomDay(ctx: MemberCtx, q: { classroomId: string; date: string }) {
  return inSchool(ctx, async (tx) => {
    const room = await repo.classroomById(tx, q.classroomId);
    if (!room) throw new AppError('usage.classroomNotFound');
    const cameras = await repo.camerasOfRoom(tx, q.classroomId);
    const sessionTimes = await readSessionTimes(tx);
    const times = new Map(sessionTimes.map((s) => [s.sessionNo, s]));
    const classes = (await repo.classesOfRoomDay(tx, q.classroomId, q.date)).map((c) => {
      const start = times.get(c.sessionStart);
      const end = times.get(c.sessionEnd);
      return { ...c, startTime: start ? formatHm(start.startMinute) : null, endTime: end ? formatHm(end.endMinute) : null };
    });
    const slots = sessionTimes.map((s) => ({
      sessionNo: s.sessionNo,
      start: formatHm(s.startMinute),
      end: formatHm(s.endMinute),
      class: classes.find((c) => c.sessionStart <= s.sessionNo && s.sessionNo <= c.sessionEnd) ?? null,
    }));
    const online = cameras.filter((c) => c.status === 'online').length;
    const offline = cameras.filter((c) => c.status === 'offline').length;
    return {
      classroom: { id: room.id, name: room.name, buildingName: room.buildingName, floor: room.floor },
      date: q.date,
      weekday: isoWeekday(q.date),
      devices: { camerasOnline: online, camerasOffline: offline, camerasTotal: cameras.length, recorder: room.recorder },
      cameras,
      slots,
      classes,
    };
  });
}
