import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { cameras, courseSessions, courses, memberScopeTeachers, schoolMemberships, supervisionGroups } from '../../db/schema/index.ts';
import { gatewayPathName } from '../../platform/adapters/media-gateway-mediamtx.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { startMediaMtxDouble, type MediaMtxDouble } from '../../test/mediamtx-double.ts';
import { liveMedia } from './media.ts';
import { PLAY_TOKEN_TTL_MS, signPlayToken } from './play-token.ts';

type Grant = { cameraId: string; quality: string; protocol: string; url: string; whepUrl?: string; expiresAt: string };

const HOOK_SECRET = 'hook-secret-for-tests-0123456789';
const PLAY_SECRET = 'play-token-secret-for-tests-0123456789';

describe.each(DRIVERS)('live video through the MediaMTX gateway on %s', (driver) => {
  let env: TestEnv;
  let gw: MediaMtxDouble;
  let hxk: string;
  let admin: string;
  let admin2: string;
  let supervisor: string;
  const en = { language: 'en' };
  const seed = <T>(fn: Parameters<typeof platformTx<T>>[2]) => platformTx(env.dbh.db, 'seed', fn);
  const room = () => env.schoolA.directory.classrooms[0]!;
  const mainUrl = (cameraId: string) => `rtsp://10.20.0.${Number(cameraId) % 250}:554/Streaming/Channels/101`;

  beforeAll(async () => {
    gw = await startMediaMtxDouble({ apiUser: 'hxk', apiPassword: 'api-pass', closeAfterMs: 300 });
    env = await createTestEnv(driver, {
      env: {
        MEDIA_GATEWAY: 'mediamtx',
        MEDIA_GATEWAY_API_URL: gw.apiUrl,
        MEDIA_GATEWAY_API_USER: 'hxk',
        MEDIA_GATEWAY_API_PASSWORD: 'api-pass',
        MEDIA_GATEWAY_PLAY_URL: gw.hlsUrl,
        MEDIA_GATEWAY_WEBRTC_URL: gw.webrtcUrl,
        MEDIA_GATEWAY_HOOK_SECRET: HOOK_SECRET,
        PLAY_TOKEN_SECRET: PLAY_SECRET,
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      },
    });
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    hxk = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
    gw.authHTTPAddress = `${hxk}/live/gateway/auth?key=${HOOK_SECRET}`;
    // The directory holds each camera's main RTSP stream.
    await seed(async (tx) => {
      for (const id of room().cameraIds) {
        await tx.update(cameras).set({ streamUrl: mainUrl(id) }).where(and(eq(cameras.schoolId, env.schoolA.schoolId), eq(cameras.id, id)));
      }
    });
    [admin, admin2, supervisor] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'supervisor')]);
  });
  afterAll(async () => {
    await env?.close();
    await gw?.close();
  });

  const play = (token: string, cameraId: string, quality: 'main' | 'sub' = 'sub') =>
    call<Grant>(env.app, { url: '/app/live/v1/play', body: { cameraId, quality }, token, headers: en });
  const hook = (body: Record<string, unknown>, key = HOOK_SECRET) =>
    fetch(`${hxk}/live/gateway/auth?key=${encodeURIComponent(key)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const readBody = (path: string, token: string, extra: Record<string, unknown> = {}) =>
    ({ user: '', password: '', token: '', ip: '10.0.0.9', action: 'read', path, protocol: 'hls', id: null, query: `t=${encodeURIComponent(token)}`, ...extra });
  const tokenOf = (url: string) => new URL(url).searchParams.get('t')!;

  it('adds the camera\'s path on demand (main RTSP URL, sub derived) and points the grant at the gateway', async () => {
    const cameraId = room().cameraIds[0]!;
    const sub = await play(admin, cameraId, 'sub');
    expect(sub.status).toBe(200);
    const subPath = gatewayPathName(env.schoolA.schoolId, cameraId, 'sub');
    expect(sub.body.data.url.startsWith(`${gw.hlsUrl}/${subPath}/index.m3u8?t=`)).toBe(true);
    expect(gw.paths.get(subPath)).toMatchObject({ source: mainUrl(cameraId).replace(/101$/, '102'), sourceOnDemand: true });
    const main = await play(admin, cameraId, 'main');
    expect(gw.paths.get(gatewayPathName(env.schoolA.schoolId, cameraId, 'main'))).toMatchObject({ source: mainUrl(cameraId), sourceOnDemand: true });
    // First time: patch answers 404, then add. Nothing is pulled until someone reads.
    expect(gw.apiCalls.filter((c) => c.includes(subPath))).toEqual([`PATCH /v3/config/paths/patch/${subPath} 404`, `POST /v3/config/paths/add/${subPath} 200`]);
    expect(gw.activePulls().filter((p) => p.path === subPath)).toHaveLength(0);
    // Asking again within a minute does not call the gateway again.
    const before = gw.apiCalls.length;
    await play(admin, cameraId, 'sub');
    expect(gw.apiCalls.length).toBe(before);
    // The browser plays from the gateway, which asks hxk's hook with the token of the URL.
    const res = await fetch(main.body.data.url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('#EXTM3U');
    expect(gw.hookCalls.at(-1)).toMatchObject({ status: 200, body: { action: 'read', path: gatewayPathName(env.schoolA.schoolId, cameraId, 'main') } });
    // Video never passes through hxk: no simulator, so hxk's own HLS route has nothing to serve.
    expect(liveMedia(env.app.deps)?.kind).toBe('gateway');
    const local = await env.app.inject({ method: 'GET', url: `/live/hls/${cameraId}/main/index.m3u8?t=${encodeURIComponent(tokenOf(main.body.data.url))}` });
    expect(local.statusCode).toBe(404);
  });

  it('lets ten viewers of one camera cause exactly one pull, which stops after the last viewer', async () => {
    const cameraId = room().cameraIds[1]!;
    const path = gatewayPathName(env.schoolA.schoolId, cameraId, 'sub');
    const grants = await Promise.all(Array.from({ length: 10 }, () => play(admin, cameraId)));
    expect(grants.every((g) => g.status === 200)).toBe(true);
    for (let round = 0; round < 2; round++) {
      const replies = await Promise.all(grants.map((g) => fetch(g.body.data.url)));
      expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    }
    expect(gw.pulls.filter((p) => p.path === path)).toHaveLength(1);
    expect(gw.pulls.find((p) => p.path === path)!.source).toBe(mainUrl(cameraId).replace(/101$/, '102'));
    await expect.poll(() => gw.activePulls().filter((p) => p.path === path).length, { timeout: 3000 }).toBe(0);
  });

  it('has the hook allow a valid token and refuse a wrong secret, other actions and paths, expired, other-camera and other-school tokens', async () => {
    const [c1, c2] = room().cameraIds as [string, string];
    const g = await play(admin, c1);
    const token = tokenOf(g.body.data.url);
    const path = gatewayPathName(env.schoolA.schoolId, c1, 'sub');
    expect((await hook(readBody(path, token))).status).toBe(200);
    // The token may also come as a bearer token (Authorization header) or a password.
    expect((await hook(readBody(path, token, { query: '', token }))).status).toBe(200);
    expect((await hook(readBody(path, token), 'wrong-secret-wrong-secret-wrong')).status).toBe(401);
    const refusal = async (body: Record<string, unknown>) => {
      const r = await hook(body);
      return `${r.status} ${await r.text()}`;
    };
    expect(await refusal(readBody(path, token, { action: 'publish' }))).toBe('401 action');
    // The control API behind the same hook: hxk's own API credentials only.
    expect((await hook({ user: 'hxk', password: 'api-pass', ip: '10.0.0.2', action: 'api', path: '', protocol: '', id: null, query: '' })).status).toBe(200);
    expect(await refusal({ user: 'hxk', password: 'api-pas', ip: '10.0.0.2', action: 'api', path: '', protocol: '', id: null, query: '' })).toBe('401 api');
    expect(await refusal({ user: '', password: '', token, ip: '10.0.0.2', action: 'api', path: '', protocol: '', id: null, query: '' })).toBe('401 api');
    expect(await refusal(readBody('somebody_else', token))).toBe('401 path');
    expect(await refusal(readBody(path, '', { query: '' }))).toBe('401 token');
    expect(await refusal(readBody(gatewayPathName(env.schoolA.schoolId, c2, 'sub'), token))).toBe('401 camera');
    expect(await refusal(readBody(gatewayPathName(env.schoolA.schoolId, c1, 'main'), token))).toBe('401 quality');
    expect(await refusal(readBody(path, `x${token}`))).toBe('401 signature');
    // A token of school A presented on school B's path for the same camera id.
    expect(await refusal(readBody(gatewayPathName(env.schoolB.schoolId, c1, 'sub'), token))).toBe('401 school');
    // Through the gateway: a copied URL of another camera's path is refused before any pull.
    const pullsBefore = gw.pulls.length;
    const stolen = await fetch(g.body.data.url.replace(`_${c1}_`, `_${c2}_`));
    expect(stolen.status).toBe(401);
    expect(gw.pulls.length).toBe(pullsBefore);
    // Expired: the test clock moves past the token's five minutes.
    env.clock.advance(PLAY_TOKEN_TTL_MS / 1000 + 1);
    expect(await refusal(readBody(path, token))).toBe('401 expired');
  });

  it('re-checks that a member still may watch: a revoked permission or a room outside the scope is refused', async () => {
    const supervisorId = (await seed((tx) => tx.select({ id: schoolMemberships.accountId }).from(schoolMemberships)
      .where(and(eq(schoolMemberships.schoolId, env.schoolA.schoolId), eq(schoolMemberships.identity, 3)))))[0]!.id;
    const cameraId = room().cameraIds[2]!;
    const path = gatewayPathName(env.schoolA.schoolId, cameraId, 'sub');
    const g = await play(supervisor, cameraId);
    expect(g.status).toBe(200);
    const token = tokenOf(g.body.data.url);
    expect((await hook(readBody(path, token))).status).toBe(200);

    // Patrol permission, but only for a teacher who never teaches in this room.
    const inRoom = (await seed((tx) => tx.selectDistinct({ teacherId: courses.teacherId }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .where(eq(courseSessions.classroomId, room().id)))).map((r) => r.teacherId);
    const other = env.schoolA.directory.teachers.map((t) => t.id).find((id) => !inRoom.includes(id))!;
    await seed(async (tx) => {
      await tx.update(supervisionGroups).set({ realtimePatrol: false }).where(eq(supervisionGroups.schoolId, env.schoolA.schoolId));
      await tx.update(schoolMemberships).set({ realtimePatrol: true, teacherScope: 'selected' })
        .where(and(eq(schoolMemberships.schoolId, env.schoolA.schoolId), eq(schoolMemberships.accountId, supervisorId)));
      await tx.insert(memberScopeTeachers).values({ schoolId: env.schoolA.schoolId, accountId: supervisorId, teacherId: other });
    });
    // A decision is remembered for 10 s; after that the scope change applies to the same token.
    env.clock.advance(11);
    const out = await hook(readBody(path, token));
    expect(out.status).toBe(401);
    expect(await out.text()).toBe('live.outOfScope');

    await seed((tx) => tx.update(schoolMemberships).set({ realtimePatrol: false })
      .where(and(eq(schoolMemberships.schoolId, env.schoolA.schoolId), eq(schoolMemberships.accountId, supervisorId))));
    env.clock.advance(11);
    expect(await (await hook(readBody(path, token))).text()).toBe('live.noPatrol');

    // A token hxk signed for a viewer label (a public lesson) is admitted on the token alone.
    const lesson = signPlayToken(Buffer.from(PLAY_SECRET), { schoolId: env.schoolA.schoolId, accountId: 'lesson:7', cameraId, quality: 'sub', expiresAt: env.clock.now.getTime() + 60_000 });
    expect((await hook(readBody(path, lesson))).status).toBe(200);
  });

  it('adds a WHEP address with the same token, admitted and refused by the hook exactly as HLS, and plays it for real', async () => {
    const [c1, c2] = room().cameraIds as [string, string];
    const g = await play(admin, c1);
    const path = gatewayPathName(env.schoolA.schoolId, c1, 'sub');
    const token = tokenOf(g.body.data.url);
    expect(g.body.data.whepUrl).toBe(`${gw.webrtcUrl}/${path}/whep?t=${encodeURIComponent(token)}`);
    const rtc = (p: string, t: string, extra: Record<string, unknown> = {}) => readBody(p, t, { protocol: 'webrtc', ...extra });
    const refusal = async (body: Record<string, unknown>) => {
      const r = await hook(body);
      return `${r.status} ${await r.text()}`;
    };
    expect((await hook(rtc(path, token))).status).toBe(200);
    expect(await refusal(rtc(gatewayPathName(env.schoolA.schoolId, c2, 'sub'), token))).toBe('401 camera');
    expect(await refusal(rtc(gatewayPathName(env.schoolB.schoolId, c1, 'sub'), token))).toBe('401 school');
    expect(await refusal(rtc(path, token, { action: 'publish' }))).toBe('401 action');

    // A browser's WHEP request through the double: the hook sees protocol webrtc and the token.
    const reader = new RTCPeerConnection({ iceAdditionalHostAddresses: ['127.0.0.1'], iceInterfaceAddresses: { udp4: '127.0.0.1' }, iceUseIpv6: false });
    try {
      reader.addTransceiver('video', { direction: 'recvonly' });
      let packets = 0;
      reader.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => void packets++));
      await reader.setLocalDescription(await reader.createOffer());
      if (reader.iceGatheringState !== 'complete') await new Promise<void>((r) => reader.iceGatheringStateChange.subscribe((s) => s === 'complete' && r()));
      const offer = reader.localDescription!.sdp;
      const whep = (url: string, body = offer, type = 'application/sdp') => fetch(url, { method: 'POST', headers: { 'content-type': type }, body });

      // Refused before any pull: another camera's path with this token, a wrong content type.
      const pullsBefore = gw.pulls.length;
      expect((await whep(g.body.data.whepUrl!.replace(`_${c1}_`, `_${c2}_`))).status).toBe(401);
      expect(gw.hookCalls.at(-1)).toMatchObject({ status: 401, body: { action: 'read', protocol: 'webrtc', path: gatewayPathName(env.schoolA.schoolId, c2, 'sub') } });
      expect((await whep(g.body.data.whepUrl!, offer, 'text/plain')).status).toBe(400);
      expect(gw.pulls.length).toBe(pullsBefore);

      const res = await whep(g.body.data.whepUrl!);
      // The double's reason, if it could not answer, in the failure message.
      expect(res.status, res.status === 201 ? '' : await res.clone().text()).toBe(201);
      expect(res.headers.get('content-type')).toBe('application/sdp');
      expect(res.headers.get('access-control-expose-headers')).toContain('Location');
      const location = res.headers.get('location')!;
      expect(location).toMatch(new RegExp(`^/${path}/whep/[0-9a-f-]{36}$`));
      expect(gw.hookCalls.at(-1)).toMatchObject({ status: 200, body: { action: 'read', protocol: 'webrtc', path, query: `t=${encodeURIComponent(token)}` } });
      expect(gw.activePulls().filter((p) => p.path === path)).toHaveLength(1);
      await reader.setRemoteDescription({ type: 'answer', sdp: await res.text() });
      await expect.poll(() => reader.connectionState, { timeout: 35_000 }).toBe('connected');
      await expect.poll(() => packets, { timeout: 10_000 }).toBeGreaterThan(20);
      expect(gw.webrtcEncoders()).toContain(path);

      // DELETE of the session's Location ends it; with no reader left the pull stops (closeAfter).
      const del = await fetch(new URL(location, gw.webrtcUrl), { method: 'DELETE' });
      expect(del.status).toBe(200);
      expect(gw.whepSessions()).toEqual([]);
      await expect.poll(() => gw.activePulls().filter((p) => p.path === path).length, { timeout: 3000 }).toBe(0);
      expect(gw.webrtcEncoders()).not.toContain(path);
      expect((await fetch(new URL(location, gw.webrtcUrl), { method: 'DELETE' })).status).toBe(404);
    } finally {
      await reader.close();
    }

    // Expired: the same token no longer opens the stream, whatever the protocol.
    env.clock.advance(PLAY_TOKEN_TTL_MS / 1000 + 1);
    expect(await refusal(rtc(path, token))).toBe('401 expired');
    expect(await refusal(readBody(path, token))).toBe('401 expired');
  });

  it('keeps another school\'s cameras out of reach and reports cameras without a stream or an unreachable gateway', async () => {
    expect((await play(admin2, room().cameraIds[0]!)).status).toBe(404);
    const noUrl = env.schoolA.directory.classrooms[1]!.cameraIds[0]!;
    const r = await play(admin, noUrl);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ errorKey: 'live.noStreamUrl', msg: 'This camera has no stream address. Add it in the classroom settings.' });
    // The gateway's API refuses our credentials: a clear 503, nothing leaked.
    const cameraId = room().cameraIds[3]!;
    const saved = gw.paths.size;
    const bad = await startMediaMtxDouble({ apiUser: 'someone', apiPassword: 'else' });
    const { MediaMtxGateway, MediaGatewayError } = await import('../../platform/adapters/media-gateway-mediamtx.ts');
    const client = new MediaMtxGateway({ apiUrl: bad.apiUrl, apiUser: 'hxk', apiPassword: 'nope', playUrl: bad.hlsUrl, allowHosts: ['127.0.0.1'] });
    await expect(client.ensurePath('hxk_1_2_sub', 'rtsp://10.0.0.1/x')).rejects.toBeInstanceOf(MediaGatewayError);
    // Without the operator's allow-list entry the guarded client refuses the private host.
    const blocked = new MediaMtxGateway({ apiUrl: bad.apiUrl, playUrl: bad.hlsUrl, allowHosts: [] });
    await expect(blocked.ensurePath('hxk_1_2_sub', 'rtsp://10.0.0.1/x')).rejects.toMatchObject({ kind: 'refused' });
    expect(bad.apiCalls).toEqual(['PATCH /v3/config/paths/patch/hxk_1_2_sub 401']);
    await bad.close();
    await gw.close();
    const down = await play(admin, cameraId);
    expect(down.status).toBe(503);
    expect(down.body.errorKey).toBe('live.gatewayUnreachable');
    expect(gw.paths.size).toBe(saved);
  });
});
