/**
 * The analysis of one lesson (issue 15): from the class's media to every figure of its report.
 *
 * - Vision: a frame every `sampleSeconds` from the student camera (faces → attendance, head pose →
 *   head-up, faces beyond the front-row line → front row, expressions) and from the teacher camera
 *   (teacher presence → teacher attendance). Frames go to the vision pool (worker threads).
 * - Sound: voice activity on the teacher's lapel channel and the room channel → talk time, S-T.
 * - Speech: a transcript through the transcription adapter when one is configured (else the report
 *   says so), its speakers from the talk segments, sensitive words with their context, speech rate.
 *
 * Nothing identifies a person: a frame is reduced to counts and shares here, and an evidence frame
 * is kept only with its faces pixelated (vision/evidence.ts).
 */
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import type { TTeachingMode } from '@hxk/contracts';
import type { Transcriber } from '../../platform/adapters/transcription.ts';
import type { AudioThread } from './audio/audio-thread.ts';
import { AudioDecodeError } from './audio/decode.ts';
import type { TalkAnalysis } from './audio/talk.ts';
import type { TAnalysisResult } from './analysis.service.ts';
import { sampleFrames } from './frames.ts';
import { buildSensitiveMatcher, speechRate, type LexiconEntry } from './speech/sensitive-words.ts';
import { parseSubtitles } from './speech/subtitles.ts';
import type { FrameObservation } from './vision/human-engine.ts';
import type { VisionPool } from './vision/vision-pool.ts';
import { attendance, baselinePitch, DEFAULT_MIN_SCORE, expressionShares, frontRow, headPose, teacherPresence } from './vision/frame-metrics.ts';
import { teacherAttendance } from './warning-rules.ts';

export type LessonMedia = {
  /** The student camera's recording (the room seen from the front). */
  studentVideo: string | null;
  teacherVideo: string | null;
  /** A file with the lesson's sound: two channels (teacher lapel, room) or the room alone. */
  audio: string | null;
  /** Subtitles the recorder supplied (WebVTT or SRT): the transcript, instead of a transcription service. */
  subtitles?: string | null;
};

export type PipelineOptions = {
  ffmpeg: string;
  /** The vision pool; `size` (its threads) is how many frames of one camera are analysed at once. */
  vision: Pick<VisionPool, 'analyse'> & Partial<Pick<VisionPool, 'analyseAndRedact' | 'size'>>;
  sampleSeconds: number;
  stIntervalSeconds: number;
  expectedStudents: number | null;
  frontRowSeats: number | null;
  /** Faces whose centre lies below this fraction of the frame height sit in the front rows. */
  frontRowLine: number;
  /** Set by an administrator for the camera; otherwise learned from the lesson. */
  adminPitch: number | null;
  /** Minimum face score from the camera's sensitivity (0-100; 50 is the default score). */
  minScore?: number;
  /**
   * The process's voice-activity thread (audio/audio-thread.ts); without it the sound is analysed on
   * the calling thread (tests and tools, never the server's event loop).
   */
  audio?: Pick<AudioThread, 'analyze'>;
  transcriber: Transcriber;
  lexicon: readonly LexiconEntry[];
  /** Keeps a pixelated evidence frame once a minute; returns its storage key. */
  keepEvidence?: (t: number, jpeg: Buffer) => Promise<string | null>;
  onProgress?: (done: number, total: number) => Promise<void> | void;
  signal?: AbortSignal;
};

/** The media's duration in seconds from ffmpeg's banner (null when it does not say). */
export async function probeDuration(ffmpeg: string, file: string): Promise<number | null> {
  const banner = await new Promise<string>((resolve, reject) => {
    const proc = spawn(ffmpeg, ['-hide_banner', '-nostdin', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    proc.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    proc.once('error', reject);
    proc.once('close', () => resolve(err));
  });
  const m = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(banner);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

/** The lesson's sound as a small mono MP3 for the transcription service (16 kHz, 32 kbit/s). */
async function speechAudio(ffmpeg: string, file: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Channel 1 is the room (teacher and students) when there are two; the only channel otherwise.
    const proc = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', file, '-vn', '-af', 'pan=mono|c0=c1', '-ar', '16000', '-b:a', '32k', '-f', 'mp3', 'pipe:1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let err = '';
    proc.stdout.on('data', (d: Buffer) => chunks.push(d));
    proc.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-2000);
    });
    proc.once('error', reject);
    proc.once('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg exited with ${code}: ${err.trim()}`))));
  });
}

