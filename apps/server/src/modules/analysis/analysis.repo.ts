/** AI classroom analysis's SQL (docs/decisions/0016-repositories.md). */
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  aiWarningRules,
  classAnalyses,
  classAnalysisHits,
  classAnalysisSamples,
  classAnalysisSegments,
  jobs,
  recordings,
  sensitiveWords,
  warnings,
} from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';
import { col, queryRow } from '../../platform/sql-rows.ts';
import { z } from 'zod';

export type AnalysisRow = typeof classAnalyses.$inferSelect;
export type NewAnalysis = typeof classAnalyses.$inferInsert;
export type SampleRow = typeof classAnalysisSamples.$inferInsert;
export type SegmentRow = typeof classAnalysisSegments.$inferInsert;
export type HitRow = typeof classAnalysisHits.$inferInsert;
export type WarningRuleRow = typeof aiWarningRules.$inferSelect;

/** The class's analysis from one source, with its job's progress. */
export async function analysisOf(tx: Tx, courseSessionId: string, source: 'recording' | 'live') {
  // index: class_analyses_session_source_uq (school_id, course_session_id, source)
  const rows = await tx
    .select({ a: classAnalyses, jobProgress: jobs.progress, jobTotal: jobs.total })
    .from(classAnalyses)
    .leftJoin(jobs, and(eq(jobs.schoolId, classAnalyses.schoolId), eq(jobs.id, classAnalyses.jobId)))
    .where(and(eq(classAnalyses.courseSessionId, courseSessionId), eq(classAnalyses.source, source)));
  return rows[0];
}

export async function analysisById(tx: Tx, id: string): Promise<AnalysisRow | undefined> {
  // index: class_analyses_school_id_id_pk (school_id, id)
  return (await tx.select().from(classAnalyses).where(eq(classAnalyses.id, id)))[0];
}

/** Creates the class's analysis row, or resets the existing one to be run again. */
export async function upsertAnalysis(tx: Tx, row: NewAnalysis): Promise<AnalysisRow> {
  const [saved] = await tx
    .insert(classAnalyses)
    .values(row)
    .onConflictDoUpdate({
      target: [classAnalyses.schoolId, classAnalyses.courseSessionId, classAnalyses.source],
      set: { status: row.status ?? 'queued', jobId: row.jobId ?? null, errorKey: null, finishedAt: null, sampleSeconds: row.sampleSeconds, stIntervalSeconds: row.stIntervalSeconds },
    })
    .returning();
  return saved!;
}

export async function updateAnalysis(tx: Tx, id: string, set: Partial<NewAnalysis>): Promise<void> {
  await tx.update(classAnalyses).set(set).where(eq(classAnalyses.id, id));
}

/** Replaces an analysis's samples, segments and hits with a run's (a re-run starts clean). */
export async function replaceDetails(tx: Tx, analysisId: string, d: { samples: SampleRow[]; segments: SegmentRow[]; hits: HitRow[] }): Promise<void> {
  await tx.delete(classAnalysisSamples).where(eq(classAnalysisSamples.analysisId, analysisId));
  await tx.delete(classAnalysisSegments).where(eq(classAnalysisSegments.analysisId, analysisId));
  await tx.delete(classAnalysisHits).where(eq(classAnalysisHits.analysisId, analysisId));
  // Chunked: a 45-minute lesson has a few hundred samples and segments; stay far below parameter limits.
  for (let i = 0; i < d.samples.length; i += 500) await tx.insert(classAnalysisSamples).values(d.samples.slice(i, i + 500));
  for (let i = 0; i < d.segments.length; i += 500) await tx.insert(classAnalysisSegments).values(d.segments.slice(i, i + 500));
  for (let i = 0; i < d.hits.length; i += 500) await tx.insert(classAnalysisHits).values(d.hits.slice(i, i + 500));
}

export async function samplesOf(tx: Tx, analysisId: string) {
  // index: class_analysis_samples_school_id_analysis_id_camera_t_pk (school_id, analysis_id, camera, t)
  return tx.select().from(classAnalysisSamples).where(eq(classAnalysisSamples.analysisId, analysisId)).orderBy(asc(classAnalysisSamples.camera), asc(classAnalysisSamples.t));
}

/** The storage key of the student camera's frame kept as evidence at second t, if one was kept. */
export async function evidenceKeyAt(tx: Tx, analysisId: string, t: number): Promise<string | null> {
  // index: class_analysis_samples_school_id_analysis_id_camera_t_pk (school_id, analysis_id, camera, t)
  const rows = await tx.select({ key: classAnalysisSamples.evidenceKey }).from(classAnalysisSamples)
    .where(and(eq(classAnalysisSamples.analysisId, analysisId), eq(classAnalysisSamples.camera, 'student'), eq(classAnalysisSamples.t, t)));
  return rows[0]?.key ?? null;
}

