/**
 * The production media gateway adapter (issue 14, docs/decisions/0017-media-gateway.md): MediaMTX.
 *
 * hxk never carries video when a gateway is configured. For each camera and quality a viewer asks
 * for, hxk makes sure the gateway has a path whose `source` is the camera's RTSP URL with
 * `sourceOnDemand: true`, through MediaMTX's control API (`PATCH /v3/config/paths/patch/{name}`
 * with the fields live video owns, falling back to `POST .../add/{name}` when the path does not
 * exist yet). MediaMTX then pulls the camera once, whatever the number of readers, only while
 * someone reads, and closes the pull `sourceOnDemandCloseAfter` after the last reader leaves. Every
 * read asks hxk's auth hook (`authMethod: http`, live.routes.ts), which checks the play token in the URL.
 *
 * Class recordings (modules/recordings/gateway-recordings.ts) use the same paths: for a class's
 * window the path is switched always-on and recorded (`setRecording`), and the playback server
 * (`playbackUrl`, `recordedSpans`) serves what was recorded, asking the same hook (action "playback").
 *
 * Calls go through the guarded outbound client: the operator lists the gateway's private host in
 * OUTBOUND_ALLOW_HOSTS. Errors never carry the gateway's reply.
 */
import { OutboundError, outboundFetch, type LookupAll } from '../outbound.ts';

export type MediaMtxOptions = {
  /** The control API, e.g. http://10.0.0.5:9997 (no trailing slash). */
  apiUrl: string;
  apiUser?: string | undefined;
  apiPassword?: string | undefined;
  /** Where browsers reach the gateway's HLS server, e.g. https://media.school.example:8888. */
  playUrl: string;
  /** OUTBOUND_ALLOW_HOSTS. */
  allowHosts: readonly string[];
  /** Where browsers reach the gateway's WebRTC server, e.g. https://media.school.example:8889; none: HLS only. */
  webrtcUrl?: string | undefined;
  /** The playback server (class recordings): `url` as browsers reach it, `apiUrl` as hxk does. */
  playback?: { url: string; apiUrl: string } | undefined;
  /** A configured path is re-asserted after this long (a restarted gateway forgets API-made paths). */
  refreshMs?: number;
  timeoutMs?: number;
  now?: () => number;
  lookup?: LookupAll;
};

export class MediaGatewayError extends Error {
  constructor(readonly kind: 'unreachable' | 'refused') {
    super(`media gateway ${kind}`);
    this.name = 'MediaGatewayError';
  }
}

/** The gateway path of one camera stream: only letters, digits and `_`, so it needs no escaping anywhere. */
export const gatewayPathName = (schoolId: string, cameraId: string, quality: 'main' | 'sub') => `hxk_${schoolId}_${cameraId}_${quality}`;

/** The school, camera and quality a path name stands for; null for any other path. */
export function parseGatewayPath(name: string): { schoolId: string; cameraId: string; quality: 'main' | 'sub' } | null {
  const m = /^hxk_(\d{1,19})_(\d{1,19})_(main|sub)$/.exec(name);
  return m ? { schoolId: m[1]!, cameraId: m[2]!, quality: m[3] as 'main' | 'sub' } : null;
}

/**
 * The sub stream's RTSP URL from the main one (the directory stores the main stream in
 * cameras.stream_url). Classroom cameras follow their maker's convention: Hikvision
 * `/Streaming/Channels/<n>01` → `<n>02`, Dahua `subtype=0` → `subtype=1`, Uniview
 * `/media/video1` → `video2`, generic `.../main` → `.../sub`. Anything else: the main stream,
 * which costs bandwidth but always plays.
 */
export function subStreamUrl(main: string): string {
  const rules: [RegExp, string][] = [
    [/(\/Streaming\/Channels\/\d*?)01(\b|$)/i, '$102$2'],
    [/([?&]subtype=)0(\b|$)/i, '$11$2'],
    [/(\/media\/video)1(\b|$)/i, '$12$2'],
    [/\/main(\/|$|\?)/i, '/sub$1'],
  ];
  for (const [pattern, replacement] of rules) if (pattern.test(main)) return main.replace(pattern, replacement);
  return main;
}

/** The path fields live video owns (on-demand pulls): sent on every assertion of a path. */
export const liveConf = (source: string) => ({ source, sourceOnDemandStartTimeout: '10s', sourceOnDemandCloseAfter: '30s', rtspTransport: 'tcp' });

/**
 * The path fields a class's recording window owns: always-on and recorded to fMP4 (what the playback
 * server reads) while on; on demand and unrecorded after. `recordDeleteAfter` stays set either way,
 * so MediaMTX keeps deleting the path's old segments (the school's retention). recordPath,
 * recordSegmentDuration and recordPartDuration come from the gateway's pathDefaults (its disks).
 */
export const recordingConf = (on: boolean, deleteAfter: string) =>
  on ? { sourceOnDemand: false, record: true, recordFormat: 'fmp4', recordDeleteAfter: deleteAfter } : { sourceOnDemand: true, record: false, recordDeleteAfter: deleteAfter };

