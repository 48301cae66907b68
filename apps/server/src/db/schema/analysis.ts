/**
 * AI classroom analysis (issue 15). One analysis per class meeting and source (a recording after
 * the class, or live sampling while it runs), its per-sample figures from the cameras, its talk and
 * transcript segments, its sensitive-word hits, and people's corrections. Warning rules and the
 * school's sensitive-word lexicon live here too; raised warnings go to `warnings` (directory.ts),
 * which the course state and the patrol wall already read.
 *
 * Privacy by design: nothing here identifies a face or a student; samples are class-level counts
 * and shares, and evidence frames are stored with faces blurred (docs/privacy.md).
 *
 * Tenant tables with (school_id, …) keys; row-level security in the migration after the tables'.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, schools } from './platform.ts';
import { classrooms, courseSessions, WARNING_LEVELS } from './directory.ts';
import { createdAt, id, idString, schoolId, ts } from './columns.ts';
import { ANALYSIS_SOURCES, ANALYSIS_STATUSES, TALK_KINDS, TEACHER_ATTENDANCE_STATES, TRANSCRIPT_STATUSES, WARNING_RULE_KINDS } from '@hxk/contracts';

const school = () => schoolId().references(() => schools.id, { onDelete: 'cascade' });

export const ANALYSIS_CAMERAS = ['student', 'teacher'] as const;

/** What a figure says about itself: how it was computed and how sure it is (0..1). */
export type FigureMethod = { method: string; confidence: number | null };

export const classAnalyses = pgTable('class_analyses', {
  schoolId: school(),
  id: id(),
  courseSessionId: idString('course_session_id').notNull(),
  classroomId: idString('classroom_id'),
  source: text('source', { enum: ANALYSIS_SOURCES }).notNull(),
  status: text('status', { enum: ANALYSIS_STATUSES }).notNull().default('queued'),
  jobId: idString('job_id'),
  /** Wall-clock time of second 0 of the analysed media: a moment is this plus an offset. */
  startedAt: ts('started_at'),
  durationSeconds: integer('duration_seconds'),
  sampleSeconds: integer('sample_seconds').notNull(),
  stIntervalSeconds: integer('st_interval_seconds').notNull(),
  expectedStudents: integer('expected_students'),
  presentAvg: real('present_avg'),
  attendanceRate: real('attendance_rate'),
  headUpRate: real('head_up_rate'),
  frontRowExpected: integer('front_row_expected'),
  frontRowActual: real('front_row_actual'),
  frontRowRate: real('front_row_rate'),
  /** The pitch (degrees) the head-up rule measured against: learned from the lesson, or set. */
  pitchBaseline: real('pitch_baseline'),
  stSequence: text('st_sequence'),
  rt: real('rt'),
  ch: real('ch'),
  mode: text('mode'),
  teacherTalkSeconds: real('teacher_talk_seconds'),
  studentTalkSeconds: real('student_talk_seconds'),
  overlapSeconds: real('overlap_seconds'),
  silenceSeconds: real('silence_seconds'),
  teacherAttendance: text('teacher_attendance', { enum: TEACHER_ATTENDANCE_STATES }),
  transcriptStatus: text('transcript_status', { enum: TRANSCRIPT_STATUSES }),
  speechRate: real('speech_rate'),
  /** Per figure: { method, confidence } (the report shows both beside the figure). */
  methods: jsonb('methods').$type<Record<string, FigureMethod>>().notNull().default(sql`'{}'::jsonb`),
  errorKey: text('error_key'),
  createdAt: createdAt(),
  finishedAt: ts('finished_at'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ name: 'class_analyses_session_fk', columns: [t.schoolId, t.courseSessionId], foreignColumns: [courseSessions.schoolId, courseSessions.id] }).onDelete('cascade'),
  foreignKey({ name: 'class_analyses_room_fk', columns: [t.schoolId, t.classroomId], foreignColumns: [classrooms.schoolId, classrooms.id] }).onDelete('set null'),
  uniqueIndex('class_analyses_session_source_uq').on(t.schoolId, t.courseSessionId, t.source),
  index('class_analyses_created_idx').on(t.schoolId, t.createdAt),
  check('class_analyses_sample_ck', sql`${t.sampleSeconds} between 1 and 600 and ${t.stIntervalSeconds} between 1 and 600`),
  check('class_analyses_rates_ck', sql`coalesce(${t.attendanceRate}, 0) between 0 and 1 and coalesce(${t.headUpRate}, 0) between 0 and 1 and coalesce(${t.frontRowRate}, 0) between 0 and 1 and coalesce(${t.rt}, 0) between 0 and 1 and coalesce(${t.ch}, 0) between 0 and 1`),
  check('class_analyses_st_ck', sql`${t.stSequence} is null or ${t.stSequence} ~ '^[ST]+$'`),
]);

