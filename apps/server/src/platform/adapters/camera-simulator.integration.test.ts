import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childProcesses } from '../../test/processes.ts';
import { CameraSimulator, findFfmpeg } from './camera-simulator.ts';

const sequence = (playlist: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1] ?? -1);
const lastSegment = (playlist: string) => Number([...playlist.matchAll(/^s(\d+)\.ts$/gm)].at(-1)?.[1] ?? -1);
const playlistOf = async (sim: CameraSimulator, key: string) => {
  const r = await sim.read(key, 'index.m3u8');
  if (!r || !('playlist' in r)) throw new Error('no playlist');
  return r.playlist;
};

/** The encoders (child processes of this test process) writing into `dir`. */
const encodersIn = (dir: string) => childProcesses().filter((p) => p.cmdline.includes(dir));

describe('camera simulator', () => {
  let dir: string;
  let sim: CameraSimulator;
  const stream = { key: 's1-c1-sub', lines: ['Teaching Building A · 101', 'Teacher close-up'] as [string, string], quality: 'sub' as const };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hxk-sim-test-'));
    const ffmpeg = findFfmpeg();
    if (!ffmpeg) throw new Error('no ffmpeg: install Debian ffmpeg or keep the optional @ffmpeg-installer/linux-x64');
    sim = new CameraSimulator({ ffmpeg, dir, idleMs: 1_500 });
  });
  afterAll(async () => {
    await sim?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('serves one live HLS stream per camera, whatever the number of viewers, whose playlist moves on', async () => {
    await Promise.all([sim.open(stream), sim.open(stream), sim.open(stream)]);
    expect(sim.running()).toEqual([stream.key]);
    // Three viewers at the same moment, one encoder.
    expect(encodersIn(dir)).toHaveLength(1);
    const first = await playlistOf(sim, stream.key);
    expect(first).toContain('#EXT-X-TARGETDURATION:1');
    // The list keeps four 1 s segments: after ~6 s the oldest have gone and the sequence has advanced.
    // Meanwhile a player fetches the playlist every half second, which keeps the stream alive.
    let later = first;
    for (let i = 0; i < 12; i++) {
      await new Promise((r) => setTimeout(r, 500));
      later = await playlistOf(sim, stream.key);
    }
    expect(sequence(later)).toBeGreaterThan(sequence(first));
    expect(lastSegment(later)).toBeGreaterThan(lastSegment(first));
    const seg = await sim.read(stream.key, `s${lastSegment(later)}.ts`);
    expect(seg && 'segment' in seg ? (await fs.stat(seg.segment)).size : 0).toBeGreaterThan(1000);
  });

  it('reads only its own files', async () => {
    expect(await sim.read(stream.key, '../../etc/passwd')).toBeNull();
    expect(await sim.read(stream.key, 'line1.txt')).toBeNull();
    expect(await sim.read('s1-c2-sub', 'index.m3u8')).toBeNull();
  });

  it('stops the encoder once nobody has fetched anything for the idle time, and starts again for the next viewer', async () => {
    await new Promise((r) => setTimeout(r, 3_000));
    expect(sim.running()).toEqual([]);
    expect(await sim.read(stream.key, 'index.m3u8')).toBeNull();
    await sim.open(stream);
    expect(sim.running()).toEqual([stream.key]);
  });
});
