import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CameraSimulator, CLOCK_CODE, findFfmpeg } from './camera-simulator.ts';

const ffmpeg = findFfmpeg();

describe.skipIf(!ffmpeg)('camera simulator clock code (glass-to-glass measurements)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hxk-clock-'));
  const sim = new CameraSimulator({ ffmpeg: ffmpeg!, dir, clockCode: true });
  afterAll(async () => {
    await sim.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('burns the wall clock of capture (ms mod 2^24) into the top rows, readable after encoding', async () => {
    await sim.open({ key: 'clock', lines: ['A · A101', 'Composite'], quality: 'sub' });
    const playlist = (await sim.read('clock', 'index.m3u8')) as { playlist: string };
    const names = [...playlist.playlist.matchAll(/^(s\d+\.ts)$/gm)].map((m) => m[1]!);
    const seg = (await sim.read('clock', names.at(-1)!)) as { segment: string };
    const copy = path.join(dir, 'copy.ts');
    fs.copyFileSync(seg.segment, copy);
    const decodedAt = Date.now();
    // The first frame of the newest segment, as grey levels, rows 0..9.
    const raw = execFileSync(ffmpeg!, ['-loglevel', 'error', '-i', copy, '-frames:v', '1', '-vf', `crop=iw:${CLOCK_CODE.rows}:0:0,format=gray`, '-f', 'rawvideo', '-']);
    const width = raw.length / CLOCK_CODE.rows;
    expect(width).toBe(480);
    const row = raw.subarray(width * 5, width * 6);
    let value = 0;
    for (let bit = 0; bit < CLOCK_CODE.bits; bit++) if (row[Math.floor((bit + 0.5) * (width / CLOCK_CODE.bits))]! > 128) value += 2 ** bit;
    const age = (((decodedAt % CLOCK_CODE.modulo) - value) % CLOCK_CODE.modulo + CLOCK_CODE.modulo) % CLOCK_CODE.modulo;
    // Captured before the segment closed, and not long before: 0..4 s on a loaded machine.
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(4000);
  });
});