/** A school's retention in days as MediaMTX's recordDeleteAfter ("0s": keep forever). */
export const retentionDuration = (days: number) => (days > 0 ? `${days * 24}h` : '0s');

/** MediaMTX's durations ("4320h", "4320h0m0s", "1d", "90s", "1.5s", "500ms", "0s") in seconds; NaN when unreadable. */
export function gatewayDurationSeconds(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || !/^(\d+(\.\d+)?(d|h|ms|m|s))+$/.test(v)) return Number.NaN;
  const unit: Record<string, number> = { d: 86_400, h: 3600, m: 60, s: 1, ms: 0.001 };
  let total = 0;
  for (const m of v.matchAll(/(\d+(?:\.\d+)?)(d|h|ms|m|s)/g)) total += Number(m[1]) * unit[m[2]!]!;
  return total;
}

/** An instant as the playback server reads it: RFC 3339 in UTC, whole seconds. */
export const rfc3339 = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString().replace(/\.000Z$/, 'Z');

/** A configured path as the control API lists it (the fields hxk reads). */
export type GatewayPathConf = { name: string; source: string | null; sourceOnDemand: boolean; record: boolean; recordDeleteAfter: number };

/** A span the playback server has recorded. */
export type RecordedSpan = { start: Date; durationSeconds: number };

export class MediaMtxGateway {
  private readonly configured = new Map<string, { source: string; at: number }>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly refreshMs: number;
  private readonly now: () => number;

  constructor(private readonly opts: MediaMtxOptions) {
    this.refreshMs = opts.refreshMs ?? 60_000;
    this.now = opts.now ?? Date.now;
  }

  /** The HLS address a browser plays, carrying the play token (the hook reads it from `query`). */
  hlsUrl(path: string, token: string): string {
    return `${this.opts.playUrl}/${path}/index.m3u8?t=${encodeURIComponent(token)}`;
  }

  /**
   * The WHEP address of the same path and token (MediaMTX's WebRTC server: the browser POSTs its SDP
   * offer there; the auth hook sees protocol "webrtc" and the same query), or null without a WebRTC URL.
   */
  whepUrl(path: string, token: string): string | null {
    return this.opts.webrtcUrl ? `${this.opts.webrtcUrl}/${path}/whep?t=${encodeURIComponent(token)}` : null;
  }

  /**
   * Makes sure the gateway has the path, pulling `source` on demand. Cheap when it was asserted
   * recently; concurrent calls for one path share one API call.
   */
  async ensurePath(path: string, source: string): Promise<void> {
    const known = this.configured.get(path);
    if (known && known.source === source && this.now() - known.at < this.refreshMs) return;
    const running = this.pending.get(path);
    if (running) return running;
    const job = this.upsert(path, source).finally(() => this.pending.delete(path));
    this.pending.set(path, job);
    return job;
  }

  /** Removes a path (a camera deleted or re-addressed); a missing path is fine. */
  async deletePath(path: string): Promise<void> {
    this.configured.delete(path);
    try {
      await this.api('DELETE', `/v3/config/paths/delete/${path}`);
    } catch (e) {
      if (e instanceof OutboundError && e.kind === 'status' && e.status === 404) return;
      throw this.mapped(e);
    }
  }

  async close(): Promise<void> {
    this.configured.clear();
  }

  /**
   * Turns a camera path's recording on (pulled always, recorded) or off (on demand again, unrecorded;
   * its recorded segments stay for playback), through `PATCH /v3/config/paths/patch/{name}`. A missing
   * path (a restarted gateway) is added when turning on, and needs nothing when turning off.
   */
  async setRecording(path: string, source: string | null, on: boolean, deleteAfter: string): Promise<void> {
    const conf = { ...(source ? { source } : {}), ...recordingConf(on, deleteAfter) };
    try {
      await this.api('PATCH', `/v3/config/paths/patch/${path}`, JSON.stringify(conf));
    } catch (e) {
      if (!(e instanceof OutboundError && e.kind === 'status' && e.status === 404)) throw this.mapped(e);
      if (!on || !source) return;
      try {
        await this.api('POST', `/v3/config/paths/add/${path}`, JSON.stringify({ ...liveConf(source), ...conf }));
      } catch (e2) {
        throw this.mapped(e2);
      }
    }
  }

  /** Sets how long a path's recorded segments are kept (the school's retention changed); a missing path is fine. */
  async setDeleteAfter(path: string, deleteAfter: string): Promise<void> {
    try {
      await this.api('PATCH', `/v3/config/paths/patch/${path}`, JSON.stringify({ recordDeleteAfter: deleteAfter }));
    } catch (e) {
      if (e instanceof OutboundError && e.kind === 'status' && e.status === 404) return;
      throw this.mapped(e);
    }
  }

