import { describe, expect, it } from 'vitest';
import { sessionLanes } from './rate-limit.ts';

const settle = () => new Promise((r) => setImmediate(r));

describe("a session's requests in flight", () => {
  it('lets `cap` run, queues the next ones in order, and hands each freed slot to the next waiting', async () => {
    const lanes = sessionLanes(2, 3, 10_000);
    const granted: number[] = [];
    const tries = Array.from({ length: 5 }, (_, i) => lanes.acquire('s', {}).then((ok) => { if (ok) granted.push(i); return ok; }));
    await settle();
    expect(granted).toEqual([0, 1]);
    lanes.release('s');
    await settle();
    expect(granted).toEqual([0, 1, 2]);
    lanes.release('s');
    lanes.release('s');
    await settle();
    expect(granted).toEqual([0, 1, 2, 3, 4]);
    expect(await Promise.all(tries)).toEqual([true, true, true, true, true]);
    for (let i = 0; i < 2; i++) lanes.release('s');
    expect(lanes.size()).toBe(0);
  });

  it('refuses at once past its queue, and never makes another session wait', async () => {
    const lanes = sessionLanes(1, 1, 10_000);
    expect(await lanes.acquire('a', {})).toBe(true);
    const queued = lanes.acquire('a', {});
    expect(await lanes.acquire('a', {})).toBe(false);
    expect(await lanes.acquire('b', {})).toBe(true);
    lanes.release('a');
    expect(await queued).toBe(true);
  });

  it('refuses a request that waited too long, and one whose client went away gives up its place', async () => {
    const lanes = sessionLanes(1, 5, 20);
    expect(await lanes.acquire('a', {})).toBe(true);
    expect(await lanes.acquire('a', {})).toBe(false); // timed out after 20 ms
    const leaving: { onCancel?: () => void } = {};
    const gone = lanes.acquire('a', leaving);
    const next = lanes.acquire('a', {});
    leaving.onCancel?.();
    expect(await gone).toBe(false);
    lanes.release('a');
    expect(await next).toBe(true);
  });
});
