/**
 * Live analysis of classes in progress (docs/decisions/0022-live-analysis.md): what the patrol
 * detail's AI tab shows, read from the stored live analysis — the same view whether it is pushed
 * over the WebSocket after a sample or asked for by the page — and whom it is pushed to: the people
 * whose patrol reach covers the room (modules/live roomAudience), never the whole school.
 */
import { computeSt, LIVE_CURVE_POINTS, LIVE_SOURCE_KINDS, type TLiveAnalysis, type TLiveAnalysisResponse, type TLiveSourceKind, type TRealtimeMessage, type TTeachingMode } from '@hxk/contracts';
import type { Deps, MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { isoOrNull } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { responsibleForRoom } from '../live/live.service.ts';
import { zonedInstant } from '../recordings/recording-windows.ts';
import { watchableClass } from '../recordings/recordings.service.ts';
import * as repo from './analysis.repo.ts';
import { presentWarning } from './analysis.service.ts';
import { soundOf } from './live-figures.ts';
import * as liveRepo from './live.repo.ts';

const capped = (n: number, of: number | null) => (of && of > 0 ? Math.min(1, n / of) : null);

/** The class's start and end as instants (its session times, in the school's zone). */
export function classSpan(cls: Pick<liveRepo.LiveClass, 'lessonDate' | 'startMinute' | 'endMinute'>, timeZone: string): { start: Date; end: Date } {
  return { start: zonedInstant(cls.lessonDate, cls.startMinute, timeZone), end: zonedInstant(cls.lessonDate, cls.endMinute, timeZone) };
}

function sourceOf(payload: unknown): TLiveSourceKind | null {
  const kind = (payload as { source?: { kind?: unknown } } | null)?.source?.kind;
  return (LIVE_SOURCE_KINDS as readonly unknown[]).includes(kind) ? (kind as TLiveSourceKind) : null;
}

/** The live view of an analysis, from what is stored. */
export async function liveView(tx: Tx, a: repo.AnalysisRow, o: { timeZone: string; now: Date }): Promise<TLiveAnalysis> {
  const cls = await liveRepo.liveClass(tx, a.courseSessionId);
  const span = cls ? classSpan(cls, o.timeZone) : null;
  const payload = a.jobId ? await liveRepo.jobPayload(tx, a.jobId) : null;
  const samples = await repo.samplesOf(tx, a.id);
  const raised = await repo.warningsOf(tx, a.id);
  const students = samples.filter((s) => s.camera === 'student');
  const teacher = samples.filter((s) => s.camera === 'teacher');
  const last = students.at(-1);
  const lastTeacher = teacher.at(-1);
  const expected = a.expectedStudents;
  const seats = a.frontRowExpected;
  const st = a.stSequence ? computeSt(a.stSequence) : null;
  const hasTalk = a.teacherTalkSeconds !== null || a.studentTalkSeconds !== null || a.silenceSeconds !== null;
  return {
    analysisId: a.id,
    courseSessionId: a.courseSessionId,
    classroomId: a.classroomId,
    status: a.status,
    source: sourceOf(payload),
    startedAt: span ? span.start.toISOString() : isoOrNull(a.startedAt),
    endsAt: span ? span.end.toISOString() : null,
    sampleSeconds: a.sampleSeconds,
    stIntervalSeconds: a.stIntervalSeconds,
    expectedStudents: expected,
    frontRowExpected: seats,
    now: last
      ? {
          t: last.t,
          present: last.faces,
          attendanceRate: capped(last.faces, expected),
          headUpRate: last.posed > 0 ? last.headUp / last.posed : null,
          frontRow: last.frontRow,
          frontRowRate: capped(last.frontRow, seats),
          teacherPresent: lastTeacher ? lastTeacher.faces > 0 : null,
        }
      : null,
    curve: students.slice(-LIVE_CURVE_POINTS).map((s) => ({
      t: s.t,
      attendanceRate: capped(s.faces, expected),
      headUpRate: s.posed > 0 ? s.headUp / s.posed : null,
      frontRowRate: capped(s.frontRow, seats),
      evidence: s.evidenceKey !== null,
    })),
    attendanceRate: a.attendanceRate,
    headUpRate: a.headUpRate,
    frontRowRate: a.frontRowRate,
    teacherAttendance: a.teacherAttendance,
    audio: soundOf(a.methods),
    st: st && a.stSequence ? { sequence: a.stSequence, rt: st.rt, ch: st.ch, mode: st.mode as TTeachingMode } : null,
    talk: hasTalk ? { teacher: a.teacherTalkSeconds ?? 0, student: a.studentTalkSeconds ?? 0, silence: a.silenceSeconds ?? 0 } : null,
    methods: a.methods,
    warnings: raised.map(presentWarning),
    updatedAt: o.now.toISOString(),
  };
}

/** GET /app/ddxk/ai/v1/live: the class's live analysis, for its teacher or someone whose patrol reach covers its room. */
export async function liveAnalysisOfClass(ctx: MemberCtx, courseSessionId: string): Promise<TLiveAnalysisResponse> {
  return inSchool(ctx, async (tx) => {
    await watchableClass(tx, ctx.auth.accountId, courseSessionId);
    const found = await repo.analysisOf(tx, courseSessionId, 'live');
    return { live: found ? await liveView(tx, found.a, { timeZone: ctx.deps.config.schoolTimezone, now: ctx.deps.now() }) : null };
  });
}

/** Pushes a message to the people responsible for a room (each of their sockets in this school). */
export async function publishToRoom(deps: Deps, schoolId: string, audience: readonly string[], message: TRealtimeMessage): Promise<void> {
  for (const accountId of audience) await deps.realtime.publish(schoolId, accountId, message);
}

/** Who is responsible for a room now (read again every few minutes by a running analysis). */
export const audienceOf = (tx: Tx, classroomId: string | null) => (classroomId ? responsibleForRoom(tx, classroomId) : Promise.resolve([]));
