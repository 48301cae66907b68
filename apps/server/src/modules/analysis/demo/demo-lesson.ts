/**
 * Demo lesson recordings with exact ground truth (issue 15), built at run time without espeak-ng or
 * sox: the demo's ended lessons are analysed for real from these files, and the truth says what the
 * analysis should find.
 *
 * - Student camera (student-camera.mp4): H.264 1280×720 at a low frame rate plus 2-channel AAC
 *   (ch0 teacher lapel = teacher + faint noise; ch1 room = students + teacher × 0.2 + faint noise,
 *   the recorders' convention in audio/decode.ts). The picture is a classroom of `seats` seats drawn
 *   by synthetic-classroom.ts with real face photos; students arrive late and some leave, so the face
 *   count changes. Every face looks at the camera: faces looking away or down are not measurable
 *   (vision/ACCURACY.md) and are not drawn, and nothing here claims a head-up figure.
 * - Teacher camera (teacher-camera.mp4): video only, the teacher's face moving along the front, and
 *   an empty room while the teacher is absent (one plan has the teacher arrive late).
 * - Voices: the committed Opus clips (voices.ts) placed by a script derived from `seed` and the plan:
 *   a lecture, a dialogue, or practice with long silences, so the S-T modes differ.
 * - truth.json and lesson.vtt (what is said, as a recorder's subtitles with `<v>` speakers).
 *
 * Truth comes from the samples placed, never from a detector: a clip's speech runs from its first to
 * its last decoded sample above CLIP_SILENT_LEVEL (voices.ts trims to exactly that), and clips of one
 * speaker closer than the VAD's merge gap form one turn. The script keeps turns clear of every S-T
 * cut-off of the design interval and each interval's teacher talk clear of half the interval, so
 * the expected sequence is well-posed for a detector a few tenths of a second off.
 *
 * Cost: a few distinct frames are drawn (one per change of the room), ffmpeg repeats them at `fps`
 * (a still picture costs x264 almost nothing), the audio is mixed block by block straight into
 * ffmpeg's stdin (memory stays flat for a 45-minute lesson).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { computeSt, ST_INTERVAL_SECONDS_DEFAULT, stSequence, type TStResult } from '@hxk/contracts';
import { findFfmpeg } from '../../../platform/adapters/camera-simulator.ts';
import { PCM_SAMPLE_RATE } from '../audio/decode.ts';
import { intervalLayout, secondsPerInterval, type Segment } from '../audio/talk.ts';
import { VAD_DEFAULTS } from '../audio/vad.ts';
import { classroomLayout, composeFrame, FACE_SHEET_TILES, type FacePlacement } from '../vision/synthetic-classroom.ts';
import { loadVoices, type DecodedClip, type VoiceRole } from './voices.ts';

const SR = PCM_SAMPLE_RATE;
export const DEMO_PLANS = ['lecture', 'dialogue', 'practice'] as const;
export type DemoPlanName = (typeof DEMO_PLANS)[number];

export type DemoLessonOptions = {
  /** Output folder (created if missing). */
  dir: string;
  /** Length of the recordings in whole seconds (≥ 30). */
  seconds: number;
  /** Everything random (script, faces, seats, noise) derives from it: same seed, same files and truth. */
  seed: number;
  /** Default: DEMO_PLANS[seed % 3]. */
  plan?: DemoPlanName;
  /** The S-T interval the script is designed for (default 30 s, the product's). */
  intervalSeconds?: number;
  /** Seats in the room, one face each when taken (default 12). */
  seats?: number;
  /** Students who never come (default 0 or 1 by seed). */
  absentStudents?: number;
  /** Seconds before the teacher arrives (default 60 for 'practice', clamped to a third of the lesson; else 0). */
  teacherLateSeconds?: number;
  /** Frames per second of both videos (default 1). */
  fps?: number;
  ffmpeg?: string;
};

export type DemoTurn = { speaker: VoiceRole; start: number; end: number; texts: string[] };

