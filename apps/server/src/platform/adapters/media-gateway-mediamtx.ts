/**
 * The production media gateway adapter (issue 14, docs/decisions/0017-media-gateway.md): MediaMTX.
 *
 * hxk never carries video when a gateway is configured. For each camera and quality a viewer asks
 * for, hxk makes sure the gateway has a path whose `source` is the camera's RTSP URL with
 * `sourceOnDemand: true`, through MediaMTX's control API (`POST /v3/config/paths/replace/{name}`,
 * falling back to `.../add/{name}` when the path does not exist yet). MediaMTX then pulls the camera
 * once, whatever the number of readers, only while someone reads, and closes the pull
 * `sourceOnDemandCloseAfter` after the last reader leaves. Every read asks hxk's auth hook
 * (`authMethod: http`, live.routes.ts), which checks the play token in the URL.
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

  private async upsert(path: string, source: string): Promise<void> {
    const conf = JSON.stringify({ source, sourceOnDemand: true, sourceOnDemandStartTimeout: '10s', sourceOnDemandCloseAfter: '30s', rtspTransport: 'tcp' });
    try {
      try {
        await this.api('POST', `/v3/config/paths/replace/${path}`, conf);
      } catch (e) {
        if (!(e instanceof OutboundError && e.kind === 'status' && e.status === 404)) throw e;
        await this.api('POST', `/v3/config/paths/add/${path}`, conf);
      }
    } catch (e) {
      this.configured.delete(path);
      throw this.mapped(e);
    }
    this.configured.set(path, { source, at: this.now() });
  }

  private api(method: 'POST' | 'DELETE', route: string, body?: string) {
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
