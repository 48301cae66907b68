/**
 * The speaker's side of shouting (issue 14): microphone → AudioWorklet (16 kHz mono PCM frames) →
 * the module's WebSocket → the room's terminals. Checks come in the spec's order: a page that is not
 * a secure context cannot have the microphone ("shouting is prohibited without HTTPS"; localhost
 * counts as secure), a browser without WebSocket cannot shout, a refused microphone asks for access,
 * and the server may refuse the room ("a remote call is already in progress").
 */
import { SHOUT_SPEAKER_PATH, type TShoutServerMessage } from '@hxk/contracts/shouting';
import workletUrl from './pcm-capture.worklet.ts?worker&url';

export type ShoutFailure =
  | { kind: 'insecure' }
  | { kind: 'noSocket' }
  | { kind: 'noMicrophone' }
  | { kind: 'micDenied' }
  | { kind: 'refused'; key: string; message: string }
  | { kind: 'lost' };

export type ShoutEvents = {
  /** The room is mine: audio flows. */
  onReady(info: { classroomName: string; terminals: number }): void;
  onTerminals(count: number): void;
  /** Peak level of the last frame, 0..1. */
  onLevel(level: number): void;
  /** Refused or interrupted; the session has stopped. */
  onFail(f: ShoutFailure): void;
};

export type ShoutSession = { stop(): void };

export const speakerSocketUrl = (origin: string, classroomId: string, lang: string) => {
  const u = new URL(SHOUT_SPEAKER_PATH, origin);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.searchParams.set('classroomId', classroomId);
  u.searchParams.set('lang', lang);
  return u.toString();
};

/** Why shouting cannot start in this browser at all (before asking for anything). */
export function shoutBlocker(): ShoutFailure | null {
  if (!window.isSecureContext) return { kind: 'insecure' };
  if (typeof WebSocket === 'undefined') return { kind: 'noSocket' };
  if (!navigator.mediaDevices?.getUserMedia || typeof AudioWorkletNode === 'undefined') return { kind: 'noMicrophone' };
  return null;
}

export function startShout(classroomId: string, lang: string, events: ShoutEvents): ShoutSession {
  let stopped = false;
  let failed = false;
  let stream: MediaStream | null = null;
  let ctx: AudioContext | null = null;
  let socket: WebSocket | null = null;
  let ready = false;

  const teardown = () => {
    stopped = true;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000, 'stopped');
    socket = null;
    stream?.getTracks().forEach((t) => t.stop());
    stream = null;
    void ctx?.close().catch(() => undefined);
    ctx = null;
  };
  const fail = (f: ShoutFailure) => {
    if (stopped || failed) return;
    failed = true;
    teardown();
    events.onFail(f);
  };

  const blocker = shoutBlocker();
  if (blocker) {
    queueMicrotask(() => fail(blocker));
    return { stop: teardown };
  }

  void (async () => {
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 } });
    } catch (e) {
      const name = (e as { name?: string }).name;
      fail(name === 'NotFoundError' || name === 'OverconstrainedError' ? { kind: 'noMicrophone' } : { kind: 'micDenied' });
      return;
    }
    if (stopped) return teardown();
    try {
      ctx = new AudioContext();
      await ctx.audioWorklet.addModule(workletUrl);
    } catch {
      fail({ kind: 'noMicrophone' });
      return;
    }
    if (stopped || !ctx || !stream) return teardown();
    const source = ctx.createMediaStreamSource(stream);
    const capture = new AudioWorkletNode(ctx, 'hxk-pcm-capture', { numberOfInputs: 1, numberOfOutputs: 0, channelCount: 1, channelCountMode: 'explicit' });
    source.connect(capture);
    void ctx.resume().catch(() => undefined);

    const ws = new WebSocket(speakerSocketUrl(window.location.origin, classroomId, lang));
    ws.binaryType = 'arraybuffer';
    socket = ws;
    capture.port.onmessage = (ev: MessageEvent<{ frame: ArrayBuffer; peak: number }>) => {
      events.onLevel(ev.data.peak);
      // Send only when the socket keeps up (never queue seconds of audio behind a slow link).
      if (ready && ws.readyState === WebSocket.OPEN && ws.bufferedAmount < 64 * 1024) ws.send(ev.data.frame);
    };
    ws.onmessage = (ev: MessageEvent<unknown>) => {
      if (typeof ev.data !== 'string') return;
      let m: TShoutServerMessage;
      try {
        m = JSON.parse(ev.data) as TShoutServerMessage;
      } catch {
        return;
      }
      if (m.type === 'ready') {
        ready = true;
        events.onReady({ classroomName: m.classroomName, terminals: m.terminals });
      } else if (m.type === 'terminals') events.onTerminals(m.count);
      else if (m.type === 'error') fail({ kind: 'refused', key: m.key, message: m.message });
    };
    ws.onclose = () => fail({ kind: 'lost' });
  })();

  return { stop: teardown };
}
