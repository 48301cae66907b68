/**
 * The classroom terminal's player (issue 14): 16 kHz mono 16-bit PCM frames from the socket, played
 * with Web Audio behind a small jitter buffer. Each frame is scheduled right after the previous one;
 * when frames arrive late and the schedule runs dry, playback restarts JITTER_S ahead, so network
 * hiccups cost a short gap rather than a growing delay. An AnalyserNode measures what is played (the
 * level meter, and how the browser test hears that audio arrives).
 */
import { SHOUT_AUDIO } from '@hxk/contracts/shouting';

/** How far ahead of "now" playback is scheduled when it (re)starts. */
const JITTER_S = 0.12;
/** More than this scheduled ahead means we fell behind: drop frames to catch up. */
const MAX_AHEAD_S = 0.6;

export class PcmPlayer {
  readonly ctx: AudioContext;
  private readonly analyser: AnalyserNode;
  private readonly gain: GainNode;
  private next = 0;
  private readonly buf: Float32Array<ArrayBuffer>;
  /** Samples played that were not silent (for the meter and tests). */
  heardSamples = 0;

  constructor() {
    this.ctx = new AudioContext();
    this.gain = this.ctx.createGain();
    this.analyser = this.ctx.createAnalyser();
    this.analyser.fftSize = 1024;
    this.gain.connect(this.analyser);
    this.analyser.connect(this.ctx.destination);
    this.buf = new Float32Array(this.analyser.fftSize);
  }

  /** Whether the browser lets this page play sound without a click (autoplay policy). */
  get blocked(): boolean {
    return this.ctx.state !== 'running';
  }

  resume(): Promise<void> {
    return this.ctx.resume();
  }

  push(data: ArrayBuffer): void {
    if (data.byteLength < 2 || this.ctx.state === 'closed') return;
    const pcm = new Int16Array(data, 0, data.byteLength >> 1);
    const audio = this.ctx.createBuffer(1, pcm.length, SHOUT_AUDIO.sampleRate);
    const ch = audio.getChannelData(0);
    for (let i = 0; i < pcm.length; i++) ch[i] = pcm[i]! / 32768;
    const now = this.ctx.currentTime;
    if (this.next < now + 0.01) this.next = now + JITTER_S;
    if (this.next > now + MAX_AHEAD_S) return;
    const src = this.ctx.createBufferSource();
    src.buffer = audio;
    src.connect(this.gain);
    src.start(this.next);
    this.next += audio.duration;
  }

  /** The level being played now, 0..1 (peak of the analyser's window). */
  level(): number {
    this.analyser.getFloatTimeDomainData(this.buf);
    let peak = 0;
    let loud = 0;
    for (const v of this.buf) {
      const a = Math.abs(v);
      if (a > peak) peak = a;
      if (a > 0.001) loud++;
    }
    this.heardSamples += loud;
    return peak;
  }

  close(): void {
    void this.ctx.close().catch(() => undefined);
  }
}