/** Who spoke a transcript segment: the talk kind covering most of it. */
function speakerOf(talk: TalkAnalysis | null, start: number, end: number): string | null {
  if (!talk || talk.speakers !== 'separated') return null;
  const overlap = (segs: { start: number; end: number }[]) => segs.reduce((s, x) => s + Math.max(0, Math.min(end, x.end) - Math.max(start, x.start)), 0);
  const teacher = overlap(talk.teacher);
  const student = overlap(talk.student);
  if (teacher === 0 && student === 0) return null;
  return teacher >= student ? 'teacher' : 'student';
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const score = (sensitivity: number | undefined) => sensitivity ?? DEFAULT_MIN_SCORE;

export async function analyseLesson(media: LessonMedia, o: PipelineOptions): Promise<TAnalysisResult> {
  const minScore = score(o.minScore);
  const durations = await Promise.all([media.studentVideo, media.teacherVideo, media.audio].map((f) => (f ? probeDuration(o.ffmpeg, f) : Promise.resolve(null))));
  const duration = Math.max(0, ...durations.map((d) => d ?? 0));
  const framesPerVideo = Math.floor(duration / o.sampleSeconds) + 1;
  // Progress in frames, plus one step each for the sound and the transcript.
  const total = (media.studentVideo ? framesPerVideo : 0) + (media.teacherVideo ? framesPerVideo : 0) + 2;
  let done = 0;
  const step = async () => {
    done++;
    await o.onProgress?.(Math.min(done, total), total);
  };

  // The two cameras and the sound at once: each camera keeps up to the pool's threads busy with its
  // frames (in order), and voice activity runs on onnxruntime's thread meanwhile.
  const window = Math.max(1, o.vision.size ?? 1);
  const analyseFrames = async (file: string, each: (t: number, obs: FrameObservation, evidence: Buffer | null) => Promise<void>, evidenceAt: (t: number) => boolean = () => false) => {
    const inFlight: { t: number; work: Promise<{ observation: FrameObservation; redacted: Buffer | null }> }[] = [];
    // The evidence copy is pixelated in the vision thread when the pool can; here otherwise.
    const look = async (image: Buffer, evidence: boolean) => {
      if (!evidence) return { observation: await o.vision.analyse(image), redacted: null };
      if (o.vision.analyseAndRedact) return o.vision.analyseAndRedact(image);
      const observation = await o.vision.analyse(image);
      // Loaded here only: the server's vision threads pixelate, and its event loop never loads the canvas.
      const { redactFaces } = await import('./vision/evidence.ts');
      return { observation, redacted: await redactFaces(image, observation.faces) };
    };
    const settleOldest = async () => {
      const f = inFlight.shift()!;
      const { observation, redacted } = await f.work;
      await each(f.t, observation, redacted);
      await step();
    };
    try {
      for await (const f of sampleFrames(o.ffmpeg, file, o.sampleSeconds, o.signal ? { signal: o.signal } : {})) {
        const work = look(f.image, evidenceAt(f.t));
        // A frame given up by an error elsewhere is not an unhandled rejection.
        work.catch(() => undefined);
        inFlight.push({ t: f.t, work });
        if (inFlight.length >= window) await settleOldest();
      }
      while (inFlight.length) await settleOldest();
    } finally {
      inFlight.length = 0;
    }
  };

  // ---- student camera
  const frames: { t: number; obs: FrameObservation; evidenceKey: string | null }[] = [];
  const studentCamera = async () => {
    if (!media.studentVideo) return;
    const keep = o.keepEvidence;
    await analyseFrames(media.studentVideo, async (t, obs, evidence) => {
      frames.push({ t, obs, evidenceKey: keep && evidence ? await keep(t, evidence) : null });
    }, (t) => !!keep && t % 60 === 0);
  };

  // ---- teacher camera
  const teacherObs: { t: number; observation: FrameObservation }[] = [];
  const teacherCamera = async () => {
    if (!media.teacherVideo) return;
    await analyseFrames(media.teacherVideo, async (t, observation) => {
      teacherObs.push({ t, observation });
    });
  };

  // ---- sound
  const sound = async (): Promise<{ talk: TalkAnalysis | null; noAudio: boolean }> => {
    let heard: { talk: TalkAnalysis | null; noAudio: boolean } = { talk: null, noAudio: !media.audio };
    if (media.audio) {
      try {
        const request = { ffmpeg: o.ffmpeg, intervalSeconds: o.stIntervalSeconds, ...(o.signal ? { signal: o.signal } : {}) };
        // Without the thread (tests, tools), here; the server's event loop never loads onnxruntime.
        const analyze = o.audio ? o.audio.analyze : (await import('./audio/analyze.ts')).analyzeAudio;
        heard = { talk: (await analyze(media.audio, request)).talk, noAudio: false };
      } catch (e) {
        if (!(e instanceof AudioDecodeError) || e.code === 'no-ffmpeg' || e.code === 'ffmpeg-failed') throw e;
        heard = { talk: null, noAudio: true };
      }
    }
    await step();
    return heard;
  };

  const [, , { talk, noAudio }] = await Promise.all([studentCamera(), teacherCamera(), sound()]);
  const baseline = baselinePitch(frames.map((f) => f.obs), { adminPitch: o.adminPitch, minScore });
  const perFrame = frames.map((f) => {
    const att = attendance(f.obs, { expected: o.expectedStudents, minScore });
    const pose = headPose(f.obs, { baseline: baseline.pitch ?? 0, minScore });
    const front = frontRow(f.obs, { lineY: o.frontRowLine, seats: o.frontRowSeats, minScore });
    const expr = expressionShares(f.obs, { minScore });
    return { t: f.t, att, pose, front, expr, evidenceKey: f.evidenceKey };
  });
  const presence = teacherPresence(teacherObs, { minScore });

  // ---- speech
  let transcriptStatus: TAnalysisResult['transcriptStatus'] = media.subtitles ? 'done' : noAudio ? 'noAudio' : o.transcriber.configured ? 'done' : 'notConfigured';
  let transcript: TAnalysisResult['transcript'] = [];
  let transcriptMethod: string | null = null;
  if (media.subtitles) {
    try {
      const parsed = parseSubtitles(await fsp.readFile(media.subtitles));
      transcript = parsed.segments.map((s) => ({ start: s.start, end: s.end, text: s.text, speaker: s.speaker ?? speakerOf(talk, s.start, s.end) }));
      transcriptMethod = `recorder subtitles (${parsed.format})`;
    } catch {
      transcriptStatus = 'failed';
    }
  } else if (media.audio && !noAudio && o.transcriber.configured) {
    transcriptMethod = `transcription service (${o.transcriber.name})`;
    try {
      const t = await o.transcriber.transcribe({ data: await speechAudio(o.ffmpeg, media.audio), filename: 'lesson.mp3', contentType: 'audio/mpeg' });
      transcript = t.segments.map((s) => ({ start: s.start, end: s.end, text: s.text, speaker: s.speaker ?? speakerOf(talk, s.start, s.end) }));
    } catch {
      // The rest of the report stands without a transcript; the report says it failed.
      transcriptStatus = 'failed';
    }
  }
  await step();
  const matcher = buildSensitiveMatcher(o.lexicon);
  const hits = matcher.findInTranscript(transcript.map((s) => ({ start: s.start, end: s.end, text: s.text, ...(s.speaker ? { speaker: s.speaker } : {}) })), { context: 20 });
  const rate = transcript.length ? speechRate(transcript.map((s) => ({ start: s.start, end: s.end, text: s.text }))).rate : null;

  // ---- the lesson's figures
  const posed = perFrame.reduce((s, f) => s + f.pose.withPose, 0);
  const headUp = perFrame.reduce((s, f) => s + f.pose.headUp, 0);
  const attendanceRates = perFrame.flatMap((f) => (f.att.rate === null ? [] : [f.att.rate]));
  const frontRates = perFrame.flatMap((f) => (f.front.rate === null ? [] : [f.front.rate]));
  const faceConfidence = mean(perFrame.flatMap((f) => (f.att.confidence === null ? [] : [f.att.confidence])));
  const st = talk?.st ?? null;
  const methods: TAnalysisResult['methods'] = {};
  if (perFrame.length) {
    const first = perFrame[0]!;
    methods.attendanceRate = { method: first.att.method, confidence: faceConfidence };
    methods.pitchBaseline = { method: baseline.method, confidence: null };
    methods.headUpRate = { method: first.pose.method, confidence: perFrame.length && posed ? posed / Math.max(1, perFrame.reduce((s, f) => s + f.att.present, 0)) : null };
    methods.frontRowRate = { method: first.front.method, confidence: faceConfidence };
    methods.expressions = { method: first.expr.method, confidence: mean(perFrame.flatMap((f) => (f.expr.confidence === null ? [] : [f.expr.confidence]))) };
  }
  if (presence.length) methods.teacherAttendance = { method: presence[0]!.method, confidence: mean(presence.flatMap((p) => (p.confidence === null ? [] : [p.confidence]))) };
  if (talk) {
    methods.talk = { method: talk.speakers === 'separated' ? 'silero-vad: lapel channel = teacher, room channel alone = students' : 'silero-vad: room channel only (speakers unknown)', confidence: null };
  }
  if (st) methods.st = { method: `T when the teacher talks > ${o.stIntervalSeconds / 2} s of each ${o.stIntervalSeconds} s; Rt = NT/N, Ch = (g-1)/N`, confidence: null };
  if (transcriptMethod && transcriptStatus === 'done') methods.transcript = { method: transcriptMethod, confidence: null };
  if (rate !== null) methods.speechRate = { method: 'characters (zh/ja) or words per minute of speaking time', confidence: null };

  return {
    durationSeconds: duration,
    expectedStudents: o.expectedStudents,
    presentAvg: mean(perFrame.map((f) => f.att.present)),
    attendanceRate: mean(attendanceRates),
    headUpRate: posed > 0 ? headUp / posed : null,
    frontRowExpected: o.frontRowSeats,
    frontRowActual: mean(perFrame.map((f) => f.front.count)),
    frontRowRate: mean(frontRates),
    pitchBaseline: baseline.pitch,
    st: st ? { sequence: st.sequence, rt: st.rt, ch: st.ch, mode: st.mode as TTeachingMode } : null,
    talk: talk
      ? talk.speakers === 'separated'
        ? { teacher: talk.totals.teacher, student: talk.totals.student, overlap: talk.totals.overlap, silence: talk.totals.silence }
        : { teacher: 0, student: 0, overlap: 0, silence: talk.totals.silence }
      : null,
    teacherAttendance: presence.length ? teacherAttendance(presence, duration) : null,
    transcriptStatus,
    speechRate: rate,
    methods,
    samples: perFrame.map((f) => ({
      t: f.t,
      faces: f.att.present,
      posed: f.pose.withPose,
      headUp: f.pose.headUp,
      headDown: f.pose.headDown,
      turnedAway: f.pose.turningAway,
      frontRow: f.front.count,
      expressions: f.expr.shares,
      confidence: f.att.confidence,
      evidenceKey: f.evidenceKey,
    })),
    teacherSamples: presence.map((p) => ({ t: p.t, faces: p.present ? 1 : 0 })),
    talkSegments: talk
      ? talk.speakers === 'separated'
        ? [
            ...talk.teacher.map((s) => ({ kind: 'teacher' as const, ...s })),
            ...talk.student.map((s) => ({ kind: 'student' as const, ...s })),
            ...talk.overlap.map((s) => ({ kind: 'overlap' as const, ...s })),
          ].sort((a, b) => a.start - b.start)
        : talk.unknown.map((s) => ({ kind: 'unknown' as const, ...s }))
      : [],
    transcript,
    hits: hits.map((h) => ({ word: h.word, category: h.category, severity: h.severity, start: h.start, end: h.end, context: `${h.before}${h.matched}${h.after}` })),
  };
}
