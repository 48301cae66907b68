import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../../platform/adapters/camera-simulator.ts';
import { cameraInputArgs, cameraLiveSource, demoLiveSource, intervalAt, loopLength, loopOffset, nextMoment, pendingLiveTimers, realClock, type LiveClock } from './live-source.ts';

/** A clock whose sleeps take no time: a 45-minute class runs in milliseconds. */
function virtualClock(start: Date): LiveClock & { slept: number[] } {
  let t = start.getTime();
  const slept: number[] = [];
  return {
    slept,
    now: () => new Date(t),
    async sleep(ms, signal) {
      signal.throwIfAborted();
      slept.push(ms);
      if (ms > 0) t += ms;
    },
  };
}

describe('live timing', () => {
  it('plays a drawn lesson in a loop from the class start', () => {
    expect(loopOffset(0, 300)).toBe(0);
    expect(loopOffset(299, 300)).toBe(299);
    expect(loopOffset(300, 300)).toBe(0);
    expect(loopOffset(2710, 300)).toBe(10);
    expect(() => loopOffset(1, 0)).toThrow();
  });

  it('gives a looped lesson whole S-T intervals, so no interval wraps round the end', () => {
    expect(loopLength(300, 30)).toBe(300);
    expect(loopLength(100, 30)).toBe(90);
    expect(loopLength(10, 30)).toBe(30);
    for (let from = 0; from < 3000; from += 30) expect(loopOffset(from, loopLength(100, 30)) + 30).toBeLessThanOrEqual(90);
  });

  it('samples every period from the present moment to the class end, opening each S-T interval once', () => {
    const run = (elapsedAt: (t: number | null) => number, classSeconds: number) => {
      const out: [number, string | null][] = [];
      let opened = -1;
      for (let m = nextMoment({ after: null, elapsed: elapsedAt(null), periodSeconds: 10, intervalSeconds: 30, classSeconds, opened }); m; m = nextMoment({ after: m.t, elapsed: elapsedAt(m.t), periodSeconds: 10, intervalSeconds: 30, classSeconds, opened })) {
        if (m.opens) opened = m.opens.from;
        out.push([m.t, m.opens ? `${m.opens.from}-${m.opens.to}` : null]);
      }
      return out;
    };
    // On time from the start: every 10 s, an interval at every 30 s, the last one cut at the end.
    expect(run((t) => t ?? 0, 75)).toEqual([[0, '0-30'], [10, null], [20, null], [30, '30-60'], [40, null], [50, null], [60, '60-75'], [70, null]]);
    // Started mid-class (a restart) at 12.5 s: the running interval still has more than half to come.
    expect(run((t) => (t === null ? 12.5 : t), 60)).toEqual([[20, null], [30, '30-60'], [40, null], [50, null]]);
    expect(run((t) => (t === null ? 3 : t), 60)[0]).toEqual([10, '0-30']);
    // Fallen behind: each step takes 25 s, so moments are skipped to the present; an interval whose
    // first half went by unsampled is not heard.
    expect(run((t) => (t === null ? 0 : t + 25), 120)).toEqual([[0, '0-30'], [20, null], [40, '30-60'], [60, '60-90'], [80, null], [100, '90-120']]);
    expect(nextMoment({ after: null, elapsed: 61, periodSeconds: 10, intervalSeconds: 30, classSeconds: 60, opened: -1 })).toBeNull();
  });

  it('opens S-T intervals at their start, the last one cut at the class end', () => {
    expect(intervalAt(0, 2700, 30)).toEqual({ from: 0, to: 30 });
    expect(intervalAt(10, 2700, 30)).toBeNull();
    expect(intervalAt(2670, 2700, 30)).toEqual({ from: 2670, to: 2700 });
    expect(intervalAt(60, 75, 30)).toEqual({ from: 60, to: 75 });
    expect(intervalAt(60, 60.5, 30)).toBeNull();
    expect(intervalAt(2700, 2700, 30)).toBeNull();
  });

  it('waits on the real clock with timers that an abort clears', async () => {
    const clock = realClock(() => new Date());
    const ac = new AbortController();
    const waiting = clock.sleep(60_000, ac.signal);
    expect(pendingLiveTimers()).toBe(1);
    ac.abort(new Error('closing'));
    await expect(waiting).rejects.toThrow('closing');
    expect(pendingLiveTimers()).toBe(0);
    await clock.sleep(5, new AbortController().signal);
    expect(pendingLiveTimers()).toBe(0);
  });
});