  /** Every configured path, from `GET /v3/config/paths/list` a page at a time. */
  async listPaths(): Promise<GatewayPathConf[]> {
    const out: GatewayPathConf[] = [];
    for (let page = 0; page < 10_000; page++) {
      let body: { pageCount?: unknown; items?: unknown };
      try {
        const res = await this.request('GET', `${this.opts.apiUrl}/v3/config/paths/list?page=${page}&itemsPerPage=200`, { credentials: true, maxBytes: 8 * 1024 * 1024 });
        body = JSON.parse(res.body.toString('utf8')) as typeof body;
      } catch (e) {
        throw this.mapped(e);
      }
      for (const item of Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : []) {
        if (!item || typeof item.name !== 'string') continue;
        out.push({
          name: item.name,
          source: typeof item.source === 'string' ? item.source : null,
          // MediaMTX's default is false: a path without the field pulls always.
          sourceOnDemand: item.sourceOnDemand === true,
          record: item.record === true,
          recordDeleteAfter: gatewayDurationSeconds(item.recordDeleteAfter),
        });
      }
      if (page + 1 >= (typeof body.pageCount === 'number' ? body.pageCount : 0)) break;
    }
    return out;
  }

  /**
   * The playback server's MP4 of [start, start + duration] of a path (`GET /get`, format mp4), with
   * the playback token in `t` (the auth hook reads the query). It answers no Range requests.
   */
  playbackUrl(path: string, start: Date, durationSeconds: number, token: string): string {
    if (!this.opts.playback) throw new Error('no playback server configured');
    const q = new URLSearchParams({ path, start: rfc3339(start), duration: String(durationSeconds), format: 'mp4', t: token });
    return `${this.opts.playback.url}/get?${q.toString()}`;
  }

  /** The spans recorded on a path within [start, end] (`GET /list`); none when the playback server has nothing there (404). */
  async recordedSpans(path: string, start: Date, end: Date, token: string): Promise<RecordedSpan[]> {
    if (!this.opts.playback) throw new Error('no playback server configured');
    const q = new URLSearchParams({ path, start: rfc3339(start), end: rfc3339(end), t: token });
    let list: unknown;
    try {
      const res = await this.request('GET', `${this.opts.playback.apiUrl}/list?${q.toString()}`, { credentials: false, maxBytes: 1024 * 1024 });
      list = JSON.parse(res.body.toString('utf8'));
    } catch (e) {
      if (e instanceof OutboundError && e.kind === 'status' && e.status === 404) return [];
      throw this.mapped(e);
    }
    if (!Array.isArray(list)) throw new MediaGatewayError('refused');
    return (list as { start?: unknown; duration?: unknown }[]).flatMap((e) => {
      const at = typeof e?.start === 'string' ? new Date(e.start) : null;
      const seconds = gatewayDurationSeconds(e?.duration);
      return at && Number.isFinite(at.getTime()) && Number.isFinite(seconds) && seconds > 0 ? [{ start: at, durationSeconds: seconds }] : [];
    });
  }

  private request(method: 'GET', url: string, o: { credentials: boolean; maxBytes: number }) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (o.credentials && this.opts.apiUser !== undefined) {
      headers.authorization = `Basic ${Buffer.from(`${this.opts.apiUser}:${this.opts.apiPassword ?? ''}`).toString('base64')}`;
    }
    return outboundFetch(url, {
      method,
      headers,
      allowHosts: this.opts.allowHosts,
      timeoutMs: this.opts.timeoutMs ?? 5_000,
      maxBytes: o.maxBytes,
      maxRedirects: 0,
      ...(this.opts.lookup ? { lookup: this.opts.lookup } : {}),
    });
  }

  private async upsert(path: string, source: string): Promise<void> {
    // An existing path is patched with the fields live video owns: during a class's recording window
    // the same path is always-on and recorded (recordingConf), and a viewer must not undo that.
    const live = liveConf(source);
    try {
      try {
        await this.api('PATCH', `/v3/config/paths/patch/${path}`, JSON.stringify(live));
      } catch (e) {
        if (!(e instanceof OutboundError && e.kind === 'status' && e.status === 404)) throw e;
        await this.api('POST', `/v3/config/paths/add/${path}`, JSON.stringify({ ...live, sourceOnDemand: true }));
      }
    } catch (e) {
      this.configured.delete(path);
      throw this.mapped(e);
    }
    this.configured.set(path, { source, at: this.now() });
  }

  private api(method: 'POST' | 'PATCH' | 'DELETE', route: string, body?: string) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.opts.apiUser !== undefined) {
      headers.authorization = `Basic ${Buffer.from(`${this.opts.apiUser}:${this.opts.apiPassword ?? ''}`).toString('base64')}`;
    }
    return outboundFetch(`${this.opts.apiUrl}${route}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
      allowHosts: this.opts.allowHosts,
      timeoutMs: this.opts.timeoutMs ?? 5_000,
      maxBytes: 64 * 1024,
      maxRedirects: 0,
      ...(this.opts.lookup ? { lookup: this.opts.lookup } : {}),
    });
  }

  private mapped(e: unknown): MediaGatewayError {
    if (e instanceof OutboundError && (e.kind === 'status' || e.kind === 'blocked' || e.kind === 'invalidUrl')) return new MediaGatewayError('refused');
    return new MediaGatewayError('unreachable');
  }
}
