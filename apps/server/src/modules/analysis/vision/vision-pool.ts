/**
 * Vision engines in worker threads, so a detect (100–1300 ms of busy WASM) never blocks the API's
 * event loop. A detect uses one core; give the pool one thread per core set aside for analysis
 * (default 1). Frames queue in order and go to the first idle thread.
 *
 * The thread body is plain JavaScript (vision-worker.mjs) that registers tsx itself: it starts the
 * same way under tsx, vitest or plain node, with no flags inherited from the parent.
 */
import type { Worker } from 'node:worker_threads';
import type { FrameObservation, VisionEngineOptions } from './human-engine.ts';
import { startAnalysisThread } from '../analysis-thread.ts';

export type VisionPoolOptions = {
  /** Worker threads, each with its own engine (default 1). */
  size?: number;
  engine?: VisionEngineOptions;
  /** Time allowed for a thread to load its models and warm up. */
  startTimeoutMs?: number;
  /** Nice value of the threads (Linux; 0 = as the process, up to 19): analysis yields the cores to the API. */
  nice?: number;
};

export type VisionPool = {
  readonly size: number;
  analyse(image: Buffer): Promise<FrameObservation>;
  /**
   * The frame's observation and an evidence copy with every face pixelated (evidence.ts), both in
   * the thread: decoding, drawing and encoding a 720p JPEG is some 50 ms the event loop should not pay.
   */
  analyseAndRedact(image: Buffer): Promise<{ observation: FrameObservation; redacted: Buffer }>;
  /** Frames waiting for a thread (not counting those being analysed). */
  pending(): number;
  /** Rejects queued frames, lets running detects finish, then stops every thread. */
  close(): Promise<void>;
};

type Job = { id: number; image: Buffer; redact: boolean; resolve: (r: { observation: FrameObservation; redacted: Buffer | null }) => void; reject: (e: Error) => void };
type Slot = { worker: Worker; job: Job | null; dead: boolean };
type WorkerMessage =
  | { type: 'closed' }
  | { type: 'result'; id: number; observation?: FrameObservation; redacted?: Uint8Array; error?: string };

const WORKER_URL = new URL('./vision-worker.mjs', import.meta.url);

export async function createVisionPool(opts: VisionPoolOptions = {}): Promise<VisionPool> {
  const size = Math.max(1, Math.floor(opts.size ?? 1));
  const engine = opts.engine ?? {};
  const startTimeoutMs = opts.startTimeoutMs ?? 60_000;
  const started = await Promise.allSettled(Array.from({ length: size }, () => startAnalysisThread('vision', WORKER_URL, { engine, nice: opts.nice ?? 0 }, startTimeoutMs)));
  const failure = started.find((r) => r.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((r) => (r.status === 'fulfilled' ? r.value.terminate() : undefined)));
    throw failure.reason instanceof Error ? failure.reason : new Error(String(failure.reason));
  }
  const slots: Slot[] = started.map((r) => ({ worker: (r as PromiseFulfilledResult<Worker>).value, job: null, dead: false }));
  const queue: Job[] = [];
  let nextId = 1;
  let closing = false;
  let drained: (() => void) | null = null;

  const busy = () => slots.some((s) => s.job);
  const pump = () => {
    for (const slot of slots) {
      if (slot.dead || slot.job) continue;
      const job = queue.shift();
      if (!job) break;
      slot.job = job;
      // A copy the thread owns: the caller keeps its Buffer intact.
      const copy = new Uint8Array(job.image);
      slot.worker.postMessage({ type: 'analyse', id: job.id, image: copy, redact: job.redact }, [copy.buffer]);
    }
    if (!busy() && drained) drained();
  };

  for (const slot of slots) {
    slot.worker.on('message', (msg: WorkerMessage) => {
      if (msg.type !== 'result' || !slot.job || slot.job.id !== msg.id) return;
      const job = slot.job;
      slot.job = null;
      if (msg.observation) job.resolve({ observation: msg.observation, redacted: msg.redacted ? Buffer.from(msg.redacted.buffer, msg.redacted.byteOffset, msg.redacted.byteLength) : null });
      else job.reject(new Error(msg.error ?? 'vision worker returned nothing'));
      pump();
    });
    const onDeath = (err: Error) => {
      if (slot.dead) return;
      slot.dead = true;
      const job = slot.job;
      slot.job = null;
      job?.reject(err);
      if (slots.every((s) => s.dead)) for (const j of queue.splice(0)) j.reject(new Error('every vision worker has stopped'));
      pump();
    };
    slot.worker.on('error', onDeath);
    slot.worker.on('exit', (code) => onDeath(new Error(`vision worker exited (${code})`)));
  }

  const submit = (image: Buffer, redact: boolean) => {
    if (closing) return Promise.reject(new Error('vision pool closed'));
    if (slots.every((s) => s.dead)) return Promise.reject(new Error('every vision worker has stopped'));
    return new Promise<{ observation: FrameObservation; redacted: Buffer | null }>((resolve, reject) => {
      queue.push({ id: nextId++, image, redact, resolve, reject });
      pump();
    });
  };

  return {
    size,
    pending: () => queue.length,
    analyse: (image) => submit(image, false).then((r) => r.observation),
    analyseAndRedact: (image) => submit(image, true).then((r) => ({ observation: r.observation, redacted: r.redacted! })),
    async close() {
      if (closing) return;
      closing = true;
      for (const job of queue.splice(0)) job.reject(new Error('vision pool closed'));
      if (busy()) await new Promise<void>((resolve) => (drained = resolve));
      await Promise.all(
        slots.map(async (slot) => {
          if (slot.dead) return;
          const closed = new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, 5_000);
            slot.worker.on('message', (msg: WorkerMessage) => {
              if (msg.type === 'closed') {
                clearTimeout(timer);
                resolve();
              }
            });
          });
          slot.worker.postMessage({ type: 'close' });
          await closed;
          slot.dead = true;
          await slot.worker.terminate();
        }),
      );
    },
  };
}
