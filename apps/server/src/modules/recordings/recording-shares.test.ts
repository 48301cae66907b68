import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { clipRange } from './recording-shares.service.ts';

describe('a shared clip\'s range', () => {
  it('is the whole recording unless given', () => {
    expect(clipRange(20, {})).toEqual({ clipStart: 0, clipEnd: 20 });
    expect(clipRange(20, { clipStart: 5 })).toEqual({ clipStart: 5, clipEnd: 20 });
    expect(clipRange(20, { clipEnd: 7 })).toEqual({ clipStart: 0, clipEnd: 7 });
    expect(clipRange(20, { clipStart: 19, clipEnd: 20 })).toEqual({ clipStart: 19, clipEnd: 20 });
  });
  it('lies within the recording and lasts at least a second', () => {
    for (const r of [{ clipEnd: 21 }, { clipStart: 20 }, { clipStart: 8, clipEnd: 8 }, { clipStart: 9, clipEnd: 3 }, { clipStart: -1 }]) {
      expect(() => clipRange(20, r), JSON.stringify(r)).toThrow(AppError);
    }
    let thrown: unknown;
    try {
      clipRange(20, { clipEnd: 30 });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toMatchObject({ key: 'shares.badClip', params: { seconds: 20 } });
  });
});
