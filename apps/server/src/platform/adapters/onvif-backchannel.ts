/**
 * Talk-back into a classroom through a camera's (or recorder's) ONVIF audio backchannel (issue 14:
 * "audio delivered to the room through the gateway's or recorder's talk-back where the device has
 * one"). ONVIF Streaming Specification, "Back channel connection": plain RTSP (RFC 2326) where every
 * request carries `Require: www.onvif.org/ver20/backchannel`; a device without it answers 551. The
 * DESCRIBE reply lists the backchannel as an audio medium marked `a=sendonly` (the client sends);
 * the client SETUPs it over RTSP-interleaved TCP, PLAYs, and sends RTP packets of G.711 (PCMU or
 * PCMA, 8 kHz) on that channel. Digest (or Basic) authentication as the device asks.
 *
 * The speaker's audio arrives as 20 ms frames of 16 kHz mono s16le (shouting's format): each becomes
 * one RTP packet of 160 samples at 8 kHz (a 2-tap low-pass and decimation, enough for speech).
 * The connection goes through the guarded outbound client (the camera's host must be allowed in
 * OUTBOUND_ALLOW_HOSTS, as for ONVIF PTZ).
 */
import crypto from 'node:crypto';
import type net from 'node:net';
import { OutboundError, outboundConnect, type LookupAll } from '../outbound.ts';

export const BACKCHANNEL_REQUIRE = 'www.onvif.org/ver20/backchannel';

export type BackchannelOptions = {
  /** The device's RTSP address (cameras.stream_url); credentials in it are used when none are given. */
  url: string;
  username?: string | null | undefined;
  password?: string | null | undefined;
  allowHosts: readonly string[];
  lookup?: LookupAll;
  timeoutMs?: number;
  /** Keep-alive interval (GET_PARAMETER); devices drop sessions after about 60 s of silence. */
  keepAliveMs?: number;
};

export class BackchannelError extends Error {
  constructor(readonly kind: 'unreachable' | 'blocked' | 'unauthorized' | 'unsupported' | 'protocol') {
    super(`talk-back ${kind}`);
    this.name = 'BackchannelError';
  }
}

export type BackchannelSession = {
  /** The codec the device took. */
  readonly codec: 'PCMU' | 'PCMA';
  /** One 20 ms frame of 16 kHz mono s16le (640 bytes; other even lengths are resampled as they come). */
  send(pcm16k: Buffer): void;
  /** TEARDOWN and close; safe to call twice. */
  close(): Promise<void>;
};

// ------------------------------------------------------------------------------- G.711 and resampling

