/**
 * The figures of a live analysis as they accumulate (docs/decisions/0022-live-analysis.md): frames of
 * the student and teacher cameras and S-T intervals are added as the class goes on, and `result()`
 * gives the whole class so far in the shape the recording's pipeline produces (TAnalysisResult), so
 * that storeResult stores it and evaluates the warning rules exactly as for a recording. Pure: no
 * I/O, no clock.
 *
 * Per frame the same measures as the pipeline (vision/frame-metrics.ts); the class's rates are over
 * the samples (attendance and front row: the mean of each sample's capped rate; head-up: head-up
 * faces over posed faces), so samples restored after a restart (counts only, no raw observations)
 * and this run's frames add up the same way. The head pose's baseline is learned from this run's
 * frames, as the pipeline learns it from the whole lesson, and re-applied to them at every result.
 *
 * S-T: each interval's sound gives its talk segments and its code (talk.ts: T when the teacher talks
 * more than half of it); the sequence is the codes of the intervals measured, in order, and Rt, Ch
 * and the mode are computed on it with the contracts' rules. An interval with the room microphone
 * only has talk but no code; one without sound has neither.
 */
import { computeSt, type TLiveAudioState, type TTeachingMode } from '@hxk/contracts';
import type { TAnalysisResult } from './analysis.service.ts';
import type { TalkAnalysis } from './audio/talk.ts';
import type { FrameObservation } from './vision/human-engine.ts';
import { attendance, baselinePitch, DEFAULT_MIN_SCORE, expressionShares, frontRow, headPose, teacherPresence } from './vision/frame-metrics.ts';
import { teacherAttendance } from './warning-rules.ts';

export type LiveFigureOptions = {
  expectedStudents: number | null;
  frontRowSeats: number | null;
  frontRowLine: number;
  adminPitch: number | null;
  minScore?: number;
  sampleSeconds: number;
  stIntervalSeconds: number;
};

type Sample = TAnalysisResult['samples'][number];
type TeacherSample = TAnalysisResult['teacherSamples'][number];
type TalkSegment = TAnalysisResult['talkSegments'][number];
type Totals = { teacher: number; student: number; overlap: number; silence: number };

/** What a live analysis had stored before this run (a restarted server resumes the class). */
export type LiveRestore = {
  samples: Sample[];
  teacherSamples: TeacherSample[];
  talkSegments: TalkSegment[];
  stSequence: string | null;
  talk: Totals | null;
  pitchBaseline: number | null;
  audio: TLiveAudioState;
};

/** The method text stored under methods.sound: what the live source's sound allowed. */
export const SOUND_METHOD: Record<Exclude<TLiveAudioState, 'pending'>, string> = {
  separated: 'lapel + room microphones',
  roomOnly: 'room microphone only',
  none: 'no sound from the live source',
};