export type DemoLessonTruth = {
  plan: DemoPlanName;
  seed: number;
  seconds: number;
  seats: number;
  /** Faces drawn on the student camera during second s (index s), all frontal and unoccluded. */
  facesPerSecond: number[];
  /** Whether the teacher's face is on the teacher camera during second s. */
  teacherPresentPerSecond: boolean[];
  /** Speech extents per speaker, seconds from the start (clips closer than the VAD's merge gap joined). */
  teacher: Segment[];
  student: Segment[];
  turns: DemoTurn[];
  /** The design interval and the S-T result the script was laid out for. */
  intervalSeconds: number;
  st: TStResult & { sequence: string };
};

export type DemoLesson = {
  studentCamera: string;
  teacherCamera: string;
  truthFile: string;
  subtitles: string;
  truth: DemoLessonTruth;
};

/** Face tiles the detector missed on a 12-face frame (a scan of all 108 on 2026-11-27): never drawn, as their count would be wrong. */
const UNDETECTED_TILES = new Set([27, 45, 49]);
/** Turns keep this far from every S-T cut-off of the design interval. */
const CUT_MARGIN = 0.8;
/** Pause between clips of one turn: shorter than the VAD's merge gap, so they are one turn. */
const IN_TURN_GAP: [number, number] = [0.25, 0.45];
/** Pause between turns: longer than the merge gap plus the VAD's end error. */
const TURN_GAP: [number, number] = [1.1, 2.2];
const LEVELS = { voice: 0.6, bleed: 0.2, noise: 0.003 } as const;

export type Rng = () => number;

/** mulberry32: small, fast, and the same on every machine. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (r: Rng, [lo, hi]: readonly [number, number]) => lo + (hi - lo) * r();
const round3 = (x: number) => Math.round(x * 1000) / 1000;

function shuffle<T>(r: Rng, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Clips dealt from a shuffled deck, so sentences come round in varied order rather than at random with repeats. */
class Deck {
  private order: DecodedClip[] = [];
  constructor(
    private readonly r: Rng,
    private readonly clips: readonly DecodedClip[],
  ) {}
  /** The next clip no longer than `maxSeconds`, or null when none is. */
  deal(maxSeconds: number): DecodedClip | null {
    if (this.order.length === 0) this.order = shuffle(this.r, this.clips);
    const fits = (c: DecodedClip) => c.samples.length / SR <= maxSeconds;
    let i = this.order.findIndex(fits);
    if (i < 0) {
      // Only long clips are left in this round: start a new one rather than fail.
      this.order = shuffle(this.r, this.clips);
      i = this.order.findIndex(fits);
    }
    return i < 0 ? null : this.order.splice(i, 1)[0]!;
  }
}

export type Placement = { clip: DecodedClip; at: number };
export type Block = { speaker: VoiceRole; placements: Placement[]; start: number; end: number };

const clipSeconds = (c: DecodedClip) => c.samples.length / SR;

/** One turn of up to `maxClips` clips filling at most `room` seconds from `start` (null when nothing fits). */
function turn(r: Rng, deck: Deck, speaker: VoiceRole, start: number, room: number, maxClips: number): Block | null {
  const placements: Placement[] = [];
  let t = start;
  for (let k = 0; k < maxClips; k++) {
    const gap = k === 0 ? 0 : between(r, IN_TURN_GAP);
    const clip = deck.deal(start + room - t - gap);
    if (!clip) break;
    t += gap;
    placements.push({ clip, at: t });
    t += clipSeconds(clip);
  }
  return placements.length ? { speaker, placements, start, end: t } : null;
}

type IntervalPlan = { letter: 'S' | 'T'; from: number; to: number; teacherPresent: boolean };

/** Teacher talk in a T interval must exceed half of it by this, and stay this far under half in an S one. */
const talkMargin = (interval: number) => Math.max(1.5, 0.1 * interval);

