/**
 * The thread body of vision-pool.ts. Plain JavaScript so that Node can start it whatever runs the
 * parent (tsx, vitest, or a build): it registers tsx's loader in this thread, then imports the
 * TypeScript engine. One engine, one detect at a time (WASM uses one core per detect).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';
import { lowerThisThread } from '../thread-priority.mjs';

// First, before loading anything or starting a thread of its own (they inherit it): analysis yields
// the cores to the API (ANALYSIS_NICE).
if (workerData?.nice) lowerThisThread(workerData.nice);
register();
const { createVisionEngine } = await import('./human-engine.ts');
const { redactFaces } = await import('./evidence.ts');

const port = parentPort;
if (!port) throw new Error('vision-worker.mjs runs as a worker thread only');

try {
  const engine = await createVisionEngine(workerData?.engine ?? {});
  port.on('message', async (msg) => {
    if (msg.type === 'close') {
      await engine.close();
      port.postMessage({ type: 'closed' });
      port.close();
      return;
    }
    if (msg.type !== 'analyse') return;
    try {
      const image = Buffer.from(msg.image);
      const observation = await engine.analyse(image);
      if (!msg.redact) port.postMessage({ type: 'result', id: msg.id, observation });
      else {
        const jpeg = await redactFaces(image, observation.faces);
        const redacted = new Uint8Array(jpeg);
        port.postMessage({ type: 'result', id: msg.id, observation, redacted }, [redacted.buffer]);
      }
    } catch (err) {
      port.postMessage({ type: 'result', id: msg.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
  port.postMessage({ type: 'ready' });
} catch (err) {
  port.postMessage({ type: 'failed', error: err instanceof Error ? err.stack ?? err.message : String(err) });
}
