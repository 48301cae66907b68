/**
 * AI classroom analysis (issue 15): the AI classroom report of a class, the school's warning rules
 * (/back/aiWarningSettings) and its sensitive-word lexicon. Every figure travels with how it was
 * computed and how sure it is (`methods`), and every series point with its moment in seconds from
 * the analysis's start (`startedAt`), which the report turns into a link to the recording.
 */
import { z } from 'zod';
import { ZId, ZIdInput, zPage } from './common.ts';
import { ZHttpUrl } from './members.ts';
import { EXPRESSION_TYPES } from './constants.ts';
import { ST_LIMITS, TEACHING_MODES } from './st-analysis.ts';

export const ANALYSIS_SOURCES = ['recording', 'live'] as const;
export const ANALYSIS_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const TRANSCRIPT_STATUSES = ['notConfigured', 'done', 'failed', 'noAudio'] as const;
export const TEACHER_ATTENDANCE_STATES = ['normal', 'late', 'earlyLeave', 'absent'] as const;
export const WARNING_LEVEL_KEYS = ['mild', 'moderate', 'severe'] as const;
export const WARNING_RULE_KINDS = ['headUpBelow', 'attendanceBelow', 'teacherAbsent', 'sensitiveWord'] as const;
export const TALK_KINDS = ['teacher', 'student', 'overlap', 'unknown'] as const;
/** Sampling defaults (a school setting may change the frame period). */
export const ANALYSIS_DEFAULTS = { sampleSeconds: 10, stIntervalSeconds: 30 } as const;

export const ZFigureMethod = z.object({ method: z.string(), confidence: z.number().nullable() });
export type TFigureMethod = z.infer<typeof ZFigureMethod>;

export const ZAnalysisSample = z.object({
  t: z.number().int(),
  faces: z.number().int(),
  posed: z.number().int(),
  headUp: z.number().int(),
  headDown: z.number().int(),
  turnedAway: z.number().int(),
  frontRow: z.number().int(),
  expressions: z.partialRecord(z.enum(EXPRESSION_TYPES), z.number()),
  confidence: z.number().nullable(),
  hasEvidence: z.boolean(),
});
export type TAnalysisSample = z.infer<typeof ZAnalysisSample>;

export const ZTalkSegment = z.object({ kind: z.enum(TALK_KINDS), start: z.number(), end: z.number() });
export const ZTranscriptSegment = z.object({ start: z.number(), end: z.number(), speaker: z.string().nullable(), text: z.string() });
export const ZSensitiveHit = z.object({
  word: z.string(),
  category: z.string(),
  severity: z.enum(WARNING_LEVEL_KEYS),
  start: z.number(),
  end: z.number(),
  context: z.string(),
});
export type TSensitiveHit = z.infer<typeof ZSensitiveHit>;

export const ZAnalysisWarning = z.object({
  id: ZId,
  kind: z.string(),
  level: z.enum(WARNING_LEVEL_KEYS),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  moments: z.array(z.number()),
  figures: z.record(z.string(), z.number()).nullable(),
  words: z.array(z.string()).nullable(),
});

export const CORRECTED_MEASURES = ['st', 'attendance'] as const;
export type TCorrectedMeasure = (typeof CORRECTED_MEASURES)[number];

/**
 * A person's correction of an AI figure, with the figures recomputed from it so that the report shows
 * them beside the AI's: for S-T, Rt, Ch and the mode of the corrected sequence (computeSt) and the
 * share of intervals coded as the AI coded them; for attendance, the counted students over the
 * expected ones. The report lists each person's latest correction of each measure.
 */
export const ZAnalysisCorrection = z.object({
  id: ZId,
  measure: z.enum(CORRECTED_MEASURES),
  stSequence: z.string().nullable(),
  present: z.number().int().nullable(),
  byName: z.string().nullable(),
  /** The reader's own correction (the correction form starts from it). */
  mine: z.boolean(),
  createdAt: z.string(),
  rt: z.number().nullable(),
  ch: z.number().nullable(),
  mode: z.enum(TEACHING_MODES).nullable(),
  /** S-T: intervals coded as the AI coded them, over all intervals (null when the lengths differ after a re-run). */
  agreement: z.number().nullable(),
  /** Attendance: present / expected students, capped at 1 like the AI's (null without an expected count). */
  attendanceRate: z.number().nullable(),
});
export type TAnalysisCorrection = z.infer<typeof ZAnalysisCorrection>;