function tBlocks(r: Rng, decks: Record<VoiceRole, Deck>, iv: IntervalPlan, interval: number, plan: DemoPlanName): Block[] {
  const from = iv.from + CUT_MARGIN;
  const to = iv.to - CUT_MARGIN;
  const need = interval / 2 + talkMargin(interval);
  let best: Block[] = [];
  let bestTalk = -1;
  // A few seeded tries; the best that meets the need wins (greedy filling leaves at most one short clip's room).
  for (let attempt = 0; attempt < 12; attempt++) {
    const blocks: Block[] = [];
    if (plan !== 'practice' && interval >= 20 && r() < 0.4) {
      // A question to the class inside a teacher-led interval: teacher, a short student answer, teacher.
      const first = turn(r, decks.teacher, 'teacher', from, (to - from) * 0.45, 3);
      const answer = first && turn(r, decks.student, 'student', first.end + between(r, TURN_GAP), 5, 1);
      const second = answer && turn(r, decks.teacher, 'teacher', answer.end + between(r, TURN_GAP), to - answer.end - TURN_GAP[1], 4);
      if (first && answer && second) blocks.push(first, answer, second);
    }
    if (blocks.length === 0) {
      const only = turn(r, decks.teacher, 'teacher', from, to - from, 12);
      if (only) blocks.push(only);
    }
    const talk = blocks.filter((b) => b.speaker === 'teacher').reduce((s, b) => s + b.end - b.start, 0);
    if (talk > bestTalk) [best, bestTalk] = [blocks, talk];
    if (talk >= need) break;
  }
  if (bestTalk < need) throw new Error(`cannot fill a ${interval} s interval with teacher talk (${bestTalk.toFixed(1)} s): use a longer interval`);
  return best;
}

/** Who speaks in an S interval, in order, as long as there is room: practice is mostly silence (students working). */
function sSpeakers(r: Rng, plan: DemoPlanName, teacherPresent: boolean): VoiceRole[] {
  // Before the teacher comes, students chat now and then.
  if (!teacherPresent) return r() < 0.5 ? ['student'] : [];
  if (plan === 'lecture') return ['teacher', 'student', 'teacher'];
  if (plan === 'dialogue') return ['student', 'teacher', 'student', 'student', 'teacher', 'student'];
  const x = r();
  return x < 0.35 ? ['student'] : x < 0.6 ? ['teacher'] : [];
}

function sBlocks(r: Rng, decks: Record<VoiceRole, Deck>, iv: IntervalPlan, interval: number, plan: DemoPlanName): Block[] {
  const to = iv.to - CUT_MARGIN;
  const budget = interval / 2 - talkMargin(interval);
  const blocks: Block[] = [];
  let t = iv.from + CUT_MARGIN;
  let teacherTalk = 0;
  const wanted = sSpeakers(r, plan, iv.teacherPresent);
  if (plan === 'practice' || !iv.teacherPresent) t += between(r, [0, Math.max(0, to - t - 6)]);
  for (const speaker of wanted) {
    const room = speaker === 'teacher' ? Math.min(to - t, budget - teacherTalk) : to - t;
    const block = room > 1 ? turn(r, decks[speaker], speaker, t, room, speaker === 'student' ? 1 + Math.floor(r() * 2) : 1) : null;
    if (!block) continue;
    blocks.push(block);
    if (speaker === 'teacher') teacherTalk += block.end - block.start;
    t = block.end + between(r, TURN_GAP);
  }
  return blocks;
}

/**
 * S/T letters per full design interval, seeded, redrawn until the plan's mode comes out (up to 50
 * draws: very short lessons, or a long absence of the teacher, may not allow it; the truth then
 * reports the mode it has). A trailing partial interval is silent and adds an S the caller codes.
 */
function letters(r: Rng, plan: DemoPlanName, present: readonly boolean[]): ('S' | 'T')[] {
  const n = present.length;
  const draw = (): ('S' | 'T')[] => {
    const out: ('S' | 'T')[] = [];
    for (let k = 0; k < n; k++) {
      if (!present[k]) out.push('S');
      else if (plan === 'lecture') out.push(r() < 0.82 ? 'T' : 'S');
      else if (plan === 'practice') out.push(out.includes('T') ? (r() < 0.12 ? 'T' : 'S') : 'T');
      else out.push(k === 0 || out[k - 1] === 'S' ? (r() < 0.8 ? 'T' : 'S') : r() < 0.75 ? 'S' : 'T');
    }
    return out;
  };
  const fits = (seq: string) => computeSt(seq).mode === plan;
  let seq = draw();
  for (let attempt = 0; attempt < 50 && n > 0 && !fits(seq.join('')); attempt++) seq = draw();
  return seq;
}

