/**
 * The real-time patrol wall (issue 14, /SCADA): the rooms within the caller's patrol reach — the
 * same rule the play check applies (live.service.ts watchableCamera) — seen by classroom, by course
 * (classes in session now) or by supervision team, with each room's cameras, its class now and its
 * active warning; filtered, put in rotation order (rotation.ts) and paged here, on the server.
 */
import type { TCourseState, TPatrolFilter, TWallRoom, TPatrolRoomsResponse, TPatrolTree, TPatrolView, TPatrolWarningLevel } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { stateReader } from '../courses/course-state.ts';
import { patrolStanding } from './live.repo.ts';
import { patrolReach } from './patrol-scope.ts';
import * as repo from './rooms.repo.ts';
import { pageOf, rotationOrder } from './rotation.ts';

const IN_SESSION: readonly TCourseState[] = ['inClass', 'warning'];
/** The class a tile shows: one under way, else one about to start. */
const SHOWN_STATES: readonly TCourseState[] = ['warning', 'inClass', 'waiting'];
const SEVERITY: Record<TPatrolWarningLevel, number> = { severe: 3, moderate: 2, mild: 1 };

/** The course reaches that narrow the school's rooms to the caller's patrol reach (none: the whole school). */
async function reachOf(tx: Tx, accountId: string): Promise<repo.CourseReach[]> {
  const standing = await patrolStanding(tx, accountId);
  const reach = standing ? patrolReach(standing) : { kind: 'none' as const };
  if (reach.kind === 'none') throw new AppError('live.noPatrol');
  if (reach.kind === 'school') return [];
  const own = await repo.ownScope(tx, accountId);
  return [{ unitIds: reach.byUnits ? own.unitIds : [], teacherIds: reach.byTeachers ? own.teacherIds : [] }];
}

/**
 * The supervision team's reach: the teachers and departments of the groups the caller belongs to or
 * leads, and their own selected scope. A group that supervises the whole school: every room (null).
 */
async function teamOf(tx: Tx, accountId: string): Promise<repo.CourseReach | null> {
  const groups = await repo.teamGroups(tx, accountId);
  if (groups.some((g) => g.scope === 'school')) return null;
  const team = await repo.teamReach(tx, {
    byUnits: groups.filter((g) => g.scope === 'departments').map((g) => g.groupId),
    byTeachers: groups.filter((g) => g.scope === 'teachers').map((g) => g.groupId),
  });
  const own = await repo.ownScope(tx, accountId);
  return { unitIds: [...new Set([...team.unitIds, ...own.unitIds])], teacherIds: [...new Set([...team.teacherIds, ...own.teacherIds])] };
}

type WallRoom = TWallRoom & { buildingSort: number; warningLevel: TPatrolWarningLevel | null };

