/**
 * Which camera paths the media gateway records when (issue 14, docs/decisions/0017-media-gateway.md).
 * MediaMTX records a path only while its source runs, so for each class in a room that records,
 * hxk makes the camera's path always-on and recorded for the class's window — from a minute before
 * it starts to a minute after it ends — and on demand, unrecorded, after. Pure functions: the
 * reconciling job (gateway-recordings.ts) feeds them the timetable and the gateway's state.
 *
 * What is recorded for a class (spec section 4's recording views):
 * - source 1, the recorder recording: the recorder's composite picture (its composite-frame camera's
 *   main stream), when the school offers that view and the room's recorder reports that it records;
 * - source 2, the camera recording: the room's first camera by order that is not the composite
 *   picture (the composite one when it is all there is), when the school offers that view. Cameras
 *   have no recording switch of their own: "camera recording" is the gateway recording them.
 * Both are the cameras' live main-stream paths, so a class watched live and recorded is still one
 * pull of each camera.
 */
import { zonedClock, type TRecordingSource } from '@hxk/contracts';
import { gatewayPathName } from '../../platform/adapters/media-gateway-mediamtx.ts';

/** The margin before a class starts and after it ends. */
export const WINDOW_MARGIN_MS = 60_000;
/**
 * How early a window's recording is switched on. The reconciling job runs about once a minute (a
 * recurring job): switching on this much ahead still has the path recording by start − 1 min when
 * a round comes late.
 */
export const LEAD_MS = 90_000;

/** A class meeting with its times and what its room can record. */
export type WindowClass = {
  courseSessionId: string;
  classroomId: string;
  lessonDate: string;
  startMinute: number;
  endMinute: number;
  recorderRecording: boolean;
  recorderCamera: { id: string; streamUrl: string } | null;
  roomCamera: { id: string; streamUrl: string } | null;
};

/** One recording to make: a class, its source, and the camera path recorded for it. */
export type WindowTarget = {
  courseSessionId: string;
  classroomId: string;
  source: TRecordingSource;
  cameraId: string;
  streamUrl: string;
  path: string;
  start: Date;
  end: Date;
};

/** The instant of a local date and minute in a time zone (the class's start and end). */
export function zonedInstant(date: string, minute: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, 0, minute);
  const shown = zonedClock(new Date(guess), timeZone);
  const [sy, sm, sd] = shown.date.split('-').map(Number) as [number, number, number];
  return new Date(guess - (Date.UTC(sy, sm - 1, sd, 0, shown.minute) - guess));
}

/** A class's recording window: its start − 1 min to its end + 1 min (it may cross midnight). */
export function classWindow(lessonDate: string, startMinute: number, endMinute: number, timeZone: string): { start: Date; end: Date } {
  return {
    start: new Date(zonedInstant(lessonDate, startMinute, timeZone).getTime() - WINDOW_MARGIN_MS),
    end: new Date(zonedInstant(lessonDate, endMinute, timeZone).getTime() + WINDOW_MARGIN_MS),
  };
}

/** The recordings the classes call for, per the school's recording views. */
export function windowTargets(classes: readonly WindowClass[], o: { schoolId: string; timeZone: string; recorderView: boolean; cameraView: boolean }): WindowTarget[] {
  return classes.flatMap((c) => {
    const { start, end } = classWindow(c.lessonDate, c.startMinute, c.endMinute, o.timeZone);
    const picks: [TRecordingSource, { id: string; streamUrl: string } | null][] = [
      [1, o.recorderView && c.recorderRecording ? c.recorderCamera : null],
      [2, o.cameraView ? c.roomCamera : null],
    ];
    return picks.flatMap(([source, cam]) =>
      cam ? [{ courseSessionId: c.courseSessionId, classroomId: c.classroomId, source, cameraId: cam.id, streamUrl: cam.streamUrl, path: gatewayPathName(o.schoolId, cam.id, 'main'), start, end }] : [],
    );
  });
}

/** Whether a target's path should be recording at `now`: from its window's start (less the lead) until its end. */
export const recordingNow = (t: Pick<WindowTarget, 'start' | 'end'>, now: Date) => now.getTime() >= t.start.getTime() - LEAD_MS && now.getTime() < t.end.getTime();

/** A school's hxk camera path as the gateway has it configured. */
export type PathState = { name: string; source: string | null; sourceOnDemand: boolean; record: boolean; recordDeleteAfter: number };

export type WindowPlan = {
  /** Paths to switch on (or to correct: source, on-demand, retention), with their camera's stream. */
  on: { path: string; source: string }[];
  /** Paths to switch back to on demand, unrecorded. */
  off: { path: string; source: string | null }[];
  /** Paths whose retention alone is out of date. */
  retention: string[];
};

/**
 * What to change on the gateway so that exactly the `wanted` paths record, each school path keeps
 * segments `deleteAfterSeconds`: nothing when the gateway already agrees, so a round repeated
 * changes nothing (idempotent). `actual` is the school's own main-stream paths only.
 */
export function planWindows(wanted: ReadonlyMap<string, string>, actual: readonly PathState[], deleteAfterSeconds: number): WindowPlan {
  const byName = new Map(actual.map((p) => [p.name, p]));
  const on: WindowPlan['on'] = [];
  const off: WindowPlan['off'] = [];
  const retention: string[] = [];
  for (const [path, source] of wanted) {
    const p = byName.get(path);
    if (!p || !p.record || p.sourceOnDemand || p.source !== source || p.recordDeleteAfter !== deleteAfterSeconds) on.push({ path, source });
  }
  for (const p of actual) {
    if (wanted.has(p.name)) continue;
    if (p.record || !p.sourceOnDemand) off.push({ path: p.name, source: p.source });
    else if (p.recordDeleteAfter !== deleteAfterSeconds) retention.push(p.name);
  }
  return { on, off, retention };
}
