import { describe, expect, it } from 'vitest';
import { classWindow, LEAD_MS, planWindows, recordingNow, windowTargets, type PathState, type WindowClass, type WindowPlan } from './recording-windows.ts';

const TZ = 'Asia/Shanghai';
const at = (iso: string) => new Date(iso);
const cls = (over: Partial<WindowClass> = {}): WindowClass => ({
  courseSessionId: '11',
  classroomId: '21',
  lessonDate: '2026-03-02',
  startMinute: 480,
  endMinute: 525,
  recorderRecording: true,
  recorderCamera: { id: '31', streamUrl: 'rtsp://10.0.0.31/main' },
  roomCamera: { id: '32', streamUrl: 'rtsp://10.0.0.32/Streaming/Channels/101' },
  ...over,
});
const views = { schoolId: '7', timeZone: TZ, recorderView: true, cameraView: true };

/** What the gateway holds after a plan is carried out (as the adapter's calls would leave it). */
function apply(state: PathState[], plan: WindowPlan, deleteAfter: number): PathState[] {
  const next = new Map(state.map((p) => [p.name, { ...p }]));
  for (const { path, source } of plan.on) next.set(path, { name: path, source, sourceOnDemand: false, record: true, recordDeleteAfter: deleteAfter });
  for (const { path } of plan.off) Object.assign(next.get(path)!, { sourceOnDemand: true, record: false, recordDeleteAfter: deleteAfter });
  for (const path of plan.retention) next.get(path)!.recordDeleteAfter = deleteAfter;
  return [...next.values()];
}

