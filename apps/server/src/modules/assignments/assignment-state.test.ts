import { describe, expect, it } from 'vitest';
import { allowedActions, nextStatus, planBatch } from './assignment-state.ts';

describe('assignment states', () => {
  it('withdraws an assigning assignment and gives a withdrawn one back', () => {
    expect(nextStatus('assigning', 'withdraw')).toBe('withdrawn');
    expect(nextStatus('withdrawn', 'reassign')).toBe('assigning');
  });

  it('removes from assigning or withdrawn, and removal is final', () => {
    expect(nextStatus('assigning', 'remove')).toBe('removed');
    expect(nextStatus('withdrawn', 'remove')).toBe('removed');
    for (const action of ['withdraw', 'reassign', 'remove'] as const) expect(nextStatus('removed', action)).toBeNull();
    expect(allowedActions('removed')).toEqual([]);
  });

  it('refuses actions that make no sense from the state', () => {
    expect(nextStatus('assigning', 'reassign')).toBeNull();
    expect(nextStatus('withdrawn', 'withdraw')).toBeNull();
    expect(allowedActions('assigning').sort()).toEqual(['remove', 'withdraw']);
    expect(allowedActions('withdrawn').sort()).toEqual(['reassign', 'remove']);
  });

  it('plans a batch only when every selected assignment allows the action', () => {
    expect(planBatch(['assigning', 'assigning'], 'withdraw')).toBe('withdrawn');
    expect(planBatch(['assigning', 'withdrawn'], 'remove')).toBe('removed');
    expect(planBatch(['assigning', 'withdrawn'], 'withdraw')).toBeNull();
    expect(planBatch(['withdrawn', 'removed'], 'remove')).toBeNull();
    expect(planBatch([], 'withdraw')).toBeNull(); // a batch needs at least one
  });
});
