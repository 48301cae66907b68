/**
 * The voice-activity thread (audio-thread.ts): the sound of a lesson analysed in the thread is the
 * same as on the caller's thread; its errors arrive as the caller's own (AudioDecodeError with its
 * code), an aborted call stops, calls queue in order, and the thread runs at the nice value given.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeAudio } from './analyze.ts';
import { startAudioThread, type AudioThread } from './audio-thread.ts';
import { AudioDecodeError } from './decode.ts';
import { buildLesson, type Lesson } from './lesson-fixture.ts';

let dir: string;
let lesson: Lesson;
let thread: AudioThread;

/** The nice values of this process's threads now (Linux). */
function threadNices(): number[] {
  return fs.readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      // Field 19 of stat is the nice value; the command name (field 2) may hold spaces, so count after ')'.
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return [];
    }
  });
}

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-audio-thread-'));
  lesson = await buildLesson(dir, [
    { speaker: 'teacher', start: 1, seconds: 8 },
    { speaker: 'student', start: 12, seconds: 5 },
    { speaker: 'teacher', start: 21, seconds: 7 },
  ], 30);
  thread = await startAudioThread({ nice: 7 });
}, 120_000);

afterAll(async () => {
  await thread?.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

describe('the voice-activity thread', () => {
  it('finds the same speech and S-T as the analysis on the calling thread', async () => {
    const [there, here] = await Promise.all([thread.analyze(lesson.file, { intervalSeconds: 10 }), analyzeAudio(lesson.file, { intervalSeconds: 10 })]);
    expect(there.speech).toEqual(here.speech);
    expect(there.talk).toEqual(here.talk);
    // The teacher's lapel hears the teacher's two turns (the room hears everyone, the teacher faintly).
    expect(there.speech.segments[0]).toHaveLength(2);
  }, 60_000);

  it('runs at the nice value it was given; the caller keeps its own', () => {
    if (process.platform !== 'linux') return;
    const nices = threadNices();
    expect(nices).toContain(7);
    expect(os.getPriority(process.pid)).toBe(0);
  });

  it('reports a file without sound as the caller would see it: AudioDecodeError no-audio', async () => {
    const silent = path.join(dir, 'video-only.mp4');
    await new Promise<void>((resolve, reject) => {
      const p = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=gray:s=64x64:d=1', '-c:v', 'libx264', '-y', silent], { stdio: 'ignore' });
      p.once('error', reject);
      p.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}`))));
    });
    const e = await thread.analyze(silent).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(AudioDecodeError);
    expect((e as AudioDecodeError).code).toBe('no-audio');
  }, 30_000);

  it('an aborted call stops and the next one still runs, in order', async () => {
    const controller = new AbortController();
    const aborted = thread.analyze(lesson.file, { signal: controller.signal });
    const next = thread.analyze(lesson.file, { intervalSeconds: 10 });
    controller.abort();
    await expect(aborted).rejects.toThrow();
    expect((await next).talk.durationSeconds).toBeCloseTo(30, 0);
    // Already aborted: refused without reaching the thread.
    await expect(thread.analyze(lesson.file, { signal: AbortSignal.abort() })).rejects.toThrow();
  }, 60_000);

  it('refuses calls once closed', async () => {
    const other = await startAudioThread();
    await other.close();
    await expect(other.analyze(lesson.file)).rejects.toThrow(/closed/);
  }, 60_000);
});