export async function segmentsOf(tx: Tx, analysisId: string) {
  // index: class_analysis_segments_school_id_analysis_id_seq_pk (school_id, analysis_id, seq)
  return tx.select().from(classAnalysisSegments).where(eq(classAnalysisSegments.analysisId, analysisId)).orderBy(asc(classAnalysisSegments.seq));
}

export async function hitsOf(tx: Tx, analysisId: string) {
  // index: class_analysis_hits_analysis_idx (school_id, analysis_id, start)
  return tx.select().from(classAnalysisHits).where(eq(classAnalysisHits.analysisId, analysisId)).orderBy(asc(classAnalysisHits.start));
}

export async function warningsOf(tx: Tx, analysisId: string) {
  return tx
    .select({ id: warnings.id, kind: warnings.kind, level: warnings.level, startedAt: warnings.startedAt, endedAt: warnings.endedAt, evidence: warnings.evidence })
    .from(warnings)
    .where(eq(warnings.analysisId, analysisId))
    .orderBy(asc(warnings.startedAt));
}

/** The warnings an analysis has already raised, by rule (a rule raises one warning per class). */
export async function raisedRuleIds(tx: Tx, analysisId: string): Promise<string[]> {
  const rows = await tx.select({ ruleId: warnings.ruleId }).from(warnings).where(eq(warnings.analysisId, analysisId));
  return rows.flatMap((r) => (r.ruleId ? [r.ruleId] : []));
}

export async function insertWarnings(tx: Tx, rows: (typeof warnings.$inferInsert)[]): Promise<{ id: string }[]> {
  if (rows.length === 0) return [];
  return tx.insert(warnings).values(rows).returning({ id: warnings.id });
}

// ---------------------------------------------------------------- warning rules

export async function warningRules(tx: Tx): Promise<WarningRuleRow[]> {
  return tx.select().from(aiWarningRules).orderBy(asc(aiWarningRules.createdAt), asc(aiWarningRules.id));
}

export async function insertWarningRule(tx: Tx, row: typeof aiWarningRules.$inferInsert): Promise<WarningRuleRow> {
  return (await tx.insert(aiWarningRules).values(row).returning())[0]!;
}

export async function updateWarningRule(tx: Tx, id: string, set: Partial<typeof aiWarningRules.$inferInsert>): Promise<WarningRuleRow | undefined> {
  return (await tx.update(aiWarningRules).set(set).where(eq(aiWarningRules.id, id)).returning())[0];
}

export async function deleteWarningRule(tx: Tx, id: string): Promise<boolean> {
  return (await tx.delete(aiWarningRules).where(eq(aiWarningRules.id, id)).returning({ id: aiWarningRules.id })).length > 0;
}

export async function warningRulesByIds(tx: Tx, ids: string[]): Promise<WarningRuleRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(aiWarningRules).where(inArray(aiWarningRules.id, ids));
}

// ---------------------------------------------------------------- sensitive-word lexicon

export type SensitiveWordRow = typeof sensitiveWords.$inferSelect;

export async function sensitiveWordPage(tx: Tx, q: { pageNum: number; pageSize: number; keyword?: string | undefined; category?: string | undefined }) {
  const where = and(
    q.keyword ? ilike(sensitiveWords.word, containsPattern(q.keyword)) : undefined, // unindexed keyword search (a school's lexicon is small)
    q.category ? eq(sensitiveWords.category, q.category) : undefined,
  );
  // index: sensitive_words_word_uq (school_id, word)
  const list = await tx.select().from(sensitiveWords).where(where).orderBy(asc(sensitiveWords.word)).limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize);
  const [total] = await tx.select({ n: count() }).from(sensitiveWords).where(where);
  return { list, total: Number(total?.n ?? 0) };
}

/** The whole lexicon (matching a transcript, exporting). */
export async function allSensitiveWords(tx: Tx): Promise<SensitiveWordRow[]> {
  return tx.select().from(sensitiveWords).orderBy(asc(sensitiveWords.word));
}

export async function insertSensitiveWord(tx: Tx, row: typeof sensitiveWords.$inferInsert): Promise<SensitiveWordRow | undefined> {
  return (await tx.insert(sensitiveWords).values(row).onConflictDoNothing().returning())[0];
}

