/**
 * AI classroom analysis (issue 15): the report of a class, storing what the pipeline measured, the
 * warnings its figures raise, and the school's warning rules.
 *
 * Who sees a report: the class's own teacher, or someone whose patrol reach covers its room (the
 * same rule as the class's recordings, whose moments the report links to). Another school's class
 * is not found.
 */
import {
  type EXPRESSION_TYPES,
  TEACHING_MODES,
  type TClassReport,
  type TSaveSensitiveWordRequest,
  type TSaveWarningRuleRequest,
  type TSensitiveWord,
  type TSensitiveWordsImportResult,
  type TTeachingMode,
  type TWarningRuleRow,
} from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { iso, isoOrNull, page } from '../../platform/sql-rows.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { watchableClass } from '../recordings/recordings.service.ts';
import * as repo from './analysis.repo.ts';
import { reportCorrections } from './corrections.service.ts';
import { readLexiconCsv, writeLexiconCsv } from './speech/sensitive-words-io.ts';
import { evaluateWarningRules, type TRaisedWarning, type TWarningRule } from './warning-rules.ts';

/** What one run of the pipeline measured for a class (all times in seconds from its start). */
export type TAnalysisResult = {
  durationSeconds: number;
  expectedStudents: number | null;
  presentAvg: number | null;
  attendanceRate: number | null;
  headUpRate: number | null;
  frontRowExpected: number | null;
  frontRowActual: number | null;
  frontRowRate: number | null;
  pitchBaseline: number | null;
  st: { sequence: string; rt: number; ch: number; mode: TTeachingMode } | null;
  talk: { teacher: number; student: number; overlap: number; silence: number } | null;
  teacherAttendance: 'normal' | 'late' | 'earlyLeave' | 'absent' | null;
  /** null: not transcribed (a live analysis; the recording's analysis transcribes after the class). */
  transcriptStatus: 'notConfigured' | 'done' | 'failed' | 'noAudio' | null;
  speechRate: number | null;
  methods: Record<string, { method: string; confidence: number | null }>;
  samples: {
    t: number;
    faces: number;
    posed: number;
    headUp: number;
    headDown: number;
    turnedAway: number;
    frontRow: number;
    expressions: Partial<Record<(typeof EXPRESSION_TYPES)[number], number>>;
    confidence: number | null;
    evidenceKey: string | null;
  }[];
  teacherSamples: { t: number; faces: number }[];
  talkSegments: { kind: 'teacher' | 'student' | 'overlap' | 'unknown'; start: number; end: number }[];
  transcript: { start: number; end: number; speaker: string | null; text: string }[];
  hits: { word: string; category: string; severity: 'mild' | 'moderate' | 'severe'; start: number; end: number; context: string }[];
};

const round = (n: number | null, digits = 4) => (n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits);

function asMode(m: string | null): TTeachingMode | null {
  return m !== null && (TEACHING_MODES as readonly string[]).includes(m) ? (m as TTeachingMode) : null;
}

function ruleOf(r: repo.WarningRuleRow): TWarningRule | null {
  if (!r.enabled) return null;
  switch (r.kind) {
    case 'headUpBelow':
    case 'attendanceBelow':
      return r.threshold === null ? null : { id: r.id, kind: r.kind, threshold: r.threshold, minutes: r.minutes ?? 0, level: r.level };
    case 'teacherAbsent':
      return { id: r.id, kind: r.kind, minutes: r.minutes ?? 0, level: r.level };
    case 'sensitiveWord':
      return { id: r.id, kind: r.kind, category: r.category, level: r.level };
  }
}

/** A warning an analysis raised, as the report and the live view show it (with its evidence). */
export function presentWarning(w: Awaited<ReturnType<typeof repo.warningsOf>>[number]) {
  return {
    id: w.id,
    kind: w.kind,
    level: w.level,
    startedAt: iso(w.startedAt),
    endedAt: isoOrNull(w.endedAt),
    moments: w.evidence?.moments ?? [],
    figures: w.evidence?.figures ?? null,
    words: w.evidence?.words ?? null,
  };
}