describe('recording windows', () => {
  it('run from a minute before the class to a minute after it, in the school\'s time zone', () => {
    const w = classWindow('2026-03-02', 480, 525, TZ);
    expect(w.start.toISOString()).toBe('2026-03-01T23:59:00.000Z');
    expect(w.end.toISOString()).toBe('2026-03-02T00:46:00.000Z');
    expect(classWindow('2026-03-02', 480, 525, 'Asia/Tokyo').start.toISOString()).toBe('2026-03-01T22:59:00.000Z');
  });

  it('record the recorder\'s composite picture (source 1) and the room\'s camera (source 2), as the school offers them', () => {
    const both = windowTargets([cls()], views);
    expect(both.map((t) => [t.source, t.cameraId, t.path, t.streamUrl])).toEqual([
      [1, '31', 'hxk_7_31_main', 'rtsp://10.0.0.31/main'],
      [2, '32', 'hxk_7_32_main', 'rtsp://10.0.0.32/Streaming/Channels/101'],
    ]);
    expect(both[0]).toMatchObject({ courseSessionId: '11', classroomId: '21', start: at('2026-03-01T23:59:00Z'), end: at('2026-03-02T00:46:00Z') });
    // The recorder records only when it says it does; views the school does not offer are not recorded.
    expect(windowTargets([cls({ recorderRecording: false })], views).map((t) => t.source)).toEqual([2]);
    expect(windowTargets([cls()], { ...views, recorderView: false }).map((t) => t.source)).toEqual([2]);
    expect(windowTargets([cls()], { ...views, cameraView: false }).map((t) => t.source)).toEqual([1]);
    // A room without cameras that have a stream records nothing.
    expect(windowTargets([cls({ recorderCamera: null, roomCamera: null })], views)).toEqual([]);
  });

  it('switch a path on a little ahead of its window (the lead covers a late round), and off when it closes', () => {
    const [t] = windowTargets([cls()], { ...views, cameraView: false });
    const start = t!.start.getTime();
    expect(recordingNow(t!, new Date(start - LEAD_MS - 1))).toBe(false);
    expect(recordingNow(t!, new Date(start - LEAD_MS))).toBe(true);
    // The class's first and last minute are inside, with their margins.
    expect(recordingNow(t!, at('2026-03-02T00:00:00Z'))).toBe(true);
    expect(recordingNow(t!, at('2026-03-02T00:45:30Z'))).toBe(true);
    expect(recordingNow(t!, at('2026-03-02T00:46:00Z'))).toBe(false);
  });

  it('cross midnight with their margins (the timetable itself ends every session by 24:00)', () => {
    const late = windowTargets([cls({ lessonDate: '2026-03-02', startMinute: 1395, endMinute: 1440 })], { ...views, recorderView: false })[0]!;
    expect(late.end.toISOString()).toBe('2026-03-02T16:01:00.000Z'); // 00:01 on the 3rd in Shanghai
    expect(recordingNow(late, at('2026-03-02T16:00:30Z'))).toBe(true);
    const early = windowTargets([cls({ lessonDate: '2026-03-03', startMinute: 0, endMinute: 45 })], { ...views, recorderView: false })[0]!;
    expect(early.start.toISOString()).toBe('2026-03-02T15:59:00.000Z'); // 23:59 on the 2nd
    expect(recordingNow(early, at('2026-03-02T15:59:30Z'))).toBe(true);
  });

  it('plan only the difference with the gateway, so that a repeated round changes nothing', () => {
    const keep = 180 * 86_400;
    const wanted = new Map([['hxk_7_31_main', 'rtsp://10.0.0.31/main'], ['hxk_7_32_main', 'rtsp://10.0.0.32/main']]);
    let state: PathState[] = [
      // Watched live a moment ago: configured on demand, unrecorded, keeping MediaMTX's default 1 d.
      { name: 'hxk_7_31_main', source: 'rtsp://10.0.0.31/main', sourceOnDemand: true, record: false, recordDeleteAfter: 86_400 },
      // Left recording by an earlier class.
      { name: 'hxk_7_40_main', source: 'rtsp://10.0.0.40/main', sourceOnDemand: false, record: true, recordDeleteAfter: keep },
      // Never recorded, old retention.
      { name: 'hxk_7_41_main', source: 'rtsp://10.0.0.41/main', sourceOnDemand: true, record: false, recordDeleteAfter: 86_400 },
    ];
    const first = planWindows(wanted, state, keep);
    expect(first.on).toEqual([{ path: 'hxk_7_31_main', source: 'rtsp://10.0.0.31/main' }, { path: 'hxk_7_32_main', source: 'rtsp://10.0.0.32/main' }]);
    expect(first.off).toEqual([{ path: 'hxk_7_40_main', source: 'rtsp://10.0.0.40/main' }]);
    expect(first.retention).toEqual(['hxk_7_41_main']);
    state = apply(state, first, keep);
    expect(planWindows(wanted, state, keep)).toEqual({ on: [], off: [], retention: [] });
    // A camera re-addressed, a path turned back by hand, a new retention: each is put right.
    const moved = new Map([...wanted, ['hxk_7_31_main', 'rtsp://10.0.0.99/main']]);
    expect(planWindows(moved, state, keep).on).toEqual([{ path: 'hxk_7_31_main', source: 'rtsp://10.0.0.99/main' }]);
    const byHand = state.map((p) => (p.name === 'hxk_7_32_main' ? { ...p, sourceOnDemand: true } : p));
    expect(planWindows(wanted, byHand, keep).on.map((p) => p.path)).toEqual(['hxk_7_32_main']);
    const longer = planWindows(wanted, state, 365 * 86_400);
    expect(longer.on.map((p) => p.path)).toEqual(['hxk_7_31_main', 'hxk_7_32_main']);
    expect(longer.retention).toEqual(['hxk_7_40_main', 'hxk_7_41_main']);
    // The class is over: everything goes back to on demand, and stays so.
    const after = planWindows(new Map(), state, keep);
    expect(after.off.map((p) => p.path)).toEqual(['hxk_7_31_main', 'hxk_7_32_main']);
    expect(planWindows(new Map(), apply(state, after, keep), keep)).toEqual({ on: [], off: [], retention: [] });
  });
});
