/**
 * The thread body of audio-thread.ts. Plain JavaScript so that Node can start it whatever runs the
 * parent (tsx, vitest, or a build): it registers tsx's loader in this thread, then imports the
 * TypeScript analysis. Requests are served one at a time, in order, with two Silero models kept
 * for the thread's life (their state is reset for every stream).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';
import { lowerThisThread } from '../thread-priority.mjs';

// First, before loading anything or starting onnxruntime's threads or ffmpeg (they inherit it):
// analysis yields the cores to the API (ANALYSIS_NICE).
if (workerData?.nice) lowerThisThread(workerData.nice);
register();

const port = parentPort;
if (!port) throw new Error('audio-worker.mjs runs as a worker thread only');

try {
  const { analyzeAudio } = await import('./analyze.ts');
  const { loadVadModels, releaseVadModels } = await import('./vad.ts');
  const models = await loadVadModels(2);
  const aborts = new Map();
  let chain = Promise.resolve();
  port.on('message', (msg) => {
    if (msg.type === 'abort') {
      aborts.get(msg.id)?.abort();
      return;
    }
    if (msg.type === 'close') {
      chain = chain.then(async () => {
        await releaseVadModels(models);
        port.postMessage({ type: 'closed' });
        port.close();
      });
      return;
    }
    if (msg.type !== 'analyze') return;
    const controller = new AbortController();
    aborts.set(msg.id, controller);
    chain = chain.then(async () => {
      try {
        if (controller.signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
        const analysis = await analyzeAudio(msg.file, { ...msg.opts, models, signal: controller.signal });
        port.postMessage({ type: 'result', id: msg.id, analysis });
      } catch (err) {
        const e = err instanceof Error ? err : new Error(String(err));
        port.postMessage({ type: 'result', id: msg.id, error: { message: e.message, name: e.name, code: 'code' in e ? e.code : undefined } });
      } finally {
        aborts.delete(msg.id);
      }
    });
  });
  port.postMessage({ type: 'ready' });
} catch (err) {
  port.postMessage({ type: 'failed', error: err instanceof Error ? err.stack ?? err.message : String(err) });
}
