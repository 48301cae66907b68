import { describe, expect, it } from 'vitest';
import { recordingViewOptions } from './classrooms.ts';
import { pickRecordingSource, recordingOffset } from './recordings.ts';

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
