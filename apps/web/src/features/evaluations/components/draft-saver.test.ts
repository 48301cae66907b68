import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DraftSaver, type Draft, type SaveState } from './draft-saver.ts';

const d = (comment: string): Draft => ({ answers: {}, comment });

function setup(send: (draft: Draft) => Promise<{ updatedAt: string }>, refuse = false) {
  const states: SaveState['kind'][] = [];
  const kept: string[] = [];
  const saver = new DraftSaver({
    send,
    keep: (x) => kept.push(x.comment),
    refusal: (e) => (refuse ? { message: String(e), errorKey: 'evaluation.submitted' } : null),
    onState: (s) => states.push(s.kind),
  });
  return { saver, states, kept };
}

describe('DraftSaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps every change locally and sends the last one after 800 ms of quiet', async () => {
    const send = vi.fn((x: Draft) => Promise.resolve({ updatedAt: `t-${x.comment}` }));
    const { saver, states, kept } = setup(send);
    saver.change(d('a'));
    await vi.advanceTimersByTimeAsync(500);
    saver.change(d('ab'));
    await vi.advanceTimersByTimeAsync(500);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith(d('ab'));
    expect(kept).toEqual(['a', 'ab']);
    expect(states.at(-1)).toBe('saved');
    expect(saver.unsaved).toBe(false);
  });

  it('sends changes made while a save is on its way right after it', async () => {
    let release: () => void = () => undefined;
    const send = vi.fn((x: Draft) => (x.comment === 'a' ? new Promise<{ updatedAt: string }>((r) => (release = () => r({ updatedAt: 't1' }))) : Promise.resolve({ updatedAt: 't2' })));
    const { saver, states } = setup(send);
    saver.change(d('a'));
    await vi.advanceTimersByTimeAsync(800);
    saver.change(d('ab'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(800);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith(d('ab'));
    expect(states.at(-1)).toBe('saved');
  });

  it('reports offline and retries until the network is back', async () => {
    let up = false;
    const send = vi.fn(() => (up ? Promise.resolve({ updatedAt: 't' }) : Promise.reject(new Error('network'))));
    const { saver, states } = setup(send);
    saver.change(d('a'));
    await vi.advanceTimersByTimeAsync(800);
    expect(states.at(-1)).toBe('offline');
    expect(saver.unsaved).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(send).toHaveBeenCalledTimes(2);
    up = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(states.at(-1)).toBe('saved');
    expect(saver.unsaved).toBe(false);
  });

  it('stops on a refusal and after stop(), and saves again on resume()', async () => {
    const send = vi.fn(() => Promise.reject(new Error('refused')));
    const { saver, states } = setup(send, true);
    saver.change(d('a'));
    await vi.advanceTimersByTimeAsync(800);
    expect(states.at(-1)).toBe('failed');
    saver.change(d('ab'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(1);
    send.mockImplementation(() => Promise.resolve({ updatedAt: 't' }) as never);
    saver.resume();
    await vi.advanceTimersByTimeAsync(800);
    expect(send).toHaveBeenCalledTimes(2);
    expect(states.at(-1)).toBe('saved');
    await saver.stop();
    saver.change(d('abc'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
