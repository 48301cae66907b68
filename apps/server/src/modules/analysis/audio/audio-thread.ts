/**
 * Voice activity off the API's event loop (issue 15). onnxruntime-node runs Silero's inference on
 * the calling thread (about 0.2 ms for each 32 ms window, some 170,000 windows for a 45-minute
 * lesson's two channels), so on the server's own thread a recording's sound held the event loop for
 * tens of milliseconds at a time (the API's p99 during an analysis: bench/lesson.ts). The sound's
 * analysis (decode, VAD, talk and S-T: analyze.ts) runs here in a worker thread of its own, at the
 * analysis's nice value, which keeps its models loaded; calls are served one at a time, in order.
 *
 * The thread body is plain JavaScript (audio-worker.mjs) that registers tsx itself, like the vision
 * pool's.
 */
import type { AudioAnalysis, AudioAnalysisOptions } from './analyze.ts';
import { AudioDecodeError } from './decode.ts';
import { startAnalysisThread } from '../analysis-thread.ts';

export type AudioThreadOptions = {
  /** Nice value of the thread and its ffmpeg (Linux; 0 = as the process, up to 19). */
  nice?: number;
  /** Time allowed for the thread to load onnxruntime and its models. */
  startTimeoutMs?: number;
};

/** What crosses to the thread: the file and the settings (no models, no signal: those are the thread's). */
export type AudioRequest = Pick<AudioAnalysisOptions, 'ffmpeg' | 'intervalSeconds' | 'vad' | 'blockSamples'> & { signal?: AbortSignal | undefined };

export type AudioThread = {
  analyze(file: string, opts?: AudioRequest): Promise<AudioAnalysis>;
  /** Lets the calls already given finish, then stops the thread. */
  close(): Promise<void>;
};

type WorkerMessage =
  | { type: 'closed' }
  | { type: 'result'; id: number; analysis?: AudioAnalysis; error?: { message: string; name: string; code?: string } };

const WORKER_URL = new URL('./audio-worker.mjs', import.meta.url);

/** The error the thread reported, as the caller would have seen it in its own thread. */
function rebuild(error: { message: string; name: string; code?: string }): Error {
  if (error.name === 'AudioDecodeError' && error.code) return new AudioDecodeError(error.message, error.code as AudioDecodeError['code']);
  const e = new Error(error.message);
  e.name = error.name;
  return e;
}

export async function startAudioThread(opts: AudioThreadOptions = {}): Promise<AudioThread> {
  const worker = await startAnalysisThread('audio', WORKER_URL, { nice: opts.nice ?? 0 }, opts.startTimeoutMs ?? 60_000);

  const waiting = new Map<number, { resolve: (a: AudioAnalysis) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let dead: Error | null = null;
  let closing: Promise<void> | null = null;
  worker.on('message', (msg: WorkerMessage) => {
    if (msg.type !== 'result') return;
    const call = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (msg.analysis) call?.resolve(msg.analysis);
    else call?.reject(rebuild(msg.error ?? { message: 'audio worker returned nothing', name: 'Error' }));
  });
  const onDeath = (err: Error) => {
    dead ??= err;
    for (const call of waiting.values()) call.reject(err);
    waiting.clear();
  };
  worker.on('error', onDeath);
  worker.on('exit', (code) => onDeath(new Error(`audio worker exited (${code})`)));

  return {
    analyze(file, request = {}) {
      if (closing) return Promise.reject(new Error('audio thread closed'));
      if (dead) return Promise.reject(dead);
      const { signal, ...settings } = request;
      if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      const id = nextId++;
      return new Promise<AudioAnalysis>((resolve, reject) => {
        const onAbort = () => worker.postMessage({ type: 'abort', id });
        signal?.addEventListener('abort', onAbort, { once: true });
        const done = () => signal?.removeEventListener('abort', onAbort);
        waiting.set(id, {
          resolve: (a) => {
            done();
            resolve(a);
          },
          reject: (e) => {
            done();
            reject(e);
          },
        });
        worker.postMessage({ type: 'analyze', id, file, opts: settings });
      });
    },
    close() {
      closing ??= (async () => {
        if (dead) return;
        const closed = new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 10_000);
          worker.on('message', (msg: WorkerMessage) => {
            if (msg.type === 'closed') {
              clearTimeout(timer);
              resolve();
            }
          });
        });
        worker.postMessage({ type: 'close' });
        await closed;
        await worker.terminate();
      })();
      return closing;
    },
  };
}
