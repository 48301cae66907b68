/**
 * Live analysis of a class in progress (issue 15, docs/decisions/0022-live-analysis.md): the figures
 * the patrol detail's AI tab shows while the class goes on, the same whether they come over the
 * WebSocket (`analysis.live`, after every sample) or from GET /app/ddxk/ai/v1/live (the page's first
 * load and its fallback). Moments are seconds from the class's start (`startedAt`), as in the report.
 */
import { z } from 'zod';
import { ZId, ZIdInput } from './common.ts';
import { ANALYSIS_STATUSES, TEACHER_ATTENDANCE_STATES, ZAnalysisWarning, ZFigureMethod } from './analysis.ts';
import { TEACHING_MODES } from './st-analysis.ts';

/** Where the live pictures and sound come from: the media gateway, the built-in camera simulator, or the demo's drawn lesson. */
export const LIVE_SOURCE_KINDS = ['gateway', 'simulator', 'demo'] as const;
export type TLiveSourceKind = (typeof LIVE_SOURCE_KINDS)[number];
/**
 * What the source's sound allows: the teacher's lapel and the room apart (talk time and S-T), the
 * room microphone only (talk time, no S-T: speakers cannot be told apart), no sound at all, or no
 * interval measured yet.
 */
export const LIVE_AUDIO_STATES = ['separated', 'roomOnly', 'none', 'pending'] as const;
export type TLiveAudioState = (typeof LIVE_AUDIO_STATES)[number];
/** Points of the curve a live message carries at most (the latest ones): 1 h at 10 s. */
export const LIVE_CURVE_POINTS = 360;

export const ZLivePoint = z.object({
  t: z.number().int(),
  attendanceRate: z.number().nullable(),
  headUpRate: z.number().nullable(),
  frontRowRate: z.number().nullable(),
  /** A frame was kept as evidence at this sample (GET /app/ddxk/ai/v1/evidence). */
  evidence: z.boolean(),
});
export type TLivePoint = z.infer<typeof ZLivePoint>;

export const ZLiveAnalysis = z.object({
  analysisId: ZId,
  courseSessionId: ZId,
  classroomId: ZId.nullable(),
  /** queued (starting), running (the class goes on), done (the class ended), failed. */
  status: z.enum(ANALYSIS_STATUSES),
  source: z.enum(LIVE_SOURCE_KINDS).nullable(),
  /** Second 0: the class's start. */
  startedAt: z.string().nullable(),
  /** The class's end: the analysis stops there. */
  endsAt: z.string().nullable(),
  sampleSeconds: z.number().int(),
  stIntervalSeconds: z.number().int(),
  expectedStudents: z.number().int().nullable(),
  frontRowExpected: z.number().int().nullable(),
  /** The latest sample of the cameras (null before the first). */
  now: z
    .object({
      t: z.number().int(),
      present: z.number().int(),
      attendanceRate: z.number().nullable(),
      headUpRate: z.number().nullable(),
      frontRow: z.number().int(),
      frontRowRate: z.number().nullable(),
      /** The teacher camera saw the teacher at its latest sample (null without a teacher camera). */
      teacherPresent: z.boolean().nullable(),
    })
    .nullable(),
  /** Per sample, the latest LIVE_CURVE_POINTS. */
  curve: z.array(ZLivePoint),
  /** Over the class so far. */
  attendanceRate: z.number().nullable(),
  headUpRate: z.number().nullable(),
  frontRowRate: z.number().nullable(),
  teacherAttendance: z.enum(TEACHER_ATTENDANCE_STATES).nullable(),
  audio: z.enum(LIVE_AUDIO_STATES),
  /** S-T over the intervals measured so far. */
  st: z.object({ sequence: z.string(), rt: z.number(), ch: z.number(), mode: z.enum(TEACHING_MODES) }).nullable(),
  talk: z.object({ teacher: z.number(), student: z.number(), silence: z.number() }).nullable(),
  methods: z.record(z.string(), ZFigureMethod),
  /** Raised by this analysis (active while endedAt is null), with the moments and figures they rest on. */
  warnings: z.array(ZAnalysisWarning),
  updatedAt: z.string(),
});
export type TLiveAnalysis = z.infer<typeof ZLiveAnalysis>;

export const ZLiveAnalysisQuery = z.object({ courseSessionId: ZIdInput });
/** `live` is null when the class is not analysed live. */
export const ZLiveAnalysisResponse = z.object({ live: ZLiveAnalysis.nullable() });
export type TLiveAnalysisResponse = z.infer<typeof ZLiveAnalysisResponse>;

/** A warning a live analysis has just raised, as pushed to the people responsible for the room. */
export const ZLiveWarning = ZAnalysisWarning.extend({
  courseSessionId: ZId,
  classroomId: ZId.nullable(),
  classroomName: z.string().nullable(),
  courseName: z.string(),
});
export type TLiveWarning = z.infer<typeof ZLiveWarning>;
