/**
 * Live video over WebRTC from the media gateway (issue 14, docs/decisions/0017-media-gateway.md): a
 * WHEP reader (RFC 9725). One receive-only peer per tile: the offer is POSTed as `application/sdp`
 * once ICE gathering is complete (no trickle: one request, which the gateway's auth hook checks with
 * the play token in the URL), the answer is applied, and the remote stream plays in the tile's video.
 * Closing ends the peer and DELETEs the session's `Location`, so the gateway stops sending at once.
 */

export type WhepFailure = 'refused' | 'unreachable' | 'noPicture';

export class WhepError extends Error {
  constructor(readonly reason: WhepFailure) {
    super(`WHEP ${reason}`);
    this.name = 'WhepError';
  }
}

export type WhepPlayback = { close(): void };

/** Gathering usually completes in tens of ms; a slow network interface must not hold the tile. */
const GATHER_MS = 2_000;
/** The gateway answers once the camera's on-demand pull has started (MediaMTX waits up to 10 s for it). */
const ANSWER_MS = 15_000;
/** No picture this long after the answer: WebRTC does not get through here (UDP blocked, no route). */
const FIRST_FRAME_MS = 6_000;
/** Playing, then no new frame this long (peer failed or disconnected, gateway gone): lost. */
const STALL_MS = 5_000;

function gathered(pc: RTCPeerConnection): Promise<void> {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    const timer = setTimeout(resolve, GATHER_MS);
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState !== 'complete') return;
      clearTimeout(timer);
      resolve();
    });
  });
}

async function framesDecoded(pc: RTCPeerConnection): Promise<number> {
  let frames = 0;
  try {
    (await pc.getStats()).forEach((r: { type?: string; kind?: string; framesDecoded?: number }) => {
      if (r.type === 'inbound-rtp' && r.kind === 'video') frames += r.framesDecoded ?? 0;
    });
  } catch {
    // A closed peer has no statistics: counted as no frames.
  }
  return frames;
}

/**
 * Plays `url` (the grant's WHEP address) in `el`. Resolves once the first frame is shown; rejects
 * with a WhepError when the gateway refuses or cannot be reached, or no picture arrives — the caller
 * then plays HLS instead. After it has played, `onLost` is called (once) when frames stop.
 */
export async function playWhep(el: HTMLVideoElement, url: string, opts: { signal: AbortSignal; onLost: () => void }): Promise<WhepPlayback> {
  const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
  const stream = new MediaStream();
  let session: string | null = null;
  let closed = false;
  const watch: { timer?: ReturnType<typeof setInterval> } = {};
  const end = () => {
    // keepalive: the DELETE still goes out when the tile closes because the page is leaving.
    if (session) void fetch(session, { method: 'DELETE', keepalive: true }).catch(() => undefined);
    session = null;
  };
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(watch.timer);
    opts.signal.removeEventListener('abort', close);
    window.removeEventListener('pagehide', close);
    pc.close();
    if (el.srcObject === stream) el.srcObject = null;
    end();
  };
  opts.signal.addEventListener('abort', close);
  // Leaving the page unmounts nothing: end the session here so the gateway stops sending at once.
  window.addEventListener('pagehide', close);
  try {
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    pc.addEventListener('track', (e) => stream.addTrack(e.track));
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    if (closed) throw new WhepError('unreachable');
    // Not aborted when the tile closes meanwhile: the gateway makes the session anyway, so the
    // answer is awaited and its Location DELETEd (below) rather than left to time out there.
    let res: Response;
    const slow = new AbortController();
    const timer = setTimeout(() => slow.abort(), ANSWER_MS);
    try {
      res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: pc.localDescription?.sdp ?? '', signal: slow.signal });
    } catch {
      throw new WhepError('unreachable');
    } finally {
      clearTimeout(timer);
    }
    if (!res.ok) throw new WhepError('refused');
    const location = res.headers.get('location');
    if (location) session = new URL(location, url).href;
    if (closed) {
      end();
      throw new WhepError('unreachable');
    }
    const answer = await res.text();
    await pc.setRemoteDescription({ type: 'answer', sdp: answer });
    el.srcObject = stream;
    void el.play().catch(() => undefined);
    await new Promise<void>((resolve, reject) => {
      const until = Date.now() + FIRST_FRAME_MS;
      const poll = setInterval(() => {
        if (closed || pc.connectionState === 'failed' || Date.now() > until) {
          clearInterval(poll);
          reject(new WhepError('noPicture'));
        } else if (el.videoWidth > 0) {
          clearInterval(poll);
          resolve();
        }
      }, 100);
    });
  } catch (e) {
    close();
    throw e instanceof WhepError ? e : new WhepError('refused');
  }
  // Frames must keep coming: a failed peer, a gateway gone or a source lost all stop them.
  let last = await framesDecoded(pc);
  let movedAt = Date.now();
  watch.timer = setInterval(() => {
    void framesDecoded(pc).then((frames) => {
      if (closed) return;
      if (frames > last) {
        last = frames;
        movedAt = Date.now();
      } else if (pc.connectionState === 'failed' || pc.connectionState === 'closed' || Date.now() - movedAt > STALL_MS) {
        close();
        opts.onLost();
      }
    });
  }, 1_000);
  return { close };
}
