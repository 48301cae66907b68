/**
 * Vision engines in worker threads, so a detect (100–1300 ms of busy WASM) never blocks the API's
 * event loop. A detect uses one core; give the pool one thread per core set aside for analysis
 * (default 1). Frames queue in order and go to the first idle thread.
 *
 * The thread body is plain JavaScript (vision-worker.mjs) that registers tsx itself: it starts the
 * same way under tsx, vitest or plain node, with no flags inherited from the parent.
 */
import { Worker } from 'node:worker_threads';
import type { FrameObservation, VisionEngineOptions } from './human-engine.ts';

export type VisionPoolOptions = {
  /** Worker threads, each with its own engine (default 1). */
  size?: number;
  engine?: VisionEngineOptions;
  /** Time allowed for a thread to load its models and warm up. */
  startTimeoutMs?: number;
};

export type VisionPool = {
  readonly size: number;
  analyse(image: Buffer): Promise<FrameObservation>;
  /** Frames waiting for a thread (not counting those being analysed). */
  pending(): number;
  /** Rejects queued frames, lets running detects finish, then stops every thread. */
  close(): Promise<void>;
};

type Job = { id: number; image: Buffer; resolve: (o: FrameObservation) => void; reject: (e: Error) => void };
type Slot = { worker: Worker; job: Job | null; dead: boolean };
type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'closed' }
  | { type: 'result'; id: number; observation?: FrameObservation; error?: string };

const WORKER_URL = new URL('./vision-worker.mjs', import.meta.url);

function startWorker(engine: VisionEngineOptions, timeoutMs: number): Promise<Worker> {
  // execArgv []: the thread loads TypeScript through its own tsx registration, not the parent's flags.
  const worker = new Worker(WORKER_URL, { workerData: { engine }, execArgv: [] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`vision worker did not start within ${timeoutMs} ms`)), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      void worker.terminate();
      reject(err);
    };
    const onMessage = (msg: WorkerMessage) => {
      if (msg.type === 'ready') {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', fail);
        resolve(worker);
      } else if (msg.type === 'failed') fail(new Error(`vision worker failed to start: ${msg.error}`));
    };
    worker.on('message', onMessage);
    worker.once('error', fail);
  });
}

export async function createVisionPool(opts: VisionPoolOptions = {}): Promise<VisionPool> {
  const size = Math.max(1, Math.floor(opts.size ?? 1));
  const engine = opts.engine ?? {};
  const startTimeoutMs = opts.startTimeoutMs ?? 60_000;
  const started = await Promise.allSettled(Array.from({ length: size }, () => startWorker(engine, startTimeoutMs)));
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
      slot.worker.postMessage({ type: 'analyse', id: job.id, image: copy }, [copy.buffer]);
    }
    if (!busy() && drained) drained();
  };

  for (const slot of slots) {
    slot.worker.on('message', (msg: WorkerMessage) => {
      if (msg.type !== 'result' || !slot.job || slot.job.id !== msg.id) return;
      const job = slot.job;
      slot.job = null;
      if (msg.observation) job.resolve(msg.observation);
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

  return {
    size,
    pending: () => queue.length,
    analyse(image) {
      if (closing) return Promise.reject(new Error('vision pool closed'));
      if (slots.every((s) => s.dead)) return Promise.reject(new Error('every vision worker has stopped'));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, image, resolve, reject });
        pump();
      });
    },
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
