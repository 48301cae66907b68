/**
 * The thread body of vision-pool.ts. Plain JavaScript so that Node can start it whatever runs the
 * parent (tsx, vitest, or a build): it registers tsx's loader in this thread, then imports the
 * TypeScript engine. One engine, one detect at a time (WASM uses one core per detect).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { createVisionEngine } = await import('./human-engine.ts');

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
      const observation = await engine.analyse(Buffer.from(msg.image));
      port.postMessage({ type: 'result', id: msg.id, observation });
    } catch (err) {
      port.postMessage({ type: 'result', id: msg.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
  port.postMessage({ type: 'ready' });
} catch (err) {
  port.postMessage({ type: 'failed', error: err instanceof Error ? err.stack ?? err.message : String(err) });
}
