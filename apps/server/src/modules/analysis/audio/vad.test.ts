import { describe, expect, it } from 'vitest';
import { SpeechTracker, VAD_DEFAULTS } from './vad.ts';

// Windows of 100 samples at 1 kHz: 0.1 s each, so window i starts at i/10 s.
const track = (probs: number[], settings = {}) => {
  const t = new SpeechTracker({ padSeconds: 0, ...settings }, 1000, 100);
  for (const p of probs) t.push(p);
  return t.finish();
};
const run = (p: number, n: number) => new Array<number>(n).fill(p);

describe('speech hysteresis and merging', () => {
  it('states its thresholds', () => {
    expect(VAD_DEFAULTS).toEqual({ threshold: 0.5, negThreshold: 0.35, minSilenceSeconds: 0.1, mergeGapSeconds: 0.6, minSpeechSeconds: 0.25, padSeconds: 0.03 });
  });

  it('starts at p ≥ 0.5 and ends at the first window below 0.35; values between keep the state', () => {
    const segs = track([...run(0.1, 5), 0.6, 0.4, 0.45, 0.9, 0.2, ...run(0.1, 20), 0.45, 0.4, ...run(0.1, 5)]);
    expect(segs).toEqual([{ start: 0.5, end: 0.9 }]);
  });

  it('joins utterances split by pauses shorter than the merge gap, keeps longer pauses apart', () => {
    const segs = track([...run(0.9, 10), ...run(0.1, 5), ...run(0.9, 10), ...run(0.1, 7), ...run(0.9, 10), ...run(0.1, 3)]);
    // Pause of 0.5 s (< 0.6): joined; pause of 0.7 s: apart.
    expect(segs).toEqual([
      { start: 0, end: 2.5 },
      { start: 3.2, end: 4.2 },
    ]);
  });

  it('drops blips shorter than 0.25 s, pads starts (never into the previous segment) and closes speech open at the end', () => {
    expect(track([...run(0.1, 10), 0.9, 0.9, ...run(0.1, 10)])).toEqual([]);
    const padded = track([...run(0.1, 10), ...run(0.9, 5), ...run(0.1, 7), ...run(0.9, 4)], { padSeconds: 0.8 });
    expect(padded).toEqual([
      { start: 0.2, end: 1.5 },
      { start: 1.5, end: 2.6 },
    ]);
  });

  it('counts a short last window at its true length', () => {
    const t = new SpeechTracker({ padSeconds: 0 }, 1000, 100);
    for (const p of run(0.9, 5)) t.push(p);
    t.push(0.9, 40);
    expect(t.totalSamples).toBe(540);
    expect(t.finish()).toEqual([{ start: 0, end: 0.54 }]);
  });
});