describe('reading a camera through the media gateway', () => {
  it('gives ffmpeg the gateway URL with the token as a bearer header, network protocols only', () => {
    const args = cameraInputArgs({ url: 'http://gw.local:8888/hxk_1_2_main/index.m3u8?t=abc.def', token: 'abc.def' });
    expect(args.at(-1)).toBe('http://gw.local:8888/hxk_1_2_main/index.m3u8?t=abc.def');
    expect(args).toContain('Authorization: Bearer abc.def\r\n');
    expect(args[args.indexOf('-protocol_whitelist') + 1]).toBe('http,https,tcp,tls,crypto');
    // A file (the simulator's segment) is read as it is.
    expect(cameraInputArgs({ file: '/tmp/s1.ts' })).toEqual(['-i', '/tmp/s1.ts']);
  });
});

const ffmpeg = findFfmpeg(process.env.FFMPEG_PATH);

describe.skipIf(!ffmpeg)('live sources with ffmpeg', () => {
  let dir: string;
  let lesson: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hxk-live-source-'));
    lesson = path.join(dir, 'lesson.mp4');
    // 60 s at 1 fps with two channels of sound: a stand-in for a drawn lesson.
    const r = spawnSync(ffmpeg!, [
      '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=1:duration=60',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=60:sample_rate=16000', '-f', 'lavfi', '-i', 'sine=frequency=660:duration=60:sample_rate=16000',
      '-filter_complex', '[1:a][2:a]amerge=inputs=2[a]', '-map', '0:v', '-map', '[a]', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', lesson,
    ]);
    expect(r.status, r.stderr?.toString()).toBe(0);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('plays the demo lesson live: a frame of any moment at once, an interval\'s sound once it is over', async () => {
    const start = new Date('2026-11-27T02:00:00Z');
    const clock = virtualClock(start);
    const src = demoLiveSource({ ffmpeg: ffmpeg!, clock, classStart: start, files: { student: lesson, teacher: null }, seconds: 60 });
    const signal = new AbortController().signal;
    const frame = await src.frame('student', 2710, signal);
    expect(frame?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(await src.frame('teacher', 10, signal)).toBeNull();
    // Listened to at the interval's start (class second 90), collected at its end (120): 30 s of two channels.
    await clock.sleep(90_000, signal);
    const wav = path.join(dir, 'i90.wav');
    const collect = src.listen(90, 120, wav, signal);
    expect(clock.now().getTime() - start.getTime()).toBe(90_000);
    expect(await collect()).toEqual({ seconds: 30 });
    // Collected early, it waits for the interval to be over.
    expect(clock.now().getTime() - start.getTime()).toBe(120_000);
    const bytes = fs.statSync(wav).size;
    expect(Math.round((bytes - 44) / (16000 * 2 * 2))).toBe(30);
  });

  it('stops its ffmpeg when aborted', async () => {
    const start = new Date('2026-11-27T02:00:00Z');
    const ac = new AbortController();
    ac.abort(new Error('closing'));
    const src = demoLiveSource({ ffmpeg: ffmpeg!, clock: virtualClock(start), classStart: start, files: { student: lesson, teacher: null }, seconds: 60 });
    await expect(src.frame('student', 0, ac.signal)).rejects.toThrow('closing');
  });

  it('has no sound from the simulator, and pictures from its newest segment', async () => {
    const start = new Date('2026-11-27T02:00:00Z');
    const clock = virtualClock(start);
    const src = cameraLiveSource({ ffmpeg: ffmpeg!, kind: 'simulator', clock, classStart: start, locate: async (role) => (role === 'student' ? { file: lesson } : null) });
    const signal = new AbortController().signal;
    expect((await src.frame('student', 0, signal))?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(await src.frame('teacher', 0, signal)).toBeNull();
    expect(await src.listen(0, 30, path.join(dir, 'none.wav'), signal)()).toBeNull();
    // It still waits for the interval to pass, like a camera would.
    expect(clock.now().getTime() - start.getTime()).toBe(30_000);
  });
});