async function wallRooms(ctx: MemberCtx, tx: Tx, view: TPatrolView, classroomIds: readonly string[] | undefined): Promise<WallRoom[]> {
  const me = ctx.auth.accountId;
  const reach = await reachOf(tx, me);
  const team = view === 'team' ? [await teamOf(tx, me)] : [];
  let rooms = await repo.roomsWhere(tx, [...reach, ...team]);
  if (view === 'classroom' && classroomIds?.length) {
    const chosen = new Set(classroomIds);
    rooms = rooms.filter((r) => chosen.has(r.classroomId));
  }
  if (!rooms.length) return [];

  const ids = new Set(rooms.map((r) => r.classroomId));
  const cameras = await repo.camerasOfRooms(tx, [...ids]);
  const clock = schoolClock(ctx);
  const meetings = (await repo.meetingsOn(tx, clock.date)).filter((m) => ids.has(m.classroomId));
  const reader = await stateReader(tx, clock, meetings);
  const warnings = (await repo.activeWarnings(tx)).filter((w) => ids.has(w.classroomId));

  const out = rooms.map((r): WallRoom => {
    const cams = cameras.filter((c) => c.classroomId === r.classroomId);
    const watchable = cams.filter((c) => c.status !== 'offline');
    const play = watchable.find((c) => c.frame === 'composite') ?? watchable[0] ?? cams.find((c) => c.frame === 'composite') ?? cams[0];
    const classes = meetings.filter((m) => m.classroomId === r.classroomId).map((m) => ({ m, state: reader.state(m) }));
    const now = SHOWN_STATES.map((s) => classes.find((x) => x.state === s)).find((x) => x);
    const own = warnings.filter((w) => w.classroomId === r.classroomId);
    const worst = own.reduce<repo.WarningRow | undefined>((a, w) => (!a || SEVERITY[w.level] > SEVERITY[a.level] ? w : a), undefined);
    return {
      classroomId: r.classroomId,
      name: r.name,
      buildingId: r.buildingId,
      buildingName: r.buildingName,
      buildingSort: r.buildingSort,
      floor: r.floor,
      cameras: cams.map(({ cameraId, name, frame, status }) => ({ cameraId, name, frame, status })),
      playCameraId: play?.cameraId ?? null,
      online: watchable.length > 0,
      course: now?.state ? {
        courseSessionId: now.m.id,
        courseId: now.m.courseId,
        courseName: now.m.courseName,
        teacherName: now.m.teacherName,
        state: now.state,
        ...reader.times(now.m),
      } : null,
      warning: worst ? { level: worst.level, kind: worst.kind, message: worst.message, count: own.length } : null,
      warningLevel: worst?.level ?? null,
    };
  });
  // By course: the rooms whose class is in session now.
  return view === 'course' ? out.filter((r) => r.course && IN_SESSION.includes(r.course.state)) : out;
}

const FILTERS: Record<TPatrolFilter, (r: WallRoom) => boolean> = {
  all: () => true,
  online: (r) => r.online,
  inClass: (r) => !!r.course && IN_SESSION.includes(r.course.state),
  warning: (r) => r.warning !== null,
};

/** A page of the wall: the view's rooms through the filter, in rotation order, with a count per filter. */
export async function patrolRooms(ctx: MemberCtx, q: { view: TPatrolView; filter: TPatrolFilter; classroomIds?: string[] | undefined; pageNum: number; pageSize: number }): Promise<TPatrolRoomsResponse> {
  const rooms = await inSchool(ctx, (tx) => wallRooms(ctx, tx, q.view, q.classroomIds));
  const counts = {
    all: rooms.length,
    online: rooms.filter(FILTERS.online).length,
    inClass: rooms.filter(FILTERS.inClass).length,
    warning: rooms.filter(FILTERS.warning).length,
  };
  const ordered = rotationOrder(rooms.filter(FILTERS[q.filter]));
  const page = pageOf(ordered, q.pageNum, q.pageSize);
  return {
    list: page.list.map(({ buildingSort: _s, warningLevel: _w, ...room }) => room),
    total: ordered.length,
    pageNum: page.pageNum,
    pageSize: q.pageSize,
    pageCount: page.pageCount,
    counts,
  };
}

/** Building → floor → room of every room within the caller's patrol reach, for choosing rooms. */
export async function patrolTree(ctx: MemberCtx): Promise<TPatrolTree> {
  return inSchool(ctx, async (tx) => {
    const rooms = await repo.roomsWhere(tx, await reachOf(tx, ctx.auth.accountId));
    const cameras = await repo.camerasOfRooms(tx, rooms.map((r) => r.classroomId));
    const online = new Set(cameras.filter((c) => c.status !== 'offline').map((c) => c.classroomId));
    const tree: TPatrolTree = [];
    for (const r of rooms) {
      let building = tree.find((b) => b.buildingId === r.buildingId);
      if (!building) tree.push(building = { buildingId: r.buildingId, name: r.buildingName, floors: [] });
      let floor = building.floors.find((f) => f.floor === r.floor);
      if (!floor) building.floors.push(floor = { floor: r.floor, rooms: [] });
      floor.rooms.push({ classroomId: r.classroomId, name: r.name, online: online.has(r.classroomId) });
    }
    return tree;
  });
}