export async function updateSensitiveWord(tx: Tx, id: string, set: Partial<typeof sensitiveWords.$inferInsert>): Promise<SensitiveWordRow | undefined> {
  return (await tx.update(sensitiveWords).set(set).where(eq(sensitiveWords.id, id)).returning())[0];
}

export async function sensitiveWordByWord(tx: Tx, word: string): Promise<SensitiveWordRow | undefined> {
  return (await tx.select().from(sensitiveWords).where(eq(sensitiveWords.word, word)))[0];
}

export async function deleteSensitiveWord(tx: Tx, id: string): Promise<boolean> {
  return (await tx.delete(sensitiveWords).where(eq(sensitiveWords.id, id)).returning({ id: sensitiveWords.id })).length > 0;
}

/** Adds the words, or updates the category and severity of words already there. */
export async function upsertSensitiveWords(tx: Tx, schoolId: string, rows: { word: string; category: string; severity: SensitiveWordRow['severity'] }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(sensitiveWords)
      .values(rows.slice(i, i + 500).map((r) => ({ schoolId, ...r })))
      .onConflictDoUpdate({ target: [sensitiveWords.schoolId, sensitiveWords.word], set: { category: sql`excluded.category`, severity: sql`excluded.severity` } });
  }
}

// ---------------------------------------------------------------- what the pipeline needs to know of a class

const ClassContext = z.object({
  courseSessionId: col.text,
  classroomId: col.textOrNull,
  studentCount: col.int,
  capacity: col.intOrNull,
  seatRows: col.intOrNull,
  frontRows: col.intOrNull,
  sensitivity: col.intOrNull,
});
export type ClassContext = z.output<typeof ClassContext>;

/** The class's expected students, its room's seats and front rows, and the student camera's sensitivity. */
export function classContext(tx: Tx, courseSessionId: string): Promise<ClassContext | undefined> {
  // index: course_sessions_school_id_id_pk (school_id, id)
  return queryRow(tx, ClassContext, sql`
    select cs.id::text as "courseSessionId", cs.classroom_id::text as "classroomId", c.student_count as "studentCount",
      r.capacity, r.seat_rows as "seatRows", r.front_rows as "frontRows",
      (select cam.sensitivity from cameras cam where cam.school_id = cs.school_id and cam.classroom_id = cs.classroom_id
        order by (cam.frame = 'studentFull') desc, cam.id limit 1) as sensitivity
    from course_sessions cs
    join courses c on c.school_id = cs.school_id and c.id = cs.course_id
    left join classrooms r on r.school_id = cs.school_id and r.id = cs.classroom_id
    where cs.id = ${courseSessionId}`);
}

/** When the class's recording starts (a camera's first, else the recorder's): second 0 of its analysis. */
export async function recordingStart(tx: Tx, courseSessionId: string): Promise<Date | null> {
  // index: recordings_session_source_uq (school_id, course_session_id, source)
  const rows = await tx.select({ startedAt: recordings.startedAt }).from(recordings).where(eq(recordings.courseSessionId, courseSessionId)).orderBy(desc(recordings.source));
  return rows[0]?.startedAt ?? null;
}

const DemoTarget = z.object({ classroomId: col.text, cameraId: col.textOrNull, lessonDate: col.text, startMinute: col.int });

/** A class to draw a demo lesson for: its room, the room's student camera, and when it started. */
export function demoLessonTarget(tx: Tx, courseSessionId: string) {
  return queryRow(tx, DemoTarget, sql`
    select cs.classroom_id::text as "classroomId", cs.lesson_date::text as "lessonDate", st.start_minute as "startMinute",
      (select cam.id::text from cameras cam where cam.school_id = cs.school_id and cam.classroom_id = cs.classroom_id
        order by (cam.frame = 'studentFull') desc, cam.id limit 1) as "cameraId"
    from course_sessions cs
    join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_start
    where cs.id = ${courseSessionId} and cs.classroom_id is not null`);
}

/** The class's camera recording as a stored file, ready (replacing one being prepared). */
export async function upsertReadyRecording(tx: Tx, r: { schoolId: string; courseSessionId: string; classroomId: string; cameraId: string | null; startedAt: Date; durationSeconds: number; storageKey: string; sizeBytes: number }): Promise<void> {
  await tx
    .insert(recordings)
    .values({ ...r, source: 2, status: 'ready' })
    .onConflictDoUpdate({
      target: [recordings.schoolId, recordings.courseSessionId, recordings.source],
      set: { status: 'ready', storageKey: r.storageKey, sizeBytes: r.sizeBytes, durationSeconds: r.durationSeconds, startedAt: r.startedAt, cameraId: r.cameraId, jobId: null },
    });
}
