import { describe, expect, it } from 'vitest';
import { recordingViewOptions, ZFrontRowSettings, ZSaveClassroomRequest, ZSensitivityRequest } from './classrooms.ts';

describe('recording-view options (spec section 4)', () => {
  it('offers Recorder Recording = 1 and Camera Recording = 2 for the enabled views, in that order', () => {
    expect(recordingViewOptions({ recorderVideoView: 1, serverVideoView: 1 })).toEqual([
      { label: 'recorderRecording', value: 1 },
      { label: 'cameraRecording', value: 2 },
    ]);
    expect(recordingViewOptions({ recorderVideoView: 1, serverVideoView: 0 })).toEqual([{ label: 'recorderRecording', value: 1 }]);
    expect(recordingViewOptions({ recorderVideoView: 0, serverVideoView: 1 })).toEqual([{ label: 'cameraRecording', value: 2 }]);
    expect(recordingViewOptions({ recorderVideoView: 0, serverVideoView: 0 })).toEqual([]);
    // Only 1 means enabled.
    expect(recordingViewOptions({ recorderVideoView: 2, serverVideoView: 2 })).toEqual([]);
  });
});

describe('classroom and front-row rules', () => {
  it('takes whole numbers in range only', () => {
    expect(ZFrontRowSettings.safeParse({ frontRowEmptySeats: 0, frontRowMinRate: 100 }).success).toBe(true);
    expect(ZFrontRowSettings.safeParse({ frontRowEmptySeats: 10000, frontRowMinRate: 0 }).success).toBe(true);
    for (const bad of [{ frontRowEmptySeats: 10001, frontRowMinRate: 1 }, { frontRowEmptySeats: 2.5, frontRowMinRate: 1 }, { frontRowEmptySeats: 1, frontRowMinRate: 100.5 }, { frontRowEmptySeats: -1, frontRowMinRate: 1 }]) {
      const r = ZFrontRowSettings.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error!.issues[0]!.message).toMatch(/^validation\.(emptySeats|percent)$/);
    }
    expect(ZSensitivityRequest.safeParse({ cameraId: '100001', sensitivity: 101 }).error!.issues[0]!.message).toBe('validation.percent');
  });

  it('keeps the front rows within the seat rows', () => {
    const room = { buildingId: '100001', floor: 1, name: 'A101', seatRows: 8 };
    expect(ZSaveClassroomRequest.safeParse({ ...room, frontRows: 8 }).success).toBe(true);
    const r = ZSaveClassroomRequest.safeParse({ ...room, frontRows: 9 });
    expect(r.error!.issues[0]).toMatchObject({ message: 'validation.frontRows', path: ['frontRows'] });
  });
});
