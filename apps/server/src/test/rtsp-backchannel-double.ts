/**
 * A local double of an ONVIF camera's RTSP server with an audio backchannel (ONVIF Streaming
 * Specification, back channel connection), loopback only, for tests of
 * platform/adapters/onvif-backchannel.ts and of shouting through a device's talk-back.
 *
 * It answers OPTIONS, DESCRIBE (551 without `Require: www.onvif.org/ver20/backchannel`; an SDP with a
 * video, an audio and a `sendonly` PCMU backchannel medium), SETUP (interleaved TCP only), PLAY,
 * GET_PARAMETER and TEARDOWN; asks for Digest authentication when credentials are given (and checks
 * the response); and keeps every RTP packet received on the backchannel's channel.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type RtpPacket = { payloadType: number; seq: number; timestamp: number; ssrc: number; payload: Buffer };

export type BackchannelDouble = {
  url: string;
  /** Requests received, as "METHOD status". */
  requests: string[];
  packets: RtpPacket[];
  /** Sessions torn down. */
  teardowns: number;
  close(): Promise<void>;
};

export async function startBackchannelDouble(opts: { username?: string; password?: string; backchannel?: boolean } = {}): Promise<BackchannelDouble> {
  const realm = 'hxk-double';
  const nonce = crypto.randomBytes(8).toString('hex');
  const requests: string[] = [];
  const packets: RtpPacket[] = [];
  const sockets = new Set<net.Socket>();
  let port = 0;
  const state = { teardowns: 0 };
  const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

  const authorized = (method: string, header: string | undefined) => {
    if (opts.username === undefined) return true;
    if (!header?.startsWith('Digest ')) return false;
    const param = (name: string) => new RegExp(`${name}="?([^",]*)"?`).exec(header)?.[1] ?? '';
    const ha1 = md5(`${opts.username}:${realm}:${opts.password ?? ''}`);
    const ha2 = md5(`${method}:${param('uri')}`);
    return param('username') === opts.username && param('nonce') === nonce && param('response') === md5(`${ha1}:${nonce}:${ha2}`);
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buf = Buffer.alloc(0);
    let session: string | null = null;
    let channel = -1;
    const reply = (method: string, cseq: string, status: number, reason: string, headers: Record<string, string> = {}, body = '') => {
      requests.push(`${method} ${status}`);
      const all: Record<string, string> = { CSeq: cseq, ...headers };
      if (body) all['Content-Length'] = String(Buffer.byteLength(body));
      socket.write(`RTSP/1.0 ${status} ${reason}\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body}`);
    };
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        if (buf.length >= 4 && buf[0] === 0x24) {
          const len = buf.readUInt16BE(2);
          if (buf.length < 4 + len) return;
          const rtp = buf.subarray(4, 4 + len);
          if (buf[1] === channel && rtp.length >= 12) {
            packets.push({ payloadType: rtp[1]! & 0x7f, seq: rtp.readUInt16BE(2), timestamp: rtp.readUInt32BE(4), ssrc: rtp.readUInt32BE(8), payload: Buffer.from(rtp.subarray(12)) });
          }
          buf = buf.subarray(4 + len);
          continue;
        }
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const lines = buf.subarray(0, end).toString('latin1').split('\r\n');
        buf = buf.subarray(end + 4);
        const [method = '', uri = ''] = (lines[0] ?? '').split(' ');
        const headers: Record<string, string> = {};
        for (const l of lines.slice(1)) {
          const i = l.indexOf(':');
          if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
        }
        const cseq = headers.cseq ?? '0';
        if (method === 'OPTIONS') {
          reply(method, cseq, 200, 'OK', { Public: 'OPTIONS, DESCRIBE, SETUP, PLAY, GET_PARAMETER, TEARDOWN' });
          continue;
        }
        if (!authorized(method, headers.authorization)) {
          reply(method, cseq, 401, 'Unauthorized', { 'WWW-Authenticate': `Digest realm="${realm}", nonce="${nonce}"` });
          continue;
        }
        if (headers.require !== 'www.onvif.org/ver20/backchannel' || opts.backchannel === false) {
          reply(method, cseq, 551, 'Option not supported', { Unsupported: headers.require ?? '' });
          continue;
        }
        const base = `rtsp://127.0.0.1:${port}/Streaming/Channels/101`;
        if (method === 'DESCRIBE') {
          const sdp = [
            'v=0', `o=- 0 0 IN IP4 127.0.0.1`, 's=RTSP Session with audiobackchannel', 't=0 0',
            'm=video 0 RTP/AVP 96', 'a=rtpmap:96 H264/90000', 'a=control:trackID=1', 'a=recvonly',
            'm=audio 0 RTP/AVP 0', 'a=rtpmap:0 PCMU/8000', 'a=control:trackID=2', 'a=recvonly',
            'm=audio 0 RTP/AVP 0', 'a=rtpmap:0 PCMU/8000', 'a=control:trackID=4', 'a=sendonly', '',
          ].join('\r\n');
          reply(method, cseq, 200, 'OK', { 'Content-Type': 'application/sdp', 'Content-Base': `${base}/` }, sdp);
        } else if (method === 'SETUP') {
          const m = /interleaved=(\d+)-(\d+)/.exec(headers.transport ?? '');
          if (!uri.endsWith('/trackID=4') || !m) {
            reply(method, cseq, 461, 'Unsupported Transport');
            continue;
          }
          channel = Number(m[1]);
          session = crypto.randomBytes(6).toString('hex');
          reply(method, cseq, 200, 'OK', { Transport: `RTP/AVP/TCP;unicast;interleaved=${m[1]}-${m[2]}`, Session: `${session};timeout=60` });
        } else if ((method === 'PLAY' || method === 'GET_PARAMETER' || method === 'TEARDOWN') && headers.session === session) {
          if (method === 'TEARDOWN') state.teardowns++;
          reply(method, cseq, 200, 'OK', { Session: session ?? '' });
        } else reply(method, cseq, 454, 'Session Not Found');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    url: `rtsp://127.0.0.1:${port}/Streaming/Channels/101`,
    requests,
    packets,
    get teardowns() {
      return state.teardowns;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