/** The warnings a result raises under the school's enabled rules (pure on the result). */
export function warningsFor(rules: repo.WarningRuleRow[], result: Pick<TAnalysisResult, 'samples' | 'teacherSamples' | 'hits' | 'expectedStudents'>, sampleSeconds: number): TRaisedWarning[] {
  const active = rules.map(ruleOf).filter((r): r is TWarningRule => r !== null);
  const expected = result.expectedStudents;
  return evaluateWarningRules(active, {
    headUp: result.samples.map((s) => ({ t: s.t, rate: s.posed > 0 ? s.headUp / s.posed : null })),
    attendance: result.samples.map((s) => ({ t: s.t, rate: expected ? Math.min(1, s.faces / expected) : null })),
    teacher: result.teacherSamples.map((s) => ({ t: s.t, present: s.faces > 0 })),
    hits: result.hits.map((h) => ({ start: h.start, word: h.word, category: h.category })),
    sampleSeconds,
  });
}

/**
 * Stores a run's figures and details in the analysis row and raises the warnings its figures call
 * for (one per rule and class: a rule already raised for this analysis is not raised again). The
 * caller runs it in the analysis's school; returns the warnings it raised.
 */
export async function storeResult(tx: Tx, input: { analysis: repo.AnalysisRow; result: TAnalysisResult; startedAt: Date; classroomId: string | null; finished: boolean }): Promise<TRaisedWarning[]> {
  const { analysis, result } = input;
  await repo.updateAnalysis(tx, analysis.id, {
    status: input.finished ? 'done' : 'running',
    startedAt: input.startedAt,
    durationSeconds: Math.round(result.durationSeconds),
    expectedStudents: result.expectedStudents,
    presentAvg: round(result.presentAvg, 2),
    attendanceRate: round(result.attendanceRate),
    headUpRate: round(result.headUpRate),
    frontRowExpected: result.frontRowExpected,
    frontRowActual: round(result.frontRowActual, 2),
    frontRowRate: round(result.frontRowRate),
    pitchBaseline: round(result.pitchBaseline, 2),
    stSequence: result.st?.sequence ?? null,
    rt: round(result.st?.rt ?? null),
    ch: round(result.st?.ch ?? null),
    mode: result.st?.mode ?? null,
    teacherTalkSeconds: round(result.talk?.teacher ?? null, 2),
    studentTalkSeconds: round(result.talk?.student ?? null, 2),
    overlapSeconds: round(result.talk?.overlap ?? null, 2),
    silenceSeconds: round(result.talk?.silence ?? null, 2),
    teacherAttendance: result.teacherAttendance,
    transcriptStatus: result.transcriptStatus,
    speechRate: round(result.speechRate, 1),
    methods: result.methods,
    errorKey: null,
    ...(input.finished ? { finishedAt: new Date() } : {}),
  });
  const schoolId = analysis.schoolId;
  await repo.replaceDetails(tx, analysis.id, {
    samples: [
      ...result.samples.map((s) => ({ schoolId, analysisId: analysis.id, camera: 'student' as const, ...s })),
      ...result.teacherSamples.map((s) => ({ schoolId, analysisId: analysis.id, camera: 'teacher' as const, t: s.t, faces: s.faces, posed: 0, headUp: 0, headDown: 0, turnedAway: 0, frontRow: 0 })),
    ],
    segments: [
      ...result.talkSegments.map((s) => ({ kind: s.kind, start: s.start, end: s.end, speaker: null, text: null })),
      ...result.transcript.map((s) => ({ kind: 'transcript' as const, start: s.start, end: s.end, speaker: s.speaker, text: s.text })),
    ].map((s, seq) => ({ schoolId, analysisId: analysis.id, seq, ...s })),
    hits: result.hits.map((h) => ({ schoolId, analysisId: analysis.id, ...h })),
  });
  const raised = warningsFor(await repo.warningRules(tx), result, analysis.sampleSeconds);
  const already = new Set(await repo.raisedRuleIds(tx, analysis.id));
  const fresh = raised.filter((w) => !already.has(w.ruleId));
  await repo.insertWarnings(
    tx,
    fresh.map((w) => ({
      schoolId,
      courseSessionId: analysis.courseSessionId,
      classroomId: input.classroomId,
      level: w.level,
      kind: `ai.${w.kind}`,
      startedAt: new Date(input.startedAt.getTime() + w.at * 1000),
      analysisId: analysis.id,
      ruleId: w.ruleId,
      evidence: { moments: w.moments, ...(w.figures ? { figures: w.figures } : {}), ...(w.words ? { words: w.words } : {}) },
    })),
  );
  return fresh;
}

