/**
 * Starting one of the analysis's worker threads (the vision pool's, the voice-activity thread): the
 * thread body is plain JavaScript that lowers its own CPU priority (thread-priority.mjs), registers
 * tsx and loads its models, then says `ready` (or `failed` with the reason). Resolves with the
 * thread once ready; a thread that fails or does not answer in time is stopped.
 */
import { Worker } from 'node:worker_threads';

type StartMessage = { type: 'ready' } | { type: 'failed'; error: string } | { type: string };

export function startAnalysisThread(label: string, url: URL, workerData: Record<string, unknown>, timeoutMs: number): Promise<Worker> {
  // execArgv []: the thread loads TypeScript through its own tsx registration, not the parent's flags.
  const worker = new Worker(url, { workerData, execArgv: [] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${label} worker did not start within ${timeoutMs} ms`)), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      void worker.terminate();
      reject(err);
    };
    const onMessage = (msg: StartMessage) => {
      if (msg.type === 'ready') {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', fail);
        resolve(worker);
      } else if (msg.type === 'failed') fail(new Error(`${label} worker failed to start: ${(msg as { error: string }).error}`));
    };
    worker.on('message', onMessage);
    worker.once('error', fail);
  });
}
