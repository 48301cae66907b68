/**
 * Runs in the AudioWorklet scope (loaded by URL from a bundled file: the page's CSP allows scripts from
 * 'self' only, not blobs). Takes the microphone at the context's rate, resamples it to 16 kHz mono by
 * linear interpolation, and posts 20 ms frames of signed 16-bit PCM (320 samples) with their peak
 * level. PCM rather than Opus through MediaRecorder: MediaRecorder's chunks are pieces of one WebM
 * stream that cannot be decoded one by one, so a terminal joining mid-broadcast or a lost chunk would
 * break playback; raw PCM frames are each playable alone, and 32 KB/s is nothing on a school LAN.
 */

// The worklet scope's globals (not in TypeScript's DOM library).
declare const sampleRate: number;
declare function registerProcessor(name: string, ctor: new () => unknown): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

const TARGET_RATE = 16_000;
const FRAME_SAMPLES = 320;

class PcmCapture extends AudioWorkletProcessor {
  private readonly step = sampleRate / TARGET_RATE;
  /** Where the next output sample falls, in input samples since `prev`. */
  private pos = 0;
  private prev = 0;
  private frame = new Int16Array(FRAME_SAMPLES);
  private filled = 0;
  private peak = 0;

  process(inputs: Float32Array[][]): boolean {
    const input = inputs[0]?.[0];
    if (!input) return true;
    // Input sample i sits at position i + 1 (position 0 is the previous block's last sample).
    while (this.pos < input.length) {
      const i = Math.floor(this.pos);
      const frac = this.pos - i;
      const a = i === 0 ? this.prev : input[i - 1]!;
      const b = input[i]!;
      const v = Math.max(-1, Math.min(1, a + (b - a) * frac));
      this.peak = Math.max(this.peak, Math.abs(v));
      this.frame[this.filled++] = Math.round(v * 32767);
      if (this.filled === FRAME_SAMPLES) {
        const out = this.frame.buffer;
        this.port.postMessage({ frame: out, peak: this.peak }, [out]);
        this.frame = new Int16Array(FRAME_SAMPLES);
        this.filled = 0;
        this.peak = 0;
      }
      this.pos += this.step;
    }
    this.pos -= input.length;
    this.prev = input[input.length - 1]!;
    return true;
  }
}

registerProcessor('hxk-pcm-capture', PcmCapture);
