import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type Hls from 'hls.js';
import type { TPlayGrant, TStreamQuality } from '@hxk/contracts/live';
import { requestPlay, withPlayToken } from '../../lib/live.ts';
import { ApiError } from '../../lib/api.ts';
import { playWhep, type WhepPlayback } from './whep.ts';

export type LivePlayerState = 'loading' | 'playing' | 'lost' | 'refused';
/** How the tile receives video: WebRTC (WHEP) from the gateway when it offers it, else HLS. */
export type LiveTransport = 'webrtc' | 'hls';

type Props = {
  cameraId: string;
  quality: TStreamQuality;
  /** Fills its box (object-fit: cover for tiles, contain for the detail view). */
  fit?: 'cover' | 'contain';
  style?: CSSProperties;
  onState?: (state: LivePlayerState, message?: string) => void;
  /** Where play grants come from: the patrol's requestPlay unless given (a live lesson or a share asks its own endpoint). */
  grant?: (cameraId: string, quality: TStreamQuality) => Promise<TPlayGrant>;
};

/**
 * Renew the play token this long after it was granted. Tokens last 5 minutes; counting from the
 * moment of the grant, not from its expiry, keeps a browser whose clock differs from the server's
 * from renewing too early or too late.
 */
const RENEW_AFTER_MS = 4 * 60_000;
/** After a lost stream, try again after these pauses (then keep the last). */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * One camera, live (issue 14). Asks the server for a play grant (a short-lived token for this camera
 * and quality). When the grant carries a WHEP address (a gateway with WebRTC) and the browser has
 * WebRTC, plays it over WebRTC (sub-second latency, whep.ts); when that is refused or shows no picture
 * within seconds, plays the grant's HLS instead, with hls.js (Safari's own HLS where hls.js is
 * unsupported). Renews the token before it expires without restarting playback, and when the stream
 * is lost says so and recovers by itself (WebRTC first again). Everything is torn down on unmount: a
 * wall that changes tiles leaks no media element and no peer connection.
 */
export function LivePlayer({ cameraId, quality, fit = 'cover', style, onState, grant: grantFrom }: Props) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<{ kind: LivePlayerState; message?: string }>({ kind: 'loading' });
  const [transport, setTransport] = useState<LiveTransport | null>(null);
  const report = useRef(onState);
  const ask = useRef(grantFrom ?? requestPlay);
  useEffect(() => {
    report.current = onState;
    ask.current = grantFrom ?? requestPlay;
  }, [onState, grantFrom]);

  useEffect(() => {
    const current = video.current;
    if (!current) return;
    const el: HTMLVideoElement = current;
    let hls: Hls | null = null;
    let whep: WhepPlayback | null = null;
    const unmounted = new AbortController();
    let token = '';
    let closed = false;
    let attempt = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (fn: () => void, ms: number) => {
      const id = setTimeout(() => {
        timers.delete(id);
        if (!closed) fn();
      }, ms);
      timers.add(id);
    };
    const show = (kind: LivePlayerState, message?: string) => {
      if (closed) return;
      setState({ kind, ...(message ? { message } : {}) });
      report.current?.(kind, message);
    };
    const teardown = () => {
      hls?.destroy();
      hls = null;
      whep?.close();
      whep = null;
      if (el.srcObject) el.srcObject = null;
      el.removeAttribute('src');
      el.load();
    };
    const retry = () => {
      teardown();
      show('lost');
      later(() => void start(), RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]!);
    };
    const renew = () => {
      later(async () => {
        try {
          const grant = await ask.current(cameraId, quality);
          token = new URL(grant.url, location.origin).searchParams.get('t') ?? token;
          renew();
        } catch {
          retry();
        }
      }, RENEW_AFTER_MS);
    };

    async function start() {
      show('loading');
      let grant;
      try {
        grant = await ask.current(cameraId, quality);
      } catch (e) {
        // Refused (no permission, out of scope, offline, no video service): say why, do not insist.
        if (e instanceof ApiError && e.status > 0 && e.status < 500) return show('refused', e.message);
        return retry();
      }
      if (closed) return;
      token = new URL(grant.url, location.origin).searchParams.get('t') ?? '';
      renew();
      if (grant.whepUrl && typeof RTCPeerConnection === 'function') {
        setTransport('webrtc');
        el.muted = true;
        try {
          whep = await playWhep(el, grant.whepUrl, { signal: unmounted.signal, onLost: () => !closed && retry() });
          return;
        } catch {
          // Refused, unreachable or no picture: this attempt plays HLS (a later loss tries WebRTC again).
          if (closed) return;
        }
      }
      setTransport('hls');
      const { default: HlsClass } = await import('hls.js');
      if (closed) return;
      if (HlsClass.isSupported()) {
        hls = new HlsClass({
          // 1 s segments, one segment behind live: ~2 s glass to glass (RECIPES).
          liveSyncDurationCount: 1,
          liveMaxLatencyDurationCount: 4,
          maxBufferLength: 4,
          backBufferLength: 0,
          // Every playlist and segment request carries the current token, renewed or not.
          xhrSetup: (xhr, url) => xhr.open('GET', withPlayToken(url, token), true),
        });
        hls.on(HlsClass.Events.ERROR, (_event, data) => {
          if (data.fatal) retry();
        });
        hls.loadSource(grant.url);
        hls.attachMedia(el);
      } else if (el.canPlayType('application/vnd.apple.mpegurl')) {
        el.src = grant.url;
      } else {
        return show('refused', t('live.unsupported'));
      }
      el.muted = true;
      void el.play().catch(() => undefined);
    }

    const onPlaying = () => {
      attempt = 0;
      show('playing');
    };
    const onStalled = () => {
      if (!closed && hls === null && el.error) retry();
    };
    el.addEventListener('playing', onPlaying);
    el.addEventListener('error', onStalled);
    void start();
    return () => {
      closed = true;
      unmounted.abort();
      for (const id of timers) clearTimeout(id);
      el.removeEventListener('playing', onPlaying);
      el.removeEventListener('error', onStalled);
      teardown();
    };
  }, [cameraId, quality, t]);

  return (
    <div style={{ position: 'relative', background: '#000', overflow: 'hidden', ...style }} data-testid="live-player" data-state={state.kind} data-transport={transport ?? undefined}>
      <video ref={video} muted playsInline autoPlay style={{ width: '100%', height: '100%', objectFit: fit, display: 'block' }} />
      {state.kind !== 'playing' && (
        <div role="status" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#fff', padding: 8, textAlign: 'center', background: 'rgba(0,0,0,0.45)', fontSize: 13 }}>
          {state.kind === 'loading' ? t('live.connecting') : state.kind === 'lost' ? t('live.lost') : state.message}
        </div>
      )}
    </div>
  );
}
