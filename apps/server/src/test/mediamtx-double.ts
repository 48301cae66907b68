/**
 * A local double of MediaMTX (docs/decisions/0017-media-gateway.md), loopback only, for tests and
 * bench/live.ts. It speaks the parts of the real gateway hxk relies on:
 *
 * - the control API (port like :9997): `POST /v3/config/paths/add/{name}` (400 when the path
 *   exists), `POST /v3/config/paths/replace/{name}` and `PATCH /v3/config/paths/patch/{name}` (404
 *   when it does not), `DELETE /v3/config/paths/delete/{name}`, `GET /v3/config/paths/get/{name}`,
 *   `GET /v3/paths/list`; HTTP basic credentials when given;
 * - the HLS server (port like :8888): `GET /{path}/index.m3u8` and segments. Every request first asks
 *   the auth hook (`authMethod: http`): a POST of {user, password, token, ip, action: "read", path,
 *   protocol: "hls", id, query} to `authHTTPAddress`, admitted on 2xx, else 401;
 * - `sourceOnDemand`: the first admitted read of a path starts a pull of its `source` (counted in
 *   `pulls`); further readers share it; `closeAfterMs` after the last read the pull stops.
 *
 * It does not decode RTSP: a pull is recorded, and every segment it serves is the same second of a
 * test card (hlsSegment), whatever the path.
 *
 * - the WebRTC server (port like :8889), WHEP for real with werift: `POST /{path}/whep` with an
 *   `application/sdp` offer asks the hook with protocol "webrtc" (401 when refused), 404 for an
 *   unknown path, starts the path's pull like an HLS read and answers 201 with the SDP answer and a
 *   `Location: /{path}/whep/{secret}`; `DELETE` of that location ends the session; CORS preflights
 *   are answered as MediaMTX does. The picture is real: one ffmpeg per path (however many readers)
 *   draws a moving test card with the wall clock burned in (CLOCK_CODE, as the camera simulator),
 *   encodes VP8 to RTP on a loopback UDP port, and every session's werift track forwards it. ICE is
 *   loopback only. `webrtcFault` makes the server fail the way a real one can ('unavailable': the
 *   source cannot be read, 500; 'silent': the session is answered but no media ever flows).
 *
 * - recording and the playback server (port like :9996), for class recordings: a path configured
 *   always-on and recorded (`sourceOnDemand: false, record: true`, by add/replace/patch) is pulled at
 *   once and "records" a span on the double's clock (`now`, so tests can share hxk's clock) until it
 *   is set back or deleted (`recorded`). `GET /v3/config/paths/list` lists the configured paths.
 *   `GET /list?path=&start=&end=` answers the spans within [start, end], clipped, as MediaMTX does
 *   (404 when none, 400 for an unknown path); `GET /get?path=&start=&duration=&format=` answers
 *   `video/mp4` with `Accept-Ranges: none` when a span covers part of the request (404 otherwise).
 *   Both ask the hook first with action "playback" (401 when refused). Every /get serves the same
 *   real MP4, a 20 s test card drawn with ffmpeg once per test run; it is not cut to the request.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { promisify } from 'node:util';
import { MediaStreamTrack, RTCPeerConnection, useVP8 } from 'werift';
import { clockCodeFilter, findFfmpeg } from '../platform/adapters/camera-simulator.ts';
import { drawRecording, removeDrawn } from '../modules/recordings/simulated-recording.ts';

export type PathConf = { source?: string; sourceOnDemand?: boolean; [k: string]: unknown };
export type Pull = { path: string; source: string; startedAt: number; stoppedAt: number | null };
export type HookCall = { body: Record<string, unknown>; status: number };

export type MediaMtxDouble = {
  apiUrl: string;
  hlsUrl: string;
  /** Where reads are authorized (hxk's /live/gateway/auth?key=...); settable once hxk listens. */
  authHTTPAddress: string;
  paths: Map<string, PathConf>;
  pulls: Pull[];
  hookCalls: HookCall[];
  /** Requests the API answered, as "METHOD /route status". */
  apiCalls: string[];
  /** Pulls running now. */
  activePulls(): Pull[];
  /** The WebRTC (WHEP) server, e.g. http://127.0.0.1:8889 (MEDIA_GATEWAY_WEBRTC_URL). */
  webrtcUrl: string;
  /** WHEP sessions open now. */
  whepSessions(): { id: string; path: string }[];
  /** Paths whose VP8 encoder runs now (one per path, whatever the number of readers). */
  webrtcEncoders(): string[];
  /** Makes the WebRTC server fail as a real one can (see above); 'none' by default. */
  webrtcFault: 'none' | 'unavailable' | 'silent';
  /** The playback server, e.g. http://127.0.0.1:9996 (MEDIA_GATEWAY_PLAYBACK_URL). */
  playbackUrl: string;
  /** Spans each path was recorded, in ms on the double's clock (end null: recording now). */
  recorded: Map<string, { start: number; end: number | null }[]>;
  /** /list and /get requests the playback server answered. */
  playbackCalls: { route: '/list' | '/get'; query: Record<string, string>; status: number }[];
  close(): Promise<void>;
};

