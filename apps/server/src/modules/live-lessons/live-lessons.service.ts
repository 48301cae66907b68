/**
 * Live lessons (issue 14, part 6): scheduling a live broadcast of one camera of a room, the lists
 * (managers see cancelled ones too), and watching: a member of the school watches any lesson of it;
 * the open viewer admits anyone to a public lesson. Either way the stream is granted only while the
 * lesson is on air (lesson-state.ts), through the live module's grantPlay (one camera, main stream).
 */
import { LIVE_LESSON_LIMITS, type TLiveLesson, type TLiveLessonListRequest, type TLiveLessonView, type TPlayGrant, type TSaveLiveLessonRequest } from '@hxk/contracts';
import type { Ctx, Deps, MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { page } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import type { Tx } from '../../platform/db.ts';
import { cameraWithRoom } from '../live/live.repo.ts';
import { grantPlay } from '../live/live.service.ts';
import { licenceStatus } from '../licence/licence.service.ts';
import { isLicensed } from '../licence/licence-rules.ts';
import { classUnderWay } from '../patrol/patrol.service.ts';
import * as repo from './live-lessons.repo.ts';
import { lessonState } from './lesson-state.ts';

type Paged = { pageNum: number; pageSize: number };

export function present(row: repo.LessonRow, now: Date): TLiveLesson {
  const { cancelledAt: _cancelled, ...rest } = row;
  return { ...rest, state: lessonState(row, now) };
}

/** A school's transaction for a caller who names the school (the open viewer, shares): its row-level security still holds. */
export const inNamedSchool = <T>(deps: Deps, schoolId: string, fn: (tx: Tx) => Promise<T>) => inSchool({ deps, auth: { schoolId } }, fn);

export async function listLessons(ctx: MemberCtx, q: TLiveLessonListRequest & Paged, withCancelled: boolean) {
  const now = ctx.deps.now();
  const { rows, total } = await inSchool(ctx, (tx) => repo.lessonPage(tx, { state: q.state, keyword: q.keyword, withCancelled, pageNum: q.pageNum, pageSize: q.pageSize }, now));
  if (!withCancelled && q.state === 'cancelled') return page([], 0, q);
  return page(rows.map((r) => present(r, now)), total, q);
}

export async function lessonDetail(ctx: MemberCtx, lessonId: string): Promise<TLiveLesson> {
  const row = await inSchool(ctx, (tx) => repo.lessonRow(tx, lessonId));
  if (!row) throw new AppError('liveLessons.notFound');
  return present(row, ctx.deps.now());
}

export async function roomCameras(ctx: MemberCtx) {
  const rows = await inSchool(ctx, (tx) => repo.roomCameras(tx));
  const rooms = new Map<string, { classroomId: string; classroomName: string; buildingName: string; cameras: { cameraId: string; name: string; frame: string; status: string }[] }>();
  for (const r of rows) {
    const room = rooms.get(r.classroomId) ?? { classroomId: r.classroomId, classroomName: r.classroomName, buildingName: r.buildingName, cameras: [] };
    room.cameras.push({ cameraId: r.cameraId, name: r.name, frame: r.frame, status: r.status });
    rooms.set(r.classroomId, room);
  }
  return [...rooms.values()];
}

const formatIn = (timeZone: string, d: string | Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(d));

/** Schedule a lesson, or change one that has neither ended nor been cancelled. */
export async function saveLesson(ctx: MemberCtx, input: TSaveLiveLessonRequest): Promise<TLiveLesson> {
  const now = ctx.deps.now();
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (endsAt <= startsAt) throw new AppError('liveLessons.endBeforeStart', {}, [{ path: 'endsAt', message: 'liveLessons.endBeforeStart' }]);
  if (endsAt.getTime() - startsAt.getTime() > LIVE_LESSON_LIMITS.maxHours * 3_600_000) throw new AppError('liveLessons.tooLong', { hours: LIVE_LESSON_LIMITS.maxHours });
  if (endsAt <= now) throw new AppError('liveLessons.endInPast');
  const lessonId = await inSchool(ctx, async (tx) => {
    if (input.lessonId) {
      const existing = await repo.lessonRow(tx, input.lessonId);
      if (!existing) throw new AppError('liveLessons.notFound');
      const state = lessonState(existing, now);
      if (state === 'ended' || state === 'cancelled') throw new AppError('liveLessons.locked');
    }
    const camera = await repo.lockCamera(tx, input.cameraId);
    if (!camera) throw new AppError('common.notFound');
    const clash = await repo.overlapping(tx, input.cameraId, startsAt, endsAt, input.lessonId);
    if (clash) {
      const tz = ctx.deps.config.schoolTimezone;
      throw new AppError('liveLessons.overlap', { title: clash.title, from: formatIn(tz, clash.startsAt), to: formatIn(tz, clash.endsAt) });
    }
    const values = { title: input.title, description: input.description || null, classroomId: camera.classroomId, cameraId: input.cameraId, startsAt, endsAt, audience: input.audience };
    if (input.lessonId) {
      await repo.updateLesson(tx, input.lessonId, values, now);
      return input.lessonId;
    }
    return repo.insertLesson(tx, ctx.auth.schoolId, ctx.auth.accountId, values);
  });
  return lessonDetail(ctx, lessonId);
}

/** Call off a lesson that has not ended (cancelling a cancelled one changes nothing). */
export async function cancelLesson(ctx: MemberCtx, lessonId: string): Promise<null> {
  const now = ctx.deps.now();
  await inSchool(ctx, async (tx) => {
    const row = await repo.lessonRow(tx, lessonId);
    if (!row) throw new AppError('liveLessons.notFound');
    if (lessonState(row, now) === 'ended') throw new AppError('liveLessons.locked');
    await repo.cancelLesson(tx, lessonId, now);
  });
  return null;
}

// ---------------------------------------------------------------- watching

const view = (row: repo.LessonRow, now: Date, classNow: TLiveLessonView['classNow'] = null): TLiveLessonView => ({ lesson: present(row, now), now: now.toISOString(), classNow });

/** The class the assistant may comment on beside the lesson: under way in its room while it is on air. */
async function classForCommentary(ctx: MemberCtx, row: repo.LessonRow, now: Date): Promise<TLiveLessonView['classNow']> {
  if (lessonState(row, now) !== 'live') return null;
  if (!isLicensed((await licenceStatus(ctx.deps)).terms, 'assistant')) return null;
  return classUnderWay(ctx, row.classroomId);
}

/** A lesson as a member of its school watches it. */
export async function watchAsMember(ctx: MemberCtx, lessonId: string): Promise<TLiveLessonView> {
  const row = await inSchool(ctx, (tx) => repo.lessonRow(tx, lessonId));
  if (!row || row.cancelledAt) throw new AppError('liveLessons.notFound');
  const now = ctx.deps.now();
  return view(row, now, await classForCommentary(ctx, row, now));
}

/** The open viewer: a public lesson; a members-only one asks for sign-in (a member of its school signed in sees it too). */
export async function watchOpen(ctx: Ctx, q: { schoolId: string; lessonId: string }): Promise<TLiveLessonView> {
  const row = await inNamedSchool(ctx.deps, q.schoolId, (tx) => repo.lessonRow(tx, q.lessonId));
  if (!row || row.cancelledAt) throw new AppError('liveLessons.notFound');
  if (row.audience !== 'public' && ctx.auth?.schoolId !== q.schoolId) throw new AppError('liveLessons.signInRequired');
  return view(row, ctx.deps.now());
}

/**
 * The lesson's camera, main stream, while the lesson is on air. `viewer` names who the token is for
 * (an account, or `lesson:<id>` for someone without one).
 */
export async function playLesson(deps: Deps, schoolId: string, row: repo.LessonRow, viewer: string): Promise<TPlayGrant> {
  const state = lessonState(row, deps.now());
  if (state === 'ended') throw new AppError('liveLessons.ended');
  if (state !== 'live') throw new AppError('liveLessons.notLive');
  const camera = await inNamedSchool(deps, schoolId, (tx) => cameraWithRoom(tx, row.cameraId));
  if (!camera) throw new AppError('liveLessons.notFound');
  return grantPlay(deps, { schoolId, viewer, camera, quality: 'main' });
}

export async function playAsMember(ctx: MemberCtx, lessonId: string): Promise<TPlayGrant> {
  const row = await inSchool(ctx, (tx) => repo.lessonRow(tx, lessonId));
  if (!row || row.cancelledAt) throw new AppError('liveLessons.notFound');
  return playLesson(ctx.deps, ctx.auth.schoolId, row, ctx.auth.accountId);
}

export async function playOpen(ctx: Ctx, q: { schoolId: string; lessonId: string }): Promise<TPlayGrant> {
  const row = await inNamedSchool(ctx.deps, q.schoolId, (tx) => repo.lessonRow(tx, q.lessonId));
  if (!row || row.cancelledAt) throw new AppError('liveLessons.notFound');
  const member = ctx.auth?.schoolId === q.schoolId;
  if (row.audience !== 'public' && !member) throw new AppError('liveLessons.signInRequired');
  return playLesson(ctx.deps, q.schoolId, row, member && ctx.auth ? ctx.auth.accountId : `lesson:${row.lessonId}`);
}