export function soundOf(methods: Record<string, { method: string }>): TLiveAudioState {
  const m = methods.sound?.method;
  return (Object.keys(SOUND_METHOD) as (keyof typeof SOUND_METHOD)[]).find((k) => SOUND_METHOD[k] === m) ?? 'pending';
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const capped = (n: number, of: number | null) => (of && of > 0 ? Math.min(1, n / of) : null);
const byT = <T extends { t: number }>(a: T, b: T) => a.t - b.t;

export class LiveFigures {
  private readonly minScore: number;
  private kept: Sample[] = [];
  private keptTeacher: TeacherSample[] = [];
  private frames: { t: number; obs: FrameObservation; evidenceKey: string | null }[] = [];
  private teacherFrames: { t: number; observation: FrameObservation }[] = [];
  private segments: TalkSegment[] = [];
  private sequence = '';
  private totals: Totals | null = null;
  private restoredBaseline: number | null = null;
  private sound: TLiveAudioState = 'pending';

  constructor(private readonly o: LiveFigureOptions) {
    this.minScore = o.minScore ?? DEFAULT_MIN_SCORE;
  }

  restore(r: LiveRestore): void {
    this.kept = [...r.samples];
    this.keptTeacher = [...r.teacherSamples];
    this.segments = [...r.talkSegments];
    this.sequence = r.stSequence ?? '';
    this.totals = r.talk ? { ...r.talk } : null;
    this.restoredBaseline = r.pitchBaseline;
    this.sound = r.audio;
  }

  /** A student-camera frame at class second t (a later frame of the same second replaces it). */
  addFrame(t: number, obs: FrameObservation, evidenceKey: string | null = null): void {
    this.kept = this.kept.filter((s) => s.t !== t);
    this.frames = [...this.frames.filter((f) => f.t !== t), { t, obs, evidenceKey }].sort(byT);
  }

  addTeacherFrame(t: number, observation: FrameObservation): void {
    this.keptTeacher = this.keptTeacher.filter((s) => s.t !== t);
    this.teacherFrames = [...this.teacherFrames.filter((f) => f.t !== t), { t, observation }].sort(byT);
  }

  /**
   * The sound of one S-T interval starting at class second `from`: its talk (times within the
   * interval's sound, which starts at `from + offset`), or null when there was none.
   */
  addInterval(from: number, talk: TalkAnalysis | null, offset = 0): void {
    if (!talk) {
      if (this.sound === 'pending') this.sound = 'none';
      return;
    }
    const at = from + offset;
    const shift = <T extends { start: number; end: number }>(s: T) => ({ start: at + s.start, end: at + s.end });
    const totals = this.totals ?? { teacher: 0, student: 0, overlap: 0, silence: 0 };
    if (talk.speakers === 'separated') {
      this.sound = 'separated';
      this.segments.push(
        ...talk.teacher.map((s) => ({ kind: 'teacher' as const, ...shift(s) })),
        ...talk.student.map((s) => ({ kind: 'student' as const, ...shift(s) })),
        ...talk.overlap.map((s) => ({ kind: 'overlap' as const, ...shift(s) })),
      );
      totals.teacher += talk.totals.teacher;
      totals.student += talk.totals.student;
      totals.overlap += talk.totals.overlap;
      totals.silence += talk.totals.silence;
      if (talk.st) this.sequence += talk.st.sequence;
    } else {
      if (this.sound !== 'separated') this.sound = 'roomOnly';
      this.segments.push(...talk.unknown.map((s) => ({ kind: 'unknown' as const, ...shift(s) })));
      totals.silence += talk.totals.silence;
    }
    this.totals = totals;
    this.segments.sort((a, b) => a.start - b.start);
  }

  get audio(): TLiveAudioState {
    return this.sound;
  }

  get stSequence(): string {
    return this.sequence;
  }

  /** The class so far, `durationSeconds` of it elapsed. */
  result(durationSeconds: number): TAnalysisResult {
    const o = this.o;
    const minScore = this.minScore;
    const baseline = baselinePitch(this.frames.map((f) => f.obs), { adminPitch: o.adminPitch, minScore });
    const pitch = baseline.pitch ?? this.restoredBaseline;
    const fresh = this.frames.map((f) => {
      const att = attendance(f.obs, { expected: o.expectedStudents, minScore });
      const pose = headPose(f.obs, { baseline: pitch ?? 0, minScore });
      const front = frontRow(f.obs, { lineY: o.frontRowLine, seats: o.frontRowSeats, minScore });
      const expr = expressionShares(f.obs, { minScore });
      const sample: Sample = {
        t: f.t, faces: att.present, posed: pose.withPose, headUp: pose.headUp, headDown: pose.headDown, turnedAway: pose.turningAway,
        frontRow: front.count, expressions: expr.shares, confidence: att.confidence, evidenceKey: f.evidenceKey,
      };
      return { sample, exprConfidence: expr.confidence };
    });
    const samples = [...this.kept, ...fresh.map((f) => f.sample)].sort(byT);
    const presence = teacherPresence(this.teacherFrames, { minScore });
    const teacherSamples = [...this.keptTeacher, ...presence.map((p) => ({ t: p.t, faces: p.present ? 1 : 0 }))].sort(byT);

    const posed = samples.reduce((s, x) => s + x.posed, 0);
    const present = samples.reduce((s, x) => s + x.faces, 0);
    const methods: TAnalysisResult['methods'] = {};
    if (samples.length) {
      // The measures' own method keys, as the pipeline stores them (an empty frame names them).
      const none = { faces: [] };
      const faceConfidence = mean(samples.flatMap((s) => (s.confidence === null ? [] : [s.confidence])));
      methods.attendanceRate = { method: attendance(none, { expected: o.expectedStudents, minScore }).method, confidence: faceConfidence };
      methods.pitchBaseline = { method: baseline.pitch === null && this.restoredBaseline !== null ? 'median-pitch' : baseline.method, confidence: null };
      methods.headUpRate = { method: headPose(none, { baseline: 0, minScore }).method, confidence: present ? posed / present : null };
      methods.frontRowRate = { method: frontRow(none, { lineY: o.frontRowLine, seats: o.frontRowSeats, minScore }).method, confidence: faceConfidence };
      methods.expressions = { method: expressionShares(none, { minScore }).method, confidence: mean(fresh.flatMap((f) => (f.exprConfidence === null ? [] : [f.exprConfidence]))) };
    }
    if (teacherSamples.length) {
      methods.teacherAttendance = {
        method: presence[0]?.method ?? teacherPresence([{ t: 0, observation: { faces: [] } }], { minScore })[0]!.method,
        confidence: mean(presence.flatMap((p) => (p.confidence === null ? [] : [p.confidence]))),
      };
    }
    if (this.sound !== 'pending') methods.sound = { method: SOUND_METHOD[this.sound], confidence: null };
    if (this.totals) {
      methods.talk = { method: this.sound === 'separated' ? 'silero-vad: lapel channel = teacher, room channel alone = students' : 'silero-vad: room channel only (speakers unknown)', confidence: null };
    }
    const st = this.sequence ? computeSt(this.sequence) : null;
    if (st) methods.st = { method: `T when the teacher talks > ${o.stIntervalSeconds / 2} s of each ${o.stIntervalSeconds} s; Rt = NT/N, Ch = (g-1)/N`, confidence: null };

    return {
      durationSeconds,
      expectedStudents: o.expectedStudents,
      presentAvg: mean(samples.map((s) => s.faces)),
      attendanceRate: mean(samples.flatMap((s) => {
        const r = capped(s.faces, o.expectedStudents);
        return r === null ? [] : [r];
      })),
      headUpRate: posed > 0 ? samples.reduce((s, x) => s + x.headUp, 0) / posed : null,
      frontRowExpected: o.frontRowSeats,
      frontRowActual: mean(samples.map((s) => s.frontRow)),
      frontRowRate: mean(samples.flatMap((s) => {
        const r = capped(s.frontRow, o.frontRowSeats);
        return r === null ? [] : [r];
      })),
      pitchBaseline: pitch,
      st: st ? { sequence: this.sequence, rt: st.rt, ch: st.ch, mode: st.mode as TTeachingMode } : null,
      talk: this.totals
        ? this.sound === 'separated' ? { ...this.totals } : { teacher: 0, student: 0, overlap: 0, silence: this.totals.silence }
        : null,
      teacherAttendance: teacherSamples.length ? teacherAttendance(teacherSamples.map((s) => ({ t: s.t, present: s.faces > 0 })), durationSeconds) : null,
      // Live analysis does not transcribe: the recording's analysis does, after the class.
      transcriptStatus: null,
      speechRate: null,
      methods,
      samples,
      teacherSamples,
      talkSegments: [...this.segments],
      transcript: [],
      hits: [],
    };
  }
}
