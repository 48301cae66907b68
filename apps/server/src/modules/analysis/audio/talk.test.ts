import { describe, expect, it } from 'vitest';
import { analyzeTalk, intersect, intervalLayout, normalize, secondsPerInterval, subtract, type Segment, type TalkAnalysis } from './talk.ts';

const seg = (start: number, end: number): Segment => ({ start, end });

function separated(a: TalkAnalysis) {
  if (a.speakers !== 'separated') throw new Error('expected separated speakers');
  return a;
}

describe('segment arithmetic', () => {
  it('normalizes: sorts, clips to the audio, joins overlapping and touching segments, drops empty ones', () => {
    expect(normalize([seg(5, 7), seg(-1, 2), seg(2, 3), seg(6, 6.5), seg(9, 12), seg(4, 4)], 10)).toEqual([seg(0, 3), seg(5, 7), seg(9, 10)]);
  });

  it('intersects and subtracts', () => {
    const a = [seg(0, 4), seg(6, 10)];
    const b = [seg(1, 2), seg(3, 7), seg(9, 12)];
    expect(intersect(a, b)).toEqual([seg(1, 2), seg(3, 4), seg(6, 7), seg(9, 10)]);
    expect(subtract(a, b)).toEqual([seg(0, 1), seg(2, 3), seg(7, 9)]);
    expect(subtract(b, a)).toEqual([seg(4, 6), seg(10, 12)]);
    expect(subtract(a, [])).toEqual(a);
  });
});

describe('talk time', () => {
  it('the teacher channel decides: room speech during teacher talk is overlap and stays teacher talk; room-only speech is students', () => {
    // Teacher 0–10 and 20–25; the room hears the teacher (0–10) and a student 12–18, and a student
    // speaking over the teacher 23–27.
    const a = separated(analyzeTalk({ teacher: [seg(0, 10), seg(20, 25)], room: [seg(0, 10), seg(12, 18), seg(23, 27)], durationSeconds: 30, intervalSeconds: 10 }));
    expect(a.teacher).toEqual([seg(0, 10), seg(20, 25)]);
    expect(a.student).toEqual([seg(12, 18), seg(25, 27)]);
    expect(a.overlap).toEqual([seg(0, 10), seg(23, 25)]);
    expect(a.silence).toEqual([seg(10, 12), seg(18, 20), seg(27, 30)]);
    expect(a.totals).toEqual({ teacher: 15, student: 8, overlap: 12, silence: 7 });
    expect(a.shares.teacher + a.shares.student + a.shares.silence).toBeCloseTo(1, 12);
    expect(a.shares.teacherOfTalk).toBeCloseTo(15 / 23, 12);
  });

  it('silence where neither channel speaks, including a recording with no speech at all', () => {
    const a = separated(analyzeTalk({ teacher: [], room: [], durationSeconds: 20, intervalSeconds: 10 }));
    expect(a.silence).toEqual([seg(0, 20)]);
    expect(a.totals).toEqual({ teacher: 0, student: 0, overlap: 0, silence: 20 });
    expect(a.shares.teacherOfTalk).toBe(0);
    expect(a.st?.sequence).toBe('SS');
    expect(a.st?.mode).toBe('practice');
  });

  it('drops short room-only edges next to teacher talk (the two detectors disagree there), keeps short isolated student words', () => {
    const a = separated(analyzeTalk({ teacher: [seg(2, 8)], room: [seg(1.9, 8.2), seg(12, 12.25)], durationSeconds: 20 }));
    expect(a.student).toEqual([seg(12, 12.25)]);
    // A long stretch adjoining the teacher is a student answering at once: kept.
    const b = separated(analyzeTalk({ teacher: [seg(2, 8)], room: [seg(2, 11)], durationSeconds: 20 }));
    expect(b.student).toEqual([seg(8, 11)]);
  });

  it('a one-channel recording is unknown speakers, with no S-T sequence', () => {
    const a = analyzeTalk({ teacher: null, room: [seg(1, 4), seg(3, 6)], durationSeconds: 10 });
    expect(a.speakers).toBe('unknown');
    if (a.speakers !== 'unknown') return;
    expect(a.unknown).toEqual([seg(1, 6)]);
    expect(a.totals).toEqual({ unknown: 5, silence: 5 });
    expect(a.st).toBeNull();
  });
});

describe('S-T intervals', () => {
  it('splits talk at interval boundaries', () => {
    expect(secondsPerInterval([seg(8, 23), seg(27, 29)], 10, 3, 30)).toEqual([2, 10, 5]);
  });

  it('codes T only for more than half an interval: exactly half is S', () => {
    const a = separated(analyzeTalk({ teacher: [seg(0, 5), seg(10, 15.01)], room: [], durationSeconds: 20, intervalSeconds: 10 }));
    expect(a.st?.teacherSecondsPerInterval[0]).toBe(5);
    expect(a.st?.sequence).toBe('ST');
  });

  it('a sequence that starts with S: Rt, Ch and mode from the contracts', () => {
    // Students first (0–30), then the teacher lectures 30–90, a dialogue 90–150, the teacher 150–180.
    const teacher = [seg(31, 89), seg(92, 100), seg(115, 118), seg(121, 138), seg(150, 180)];
    const room = [seg(2, 28), seg(100.5, 114), seg(139, 149)];
    const a = separated(analyzeTalk({ teacher, room, durationSeconds: 180, intervalSeconds: 30 }));
    expect(a.st?.teacherSecondsPerInterval).toEqual([0, 29, 29, 11, 17, 30]);
    expect(a.st?.sequence).toBe('STTSTT');
    expect(a.st).toMatchObject({ n: 6, nT: 4, nS: 2, runs: 4, mode: 'dialogue' });
    expect(a.st?.rt).toBeCloseTo(4 / 6, 12);
    expect(a.st?.ch).toBeCloseTo(3 / 6, 12);
  });

  it('keeps a last partial interval of a second or more, coded against its own length', () => {
    expect(intervalLayout(65, 30)).toEqual({ count: 3, lastIntervalSeconds: 5 });
    expect(intervalLayout(60.4, 30)).toEqual({ count: 2, lastIntervalSeconds: 30 });
    expect(intervalLayout(60, 30)).toEqual({ count: 2, lastIntervalSeconds: 30 });
    const a = separated(analyzeTalk({ teacher: [seg(61, 64)], room: [], durationSeconds: 65, intervalSeconds: 30 }));
    expect(a.st?.sequence).toBe('SST');
    expect(a.st?.lastIntervalSeconds).toBe(5);
  });
});