/** One sampled frame of one camera: class-level counts only. */
export const classAnalysisSamples = pgTable('class_analysis_samples', {
  schoolId: school(),
  analysisId: idString('analysis_id').notNull(),
  camera: text('camera', { enum: ANALYSIS_CAMERAS }).notNull(),
  /** Seconds from the analysis's start. */
  t: integer('t').notNull(),
  faces: integer('faces').notNull(),
  /** Faces whose head pose was measured (the head-up rate's denominator). */
  posed: integer('posed').notNull(),
  headUp: integer('head_up').notNull(),
  headDown: integer('head_down').notNull(),
  turnedAway: integer('turned_away').notNull(),
  frontRow: integer('front_row').notNull(),
  /** Share of faces per expression peak type (EXPRESSION_TYPES). */
  expressions: jsonb('expressions').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
  /** Mean detection score of the faces counted. */
  confidence: real('confidence'),
  /** The evidence frame (faces blurred) in the file storage, when one was kept. */
  evidenceKey: text('evidence_key'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.analysisId, t.camera, t.t] }),
  foreignKey({ name: 'class_analysis_samples_analysis_fk', columns: [t.schoolId, t.analysisId], foreignColumns: [classAnalyses.schoolId, classAnalyses.id] }).onDelete('cascade'),
  check('class_analysis_samples_ck', sql`${t.t} >= 0 and ${t.faces} >= 0 and ${t.posed} between 0 and ${t.faces} and ${t.headUp} between 0 and ${t.posed} and ${t.frontRow} between 0 and ${t.faces}`),
]);

/** Talk segments from voice activity, and transcript segments (kind 'transcript', with text). */
export const classAnalysisSegments = pgTable('class_analysis_segments', {
  schoolId: school(),
  analysisId: idString('analysis_id').notNull(),
  seq: integer('seq').notNull(),
  kind: text('kind', { enum: [...TALK_KINDS, 'transcript'] }).notNull(),
  start: real('start').notNull(),
  end: real('end').notNull(),
  speaker: text('speaker'),
  text: text('text'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.analysisId, t.seq] }),
  foreignKey({ name: 'class_analysis_segments_analysis_fk', columns: [t.schoolId, t.analysisId], foreignColumns: [classAnalyses.schoolId, classAnalyses.id] }).onDelete('cascade'),
  check('class_analysis_segments_ck', sql`${t.start} >= 0 and ${t.end} >= ${t.start}`),
]);

export const SENSITIVE_SEVERITIES = WARNING_LEVELS;

/** The school's sensitive-word lexicon. */
export const sensitiveWords = pgTable('sensitive_words', {
  schoolId: school(),
  id: id(),
  word: text('word').notNull(),
  category: text('category').notNull(),
  severity: text('severity', { enum: SENSITIVE_SEVERITIES }).notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  uniqueIndex('sensitive_words_word_uq').on(t.schoolId, t.word),
  check('sensitive_words_ck', sql`length(${t.word}) between 1 and 64 and length(${t.category}) between 1 and 32`),
]);

/** A lexicon word heard in a class's transcript, with its moment and the text around it. */
export const classAnalysisHits = pgTable('class_analysis_hits', {
  schoolId: school(),
  id: id(),
  analysisId: idString('analysis_id').notNull(),
  word: text('word').notNull(),
  category: text('category').notNull(),
  severity: text('severity', { enum: SENSITIVE_SEVERITIES }).notNull(),
  start: real('start').notNull(),
  end: real('end').notNull(),
  context: text('context').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ name: 'class_analysis_hits_analysis_fk', columns: [t.schoolId, t.analysisId], foreignColumns: [classAnalyses.schoolId, classAnalyses.id] }).onDelete('cascade'),
  index('class_analysis_hits_analysis_idx').on(t.schoolId, t.analysisId, t.start),
]);

/** A school's AI warning rule (/back/aiWarningSettings). */
export const aiWarningRules = pgTable('ai_warning_rules', {
  schoolId: school(),
  id: id(),
  kind: text('kind', { enum: WARNING_RULE_KINDS }).notNull(),
  /** A percentage for the rate rules. */
  threshold: integer('threshold'),
  /** How long the condition must hold (rate rules), or minutes after the start (teacher absent). */
  minutes: integer('minutes'),
  /** The lexicon category a sensitive-word rule watches (null: any). */
  category: text('category'),
  level: text('level', { enum: WARNING_LEVELS }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  check('ai_warning_rules_ck', sql`coalesce(${t.threshold}, 0) between 0 and 100 and coalesce(${t.minutes}, 0) between 0 and 240`),
]);

export const CORRECTION_MEASURES = ['st', 'attendance'] as const;

/** A person's correction of an AI figure, shown beside it and counted in the agreement rate. */
export const analysisCorrections = pgTable('analysis_corrections', {
  schoolId: school(),
  id: id(),
  analysisId: idString('analysis_id').notNull(),
  measure: text('measure', { enum: CORRECTION_MEASURES }).notNull(),
  /** The corrected S-T sequence (same length as the AI's), or null. */
  stSequence: text('st_sequence'),
  /** The counted number of students present, or null. */
  present: integer('present'),
  accountId: idString('account_id').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ name: 'analysis_corrections_analysis_fk', columns: [t.schoolId, t.analysisId], foreignColumns: [classAnalyses.schoolId, classAnalyses.id] }).onDelete('cascade'),
  index('analysis_corrections_analysis_idx').on(t.schoolId, t.analysisId, t.createdAt),
  check('analysis_corrections_ck', sql`(${t.measure} = 'st' and ${t.stSequence} ~ '^[ST]+$') or (${t.measure} = 'attendance' and ${t.present} between 0 and 10000)`),
]);
