import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaMtxDouble, type MediaMtxDouble } from '../../test/mediamtx-double.ts';
import { gatewayDurationSeconds, MediaMtxGateway, retentionDuration, rfc3339 } from './media-gateway-mediamtx.ts';

/** The recording and playback half of the MediaMTX adapter, against the double (loopback only). */
describe('MediaMTX adapter: recording windows and the playback server', () => {
  let gw: MediaMtxDouble;
  let hook: http.Server;
  let client: MediaMtxGateway;
  const hookBodies: Record<string, unknown>[] = [];
  let clock = Date.UTC(2026, 2, 2, 0, 0, 0);
  const path = 'hxk_7_31_main';
  const source = 'rtsp://10.0.0.31/Streaming/Channels/101';

  beforeAll(async () => {
    // A stand-in for hxk's hook: admits the token "good" in the query, refuses anything else.
    hook = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const parsed = JSON.parse(body) as { query?: string; action?: string };
        hookBodies.push(parsed);
        res.writeHead(new URLSearchParams(parsed.query ?? '').get('t') === 'good' || parsed.action === 'api' ? 200 : 401).end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
    gw = await startMediaMtxDouble({ apiUser: 'hxk', apiPassword: 'api-pass', closeAfterMs: 200, now: () => clock });
    gw.authHTTPAddress = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/auth`;
    client = new MediaMtxGateway({
      apiUrl: gw.apiUrl, apiUser: 'hxk', apiPassword: 'api-pass', playUrl: gw.hlsUrl, allowHosts: ['127.0.0.1'],
      playback: { url: 'https://media.school.example/playback', apiUrl: gw.playbackUrl },
    });
  });
  afterAll(async () => {
    await gw?.close();
    await new Promise<void>((r) => hook?.close(() => r()));
  });

  it('reads MediaMTX durations and writes instants as its playback server parses them', () => {
    expect(gatewayDurationSeconds('4320h0m0s')).toBe(4320 * 3600);
    expect(gatewayDurationSeconds('1d')).toBe(86_400);
    expect(gatewayDurationSeconds('1m30s')).toBe(90);
    expect(gatewayDurationSeconds('500ms')).toBe(0.5);
    expect(gatewayDurationSeconds('0s')).toBe(0);
    expect(gatewayDurationSeconds('soon')).toBeNaN();
    expect(retentionDuration(180)).toBe('4320h');
    expect(retentionDuration(0)).toBe('0s');
    expect(rfc3339(new Date('2026-03-02T08:00:12.900Z'))).toBe('2026-03-02T08:00:12Z');
  });

  it('switches a missing path on (added always-on and recorded), and a live viewer\'s assertion keeps it so', async () => {
    await client.setRecording(path, source, true, '4320h');
    expect(gw.apiCalls.filter((c) => c.includes(path))).toEqual([`PATCH /v3/config/paths/patch/${path} 404`, `POST /v3/config/paths/add/${path} 200`]);
    expect(gw.paths.get(path)).toMatchObject({ source, sourceOnDemand: false, record: true, recordFormat: 'fmp4', recordDeleteAfter: '4320h', sourceOnDemandCloseAfter: '30s' });
    // Always-on: pulled at once, no reader needed, and recording from now on the gateway's clock.
    expect(gw.activePulls().map((p) => p.path)).toEqual([path]);
    expect(gw.recorded.get(path)).toEqual([{ start: clock, end: null }]);
    // Someone watches the camera live: the live adapter patches only its own fields.
    await client.ensurePath(path, source);
    expect(gw.apiCalls.at(-1)).toBe(`PATCH /v3/config/paths/patch/${path} 200`);
    expect(gw.paths.get(path)).toMatchObject({ sourceOnDemand: false, record: true });
    expect(gw.recorded.get(path)).toHaveLength(1);
    const [listed] = (await client.listPaths()).filter((p) => p.name === path);
    expect(listed).toEqual({ name: path, source, sourceOnDemand: false, record: true, recordDeleteAfter: 4320 * 3600 });
  });

  it('lists spans through the playback server, which asks the hook (action playback), and serves an MP4 without Range', async () => {
    clock += 47 * 60_000;
    await client.setRecording(path, source, false, '4320h');
    expect(gw.paths.get(path)).toMatchObject({ sourceOnDemand: true, record: false, recordDeleteAfter: '4320h' });
    expect(gw.recorded.get(path)).toEqual([{ start: clock - 47 * 60_000, end: clock }]);
    // Nobody reads it: back on demand, the pull stops.
    expect(gw.activePulls()).toEqual([]);

    const start = new Date(clock - 47 * 60_000 - 60_000);
    const end = new Date(clock + 60_000);
    const spans = await client.recordedSpans(path, start, end, 'good');
    expect(spans).toEqual([{ start: new Date(clock - 47 * 60_000), durationSeconds: 47 * 60 }]);
    expect(hookBodies.at(-1)).toMatchObject({ action: 'playback', path });
    expect(new URLSearchParams(String(hookBodies.at(-1)!.query)).get('start')).toBe(rfc3339(start));
    // Nothing recorded there: an empty list (the server's 404), not an error.
    expect(await client.recordedSpans(path, new Date(clock + 3_600_000), new Date(clock + 7_200_000), 'good')).toEqual([]);
    // A refused token is the gateway refusing.
    await expect(client.recordedSpans(path, start, end, 'bad')).rejects.toMatchObject({ kind: 'refused' });

    const url = client.playbackUrl(path, start, 49 * 60, 'good');
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe('https://media.school.example/playback/get');
    expect(Object.fromEntries(u.searchParams)).toEqual({ path, start: rfc3339(start), duration: String(49 * 60), format: 'mp4', t: 'good' });
    // The browser fetches it from the gateway (here the double itself).
    const res = await fetch(`${gw.playbackUrl}/get${u.search}`, { headers: { range: 'bytes=100-' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('accept-ranges')).toBe('none');
    const mp4 = Buffer.from(await res.arrayBuffer());
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const refused = await fetch(`${gw.playbackUrl}/get${u.search.replace('t=good', 't=bad')}`);
    expect(refused.status).toBe(401);
  }, 60_000);

  it('pages through the configured paths, and patches retention alone; a missing path needs nothing to switch off', async () => {
    for (let i = 0; i < 205; i++) await client.ensurePath(`hxk_7_${1000 + i}_sub`, `rtsp://10.0.1.${i % 250}/main`);
    const all = await client.listPaths();
    expect(all.length).toBe(206);
    expect(gw.apiCalls.filter((c) => c.startsWith('GET /v3/config/paths/list')).slice(-2)).toEqual(['GET /v3/config/paths/list 200', 'GET /v3/config/paths/list 200']);
    await client.setDeleteAfter(path, '24h');
    expect(gw.paths.get(path)).toMatchObject({ recordDeleteAfter: '24h', record: false });
    await client.setDeleteAfter('hxk_7_9999_main', '24h');
    await client.setRecording('hxk_7_9999_main', 'rtsp://10.0.0.9/main', false, '24h');
    expect(gw.paths.has('hxk_7_9999_main')).toBe(false);
  });

  it('maps an unreachable gateway to one error kind, never its reply', async () => {
    const down = new MediaMtxGateway({ apiUrl: 'http://127.0.0.1:1', playUrl: gw.hlsUrl, allowHosts: ['127.0.0.1'], playback: { url: 'http://127.0.0.1:1', apiUrl: 'http://127.0.0.1:1' } });
    await expect(down.listPaths()).rejects.toMatchObject({ kind: 'unreachable' });
    await expect(down.recordedSpans(path, new Date(clock), new Date(clock + 1000), 'good')).rejects.toMatchObject({ kind: 'unreachable' });
    await expect(down.setRecording(path, source, true, '1h')).rejects.toMatchObject({ kind: 'unreachable' });
  });
});