/** The S-T sequence the truth implies for any interval (talk.ts's interval layout, contracts' coding). */
export function expectedStSequence(truth: Pick<DemoLessonTruth, 'teacher' | 'seconds'>, intervalSeconds: number): string {
  const { count, lastIntervalSeconds } = intervalLayout(truth.seconds, intervalSeconds);
  return stSequence(secondsPerInterval(truth.teacher, intervalSeconds, count, truth.seconds), intervalSeconds, lastIntervalSeconds);
}

/** Clips of one speaker closer than the merge gap are one segment (what a VAD with that gap reports). */
function extents(blocks: readonly Block[], speaker: VoiceRole): Segment[] {
  const out: Segment[] = [];
  const clips = blocks
    .filter((b) => b.speaker === speaker)
    .flatMap((b) => b.placements)
    .sort((a, b) => a.at - b.at);
  for (const p of clips) {
    const start = Math.round(p.at * SR) / SR;
    const end = start + p.clip.samples.length / SR;
    const last = out[out.length - 1];
    if (last && start - last.end < VAD_DEFAULTS.mergeGapSeconds) last.end = end;
    else out.push({ start, end });
  }
  return out.map((s) => ({ start: round3(s.start), end: round3(s.end) }));
}

export type RoomState = { from: number; present: number[] };

/** Seats taken over time: late arrivals early in the lesson, a few leaving near its end. */
function attendancePlan(r: Rng, seconds: number, seats: number, absent: number, plan: DemoPlanName): { states: RoomState[]; perSecond: number[] } {
  const order = shuffle(
    r,
    Array.from({ length: seats }, (_, i) => i),
  );
  const never = new Set(order.slice(0, absent));
  const lateCount = Math.min(seats - absent, 1 + Math.floor(r() * 3));
  const late = order.slice(absent, absent + lateCount);
  const leaveCount = Math.min(seats - absent - lateCount, plan === 'practice' ? 2 : Math.floor(r() * 2) + 1);
  const leaving = order.slice(absent + lateCount, absent + lateCount + leaveCount);
  const events = new Map<number, { arrive: number[]; leave: number[] }>();
  const at = (t: number) => events.get(t) ?? (events.set(t, { arrive: [], leave: [] }), events.get(t)!);
  for (const s of late) at(Math.round(between(r, [0.04, 0.3]) * seconds)).arrive.push(s);
  for (const s of leaving) at(Math.round(between(r, [0.72, 0.95]) * seconds)).leave.push(s);
  const present = new Set(order.filter((s) => !never.has(s) && !late.includes(s)));
  const states: RoomState[] = [{ from: 0, present: [...present].sort((a, b) => a - b) }];
  for (const t of [...events.keys()].sort((a, b) => a - b)) {
    const e = events.get(t)!;
    for (const s of e.arrive) present.add(s);
    for (const s of e.leave) present.delete(s);
    const snapshot = [...present].sort((a, b) => a - b);
    if (t === 0) states[0] = { from: 0, present: snapshot };
    else states.push({ from: t, present: snapshot });
  }
  const perSecond = Array.from({ length: seconds }, (_, s) => [...states].reverse().find((st) => st.from <= s)!.present.length);
  return { states, perSecond };
}

/** Tiles for the seats and the teacher: distinct, seeded, none the detector misses. */
function chooseTiles(r: Rng, count: number): number[] {
  const usable = Array.from({ length: FACE_SHEET_TILES }, (_, i) => i).filter((t) => !UNDETECTED_TILES.has(t));
  return shuffle(r, usable).slice(0, count);
}