/** The AI classroom report of a class: the analysis from its recording, else its live analysis. */
/**
 * A frame the analysis kept as evidence (faces blurred to their outlines before it was stored), for
 * the same readers as the report; the frame of the analysis the report shows. Not found when no frame
 * was kept at that second, or it has passed the AI retention.
 */
export async function evidenceFrame(ctx: MemberCtx, courseSessionId: string, t: number): Promise<Buffer> {
  const key = await inSchool(ctx, async (tx) => {
    await watchableClass(tx, ctx.auth.accountId, courseSessionId);
    const found = (await repo.analysisOf(tx, courseSessionId, 'recording')) ?? (await repo.analysisOf(tx, courseSessionId, 'live'));
    return found ? repo.evidenceKeyAt(tx, found.a.id, t) : null;
  });
  const data = key ? await ctx.deps.storage.get(key) : null;
  if (!data) throw new AppError('common.notFound');
  return data;
}

export async function classReport(ctx: MemberCtx, courseSessionId: string): Promise<TClassReport> {
  return inSchool(ctx, async (tx) => {
    const cls = await watchableClass(tx, ctx.auth.accountId, courseSessionId);
    const found = (await repo.analysisOf(tx, courseSessionId, 'recording')) ?? (await repo.analysisOf(tx, courseSessionId, 'live'));
    const head = { courseSessionId, courseName: cls.courseName, teacherName: cls.teacherName, classroomName: cls.classroomName, lessonDate: cls.lessonDate };
    if (!found) return { ...head, analysis: null };
    const a = found.a;
    const samples = await repo.samplesOf(tx, a.id);
    const segments = await repo.segmentsOf(tx, a.id);
    const hits = await repo.hitsOf(tx, a.id);
    const raised = await repo.warningsOf(tx, a.id);
    const corrected = await reportCorrections(tx, ctx.auth.accountId, cls, a);
    return {
      ...head,
      analysis: {
        id: a.id,
        source: a.source,
        status: a.status,
        progress: a.status === 'done' || !found.jobTotal ? null : { done: found.jobProgress ?? 0, total: found.jobTotal },
        errorKey: a.errorKey,
        startedAt: isoOrNull(a.startedAt),
        durationSeconds: a.durationSeconds,
        sampleSeconds: a.sampleSeconds,
        stIntervalSeconds: a.stIntervalSeconds,
        expectedStudents: a.expectedStudents,
        presentAvg: a.presentAvg,
        attendanceRate: a.attendanceRate,
        headUpRate: a.headUpRate,
        frontRowExpected: a.frontRowExpected,
        frontRowActual: a.frontRowActual,
        frontRowRate: a.frontRowRate,
        pitchBaseline: a.pitchBaseline,
        stSequence: a.stSequence,
        rt: a.rt,
        ch: a.ch,
        mode: asMode(a.mode),
        teacherTalkSeconds: a.teacherTalkSeconds,
        studentTalkSeconds: a.studentTalkSeconds,
        overlapSeconds: a.overlapSeconds,
        silenceSeconds: a.silenceSeconds,
        teacherAttendance: a.teacherAttendance,
        transcriptStatus: a.transcriptStatus,
        speechRate: a.speechRate,
        methods: a.methods,
        samples: samples
          .filter((s) => s.camera === 'student')
          .map((s) => ({ t: s.t, faces: s.faces, posed: s.posed, headUp: s.headUp, headDown: s.headDown, turnedAway: s.turnedAway, frontRow: s.frontRow, expressions: s.expressions, confidence: s.confidence, hasEvidence: s.evidenceKey !== null })),
        teacherSamples: samples.filter((s) => s.camera === 'teacher').map((s) => ({ t: s.t, present: s.faces > 0 })),
        talk: segments.filter((s) => s.kind !== 'transcript').map((s) => ({ kind: s.kind as 'teacher' | 'student' | 'overlap' | 'unknown', start: s.start, end: s.end })),
        transcript: segments.filter((s) => s.kind === 'transcript').map((s) => ({ start: s.start, end: s.end, speaker: s.speaker, text: s.text ?? '' })),
        hits: hits.map((h) => ({ word: h.word, category: h.category, severity: h.severity, start: h.start, end: h.end, context: h.context })),
        warnings: raised.map(presentWarning),
        corrections: corrected.corrections,
        canCorrect: corrected.canCorrect,
      },
    };
  });
}

