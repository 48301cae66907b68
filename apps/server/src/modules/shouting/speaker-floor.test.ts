import { describe, expect, it } from 'vitest';
import { SpeakerFloor } from './speaker-floor.ts';

describe('one speaker per room', () => {
  it('gives a free room to the first speaker and refuses a second until the first releases', () => {
    const floor = new SpeakerFloor();
    expect(floor.take('s:1', { id: 'a', name: 'Ann' })).toBe(true);
    expect(floor.take('s:1', { id: 'b', name: 'Bob' })).toBe(false);
    expect(floor.holder('s:1')?.name).toBe('Ann');
    // Another room is independent.
    expect(floor.take('s:2', { id: 'b', name: 'Bob' })).toBe(true);
    expect(floor.release('s:1', 'a')).toBe(true);
    expect(floor.holder('s:1')).toBeUndefined();
    expect(floor.take('s:1', { id: 'b', name: 'Bob' })).toBe(true);
  });

  it('lets only the holder release the room', () => {
    const floor = new SpeakerFloor();
    floor.take('s:1', { id: 'a', name: 'Ann' });
    expect(floor.release('s:1', 'b')).toBe(false);
    expect(floor.holder('s:1')?.id).toBe('a');
    expect(floor.release('s:1', 'a')).toBe(true);
    expect(floor.release('s:1', 'a')).toBe(false);
  });
});