const execFileAsync = promisify(execFile);

let clip: Promise<Buffer | null> | undefined;

/** The MP4 the playback server serves: drawn once per test run (ffmpeg), null without ffmpeg. */
function playbackClip(): Promise<Buffer | null> {
  clip ??= (async () => {
    const ffmpeg = findFfmpeg(process.env.FFMPEG_PATH);
    if (!ffmpeg) return null;
    const drawn = await drawRecording(ffmpeg, os.tmpdir(), { lines: ['MediaMTX double', 'playback server', 'recorded class'], clockStart: new Date(Date.UTC(2026, 0, 1, 8, 0)), seconds: 20 });
    try {
      return await fs.promises.readFile(drawn.file);
    } finally {
      await removeDrawn(drawn.file);
    }
  })();
  return clip;
}

let segment: Promise<Buffer> | undefined;

/**
 * The MPEG-TS segment the HLS server serves: one second of a moving test card in H.264, encoded once
 * per test run, so that a reader (ffmpeg, hls.js) decodes a real picture. Without ffmpeg, a few
 * bytes of MPEG-TS sync markers, which a reader fetches but cannot decode.
 */
function hlsSegment(): Promise<Buffer> {
  segment ??= (async () => {
    const ffmpeg = findFfmpeg(process.env.FFMPEG_PATH);
    const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=8', '-t', '1',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '8', '-pix_fmt', 'yuv420p', '-f', 'mpegts', 'pipe:1'];
    const drawn = ffmpeg ? await execFileAsync(ffmpeg, args, { encoding: 'buffer', maxBuffer: 16 << 20 }).then((r) => r.stdout).catch(() => null) : null;
    return drawn?.length ? drawn : Buffer.alloc(188 * 4, 0x47);
  })();
  return segment;
}