// ---------------------------------------------------------------- warning rules

const presentRule = (r: repo.WarningRuleRow): TWarningRuleRow => ({ id: r.id, kind: r.kind, threshold: r.threshold, minutes: r.minutes, category: r.category, level: r.level, enabled: r.enabled });

export async function listWarningRules(ctx: MemberCtx): Promise<TWarningRuleRow[]> {
  return inSchool(ctx, async (tx) => (await repo.warningRules(tx)).map(presentRule));
}

export async function saveWarningRule(ctx: MemberCtx, input: TSaveWarningRuleRequest): Promise<TWarningRuleRow> {
  // Only what the kind uses is kept: a sensitive-word rule has no threshold, a rate rule no category.
  const values = {
    kind: input.kind,
    threshold: input.kind === 'headUpBelow' || input.kind === 'attendanceBelow' ? input.threshold : null,
    minutes: input.kind === 'sensitiveWord' ? null : input.minutes,
    category: input.kind === 'sensitiveWord' ? input.category : null,
    level: input.level,
    enabled: input.enabled,
  };
  return inSchool(ctx, async (tx) => {
    if (input.id) {
      const saved = await repo.updateWarningRule(tx, input.id, values);
      if (!saved) throw new AppError('common.notFound');
      return presentRule(saved);
    }
    return presentRule(await repo.insertWarningRule(tx, { schoolId: ctx.auth.schoolId, ...values }));
  });
}

export async function deleteWarningRule(ctx: MemberCtx, id: string): Promise<void> {
  await inSchool(ctx, async (tx) => {
    if (!(await repo.deleteWarningRule(tx, id))) throw new AppError('common.notFound');
  });
}


// ---------------------------------------------------------------- sensitive-word lexicon

const presentWord = (r: repo.SensitiveWordRow): TSensitiveWord => ({ id: r.id, word: r.word, category: r.category, severity: r.severity });

export async function sensitiveWordPage(ctx: MemberCtx, q: { pageNum: number; pageSize: number; keyword?: string | undefined; category?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const { list, total } = await repo.sensitiveWordPage(tx, q);
    return page(list.map(presentWord), total, q);
  });
}

export async function saveSensitiveWord(ctx: MemberCtx, input: TSaveSensitiveWordRequest): Promise<TSensitiveWord> {
  // The lexicon is matched after NFKC: store the normalised form, so "ＡＢＣ" and "ABC" are one word.
  const word = input.word.normalize('NFKC');
  return inSchool(ctx, async (tx) => {
    const same = await repo.sensitiveWordByWord(tx, word);
    if (same && same.id !== input.id) throw new AppError('analysis.wordExists', { word });
    if (input.id) {
      const saved = await repo.updateSensitiveWord(tx, input.id, { word, category: input.category, severity: input.severity });
      if (!saved) throw new AppError('common.notFound');
      return presentWord(saved);
    }
    const saved = await repo.insertSensitiveWord(tx, { schoolId: ctx.auth.schoolId, word, category: input.category, severity: input.severity });
    if (!saved) throw new AppError('analysis.wordExists', { word });
    return presentWord(saved);
  });
}

export async function deleteSensitiveWord(ctx: MemberCtx, id: string): Promise<void> {
  await inSchool(ctx, async (tx) => {
    if (!(await repo.deleteSensitiveWord(tx, id))) throw new AppError('common.notFound');
  });
}

/** Imports a CSV lexicon: all or nothing — a file with any bad line changes nothing and lists them. */
export async function importSensitiveWords(ctx: MemberCtx, data: Buffer): Promise<TSensitiveWordsImportResult> {
  const { entries, errors } = readLexiconCsv(data);
  if (errors.length > 0) return { imported: 0, errors: errors.map((e) => ({ line: e.line, column: e.column || null, reason: e.reason })) };
  const unique = [...new Map(entries.map((e) => [e.word.normalize('NFKC'), { ...e, word: e.word.normalize('NFKC') }])).values()];
  await inSchool(ctx, (tx) => repo.upsertSensitiveWords(tx, ctx.auth.schoolId, unique));
  return { imported: unique.length, errors: [] };
}

export async function exportSensitiveWords(ctx: MemberCtx): Promise<string> {
  return writeLexiconCsv(await inSchool(ctx, (tx) => repo.allSensitiveWords(tx)));
}