export const ZClassReport = z.object({
  courseSessionId: ZId,
  courseName: z.string(),
  teacherName: z.string(),
  classroomName: z.string().nullable(),
  lessonDate: z.string(),
  analysis: z
    .object({
      id: ZId,
      source: z.enum(ANALYSIS_SOURCES),
      status: z.enum(ANALYSIS_STATUSES),
      progress: z.object({ done: z.number(), total: z.number() }).nullable(),
      errorKey: z.string().nullable(),
      startedAt: z.string().nullable(),
      durationSeconds: z.number().nullable(),
      sampleSeconds: z.number().int(),
      stIntervalSeconds: z.number().int(),
      expectedStudents: z.number().int().nullable(),
      presentAvg: z.number().nullable(),
      attendanceRate: z.number().nullable(),
      headUpRate: z.number().nullable(),
      frontRowExpected: z.number().int().nullable(),
      frontRowActual: z.number().nullable(),
      frontRowRate: z.number().nullable(),
      pitchBaseline: z.number().nullable(),
      stSequence: z.string().nullable(),
      rt: z.number().nullable(),
      ch: z.number().nullable(),
      mode: z.enum(TEACHING_MODES).nullable(),
      teacherTalkSeconds: z.number().nullable(),
      studentTalkSeconds: z.number().nullable(),
      overlapSeconds: z.number().nullable(),
      silenceSeconds: z.number().nullable(),
      teacherAttendance: z.enum(TEACHER_ATTENDANCE_STATES).nullable(),
      transcriptStatus: z.enum(TRANSCRIPT_STATUSES).nullable(),
      speechRate: z.number().nullable(),
      methods: z.record(z.string(), ZFigureMethod),
      samples: z.array(ZAnalysisSample),
      teacherSamples: z.array(z.object({ t: z.number().int(), present: z.boolean() })),
      talk: z.array(ZTalkSegment),
      transcript: z.array(ZTranscriptSegment),
      hits: z.array(ZSensitiveHit),
      warnings: z.array(ZAnalysisWarning),
      corrections: z.array(ZAnalysisCorrection),
      /** Whether the reader may correct this analysis's S-T coding and attendance (POST corrections/save would accept). */
      canCorrect: z.boolean(),
    })
    .nullable(),
});
export type TClassReport = z.infer<typeof ZClassReport>;
export const ZClassReportQuery = z.object({ courseSessionId: ZIdInput });
// ---------------------------------------------------------------- the school's transcription service

/**
 * The speech-to-text service the school's analyses use: its own when address, key and model are all
 * set, else the deployment's (TRANSCRIPTION_* of the operator), else none. The key is never returned.
 */
export const ZTranscriptionSettings = z.object({
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  apiKeySet: z.boolean(),
  /** Which service analyses use now. */
  inUse: z.enum(['school', 'deployment', 'none']),
  /** The deployment's service exists (the school may leave its own empty). */
  deploymentConfigured: z.boolean(),
});
export type TTranscriptionSettings = z.infer<typeof ZTranscriptionSettings>;

/** apiKey: a new key, null to remove the stored one, absent to keep it. All empty: use the deployment's. */
export const ZSaveTranscriptionSettings = z.object({
  baseUrl: ZHttpUrl.nullable(),
  model: z.string().trim().min(1).max(100).nullable(),
  apiKey: z.string().trim().min(1).max(500).nullable().optional(),
});
export type TSaveTranscriptionSettings = z.infer<typeof ZSaveTranscriptionSettings>;

/** What a test of the service heard in a second of generated silence (it answered with a timed transcript). */
export const ZTranscriptionTestResult = z.object({ service: z.enum(['school', 'deployment']), language: z.string().nullable(), segments: z.number().int(), ms: z.number().int() });
export type TTranscriptionTestResult = z.infer<typeof ZTranscriptionTestResult>;

/** A frame kept as evidence: the sample's second from the start of the class (a sample with hasEvidence). */
export const ZEvidenceFrameQuery = z.object({ courseSessionId: ZIdInput, t: z.coerce.number().int().min(0).max(86_400) });

// ---------------------------------------------------------------- people's corrections and the agreement rate

/** The schema's bound on a counted attendance (analysis_corrections_ck); the service also caps it at twice the expected students. */
export const CORRECTION_LIMITS = { presentMax: 10_000, presentPerExpected: 2 } as const;

/** The most students a correction may count: twice the expected, or the table's bound without an expected count. */
export function correctionPresentMax(expectedStudents: number | null): number {
  return expectedStudents ? Math.min(CORRECTION_LIMITS.presentMax, expectedStudents * CORRECTION_LIMITS.presentPerExpected) : CORRECTION_LIMITS.presentMax;
}

/** Students a person counted present (the web's form rule too); the service also caps it with correctionPresentMax. */
export const ZCorrectedPresent = z.number().int('validation.present').min(0, 'validation.present').max(CORRECTION_LIMITS.presentMax, 'validation.present');

const correctionTarget = {
  /** The class: its analysis from the recording, else its live analysis (as the report picks it). */
  courseSessionId: ZIdInput.optional(),
  analysisId: ZIdInput.optional(),
};
export const ZSaveCorrectionRequest = z
  .discriminatedUnion('measure', [
    z.object({
      ...correctionTarget,
      measure: z.literal('st'),
      stSequence: z.string().min(1, 'validation.stSequence').max(ST_LIMITS.sequenceMax, 'validation.stSequence').regex(/^[ST]+$/, 'validation.stSequence'),
    }),
    z.object({
      ...correctionTarget,
      measure: z.literal('attendance'),
      present: ZCorrectedPresent,
    }),
  ])
  .refine((r) => r.courseSessionId !== undefined || r.analysisId !== undefined, { message: 'validation.required', path: ['analysisId'] });