export async function startMediaMtxDouble(opts: { apiUser?: string; apiPassword?: string; closeAfterMs?: number; authHTTPAddress?: string; now?: () => number } = {}): Promise<MediaMtxDouble> {
  const closeAfterMs = opts.closeAfterMs ?? 30_000;
  const paths = new Map<string, PathConf>();
  const pulls: Pull[] = [];
  const hookCalls: HookCall[] = [];
  const apiCalls: string[] = [];
  const lastRead = new Map<string, number>();

  const send = (res: http.ServerResponse, status: number, body: unknown = '') => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', 'access-control-allow-origin': '*' });
    res.end(text);
  };
  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => resolve(data));
    });
  const running = (path: string) => pulls.find((p) => p.path === path && p.stoppedAt === null);
  const stopPull = (path: string) => {
    const p = running(path);
    if (p) p.stoppedAt = Date.now();
    lastRead.delete(path);
    stopWebrtcPath(path);
  };

  const api = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const reply = (status: number, body: unknown = '') => {
        apiCalls.push(`${req.method} ${url.pathname} ${status}`);
        const changed = /^\/v3\/config\/paths\/(?:add|replace|patch|delete)\/([^/]+)$/.exec(url.pathname);
        if (changed && status === 200) noteConf(changed[1]!);
        send(res, status, body);
      };
      if (opts.apiUser !== undefined) {
        const want = `Basic ${Buffer.from(`${opts.apiUser}:${opts.apiPassword ?? ''}`).toString('base64')}`;
        if (req.headers.authorization !== want) return reply(401, { error: 'authentication error' });
      }
      const m = /^\/v3\/config\/paths\/(add|replace|patch|delete|get)\/([^/]+)$/.exec(url.pathname);
      const body = await readBody(req);
      if (m) {
        const [, op, name] = m as unknown as [string, string, string];
        const exists = paths.has(name);
        let conf: PathConf = {};
        if (op === 'add' || op === 'replace' || op === 'patch') {
          try {
            conf = JSON.parse(body || '{}') as PathConf;
          } catch {
            return reply(400, { error: 'invalid JSON' });
          }
          if (conf.source !== undefined && !/^(rtsps?|rtmp|srt|udp):\/\//.test(String(conf.source)) && conf.source !== 'publisher') return reply(400, { error: 'invalid source' });
        }
        if (op === 'add' && req.method === 'POST') {
          if (exists) return reply(400, { error: 'path already exists' });
          paths.set(name, conf);
          return reply(200);
        }
        if (op === 'replace' && req.method === 'POST') {
          if (!exists) return reply(404, { error: 'path configuration not found' });
          if (paths.get(name)?.source !== conf.source) stopPull(name);
          paths.set(name, conf);
          return reply(200);
        }
        if (op === 'patch' && req.method === 'PATCH') {
          if (!exists) return reply(404, { error: 'path configuration not found' });
          paths.set(name, { ...paths.get(name), ...conf });
          return reply(200);
        }
        if (op === 'delete' && req.method === 'DELETE') {
          if (!exists) return reply(404, { error: 'path configuration not found' });
          paths.delete(name);
          stopPull(name);
          return reply(200);
        }
        if (op === 'get' && req.method === 'GET') return exists ? reply(200, { name, ...paths.get(name) }) : reply(404, { error: 'path configuration not found' });
        return reply(405, { error: 'method not allowed' });
      }
      if (url.pathname === '/v3/config/paths/list' && req.method === 'GET') {
        const per = Math.max(1, Number(url.searchParams.get('itemsPerPage') ?? 100) || 100);
        const page = Math.max(0, Number(url.searchParams.get('page') ?? 0) || 0);
        const all = [...paths.entries()].map(([name, conf]) => ({ name, ...conf }));
        return reply(200, { itemCount: all.length, pageCount: Math.ceil(all.length / per), items: all.slice(page * per, (page + 1) * per) });
      }
      if (url.pathname === '/v3/paths/list' && req.method === 'GET') {
        const items = [...paths.keys()].map((name) => ({ name, confName: name, ready: !!running(name), source: running(name) ? { type: 'rtspSource', id: '' } : null }));
        return reply(200, { itemCount: items.length, pageCount: 1, items });
      }
      return reply(404, { error: 'not found' });
    })();
  });

  const hls = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const m = /^\/(.+)\/(index\.m3u8|stream\.m3u8|seg\d+\.ts)$/.exec(url.pathname);
      if (!m) return send(res, 404, 'not found');
      const [, path, file] = m as unknown as [string, string, string];
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const hookBody = { user: '', password: '', token: bearer, ip: req.socket.remoteAddress ?? '', action: 'read', path, protocol: 'hls', id: null, query: url.search.slice(1) };
      const status = await fetch(double.authHTTPAddress, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(hookBody) })
        .then((r) => r.status)
        .catch(() => 599);
      hookCalls.push({ body: hookBody, status });
      if (status < 200 || status >= 300) return send(res, 401, 'authentication error');
      const conf = paths.get(path);
      if (!conf) return send(res, 404, 'path not configured');
      if (!running(path)) pulls.push({ path, source: String(conf.source), startedAt: Date.now(), stoppedAt: null });
      lastRead.set(path, Date.now());
      const q = url.search;
      if (file.endsWith('.m3u8')) {
        const seq = Math.floor(Date.now() / 1000);
        return send(res, 200, ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', `#EXT-X-MEDIA-SEQUENCE:${seq}`, '#EXTINF:1.000,', `seg${seq}.ts${q}`, ''].join('\n'));
      }
      const body = await hlsSegment();
      res.writeHead(200, { 'content-type': 'video/mp2t', 'access-control-allow-origin': '*' });
      res.end(body);
    })();
  });

  // --- WebRTC (WHEP) ---------------------------------------------------------------------------
  type Encoder = { proc: ChildProcess; socket: dgram.Socket; ready: Promise<void>; stopped: boolean };
  type Session = { id: string; path: string; pc: RTCPeerConnection; track: MediaStreamTrack };
  const encoders = new Map<string, Encoder>();
  const sessions = new Map<string, Session>();
  const ffmpeg = findFfmpeg(process.env.FFMPEG_PATH);
  const font = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'].find((f) => fs.existsSync(f));

  /** One encoder per path: a moving test card with the clock strip, VP8 over RTP to a loopback port. */
  function startEncoder(path: string): Encoder {
    const socket = dgram.createSocket('udp4');
    const encoder: Encoder = { proc: null as unknown as ChildProcess, socket, ready: Promise.resolve(), stopped: false };
    encoder.ready = new Promise<void>((resolve, reject) => {
      // Generous: on a loaded two-core machine ffmpeg and libvpx can take several seconds to start.
      const timer = setTimeout(() => reject(new Error('no RTP from the encoder in 30 s')), 30_000);
      let started = false;
      socket.on('message', (packet) => {
        started = true;
        // The encoder's RTCP sender reports come to the same port (rtcpport): not media.
        const type = packet[1]! & 0x7f;
        if (type >= 72 && type <= 76) return;
        clearTimeout(timer);
        resolve();
        for (const s of sessions.values()) if (s.path === path) s.track.writeRtp(packet);
      });
      socket.bind(0, '127.0.0.1', () => {
        const { port } = socket.address() as AddressInfo;
        const main = path.endsWith('_main');
        const filters = [clockCodeFilter()];
        if (font) filters.push(`drawtext=fontfile='${font}':fontcolor=white:fontsize=${main ? 28 : 16}:box=1:boxcolor=black@0.55:boxborderw=6:x=12:y=h/3:text='${path.replace(/[^A-Za-z0-9_]/g, '')} WebRTC'`);
        const launch = (attempt: number) => {
          encoder.proc = spawn(ffmpeg!, [
            '-hide_banner', '-loglevel', 'error', '-nostdin',
            '-re', '-f', 'lavfi', '-i', `testsrc2=size=${main ? '960x540' : '480x270'}:rate=25`,
            '-vf', filters.join(','),
            // Real time, no look-ahead, a key frame every second (a new reader sees a picture within 1 s).
            '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '16', '-lag-in-frames', '0', '-auto-alt-ref', '0', '-error-resilient', '1',
            '-b:v', main ? '1200k' : '400k', '-g', '25', '-keyint_min', '25', '-pix_fmt', 'yuv420p', '-an',
            // A connected socket, RTCP to the same port: when this process goes away (even killed), the
            // encoder's next packet is refused and it exits instead of running on as an orphan.
            '-f', 'rtp', '-payload_type', '96', `rtp://127.0.0.1:${port}?pkt_size=1200&connect=1&rtcpport=${port}`,
          ], { stdio: ['ignore', 'ignore', 'pipe'] });
          let stderr = '';
          encoder.proc.stderr!.on('data', (d: Buffer) => void (stderr = (stderr + d.toString()).slice(-500)));
          encoder.proc.once('exit', (code, signal) => {
            const why = `${signal ?? code}${stderr.trim() ? `: ${stderr.trim()}` : ''}`;
            // On a loaded CI machine the encoder once exited before its first packet (a clean
            // checkout, not seen alone): a source that fails to start is started again, as MediaMTX
            // retries a failing on-demand source; twice more, then the reader is told why.
            if (!started && !encoder.stopped && attempt < 3) {
              console.warn(`mediamtx double: the encoder of ${path} exited before its first packet (${why}); starting it again`);
              return launch(attempt + 1);
            }
            clearTimeout(timer);
            reject(new Error(`the encoder exited (${why})`));
            if (!encoder.stopped) stopWebrtcPath(path);
          });
        };
        launch(1);
      });
    });
    encoder.ready.catch(() => undefined);
    encoders.set(path, encoder);
    return encoder;
  }

  function closeSession(id: string) {
    const s = sessions.get(id);
    if (!s) return;
    sessions.delete(id);
    s.track.stop();
    void s.pc.close().catch(() => undefined);
  }

  /** The pull of a path stopped (nobody reads, or the path changed): its sessions and encoder end. */
  function stopWebrtcPath(path: string) {
    for (const s of [...sessions.values()]) if (s.path === path) closeSession(s.id);
    const e = encoders.get(path);
    if (!e) return;
    encoders.delete(path);
    e.stopped = true;
    e.proc?.kill('SIGKILL');
    e.socket.close();
  }

  /** MediaMTX's CORS: any origin, the WHEP headers, and Location readable by the page. */
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' };
  const sendWebrtc = (res: http.ServerResponse, status: number, body = '', headers: Record<string, string> = {}) => {
    res.writeHead(status, { ...cors, ...(body ? { 'content-type': 'application/json' } : {}), ...headers });
    res.end(body);
  };

  async function answerWhep(req: http.IncomingMessage, res: http.ServerResponse, url: URL, path: string) {
    if ((req.headers['content-type'] ?? '').split(';')[0]!.trim() !== 'application/sdp') return sendWebrtc(res, 400, JSON.stringify({ error: 'invalid Content-Type' }));
    const offer = await readBody(req);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const hookBody = { user: '', password: '', token: bearer, ip: req.socket.remoteAddress ?? '', action: 'read', path, protocol: 'webrtc', id: null, query: url.search.slice(1) };
    const status = await fetch(double.authHTTPAddress, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(hookBody) })
      .then((r) => r.status)
      .catch(() => 599);
    hookCalls.push({ body: hookBody, status });
    if (status < 200 || status >= 300) return sendWebrtc(res, 401, JSON.stringify({ error: 'authentication error' }));
    const conf = paths.get(path);
    if (!conf) return sendWebrtc(res, 404, JSON.stringify({ error: `path '${path}' is not configured` }));
    if (!running(path)) pulls.push({ path, source: String(conf.source), startedAt: Date.now(), stoppedAt: null });
    lastRead.set(path, Date.now());
    if (double.webrtcFault === 'unavailable' || !ffmpeg) return sendWebrtc(res, 500, JSON.stringify({ error: 'the source could not be read' }));
    const pc = new RTCPeerConnection({
      codecs: { video: [useVP8()], audio: [] },
      // Loopback only: candidates on 127.0.0.1, sockets bound there.
      iceAdditionalHostAddresses: ['127.0.0.1'],
      iceInterfaceAddresses: { udp4: '127.0.0.1' },
      iceUseIpv6: false,
    });
    const track = new MediaStreamTrack({ kind: 'video' });
    const id = randomUUID();
    // A reader from now on, while the source starts and the answer is made: the pull stays up.
    sessions.set(id, { id, path, pc, track });
    const encoder = encoders.get(path) ?? startEncoder(path);
    try {
      await encoder.ready;
    } catch (e) {
      stopWebrtcPath(path);
      return sendWebrtc(res, 500, JSON.stringify({ error: `the source could not be read: ${e instanceof Error ? e.message : String(e)}` }));
    }
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: offer });
      const video = pc.getTransceivers().find((t) => t.kind === 'video');
      if (!video) throw new Error('the offer has no video');
      if (double.webrtcFault !== 'silent') await video.sender.replaceTrack(track);
      video.setDirection('sendonly');
      await pc.setLocalDescription(await pc.createAnswer());
      if (pc.iceGatheringState !== 'complete') await new Promise<void>((r) => pc.iceGatheringStateChange.subscribe((s) => s === 'complete' && r()));
    } catch (e) {
      closeSession(id);
      return sendWebrtc(res, 400, JSON.stringify({ error: e instanceof Error ? e.message : 'invalid offer' }));
    }
    // The path was removed (or its pull stopped) meanwhile: no stream to read any more.
    if (!sessions.has(id)) return sendWebrtc(res, 404, JSON.stringify({ error: `no stream is available on path '${path}'` }));
    pc.connectionStateChange.subscribe((s) => {
      if (s === 'failed' || s === 'closed') closeSession(id);
    });
    // As MediaMTX's handshake timeout (webrtcHandshakeTimeout, 10 s there): a reader that never connects
    // is dropped. Longer here: on the loaded two-core CI the pure-JS handshake of werift on both ends
    // once took more than 10 s, and the reader then waited on a session that was gone.
    setTimeout(() => {
      if (sessions.has(id) && pc.connectionState !== 'connected') closeSession(id);
    }, 40_000).unref();
    const answer = (pc.localDescription?.sdp ?? '').split('\r\n').filter((l) => !l.startsWith('a=candidate:') || / 127\.0\.0\.1 /.test(l)).join('\r\n');
    sendWebrtc(res, 201, answer, { 'content-type': 'application/sdp', 'access-control-expose-headers': 'ETag, ID, Accept-Patch, Link, Location', etag: '*', id, location: `/${path}/whep/${id}` });
  }

  const webrtc = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'OPTIONS') {
        return sendWebrtc(res, 204, '', { 'access-control-allow-methods': 'OPTIONS, GET, POST, PATCH, DELETE', 'access-control-allow-headers': 'Authorization, Content-Type, If-Match' });
      }
      const start = /^\/([A-Za-z0-9_]+)\/whep$/.exec(url.pathname);
      if (start && req.method === 'POST') return answerWhep(req, res, url, start[1]!);
      if (start) return sendWebrtc(res, 405, JSON.stringify({ error: 'method not allowed' }));
      const session = /^\/([A-Za-z0-9_]+)\/whep\/([0-9a-f-]{36})$/.exec(url.pathname);
      if (session && req.method === 'DELETE') {
        const s = sessions.get(session[2]!);
        if (!s || s.path !== session[1]) return sendWebrtc(res, 404, JSON.stringify({ error: 'session not found' }));
        closeSession(s.id);
        return sendWebrtc(res, 200);
      }
      return sendWebrtc(res, 404, JSON.stringify({ error: 'not found' }));
    })().catch((e: unknown) => {
      if (!res.headersSent) sendWebrtc(res, 500, JSON.stringify({ error: `internal error: ${e instanceof Error ? e.message : String(e)}` }));
    });
  });
  // A WHEP reader keeps its path read, as HLS requests do, until its session ends.
  const keepRead = setInterval(() => {
    for (const s of sessions.values()) lastRead.set(s.path, Date.now());
  }, Math.max(25, Math.min(1000, closeAfterMs / 8)));
  keepRead.unref();

  // --- recording and the playback server ------------------------------------------------------
  const clock = opts.now ?? Date.now;
  const recorded = new Map<string, { start: number; end: number | null }[]>();
  const playbackCalls: MediaMtxDouble['playbackCalls'] = [];

  /** After a path's configuration changed: an always-on path is pulled; a recorded one records. */
  function noteConf(name: string) {
    const conf = paths.get(name);
    const pull = running(name);
    if (pull && conf && pull.source !== String(conf.source)) stopPull(name);
    const alwaysOn = conf?.sourceOnDemand === false;
    if (alwaysOn && !running(name)) pulls.push({ path: name, source: String(conf.source), startedAt: Date.now(), stoppedAt: null });
    if (!alwaysOn && running(name) && !lastRead.has(name)) stopPull(name);
    const spans = recorded.get(name) ?? [];
    const open = spans.find((x) => x.end === null);
    if (alwaysOn && conf.record === true && !open) recorded.set(name, [...spans, { start: clock(), end: null }]);
    if (!(alwaysOn && conf?.record === true) && open) open.end = clock();
  }

  const sendPlayback = (res: http.ServerResponse, status: number, body: string | Buffer, type = 'text/plain') => {
    res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true', ...(type === 'video/mp4' ? { 'accept-ranges': 'none' } : {}) });
    res.end(body);
  };
  /** The recorded spans of a path within [from, to] (ms), clipped to it. */
  const spansWithin = (path: string, from: number, to: number) =>
    (recorded.get(path) ?? [])
      .map((x) => ({ start: Math.max(x.start, from), end: Math.min(x.end ?? clock(), to) }))
      .filter((x) => x.end > x.start);

  const playback = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const route = url.pathname;
      if (route !== '/list' && route !== '/get') return sendPlayback(res, 404, 'not found');
      const query = Object.fromEntries(url.searchParams.entries());
      const answer = (status: number, body: string | Buffer, type?: string) => {
        playbackCalls.push({ route, query, status });
        sendPlayback(res, status, body, type);
      };
      const path = query.path ?? '';
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const hookBody = { user: '', password: '', token: bearer, ip: req.socket.remoteAddress ?? '', action: 'playback', path, protocol: '', id: null, query: url.search.slice(1) };
      const status = await fetch(double.authHTTPAddress, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(hookBody) })
        .then((r) => r.status)
        .catch(() => 599);
      hookCalls.push({ body: hookBody, status });
      if (status < 200 || status >= 300) return answer(401, '');
      if (!paths.has(path)) return answer(400, `path '${path}' is not configured`);
      const at = (v: string | undefined) => (v && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v) ? Date.parse(v) : Number.NaN);
      if (route === '/list') {
        const from = query.start ? at(query.start) : 0;
        const to = query.end ? at(query.end) : Number.MAX_SAFE_INTEGER;
        if (Number.isNaN(from) || Number.isNaN(to)) return answer(400, 'invalid start or end');
        const spans = spansWithin(path, from, to);
        if (!spans.length) return answer(404, 'recording not found');
        const base = `http://${req.headers.host ?? '127.0.0.1'}`;
        return answer(200, JSON.stringify(spans.map((x) => {
          const start = new Date(x.start).toISOString();
          const duration = (x.end - x.start) / 1000;
          return { start, duration, url: `${base}/get?${new URLSearchParams({ path, start, duration: String(duration) }).toString()}` };
        })), 'application/json');
      }
      const start = at(query.start);
      if (Number.isNaN(start)) return answer(400, 'invalid start');
      const duration = Number(query.duration);
      if (!query.duration || !Number.isFinite(duration) || duration <= 0) return answer(400, 'invalid duration');
      if (!['', 'fmp4', 'mp4'].includes(query.format ?? '')) return answer(400, `invalid format: ${query.format}`);
      if (!spansWithin(path, start, start + duration * 1000).length) return answer(404, 'recording not found');
      const mp4 = await playbackClip();
      if (!mp4) return answer(500, 'no ffmpeg to draw the recording');
      return answer(200, mp4, 'video/mp4');
    })().catch(() => {
      if (!res.headersSent) sendPlayback(res, 500, 'internal error');
    });
  });

  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [path, at] of lastRead) if (now - at >= closeAfterMs && paths.get(path)?.sourceOnDemand !== false) stopPull(path);
  }, Math.max(50, Math.min(1000, closeAfterMs / 4)));
  sweeper.unref();

  const listen = (server: http.Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  const [apiPort, hlsPort, webrtcPort] = await Promise.all([listen(api), listen(hls), listen(webrtc)]);
  const playbackPort = await listen(playback);
  const double: MediaMtxDouble = {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    hlsUrl: `http://127.0.0.1:${hlsPort}`,
    authHTTPAddress: opts.authHTTPAddress ?? '',
    paths,
    pulls,
    hookCalls,
    apiCalls,
    activePulls: () => pulls.filter((p) => p.stoppedAt === null),
    webrtcUrl: `http://127.0.0.1:${webrtcPort}`,
    whepSessions: () => [...sessions.values()].map((s) => ({ id: s.id, path: s.path })),
    webrtcEncoders: () => [...encoders.keys()],
    webrtcFault: 'none',
    playbackUrl: `http://127.0.0.1:${playbackPort}`,
    recorded,
    playbackCalls,
    async close() {
      clearInterval(sweeper);
      await new Promise<void>((r) => {
        playback.closeAllConnections();
        playback.close(() => r());
      });
      clearInterval(keepRead);
      for (const path of [...encoders.keys(), ...[...sessions.values()].map((s) => s.path)]) stopWebrtcPath(path);
      await Promise.all([api, hls, webrtc].map((s) => new Promise<void>((r) => { s.closeAllConnections(); s.close(() => r()); })));
    },
  };
  return double;
}