/** ITU-T G.711 µ-law of one 16-bit sample. */
export function linearToUlaw(sample: number): number {
  const BIAS = 0x84;
  let s = Math.max(-32635, Math.min(32635, sample | 0));
  const sign = s < 0 ? 0x80 : 0;
  if (s < 0) s = -s;
  s += BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** ITU-T G.711 A-law of one 16-bit sample. */
export function linearToAlaw(sample: number): number {
  let s = Math.max(-32768, Math.min(32767, sample | 0)) >> 3;
  const sign = s >= 0 ? 0x80 : 0;
  if (s < 0) s = -s - 1;
  let exponent = 0;
  for (let v = s >> 4; v > 1 && exponent < 7; v >>= 1) exponent++;
  const mantissa = exponent === 0 ? (s >> 1) & 0x0f : (s >> exponent) & 0x0f;
  return ((sign | (exponent << 4) | mantissa) ^ 0x55) & 0xff;
}

/** The sample a µ-law byte stands for (for tests and doubles). */
export function ulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const t = (((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4);
  return u & 0x80 ? 0x84 - t : t - 0x84;
}

/** 16 kHz s16le → 8 kHz samples: the mean of each pair (a low-pass at the new Nyquist, then decimation). */
export function downsample16kTo8k(pcm: Buffer): Int16Array {
  const out = new Int16Array(Math.floor(pcm.length / 4));
  for (let i = 0; i < out.length; i++) out[i] = (pcm.readInt16LE(i * 4) + pcm.readInt16LE(i * 4 + 2)) >> 1;
  return out;
}

// ------------------------------------------------------------------------------------------ RTSP

type RtspReply = { status: number; headers: Record<string, string>; body: string };

/** RFC 2617 digest response (RTSP devices use MD5, with or without qop=auth). */
export function digestAuthorization(challenge: string, user: string, password: string, method: string, uri: string, cnonce = crypto.randomBytes(8).toString('hex')): string {
  const param = (name: string) => new RegExp(`${name}="?([^",]*)"?`, 'i').exec(challenge)?.[1];
  const realm = param('realm') ?? '';
  const nonce = param('nonce') ?? '';
  const qop = param('qop')?.split(',').map((q) => q.trim()).includes('auth') ? 'auth' : undefined;
  const opaque = param('opaque');
  const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
  const ha1 = md5(`${user}:${realm}:${password}`);
  const ha2 = md5(`${method}:${uri}`);
  const nc = '00000001';
  const response = qop ? md5(`${ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : md5(`${ha1}:${nonce}:${ha2}`);
  let header = `Digest username="${user}", realm="${realm}", nonce="${nonce}", uri="${uri}", response="${response}"`;
  if (qop) header += `, qop=${qop}, nc=${nc}, cnonce="${cnonce}"`;
  if (opaque) header += `, opaque="${opaque}"`;
  return header;
}

/** The backchannel medium of a DESCRIBE reply: its control URL and the G.711 payload type to use. */
export function backchannelTrack(sdp: string, base: string): { control: string; payloadType: 0 | 8; codec: 'PCMU' | 'PCMA' } | null {
  const sections = sdp.split(/\r?\n(?=m=)/);
  for (const section of sections.slice(1)) {
    const lines = section.split(/\r?\n/);
    const m = /^m=audio \d+ [A-Z/]+ ([\d ]+)/.exec(lines[0] ?? '');
    if (!m || !lines.some((l) => l.trim() === 'a=sendonly')) continue;
    const types = m[1]!.trim().split(/\s+/).map(Number);
    const rtpmap = (pt: number) => lines.find((l) => l.startsWith(`a=rtpmap:${pt} `))?.split(' ')[1]?.toUpperCase();
    const pick = types.find((pt) => pt === 0 || rtpmap(pt)?.startsWith('PCMU/8000')) ?? types.find((pt) => pt === 8 || rtpmap(pt)?.startsWith('PCMA/8000'));
    if (pick === undefined) continue;
    const control = lines.find((l) => l.startsWith('a=control:'))?.slice('a=control:'.length).trim();
    if (!control) continue;
    const url = /^rtsp:\/\//i.test(control) ? control : `${base.replace(/\/$/, '')}/${control}`;
    const codec = pick === 8 || rtpmap(pick)?.startsWith('PCMA') ? 'PCMA' : 'PCMU';
    return { control: url, payloadType: codec === 'PCMA' ? 8 : 0, codec };
  }
  return null;
}

/** Reads RTSP replies off the socket, skipping interleaved `$` frames (RTCP the device may send). */
class ReplyReader {
  private buf = Buffer.alloc(0);
  private waiting: { resolve: (r: RtspReply) => void; reject: (e: Error) => void } | null = null;
  private readonly queue: RtspReply[] = [];
  private failed: Error | null = null;

  constructor(socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buf = Buffer.concat([this.buf, chunk]);
      this.parse();
    });
    const fail = () => this.fail(new BackchannelError('unreachable'));
    socket.on('close', fail);
    socket.on('error', fail);
  }

  next(): Promise<RtspReply> {
    const have = this.queue.shift();
    if (have) return Promise.resolve(have);
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  private fail(e: Error) {
    this.failed ??= e;
    this.waiting?.reject(e);
    this.waiting = null;
  }

  private parse() {
    for (;;) {
      if (this.buf.length >= 4 && this.buf[0] === 0x24) {
        const len = this.buf.readUInt16BE(2);
        if (this.buf.length < 4 + len) return;
        this.buf = this.buf.subarray(4 + len);
        continue;
      }
      const end = this.buf.indexOf('\r\n\r\n');
      if (end < 0) {
        if (this.buf.length > 64 * 1024) this.fail(new BackchannelError('protocol'));
        return;
      }
      const head = this.buf.subarray(0, end).toString('latin1').split('\r\n');
      const status = /^RTSP\/1\.0 (\d{3})/.exec(head[0] ?? '');
      if (!status) return this.fail(new BackchannelError('protocol'));
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      if (this.buf.length < end + 4 + length) return;
      const body = this.buf.subarray(end + 4, end + 4 + length).toString('utf8');
      this.buf = this.buf.subarray(end + 4 + length);
      const reply = { status: Number(status[1]), headers, body };
      if (this.waiting) {
        this.waiting.resolve(reply);
        this.waiting = null;
      } else this.queue.push(reply);
    }
  }
}

const mapError = (e: unknown): BackchannelError =>
  e instanceof BackchannelError ? e : e instanceof OutboundError ? new BackchannelError(e.kind === 'blocked' || e.kind === 'invalidUrl' ? 'blocked' : 'unreachable') : new BackchannelError('unreachable');

/** Opens the device's backchannel: DESCRIBE, SETUP, PLAY; resolves once audio can be sent. */
export async function openOnvifBackchannel(opts: BackchannelOptions): Promise<BackchannelSession> {
  let parsed: URL;
  try {
    parsed = new URL(opts.url);
  } catch {
    throw new BackchannelError('blocked');
  }
  if (parsed.protocol !== 'rtsp:') throw new BackchannelError('blocked');
  const user = opts.username ?? (decodeURIComponent(parsed.username) || null);
  const password = opts.password ?? decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  const base = parsed.toString();
  const timeoutMs = opts.timeoutMs ?? 5_000;

  let socket: net.Socket;
  try {
    socket = await outboundConnect(base, { allowHosts: opts.allowHosts, ...(opts.lookup ? { lookup: opts.lookup } : {}), timeoutMs, defaultPorts: { 'rtsp:': 554 } });
  } catch (e) {
    throw mapError(e);
  }
  socket.setNoDelay(true);
  const reader = new ReplyReader(socket);
  let cseq = 0;
  let challenge: string | null = null;
  let session: string | null = null;

  // One request at a time: replies come back in order and the reader has one waiter.
  let queue: Promise<unknown> = Promise.resolve();
  const request = (method: string, uri: string, extra: Record<string, string> = {}): Promise<RtspReply> => {
    const run = queue.then(() => exchange(method, uri, extra));
    queue = run.catch(() => undefined);
    return run;
  };
  const exchange = async (method: string, uri: string, extra: Record<string, string>): Promise<RtspReply> => {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { CSeq: String(++cseq), 'User-Agent': 'hxk', Require: BACKCHANNEL_REQUIRE, ...extra };
      if (session) headers.Session = session;
      if (challenge && user) {
        headers.Authorization = /^basic/i.test(challenge)
          ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
          : digestAuthorization(challenge, user, password, method, uri);
      }
      socket.write(`${method} ${uri} RTSP/1.0\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const reply = await Promise.race([
        reader.next(),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new BackchannelError('unreachable')), timeoutMs))),
      ]).finally(() => clearTimeout(timer));
      if (reply.status === 401 && attempt === 0 && user && reply.headers['www-authenticate']) {
        challenge = reply.headers['www-authenticate'];
        continue;
      }
      if (reply.status === 401 || reply.status === 403) throw new BackchannelError('unauthorized');
      if (reply.status === 551) throw new BackchannelError('unsupported');
      if (reply.status < 200 || reply.status >= 300) throw new BackchannelError('protocol');
      return reply;
    }
  };

  try {
    const described = await request('DESCRIBE', base, { Accept: 'application/sdp' });
    const track = backchannelTrack(described.body, described.headers['content-base'] ?? base);
    if (!track) throw new BackchannelError('unsupported');
    const setup = await request('SETUP', track.control, { Transport: 'RTP/AVP/TCP;unicast;interleaved=0-1' });
    session = setup.headers.session?.split(';')[0]?.trim() || null;
    if (!session) throw new BackchannelError('protocol');
    const channel = Number(/interleaved=(\d+)/.exec(setup.headers.transport ?? '')?.[1] ?? 0);
    await request('PLAY', base, { Range: 'npt=0.000-' });

    const ssrc = crypto.randomBytes(4).readUInt32BE(0);
    let seq = crypto.randomBytes(2).readUInt16BE(0);
    let timestamp = crypto.randomBytes(4).readUInt32BE(0);
    const encode = track.codec === 'PCMA' ? linearToAlaw : linearToUlaw;
    let closed = false;
    const keepAlive = setInterval(() => {
      if (!closed) request('GET_PARAMETER', base).catch(() => undefined);
    }, opts.keepAliveMs ?? 25_000);
    keepAlive.unref();

    return {
      codec: track.codec,
      send(pcm16k) {
        if (closed || socket.destroyed) return;
        const samples = downsample16kTo8k(pcm16k);
        const rtp = Buffer.alloc(12 + samples.length);
        rtp[0] = 0x80;
        rtp[1] = track.payloadType;
        rtp.writeUInt16BE(seq, 2);
        rtp.writeUInt32BE(timestamp >>> 0, 4);
        rtp.writeUInt32BE(ssrc, 8);
        for (let i = 0; i < samples.length; i++) rtp[12 + i] = encode(samples[i]!);
        seq = (seq + 1) & 0xffff;
        timestamp = (timestamp + samples.length) >>> 0;
        const frame = Buffer.alloc(4);
        frame[0] = 0x24;
        frame[1] = channel;
        frame.writeUInt16BE(rtp.length, 2);
        socket.write(Buffer.concat([frame, rtp]));
      },
      async close() {
        if (closed) return;
        closed = true;
        clearInterval(keepAlive);
        if (!socket.destroyed) await request('TEARDOWN', base).catch(() => undefined);
        socket.end();
      },
    };
  } catch (e) {
    socket.destroy();
    throw mapError(e);
  }
}
