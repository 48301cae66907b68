import { describe, expect, it, vi } from 'vitest';
import { EvaluationSlot } from './evaluation-slot.ts';

describe('the evaluation a form saves to', () => {
  it('uses an evaluation that exists without creating one', async () => {
    const slot = new EvaluationSlot({ evaluationId: '7' });
    expect(slot.exists).toBe(true);
    expect(slot.localId).toBe('7');
    await expect(slot.id()).resolves.toBe('7');
  });

  it("creates a blank form's evaluation once, however many saves ask, then keeps the copy under its id", async () => {
    let finish: (id: string) => void = () => undefined;
    const create = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const created = vi.fn();
    const slot = new EvaluationSlot({ localId: 'new-plan-1-2', create }, created);
    expect(slot.exists).toBe(false);
    expect(slot.localId).toBe('new-plan-1-2');
    const first = slot.id();
    const second = slot.id();
    finish('42');
    await expect(first).resolves.toBe('42');
    await expect(second).resolves.toBe('42');
    await expect(slot.id()).resolves.toBe('42');
    expect(create).toHaveBeenCalledTimes(1);
    expect(created).toHaveBeenCalledWith('new-plan-1-2', '42');
    expect(slot.exists).toBe(true);
    expect(slot.localId).toBe('42');
  });

  it('tries again after a refused creation', async () => {
    const create = vi.fn().mockRejectedValueOnce(new Error('class not open')).mockResolvedValueOnce('9');
    const slot = new EvaluationSlot({ localId: 'new', create });
    await expect(slot.id()).rejects.toThrow('class not open');
    expect(slot.exists).toBe(false);
    await expect(slot.id()).resolves.toBe('9');
    expect(create).toHaveBeenCalledTimes(2);
  });
});
