import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioDecodeError, decodeArgs, decodePcm, parseAudioStream, PCM_BLOCK_SAMPLES, probeAudio } from './decode.ts';

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { stdio: 'ignore' });
    proc.once('error', reject);
    proc.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
}

let dir = '';
beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-decode-'));
});
afterAll(async () => {
  if (dir) await fsp.rm(dir, { recursive: true, force: true });
});

describe('the audio stream of ffmpeg\'s listing', () => {
  const line = (audio: string) => `Input #0, mov,mp4, from 'x.mp4':\n  Stream #0:0[0x1](und): Video: h264 (High), yuv420p, 160x120, 10 fps\n  Stream #0:1[0x2](und): Audio: ${audio} (default)\n`;
  it('reads channels and rate; two or more channels decode as [lapel, room], one as the room', () => {
    expect(parseAudioStream(line('aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, 127 kb/s'))).toEqual({ channels: 2, sourceChannels: 2, sourceSampleRate: 44100 });
    expect(parseAudioStream(line('pcm_s16le ([1][0][0][0] / 0x0001), 22050 Hz, mono, s16, 352 kb/s'))).toEqual({ channels: 1, sourceChannels: 1, sourceSampleRate: 22050 });
    expect(parseAudioStream(line('aac (LC), 48000 Hz, 5.1(side), fltp'))).toEqual({ channels: 2, sourceChannels: 6, sourceSampleRate: 48000 });
    expect(parseAudioStream(line('pcm_s16le, 16000 Hz, 4 channels, s16'))).toEqual({ channels: 2, sourceChannels: 4, sourceSampleRate: 16000 });
    expect(parseAudioStream('  Stream #0:0: Video: h264, yuv420p\n')).toBeNull();
  });

  it('never downmixes two channels (the lapel would leak into the room)', () => {
    expect(decodeArgs('a.mp4', 2).join(' ')).toContain('-af pan=stereo|c0=c0|c1=c1');
    expect(decodeArgs('a.mp4', 2)).not.toContain('-ac');
    expect(decodeArgs('a.wav', 1).join(' ')).toContain('-ac 1');
  });
});

describe('decoding with ffmpeg', () => {
  it('keeps the channels of an MP4 apart (lapel 0, room 1), streams bounded blocks, reads a mono file as the room only', async () => {
    const mp4 = path.join(dir, 'two.mp4');
    // 3 s: a tone on channel 0 only, silence on channel 1, with a picture like the product's recordings.
    await ffmpeg([
      '-f', 'lavfi', '-i', 'sine=f=440:sample_rate=48000:d=3', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono:d=3',
      '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:d=3', '-filter_complex', '[0][1]amerge=inputs=2[a]',
      '-map', '2', '-map', '[a]', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', mp4,
    ]);
    expect(await probeAudio(mp4)).toMatchObject({ channels: 2, sourceChannels: 2, sourceSampleRate: 48000 });
    const energy = [0, 0];
    let samples = 0;
    for await (const block of decodePcm(mp4, { blockSamples: 4096 })) {
      expect(block.startSample).toBe(samples);
      expect(block.channels[0]!.length).toBeLessThanOrEqual(4096);
      for (let c = 0; c < 2; c++) for (const v of block.channels[c]!) energy[c]! += v * v;
      samples += block.channels[0]!.length;
    }
    expect(samples / 16_000).toBeGreaterThan(2.9);
    expect(samples / 16_000).toBeLessThan(3.1);
    expect(Math.sqrt(energy[0]! / samples)).toBeGreaterThan(0.05);
    expect(Math.sqrt(energy[1]! / samples)).toBeLessThan(1e-3);

    const mono = path.join(dir, 'mono.wav');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=300:sample_rate=22050:d=1.5', mono]);
    const layout = await probeAudio(mono);
    expect(layout.channels).toBe(1);
    let monoSamples = 0;
    for await (const block of decodePcm(mono, { layout })) {
      expect(block.channels).toHaveLength(1);
      expect(block.channels[0]!.length).toBeLessThanOrEqual(PCM_BLOCK_SAMPLES);
      monoSamples += block.channels[0]!.length;
    }
    expect(monoSamples).toBe(24_000);
  });

  it('tells a file without audio apart from a broken one', async () => {
    const silentVideo = path.join(dir, 'video-only.mp4');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:d=1', '-c:v', 'libx264', '-preset', 'ultrafast', silentVideo]);
    await expect(probeAudio(silentVideo)).rejects.toMatchObject({ code: 'no-audio' });
    const junk = path.join(dir, 'junk.mp4');
    await fsp.writeFile(junk, 'not a recording');
    await expect(probeAudio(junk)).rejects.toBeInstanceOf(AudioDecodeError);
    await expect(probeAudio(junk)).rejects.toMatchObject({ code: 'ffmpeg-failed' });
  });

  it('stops ffmpeg when the job is aborted mid-stream', async () => {
    const long = path.join(dir, 'long.wav');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=300:sample_rate=16000:d=60', '-ac', '2', long]);
    const abort = new AbortController();
    let blocks = 0;
    const reading = (async () => {
      for await (const _block of decodePcm(long, { signal: abort.signal })) {
        if (++blocks === 2) abort.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(blocks).toBeLessThan(10);
  });
});