function run(ffmpeg: string, args: string[], feed?: (stdin: NodeJS.WritableStream) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(ffmpeg, args, { stdio: [feed ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-3000);
    });
    proc.once('error', reject);
    proc.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`))));
    if (feed && proc.stdin) {
      // EPIPE when ffmpeg fails early: its exit code reports the real error.
      proc.stdin.on('error', () => undefined);
      feed(proc.stdin).then(
        () => proc.stdin?.end(),
        (err: unknown) => {
          proc.kill('SIGKILL');
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    }
  });
}

/** An ffconcat list showing each still for its span (the last repeated, as the concat demuxer needs). */
function concatList(stills: readonly { file: string; from: number; to: number }[]): string {
  const lines = ['ffconcat version 1.0'];
  for (const s of stills) lines.push(`file '${s.file}'`, `duration ${s.to - s.from}`);
  lines.push(`file '${stills[stills.length - 1]!.file}'`);
  return `${lines.join('\n')}\n`;
}

const concatInput = (list: string) => ['-f', 'concat', '-safe', '0', '-i', list];

/**
 * Each still is converted to yuv420p once, before fps= repeats it, not once per repeated frame.
 * x264 ultrafast: a repeated 1280×720 still costs ~3 ms a frame against ~6 ms with veryfast
 * (measured on the loaded 2-core machine). A 60 s GOP: each I-frame of the room is ~170 KB, a repeated still's P-frame nearly
 * nothing, and seeking at 1 fps decodes at most 60 small frames.
 */
function encodeArgs(fps: number): string[] {
  return ['-vf', `format=yuv420p,fps=${fps}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'stillimage', '-crf', '28', '-g', String(60 * fps), '-threads', '1'];
}

/** Mixes the placed clips into [lapel, room] blocks of one second, written interleaved as f32le. */
async function feedAudio(stdin: NodeJS.WritableStream, blocks: readonly Block[], seconds: number, seed: number): Promise<void> {
  const placements = blocks
    .flatMap((b) => b.placements.map((p) => ({ ...p, speaker: b.speaker, from: Math.round(p.at * SR) })))
    .sort((a, b) => a.from - b.from);
  const noise = [rng(seed ^ 0x1234), rng(seed ^ 0x5678)];
  const gauss = (u: Rng) => (u() + u() + u() + u() - 2) * LEVELS.noise;
  const total = seconds * SR;
  for (let start = 0; start < total; start += SR) {
    const n = Math.min(SR, total - start);
    const out = new Float32Array(2 * n);
    for (let i = 0; i < n; i++) {
      out[2 * i] = gauss(noise[0]!);
      out[2 * i + 1] = gauss(noise[1]!);
    }
    for (const p of placements) {
      const len = p.clip.samples.length;
      if (p.from >= start + n || p.from + len <= start) continue;
      const lo = Math.max(start, p.from);
      const hi = Math.min(start + n, p.from + len);
      const ch0 = p.speaker === 'teacher' ? LEVELS.voice : 0;
      const ch1 = p.speaker === 'teacher' ? LEVELS.voice * LEVELS.bleed : LEVELS.voice;
      for (let i = lo; i < hi; i++) {
        const v = p.clip.samples[i - p.from]!;
        out[2 * (i - start)]! += v * ch0;
        out[2 * (i - start) + 1]! += v * ch1;
      }
    }
    if (!stdin.write(Buffer.from(out.buffer))) await once(stdin, 'drain');
  }
}

