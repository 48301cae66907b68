import { describe, expect, it } from 'vitest';
import { attendanceAgreement, cohenKappa, intervalAgreement, stAgreement } from './agreement.ts';

const seq = (...parts: [string, number][]) => parts.map(([c, n]) => c.repeat(n)).join('');

describe('Cohen\'s kappa', () => {
  it('gives the textbook example: 50 items, 20 both yes, 15 both no, 5 and 10 apart -> 0.4', () => {
    // p_o = 35/50 = 0.7; p_AI(T) = 25/50, p_person(T) = 30/50; p_e = 0.5·0.6 + 0.5·0.4 = 0.5; κ = 0.2 / 0.5.
    expect(cohenKappa([[20, 5], [10, 15]])).toBeCloseTo(0.4, 10);
    // The same table from sequences, through stAgreement.
    const ai = seq(['T', 20], ['T', 5], ['S', 10], ['S', 15]);
    const person = seq(['T', 20], ['S', 5], ['T', 10], ['S', 15]);
    const r = stAgreement([{ ai, person, aiMode: null }]);
    expect(r).toMatchObject({ corrections: 1, intervals: 50, agreed: 35, rate: 0.7 });
    expect(r.kappa).toBeCloseTo(0.4, 10);
  });

  it('is 1 for perfect agreement with both codes used, 0 at chance and negative below it', () => {
    expect(cohenKappa([[3, 0], [0, 5]])).toBe(1);
    // Independent coders: every cell the product of the margins.
    expect(cohenKappa([[25, 25], [25, 25]])).toBe(0);
    expect(cohenKappa([[0, 5], [5, 0]])).toBe(-1);
  });

  it('is not defined with nothing to compare, or when both coders only ever used one code', () => {
    expect(cohenKappa([[0, 0], [0, 0]])).toBeNull();
    expect(cohenKappa([[8, 0], [0, 0]])).toBeNull();
    expect(cohenKappa([[0, 0], [0, 8]])).toBeNull();
  });
});

describe('S-T agreement', () => {
  it('has no figures without corrections', () => {
    expect(stAgreement([])).toEqual({ corrections: 0, intervals: 0, agreed: 0, rate: null, kappa: null, sameMode: null });
  });

  it('is 100 % with kappa 1 and the same mode when every person coded as the AI did', () => {
    const r = stAgreement([
      { ai: 'TTSTTSTT', person: 'TTSTTSTT', aiMode: 'lecture' },
      { ai: 'SSTS', person: 'SSTS', aiMode: 'practice' },
    ]);
    expect(r).toEqual({ corrections: 2, intervals: 12, agreed: 12, rate: 1, kappa: 1, sameMode: 1 });
  });

  it('pools the intervals of all corrections and compares the modes', () => {
    // TTSTTSTT (Rt 0.75, lecture) recoded to TTSSTSTS: Rt 0.5, Ch 5/8 -> dialogue; 6 of 8 alike.
    const r = stAgreement([
      { ai: 'TTSTTSTT', person: 'TTSSTSTS', aiMode: 'lecture' },
      { ai: 'TS', person: 'TS', aiMode: 'dialogue' },
    ]);
    expect(r).toMatchObject({ corrections: 2, intervals: 10, agreed: 8, rate: 0.8, sameMode: 0.5 });
    // Table: both T 5, AI T person S 2, AI S person T 0, both S 3 -> p_o .8, p_e .7·.5 + .3·.5 = .5, κ .6.
    expect(r.kappa).toBeCloseTo(0.6, 10);
  });

  it('leaves out a correction whose length no longer matches (the analysis was run again)', () => {
    expect(stAgreement([{ ai: 'TTT', person: 'TT', aiMode: 'lecture' }])).toMatchObject({ corrections: 0, intervals: 0, rate: null });
    expect(intervalAgreement('TTT', 'TT')).toBeNull();
    expect(intervalAgreement('TTST', 'TTTT')).toBe(0.75);
  });
});

describe('attendance agreement', () => {
  it('has no figures without corrections', () => {
    expect(attendanceAgreement([])).toEqual({ corrections: 0, meanAbsDiff: null, withinOne: null });
  });

  it('is the mean absolute difference in students and the share within one student', () => {
    const r = attendanceAgreement([{ ai: 30, person: 30 }, { ai: 34.5, person: 35 }, { ai: 28, person: 31 }, { ai: 40, person: 39 }]);
    expect(r.corrections).toBe(4);
    expect(r.meanAbsDiff).toBeCloseTo((0 + 0.5 + 3 + 1) / 4, 10);
    expect(r.withinOne).toBe(0.75);
  });

  it('is 0 and 100 % when everyone counted what the AI did', () => {
    expect(attendanceAgreement([{ ai: 12, person: 12 }, { ai: 0, person: 0 }])).toEqual({ corrections: 2, meanAbsDiff: 0, withinOne: 1 });
  });
});