export type TSaveCorrectionRequest = z.infer<typeof ZSaveCorrectionRequest>;

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date' });
/** Classes whose lesson date falls in [from, to] (both optional, inclusive). */
export const ZAgreementQuery = z.object({ from: ZIsoDate.optional(), to: ZIsoDate.optional() });
export type TAgreementQuery = z.infer<typeof ZAgreementQuery>;

/**
 * How far people agree with the AI, per measure, over the school's corrected classes. Each person's
 * latest correction of a class counts once; a class corrected by two people counts once in `classes`
 * and twice in `corrections`.
 */
export const ZAgreement = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  st: z.object({
    classes: z.number().int(),
    corrections: z.number().int(),
    intervals: z.number().int(),
    /** Intervals the person coded as the AI did, over all compared intervals. */
    rate: z.number().nullable(),
    /** Cohen's kappa over the pooled intervals: agreement beyond what chance gives; null when not defined (no intervals, or both only ever used one code). */
    kappa: z.number().nullable(),
    /** Corrections whose teaching mode is the AI's. */
    sameMode: z.number().nullable(),
  }),
  attendance: z.object({
    classes: z.number().int(),
    corrections: z.number().int(),
    /** Mean |AI's average present − counted present|, in students. */
    meanAbsDiff: z.number().nullable(),
    /** Corrections within one student of the AI's average. */
    withinOne: z.number().nullable(),
  }),
});
export type TAgreement = z.infer<typeof ZAgreement>;

// ---------------------------------------------------------------- warning rules

export const ZWarningRule = z.object({
  id: ZId,
  kind: z.enum(WARNING_RULE_KINDS),
  threshold: z.number().int().nullable(),
  minutes: z.number().nullable(),
  category: z.string().nullable(),
  level: z.enum(WARNING_LEVEL_KEYS),
  enabled: z.boolean(),
});
export type TWarningRuleRow = z.infer<typeof ZWarningRule>;

const percent = z.number().int('validation.percent').min(0, 'validation.percent').max(100, 'validation.percent');
const minutes = z.number().int('validation.minutes').min(0, 'validation.minutes').max(240, 'validation.minutes');

export const ZSaveWarningRuleRequest = z
  .object({
    id: ZIdInput.optional(),
    kind: z.enum(WARNING_RULE_KINDS),
    threshold: percent.nullable().default(null),
    minutes: minutes.nullable().default(null),
    category: z.string().trim().min(1).max(32).nullable().default(null),
    level: z.enum(WARNING_LEVEL_KEYS),
    enabled: z.boolean().default(true),
  })
  .superRefine((r, ctx) => {
    if ((r.kind === 'headUpBelow' || r.kind === 'attendanceBelow') && r.threshold === null) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['threshold'] });
    if (r.kind !== 'sensitiveWord' && r.minutes === null) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['minutes'] });
  });
export type TSaveWarningRuleRequest = z.infer<typeof ZSaveWarningRuleRequest>;
export const ZWarningRuleIdRequest = z.object({ id: ZIdInput });

// ---------------------------------------------------------------- sensitive-word lexicon

export const SENSITIVE_WORD_LIMITS = { wordMax: 64, categoryMax: 32, entries: 10_000 } as const;
export const ZSensitiveWord = z.object({ id: ZId, word: z.string(), category: z.string(), severity: z.enum(WARNING_LEVEL_KEYS) });
export type TSensitiveWord = z.infer<typeof ZSensitiveWord>;
export const ZSensitiveWordsRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(64).optional(),
  category: z.string().trim().max(32).optional(),
});
export const ZSensitiveWordsPage = zPage(ZSensitiveWord);
export const ZSaveSensitiveWordRequest = z.object({
  id: ZIdInput.optional(),
  word: z.string().trim().min(1, 'validation.required').max(SENSITIVE_WORD_LIMITS.wordMax, 'validation.tooLong'),
  category: z.string().trim().min(1, 'validation.required').max(SENSITIVE_WORD_LIMITS.categoryMax, 'validation.tooLong'),
  severity: z.enum(WARNING_LEVEL_KEYS),
});
export type TSaveSensitiveWordRequest = z.infer<typeof ZSaveSensitiveWordRequest>;
export const ZSensitiveWordIdRequest = z.object({ id: ZIdInput });
export const ZSensitiveWordsImportResult = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), column: z.string().nullable(), reason: z.string() })),
});
export type TSensitiveWordsImportResult = z.infer<typeof ZSensitiveWordsImportResult>;