function vttTime(t: number): string {
  const ms = Math.round(t * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = (ms / 1000) % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${s.toFixed(3).padStart(6, '0')}`;
}

function subtitles(blocks: readonly Block[]): string {
  const cues = blocks
    .flatMap((b) => b.placements.map((p) => ({ ...p, speaker: b.speaker })))
    .sort((a, b) => a.at - b.at)
    .map((p) => `${vttTime(p.at)} --> ${vttTime(p.at + clipSeconds(p.clip))}\n<v ${p.speaker}>${p.clip.text}`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

export type DemoPlanOptions = Omit<DemoLessonOptions, 'dir' | 'fps' | 'ffmpeg'>;

/** Everything a lesson's files are drawn from; pure and deterministic for its options. */
export type DemoScript = {
  truth: DemoLessonTruth;
  /** Placed clips per turn (the audio). */
  blocks: Block[];
  /** The student camera's stills: seats taken (indices into `seatLayout`) from a second on. */
  room: RoomState[];
  seatLayout: FacePlacement[];
  /** The teacher camera's stills: the teacher's face (null: empty room) from a second on. */
  teacherCam: { from: number; face: FacePlacement | null }[];
};

/** The lesson's script and truth from its options and the decoded voices, without writing anything. */
export function planDemoLesson(opts: DemoPlanOptions, voices: readonly DecodedClip[]): DemoScript {
  const seconds = Math.round(opts.seconds);
  if (!(seconds >= 30)) throw new RangeError('a demo lesson lasts at least 30 s');
  const seed = opts.seed >>> 0;
  const plan = opts.plan ?? DEMO_PLANS[seed % DEMO_PLANS.length]!;
  const interval = opts.intervalSeconds ?? ST_INTERVAL_SECONDS_DEFAULT;
  const seats = Math.max(1, Math.round(opts.seats ?? 12));
  // Separate streams per concern: changing the plan's talk does not reshuffle the faces.
  const talkRng = rng(seed ^ 0x7a1c);
  const roomRng = rng(seed ^ 0x51ee);
  const absent = Math.min(seats - 1, Math.max(0, Math.round(opts.absentStudents ?? Math.floor(roomRng() * 2))));
  const teacherLate = Math.max(0, Math.min(Math.round(opts.teacherLateSeconds ?? (plan === 'practice' ? 60 : 0)), Math.floor(seconds / 3)));

  // Talk script, interval by interval; a partial last interval stays silent (coded S, well clear of half).
  const decks = { teacher: new Deck(talkRng, voices.filter((v) => v.role === 'teacher')), student: new Deck(talkRng, voices.filter((v) => v.role === 'student')) };
  const full = Math.floor(seconds / interval);
  // An interval is the teacher's only when the teacher is there for all of it (plus the cut margin).
  const present = Array.from({ length: full }, (_, k) => k * interval + CUT_MARGIN >= teacherLate);
  const seq = letters(talkRng, plan, present);
  const blocks: Block[] = [];
  seq.forEach((letter, k) => {
    const iv: IntervalPlan = { letter, from: k * interval, to: (k + 1) * interval, teacherPresent: present[k]! };
    blocks.push(...(letter === 'T' ? tBlocks(talkRng, decks, iv, interval, plan) : sBlocks(talkRng, decks, iv, interval, plan)));
  });
  const teacher = extents(blocks, 'teacher');
  const student = extents(blocks, 'student');
  const sequence = expectedStSequence({ teacher, seconds }, interval);

  // Pictures: the room at each change of attendance; the teacher at a few spots along the front.
  const tiles = chooseTiles(roomRng, seats + 1);
  const seatLayout = classroomLayout(seats).map((p, i) => ({ ...p, tile: tiles[i]! }));
  const room = attendancePlan(roomRng, seconds, seats, absent, plan);
  const spots: FacePlacement[] = [0.3, 0.5, 0.7].map((x) => ({ tile: tiles[seats]!, cx: 1280 * x, cy: 330, size: 150 }));
  const teacherCam: DemoScript['teacherCam'] = [];
  if (teacherLate > 0) teacherCam.push({ from: 0, face: null });
  for (let t = teacherLate, spot = Math.floor(roomRng() * 3); t < seconds; t += Math.round(between(roomRng, [15, 40]))) {
    teacherCam.push({ from: t, face: spots[spot]! });
    spot = (spot + 1 + Math.floor(roomRng() * 2)) % 3;
  }
  const turns: DemoTurn[] = blocks
    .map((b) => ({ speaker: b.speaker, start: round3(b.placements[0]!.at), end: round3(b.end), texts: b.placements.map((p) => p.clip.text) }))
    .sort((x, y) => x.start - y.start);
  const truth: DemoLessonTruth = {
    plan,
    seed,
    seconds,
    seats,
    facesPerSecond: room.perSecond,
    teacherPresentPerSecond: Array.from({ length: seconds }, (_, s) => s >= teacherLate),
    teacher,
    student,
    turns,
    intervalSeconds: interval,
    st: { ...computeSt(sequence), sequence },
  };
  return { truth, blocks, room: room.states, seatLayout, teacherCam };
}

/** Writes the lesson's files into `opts.dir` (see the header) and returns them with the truth. */
export async function buildDemoLesson(opts: DemoLessonOptions): Promise<DemoLesson> {
  const ffmpeg = findFfmpeg(opts.ffmpeg);
  if (!ffmpeg) throw new Error('ffmpeg was not found (install ffmpeg or @ffmpeg-installer/linux-x64)');
  const fps = opts.fps ?? 1;
  const script = planDemoLesson(opts, await loadVoices({ ffmpeg }));
  const { truth, blocks } = script;
  const { seconds, seed } = truth;

  await fsp.mkdir(opts.dir, { recursive: true });
  const work = await fsp.mkdtemp(path.join(opts.dir, '.frames-'));
  try {
    // Drawn one at a time: composeFrame holds a 1280×720 canvas each, and this runs beside the API.
    const roomStills: { file: string; from: number; to: number }[] = [];
    for (const [i, st] of script.room.entries()) {
      const file = `room-${i}.jpg`;
      await fsp.writeFile(path.join(work, file), (await composeFrame(st.present.map((seat) => script.seatLayout[seat]!))).image);
      roomStills.push({ file, from: st.from, to: script.room[i + 1]?.from ?? seconds });
    }
    const teacherStills: { file: string; from: number; to: number }[] = [];
    const drawn = new Map<FacePlacement | null, string>();
    for (const [i, st] of script.teacherCam.entries()) {
      let file = drawn.get(st.face);
      if (!file) {
        file = `teacher-${drawn.size}.jpg`;
        await fsp.writeFile(path.join(work, file), (await composeFrame(st.face ? [st.face] : [])).image);
        drawn.set(st.face, file);
      }
      teacherStills.push({ file, from: st.from, to: script.teacherCam[i + 1]?.from ?? seconds });
    }
    await fsp.writeFile(path.join(work, 'room.ffconcat'), concatList(roomStills));
    await fsp.writeFile(path.join(work, 'teacher.ffconcat'), concatList(teacherStills));

    const studentCamera = path.join(opts.dir, 'student-camera.mp4');
    const teacherCamera = path.join(opts.dir, 'teacher-camera.mp4');
    const common = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
    const out = ['-t', String(seconds), '-movflags', '+faststart', '-map_metadata', '-1'];
    await run(
      ffmpeg,
      [
        ...common.filter((a) => a !== '-nostdin'),
        ...concatInput(path.join(work, 'room.ffconcat')),
        ...['-f', 'f32le', '-ar', String(SR), '-ac', '2', '-i', 'pipe:0'],
        ...['-map', '0:v:0', '-map', '1:a:0'],
        ...encodeArgs(fps),
        // The native AAC encoder's default coder (twoloop) costs twice the fast one on the noise floor; speech stays clean.
        ...['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '32k', '-ar', String(SR), '-ac', '2'],
        ...out,
        studentCamera,
      ],
      (stdin) => feedAudio(stdin, blocks, seconds, seed),
    );
    await run(ffmpeg, [...common, ...concatInput(path.join(work, 'teacher.ffconcat')), '-map', '0:v:0', ...encodeArgs(fps), '-an', ...out, teacherCamera]);

    const truthFile = path.join(opts.dir, 'truth.json');
    const subtitlesFile = path.join(opts.dir, 'lesson.vtt');
    await fsp.writeFile(truthFile, `${JSON.stringify(truth)}\n`);
    await fsp.writeFile(subtitlesFile, subtitles(blocks));
    return { studentCamera, teacherCamera, truthFile, subtitles: subtitlesFile, truth };
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}
