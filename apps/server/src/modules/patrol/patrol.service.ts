/**
 * Real-time patrol of one classroom (issue 14): the room with its cameras and class now, the visit
 * the detail page records (start, heartbeat, end), comments stamped with the moment of the video,
 * the evaluation started from the visit, the teacher's attendance, and the lists of inspection
 * records and attendance records with their audience (patrol-rules.ts).
 */
import type { z } from 'zod';
import type { TAttendanceStatus, TInspectionRecord, TPatrolClass, TPatrolComment, TPatrolDetailRoom, TVisit, ZAttendanceFilters, ZAttendanceRecordsRequest, ZInspectionRecordsRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { page } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import { stateReader } from '../courses/course-state.ts';
import { startOpenEvaluation } from '../evaluations/evaluations.service.ts';
import { writeWorkbook } from '../imports/xlsx.ts';
import * as repo from './patrol.repo.ts';
import { commentMomentFits, recordAudience, visitEnd, visitOver, visitSeconds } from './patrol-rules.ts';
import { assertRoomInReach } from '../live/live.service.ts';

/** States in which a class counts as "the class now" in the room (under way or about to start). */
const NOW_STATES = ['inClass', 'warning', 'waiting'] as const;

/** Refuses a room outside the member's patrol reach, as the play request does. */
const assertRoomReach = (ctx: MemberCtx, tx: Tx, classroomId: string) => assertRoomInReach(tx, ctx.auth.accountId, classroomId);

/** The room's class now (under way, else about to start), with its state; null for "no class now". */
async function classNow(ctx: MemberCtx, tx: Tx, classroomId: string): Promise<{ cls: TPatrolClass; teacherId: string } | null> {
  const clock = schoolClock(ctx);
  const meetings = await repo.roomMeetingsOn(tx, classroomId, clock.date);
  if (!meetings.length) return null;
  const reader = await stateReader(tx, clock, meetings);
  const withState = meetings.map((m) => ({ m, state: reader.state(m) }));
  for (const want of NOW_STATES) {
    const hit = withState.find((x) => x.state === want);
    if (!hit) continue;
    const { m, state } = hit;
    return {
      teacherId: m.teacherId,
      cls: {
        courseSessionId: m.id, courseName: m.courseName, teacher: { userId: m.teacherId, name: m.teacherName, account: m.teacherAccount },
        teachingClass: m.teachingClass, lessonDate: m.lessonDate, sessionStart: m.sessionStart, sessionEnd: m.sessionEnd,
        ...reader.times(m), state, attendance: m.attendance,
      },
    };
  }
  return null;
}

/**
 * The class under way in a room (not one about to start) when the room is in the member's patrol
 * reach, else null: what a live lesson's viewer offers the assistant's live commentary on.
 */
export async function classUnderWay(ctx: MemberCtx, classroomId: string): Promise<{ courseSessionId: string; courseName: string; teacherName: string } | null> {
  return inSchool(ctx, async (tx) => {
    try {
      await assertRoomReach(ctx, tx, classroomId);
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
    const now = await classNow(ctx, tx, classroomId);
    if (!now || now.cls.state === 'waiting') return null;
    return { courseSessionId: now.cls.courseSessionId, courseName: now.cls.courseName, teacherName: now.cls.teacher.name };
  });
}

export async function roomDetail(ctx: MemberCtx, classroomId: string): Promise<TPatrolDetailRoom> {
  return inSchool(ctx, async (tx) => {
    const r = await repo.room(tx, classroomId);
    if (!r) throw new AppError('common.notFound');
    await assertRoomReach(ctx, tx, classroomId);
    const [cameras, now] = [await repo.roomCameras(tx, classroomId), await classNow(ctx, tx, classroomId)];
    const warnings = await repo.activeRoomWarnings(tx, classroomId, now ? [now.cls.courseSessionId] : []);
    return {
      classroomId: r.classroomId, name: r.name, buildingName: r.buildingName, floor: r.floor,
      recorder: r.recorderName !== null ? { name: r.recorderName, status: r.recorderStatus ?? 'unknown', recording: r.recorderRecording ?? false } : null,
      cameras, current: now?.cls ?? null, warnings,
    };
  });
}

// ---------------------------------------------------------------- visits

const presentVisit = (v: repo.VisitRow, now: Date): TVisit => ({
  visitId: v.id, classroomId: v.classroomId, courseSessionId: v.courseSessionId, startedAt: v.startedAt, lastSeenAt: v.lastSeenAt,
  endedAt: visitEnd(times(v), now)?.toISOString() ?? null, evaluationId: v.evaluationId,
});
const times = (v: repo.VisitRow) => ({ startedAt: new Date(v.startedAt), lastSeenAt: new Date(v.lastSeenAt), endedAt: v.endedAt ? new Date(v.endedAt) : null });

export async function startVisit(ctx: MemberCtx, classroomId: string): Promise<TVisit> {
  const now = ctx.deps.now();
  return inSchool(ctx, async (tx) => {
    if (!(await repo.room(tx, classroomId))) throw new AppError('common.notFound');
    await assertRoomReach(ctx, tx, classroomId);
    const current = await classNow(ctx, tx, classroomId);
    const v = await repo.insertVisit(tx, { schoolId: ctx.auth.schoolId, accountId: ctx.auth.accountId, classroomId, courseSessionId: current?.cls.courseSessionId ?? null, now });
    return presentVisit(v, now);
  });
}

/** My visit, still going on (acting in a visit that ended is refused: the page starts a new one). */
async function liveVisit(ctx: MemberCtx, tx: Tx, visitId: string, now: Date) {
  const v = await repo.ownVisit(tx, visitId, ctx.auth.accountId);
  if (!v) throw new AppError('patrol.notYourVisit');
  if (visitOver(times(v), now)) throw new AppError('patrol.visitEnded');
  return v;
}

export async function heartbeat(ctx: MemberCtx, visitId: string): Promise<TVisit> {
  const now = ctx.deps.now();
  return inSchool(ctx, async (tx) => {
    const v = await liveVisit(ctx, tx, visitId, now);
    await repo.touchVisit(tx, visitId, now);
    return presentVisit({ ...v, lastSeenAt: now.toISOString() }, now);
  });
}

/** Ends my visit; ending one already over keeps its end (leaving twice, or after it went quiet). */
export async function endVisit(ctx: MemberCtx, visitId: string): Promise<TVisit> {
  const now = ctx.deps.now();
  return inSchool(ctx, async (tx) => {
    const v = await repo.ownVisit(tx, visitId, ctx.auth.accountId);
    if (!v) throw new AppError('patrol.notYourVisit');
    const over = visitEnd(times(v), now);
    if (over) return presentVisit(v, now);
    await repo.endVisit(tx, visitId, now);
    return presentVisit({ ...v, lastSeenAt: now.toISOString(), endedAt: now.toISOString() }, now);
  });
}

// ---------------------------------------------------------------- comments

const presentComment = (c: repo.CommentRow): TPatrolComment => ({
  id: c.id, visitId: c.visitId, courseSessionId: c.courseSessionId, author: { userId: c.authorId, name: c.authorName, account: c.authorAccount },
  videoAt: c.videoAt, content: c.content, createdAt: c.createdAt,
});

export async function addComment(ctx: MemberCtx, input: { visitId: string; videoAt: string; content: string }): Promise<TPatrolComment> {
  const now = ctx.deps.now();
  return inSchool(ctx, async (tx) => {
    const v = await liveVisit(ctx, tx, input.visitId, now);
    const videoAt = new Date(input.videoAt);
    if (!commentMomentFits(times(v), videoAt, now)) throw new AppError('patrol.videoAtOutOfVisit');
    await repo.touchVisit(tx, v.id, now);
    return presentComment(await repo.insertComment(tx, { schoolId: ctx.auth.schoolId, visitId: v.id, authorId: ctx.auth.accountId, courseSessionId: v.courseSessionId, videoAt, content: input.content, now }));
  });
}

/** My comments on the visit's class (every visit to it), or on the visit alone when the room had no class. */
export async function visitComments(ctx: MemberCtx, visitId: string): Promise<TPatrolComment[]> {
  return inSchool(ctx, async (tx) => {
    const v = await repo.ownVisit(tx, visitId, ctx.auth.accountId);
    if (!v) throw new AppError('patrol.notYourVisit');
    const rows = await repo.myComments(tx, ctx.auth.accountId, v.courseSessionId ? { courseSessionId: v.courseSessionId } : { visitId: v.id });
    return rows.map(presentComment);
  });
}

// ---------------------------------------------------------------- evaluation and attendance

/** A temporary evaluation of the class watched, started (or reopened) through the evaluation flow and kept on the visit. */
export async function evaluateFromVisit(ctx: MemberCtx, input: { visitId: string; templateId: string }) {
  const now = ctx.deps.now();
  const v = await inSchool(ctx, (tx) => liveVisit(ctx, tx, input.visitId, now));
  if (!v.courseSessionId) throw new AppError('patrol.noClass');
  const started = await startOpenEvaluation(ctx, 'temporary', { courseSessionId: v.courseSessionId, templateId: input.templateId });
  await inSchool(ctx, (tx) => repo.setVisitEvaluation(tx, v.id, started.evaluationId));
  return started;
}

export async function markAttendance(ctx: MemberCtx, input: { visitId: string; status: TAttendanceStatus }): Promise<TPatrolClass> {
  const now = ctx.deps.now();
  return inSchool(ctx, async (tx) => {
    const v = await liveVisit(ctx, tx, input.visitId, now);
    await assertRoomReach(ctx, tx, v.classroomId);
    const current = await classNow(ctx, tx, v.classroomId);
    // Marks the class being watched: the visit's, while it is still the room's class now.
    if (!current || !v.courseSessionId || current.cls.courseSessionId !== v.courseSessionId) throw new AppError('patrol.noClass');
    await repo.upsertAttendance(tx, {
      schoolId: ctx.auth.schoolId, courseSessionId: v.courseSessionId, teacherId: current.teacherId, classroomId: v.classroomId,
      status: input.status, markedBy: ctx.auth.accountId, visitId: v.id, now,
    });
    await repo.touchVisit(tx, v.id, now);
    return { ...current.cls, attendance: input.status };
  });
}

// ---------------------------------------------------------------- lists

async function audienceOf(ctx: MemberCtx, tx: Tx) {
  return recordAudience({ accountId: ctx.auth.accountId, identity: ctx.auth.identity, leadsGroups: await repo.leadsGroups(tx, ctx.auth.accountId) });
}

export async function inspectionRecords(ctx: MemberCtx, q: z.output<typeof ZInspectionRecordsRequest>) {
  const now = ctx.deps.now();
  return inSchool(ctx, async (tx) => {
    const rows = await repo.inspectionRecords(tx, await audienceOf(ctx, tx), q, ctx.deps.config.schoolTimezone, q);
    const list = rows.map((r): TInspectionRecord => {
      const t = { startedAt: new Date(r.startedAt), lastSeenAt: new Date(r.lastSeenAt), endedAt: r.endedAt ? new Date(r.endedAt) : null };
      const end = visitEnd(t, now);
      return {
        visitId: r.id, supervisor: { userId: r.accountId, name: r.supervisorName, account: r.supervisorAccount },
        classroomId: r.classroomId, classroomName: r.classroomName, buildingName: r.buildingName,
        courseSessionId: r.courseSessionId, courseName: r.courseName, teacherName: r.teacherName,
        startedAt: r.startedAt, endedAt: end?.toISOString() ?? null, ongoing: end === null, durationSeconds: visitSeconds(t, now),
        comments: r.comments, attendance: r.attendance,
        evaluation: r.evaluationId ? { evaluationId: r.evaluationId, status: r.evaluationStatus ?? 'draft', totalScore: r.evaluationScore } : null,
      };
    });
    return page(list, rows[0]?.total ?? 0, q);
  });
}

export async function recordSupervisors(ctx: MemberCtx) {
  return inSchool(ctx, async (tx) => repo.visitors(tx, await audienceOf(ctx, tx)));
}

const presentAttendance = (r: repo.AttendanceRow) => ({
  id: r.id, courseSessionId: r.courseSessionId, courseName: r.courseName, teacher: { userId: r.teacherId, name: r.teacherName, account: r.teacherAccount },
  classroomName: r.classroomName, buildingName: r.buildingName, lessonDate: r.lessonDate, sessionStart: r.sessionStart, sessionEnd: r.sessionEnd,
  status: r.status, markedBy: { userId: r.markedById, name: r.markedByName, account: r.markedByAccount }, markedAt: r.markedAt,
});

export async function attendanceRecords(ctx: MemberCtx, q: z.output<typeof ZAttendanceRecordsRequest>) {
  return inSchool(ctx, async (tx) => {
    const rows = await repo.attendanceRecords(tx, await audienceOf(ctx, tx), q, { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
    return page(rows.map(presentAttendance), rows[0]?.total ?? 0, q);
  });
}

/** The most rows one export writes. */
export const EXPORT_MAX_ROWS = 20_000;

const EXPORT_TEXT = {
  zh: { sheet: '考勤记录', header: ['上课日期', '节次', '课程', '教师', '工号', '教学楼', '教室', '考勤', '标记人', '标记时间'], status: { normal: '正常', late: '迟到', earlyLeave: '早退', absent: '缺勤' }, file: '考勤记录' },
  en: { sheet: 'Attendance', header: ['Date', 'Sessions', 'Course', 'Teacher', 'Account', 'Building', 'Classroom', 'Attendance', 'Marked by', 'Marked at'], status: { normal: 'Normal', late: 'Late', earlyLeave: 'Early leave', absent: 'Absent' }, file: 'attendance' },
  ja: { sheet: '出勤記録', header: ['授業日', '時限', '科目', '教員', 'アカウント', '建物', '教室', '出勤', '記録者', '記録日時'], status: { normal: '正常', late: '遅刻', earlyLeave: '早退', absent: '欠勤' }, file: '出勤記録' },
} as const;

export async function exportAttendance(ctx: MemberCtx, q: z.output<typeof ZAttendanceFilters>) {
  const text = EXPORT_TEXT[ctx.lang];
  const tz = ctx.deps.config.schoolTimezone;
  const rows = await inSchool(ctx, async (tx) => repo.attendanceRecords(tx, await audienceOf(ctx, tx), q, { limit: EXPORT_MAX_ROWS, offset: 0 }));
  const fmt = new Intl.DateTimeFormat('sv-SE', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const data = await writeWorkbook([{
    name: text.sheet,
    header: [...text.header],
    rows: rows.map((r) => [
      r.lessonDate, r.sessionStart === r.sessionEnd ? String(r.sessionStart) : `${r.sessionStart}-${r.sessionEnd}`, r.courseName, r.teacherName, r.teacherAccount,
      r.buildingName, r.classroomName, text.status[r.status], r.markedByName, fmt.format(new Date(r.markedAt)),
    ]),
    widths: [12, 8, 24, 12, 14, 14, 14, 10, 12, 18],
    textColumns: true,
  }]);
  return { data, fileName: `${text.file}-${schoolClock(ctx).date}.xlsx` };
}
