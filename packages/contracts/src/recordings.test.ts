import { describe, expect, it } from 'vitest';
import { recordingViewOptions } from './classrooms.ts';
import { pickRecordingSource, recordingMediaUrlAt, recordingOffset } from './recordings.ts';

const offered = (recorderVideoView: number, serverVideoView: number) => recordingViewOptions({ recorderVideoView, serverVideoView }).map((o) => o.value);

describe('recording source choice (spec section 4, TourRecordingSettings)', () => {
  it('shows the source asked for when the school offers it', () => {
    expect(pickRecordingSource(offered(1, 1), 2)).toBe(2);
    expect(pickRecordingSource(offered(1, 1), 1)).toBe(1);
  });
  it('falls back to the first offered source: recorder before camera', () => {
    expect(pickRecordingSource(offered(1, 1))).toBe(1);
    expect(pickRecordingSource(offered(0, 1), 1)).toBe(2);
    expect(pickRecordingSource(offered(1, 0), 2)).toBe(1);
  });
  it('offers nothing when both views are off, and ignores unknown values', () => {
    expect(pickRecordingSource(offered(0, 0), 1)).toBeNull();
    expect(pickRecordingSource([3, 2], 3)).toBe(2);
  });
});

describe('seeking to a moment of the class', () => {
  const start = '2026-11-20T00:00:00.000Z';
  it('is the offset from the recording\'s start', () => {
    expect(recordingOffset(start, 20, '2026-11-20T00:00:12.500Z')).toBe(12.5);
    expect(recordingOffset(start, 20, null)).toBe(0);
  });
  it('stays inside the recording', () => {
    expect(recordingOffset(start, 20, '2026-11-19T23:59:00Z')).toBe(0);
    expect(recordingOffset(start, 20, '2026-11-20T00:10:00Z')).toBe(19.5);
    expect(recordingOffset(start, 20, 'not a time')).toBe(0);
  });
});

describe('seeking in a gateway recording (no Range: the MP4 is asked for again from the moment)', () => {
  const base = 'https://media.example/playback/get?path=hxk_1_2_main&start=2026-11-20T00%3A00%3A00Z&duration=2820&format=mp4&t=tok.sig';
  it('moves start and shortens duration, keeping path, format and token', () => {
    const u = new URL(recordingMediaUrlAt(base, '2026-11-20T00:00:00.000Z', 2820, 600.7));
    expect(u.searchParams.get('start')).toBe('2026-11-20T00:10:00Z');
    expect(u.searchParams.get('duration')).toBe('2220');
    expect(u.searchParams.get('path')).toBe('hxk_1_2_main');
    expect(u.searchParams.get('format')).toBe('mp4');
    expect(u.searchParams.get('t')).toBe('tok.sig');
    expect(`${u.origin}${u.pathname}`).toBe('https://media.example/playback/get');
  });
  it('stays inside the recording', () => {
    expect(new URL(recordingMediaUrlAt(base, '2026-11-20T00:00:00.000Z', 2820, -5)).searchParams.get('start')).toBe('2026-11-20T00:00:00Z');
    const end = new URL(recordingMediaUrlAt(base, '2026-11-20T00:00:00.000Z', 2820, 99_999));
    expect(end.searchParams.get('start')).toBe('2026-11-20T00:46:59Z');
    expect(end.searchParams.get('duration')).toBe('1');
  });
});
