/**
 * Voice activity's real-time factor (issue 15): Silero VAD on one core (onnxruntime with one intra-op
 * and one inter-op thread, as the analysis worker runs it) over a generated two-channel lesson
 * (espeak-ng + sox: the pipeline test's fixture, turns repeated to the wanted length). Never part of
 * npm test; `benchVad({ seconds: 20 })` is small enough for a smoke test.
 *
 * Rows:
 *   - decode: ffmpeg to 16 kHz float32 blocks, no VAD (ffmpeg's own CPU is not counted: a child process),
 *   - VAD only: Silero over one channel already in memory (the model's cost per second of audio),
 *   - decode + VAD: the whole detectSpeech of both channels, as a worker runs it.
 * "× real time per core" is channel-seconds of audio per second of this process's CPU time; the aim
 * is ≥ 50 (RECIPES: ~70 on an idle machine).
 *
 * Usage: tsx bench/vad.ts [seconds=600]
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodePcm, PCM_SAMPLE_RATE } from '../apps/server/src/modules/analysis/audio/decode.ts';
import { buildLesson, type Turn } from '../apps/server/src/modules/analysis/audio/lesson-fixture.ts';
import { ChannelVad, detectSpeech, loadVadModels, releaseVadModels } from '../apps/server/src/modules/analysis/audio/vad.ts';
import { giveUpAfter, isMain, round, table, writeSummaryRows, type SummaryRow } from './support.ts';

export type VadBenchRow = {
  stage: string;
  channelSeconds: number;
  wallSeconds: number;
  cpuSeconds: number;
  /** channelSeconds / wallSeconds */
  realTime: number;
  /** channelSeconds / cpuSeconds */
  realTimePerCore: number;
};

export type VadBenchResult = { audioSeconds: number; channels: number; speechSegments: number[]; rows: VadBenchRow[] };

/** A teacher-led 20 s pattern (12 s teacher, 5 s student), repeated over `seconds`. */
export function benchTurns(seconds: number): Turn[] {
  const turns: Turn[] = [];
  for (let t = 0; t + 20 <= seconds; t += 20) {
    turns.push({ speaker: 'teacher', start: t + 0.5, seconds: 12 }, { speaker: 'student', start: t + 14, seconds: 5 });
  }
  return turns;
}

async function measure<T>(fn: () => Promise<T>): Promise<{ value: T; wallSeconds: number; cpuSeconds: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const wallSeconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { value, wallSeconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

const row = (stage: string, channelSeconds: number, m: { wallSeconds: number; cpuSeconds: number }): VadBenchRow => ({
  stage,
  channelSeconds: round(channelSeconds, 1),
  wallSeconds: round(m.wallSeconds, 2),
  cpuSeconds: round(m.cpuSeconds, 2),
  realTime: round(channelSeconds / m.wallSeconds, 1),
  realTimePerCore: round(channelSeconds / Math.max(m.cpuSeconds, 1e-6), 1),
});

/** Generates the clip in a temporary folder (removed after), measures, and returns the figures. */
export async function benchVad(opts: { seconds?: number; vadOnlySeconds?: number } = {}): Promise<VadBenchResult> {
  const seconds = Math.max(20, opts.seconds ?? 600);
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-bench-vad-'));
  try {
    const lesson = await buildLesson(dir, benchTurns(seconds), seconds);
    const rows: VadBenchRow[] = [];

    const decoded = await measure(async () => {
      let samples = 0;
      for await (const block of decodePcm(lesson.file)) samples += block.channels[0]!.length;
      return samples;
    });
    rows.push(row('decode (2 ch, ffmpeg not counted)', (2 * decoded.value) / PCM_SAMPLE_RATE, decoded));

    // One channel in memory, then the model alone over it.
    const vadOnlySeconds = Math.min(seconds, opts.vadOnlySeconds ?? 120);
    const pcm = new Float32Array(Math.round(vadOnlySeconds * PCM_SAMPLE_RATE));
    let filled = 0;
    for await (const block of decodePcm(lesson.file)) {
      const take = Math.min(block.channels[0]!.length, pcm.length - filled);
      pcm.set(block.channels[0]!.subarray(0, take), filled);
      filled += take;
      if (filled === pcm.length) break;
    }
    const models = await loadVadModels(2);
    try {
      // Warm-up: the first runs of a session allocate its arena.
      await new ChannelVad(models[0]!).push(pcm.subarray(0, PCM_SAMPLE_RATE));
      const vadOnly = await measure(async () => {
        const v = new ChannelVad(models[0]!);
        await v.push(pcm.subarray(0, filled));
        return v.finish();
      });
      rows.push(row('VAD only (1 ch in memory)', filled / PCM_SAMPLE_RATE, vadOnly));

      const full = await measure(() => detectSpeech(lesson.file, { models }));
      rows.push(row('decode + VAD (2 ch, detectSpeech)', full.value.channels * full.value.durationSeconds, full));
      return { audioSeconds: seconds, channels: full.value.channels, speechSegments: full.value.segments.map((s) => s.length), rows };
    } finally {
      await releaseVadModels(models);
    }
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

export function formatVadBench(r: VadBenchResult): string {
  return [
    `Silero VAD, ${r.audioSeconds} s lesson × ${r.channels} channels (speech segments per channel: ${r.speechSegments.join(', ')}), load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, ${os.cpus().length} cores`,
    table(
      ['stage', 'channel-s', 'wall s', 'CPU s', '× real time', '× real time per core'],
      r.rows.map((x) => [x.stage, x.channelSeconds, x.wallSeconds, x.cpuSeconds, x.realTime, x.realTimePerCore]),
    ),
  ].join('\n');
}

/** The summary rows: the model alone per core (aim ≥ 50× real time) and the whole detectSpeech of both channels. */
export function vadSummary(r: VadBenchResult): SummaryRow[] {
  return r.rows.filter((x) => !x.stage.startsWith('decode (')).map((x) => {
    const vadOnly = x.stage.startsWith('VAD only');
    return {
      bench: 'vad',
      figure: `${x.stage}, ${r.audioSeconds} s lesson`,
      aim: vadOnly ? '≥ 50× real time per core' : '—',
      measured: `${x.realTimePerCore}× per core (${x.realTime}× wall)`,
      met: vadOnly ? x.realTimePerCore >= 50 : null,
    };
  });
}

if (isMain(import.meta.url)) {
  giveUpAfter('bench:vad', 10 * 60_000);
  const seconds = Number(process.argv[2] ?? 600);
  const r = await benchVad({ seconds });
  process.stdout.write(`${formatVadBench(r)}\n`);
  await writeSummaryRows('vad', vadSummary(r));
}
