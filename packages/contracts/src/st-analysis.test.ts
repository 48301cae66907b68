import { describe, expect, it } from 'vitest';
import { codeInterval, computeSt, stSequence, teachingMode, ZStComputeRequest } from './st-analysis.ts';

describe('S-T analysis', () => {
  it('computes Rt, Ch and runs of a worked example', () => {
    // TTSST: N = 5, N_T = 3, runs TT|SS|T = 3, Ch = (3 - 1) / 5.
    expect(computeSt('TTSST')).toEqual({ n: 5, nT: 3, nS: 2, runs: 3, rt: 0.6, ch: 0.4, mode: 'dialogue' });
  });

  it('counts runs of a sequence that starts with S', () => {
    // S|TTT|S|T: 4 runs, Rt = 4/6, Ch = 3/6.
    const r = computeSt('STTTST');
    expect(r).toMatchObject({ n: 6, nT: 4, nS: 2, runs: 4, ch: 0.5, mode: 'dialogue' });
    expect(r.rt).toBeCloseTo(4 / 6, 12);
    expect(computeSt('S')).toEqual({ n: 1, nT: 0, nS: 1, runs: 1, rt: 0, ch: 0, mode: 'practice' });
  });

  it('applies the Rt rules first, with inclusive thresholds', () => {
    // Rt exactly 0.3 is practice even with many changes of hands.
    expect(computeSt('TSTSTSSSSS')).toMatchObject({ rt: 0.3, mode: 'practice' });
    // Rt exactly 0.7 is lecture even when Ch would say dialogue.
    expect(computeSt('TSTSTSTTTT')).toMatchObject({ rt: 0.7, ch: 0.6, mode: 'lecture' });
    // Just inside the band: Ch exactly 0.4 is dialogue, just under is mixed.
    expect(teachingMode(0.31, 0.4)).toBe('dialogue');
    expect(teachingMode(0.69, 0.39)).toBe('mixed');
    expect(teachingMode(0.5, 0.4)).toBe('dialogue');
    expect(computeSt('TTTTTSSSSS')).toMatchObject({ rt: 0.5, runs: 2, ch: 0.1, mode: 'mixed' });
  });

  it('codes an interval T only when the teacher talks for more than half of it', () => {
    expect(codeInterval(15.01, 30)).toBe('T');
    expect(codeInterval(15, 30)).toBe('S');
    expect(codeInterval(0, 30)).toBe('S');
    // The last interval of a lesson may be shorter: half of its own length decides.
    expect(stSequence([30, 0, 10], 30, 12)).toBe('TST');
  });

  it('refuses an empty sequence and anything but S and T', () => {
    expect(() => computeSt('')).toThrow(RangeError);
    expect(() => computeSt('TSX')).toThrow(RangeError);
    const bad = ZStComputeRequest.safeParse({ sequence: 'TSt' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({ message: 'validation.stSequence', path: ['sequence'] });
    expect(ZStComputeRequest.parse({ sequence: 'TS' })).toEqual({ sequence: 'TS', intervalSeconds: 30 });
  });
});
