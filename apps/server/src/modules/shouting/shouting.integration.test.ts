import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, type TCamera, type TBroadcastPage, type TIssuedTerminalKey, type TShoutRoomStatus, type TTerminalKeyStatus } from '@hxk/contracts';
import { cameras, schoolMemberships, shoutTerminalKeys, supervisionGroups } from '../../db/schema/index.ts';
import { buildApp } from '../../app.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { startBackchannelDouble } from '../../test/rtsp-backchannel-double.ts';
import { ulawToLinear } from '../../platform/adapters/onvif-backchannel.ts';

/** The `ws` client that @fastify/websocket itself uses (typed here: no type package installed). */
type WsClient = {
  on(event: 'open', fn: () => void): void;
  on(event: 'close', fn: (code: number) => void): void;
  on(event: 'message', fn: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'unexpected-response', fn: (req: unknown, res: { statusCode: number }) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
  send(data: string | Buffer): void;
  close(): void;
};
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, opts: { headers: Record<string, string> }) => WsClient;

type Msg = { type: string; [k: string]: unknown };
type Conn = { ws: WsClient; next(): Promise<Msg>; audio: Buffer[]; closed: Promise<number> };

const waitFor = async (cond: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** Opens sockets of the shouting API on one server (`base` is its ws:// address). */
function socketsOf(base: () => string, origin: () => string, open: WsClient[]) {
  function connect(path: string, headers: Record<string, string>): Promise<Conn> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${base()}${path}`, { headers });
      open.push(ws);
      const messages: Msg[] = [];
      const waiting: ((m: Msg) => void)[] = [];
      const audio: Buffer[] = [];
      let read = 0;
      const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
      ws.on('message', (data, isBinary) => {
        if (isBinary) return void audio.push(Buffer.from(data));
        const m = JSON.parse(data.toString()) as Msg;
        messages.push(m);
        waiting.shift()?.(m);
      });
      const next = () => {
        const have = messages[read];
        if (have) {
          read++;
          return Promise.resolve(have);
        }
        return new Promise<Msg>((r) => waiting.push((m) => {
          read++;
          r(m);
        }));
      };
      ws.on('open', () => resolve({ ws, next, audio, closed }));
      ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.on('error', reject);
    });
  }
  return {
    connect,
    speak: (token: string, classroomId: string) => connect(`/app/shout/v1/ws?classroomId=${classroomId}&lang=en`, { cookie: `${SESSION_COOKIE}=${token}`, origin: origin() }),
    async terminal(key: string): Promise<Conn> {
      const c = await connect('/app/terminal/v1/ws?lang=en', { origin: origin() });
      c.ws.send(JSON.stringify({ type: 'auth', key }));
      return c;
    },
  };
}

describe.each(DRIVERS)('shouting into a classroom on %s', (driver) => {
  let env: TestEnv;
  let base: string;
  let origin: string;
  let admin: string;
  let admin2: string;
  let supervisor: string;
  let teacher: string;
  const open: WsClient[] = [];
  const en = { language: 'en' };
  const P = '/app/shout/v1';
  const room = () => env.schoolA.directory.classrooms[0]!;
  const seed = <T>(fn: Parameters<typeof platformTx<T>>[2]) => platformTx(env.dbh.db, 'seed', fn);

  const sockets = socketsOf(() => base, () => origin, open);
  /** Opens a socket; resolves once open, rejects with the HTTP status of a refused handshake. */
  const connect = sockets.connect;
  const speak = (token: string, classroomId = room().id) => sockets.speak(token, classroomId);
  const terminal = sockets.terminal;
  const issue = (token: string, classroomId = room().id) =>
    call<TIssuedTerminalKey>(env.app, { method: 'POST', url: `${P}/terminal-key/issue`, body: { classroomId }, token, headers: en });

  beforeAll(async () => {
    // Loopback allowed for the talk-back camera double.
    env = await createTestEnv(driver, { env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = env.app.server.address() as AddressInfo;
    base = `ws://127.0.0.1:${port}`;
    origin = `http://127.0.0.1:${port}`;
    [admin, admin2, supervisor, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'teacher')]);
  });
  afterAll(async () => {
    for (const ws of open) ws.close();
    await env?.close();
  });

  it('issues a room key shown once and stored hashed; a terminal signs in with it, a wrong key is refused', async () => {
    const before = await call<TTerminalKeyStatus>(env.app, { url: `${P}/terminal-key?classroomId=${room().id}`, token: admin });
    expect(before.body.data).toMatchObject({ issued: false, issuedAt: null, terminalsOnline: 0 });

    const issued = await issue(admin);
    expect(issued.status).toBe(200);
    const { key } = issued.body.data;
    expect(key).toMatch(new RegExp(`^${env.schoolA.schoolId}\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    const stored = await seed((tx) => tx.select().from(shoutTerminalKeys).where(eq(shoutTerminalKeys.classroomId, room().id)));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key.split('.')[2]);

    const t = await terminal(key);
    expect(await t.next()).toMatchObject({ type: 'ready', classroomName: room().name });
    const status = await call<TTerminalKeyStatus>(env.app, { url: `${P}/terminal-key?classroomId=${room().id}`, token: admin });
    expect(status.body.data).toMatchObject({ issued: true, issuedByName: expect.any(String), terminalsOnline: 1 });
    expect(status.body.data.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(status.body.data)).not.toContain(key);

    // A wrong secret, a malformed key, and the right key and secret under another school's id.
    const [sid, kid, secret] = key.split('.') as [string, string, string];
    const wrongSecret = `${sid}.${kid}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [wrongSecret, 'nonsense', `${env.schoolB.schoolId}.${kid}.${secret}`]) {
      const w = await terminal(bad);
      expect(await w.next()).toEqual({ type: 'error', key: 'shouting.terminalKeyInvalid', message: 'The classroom terminal key is invalid or has been replaced. Enter the current key.' });
      expect(await w.closed).toBe(4401);
    }
    t.ws.close();
    await t.closed;
  });

  it('relays a speaker\'s audio to the room\'s terminal, refuses a second speaker and logs the broadcast', async () => {
    const { key } = (await issue(admin)).body.data;
    const t = await terminal(key);
    expect((await t.next()).type).toBe('ready');

    const s = await speak(supervisor);
    expect(await s.next()).toMatchObject({ type: 'ready', classroomName: room().name, terminals: 1 });
    expect(await t.next()).toEqual({ type: 'speaking', speakerName: expect.any(String) });
    const status = await call<TShoutRoomStatus>(env.app, { url: `${P}/room?classroomId=${room().id}`, token: admin });
    expect(status.body.data).toMatchObject({ terminalsOnline: 1, speakerName: expect.any(String) });

    const frame = Buffer.alloc(640);
    for (let i = 0; i < 320; i++) frame.writeInt16LE(Math.round(Math.sin(i / 5) * 8000), i * 2);
    s.ws.send(frame);
    s.ws.send(Buffer.alloc(3)); // an odd length is no PCM frame: dropped
    await waitFor(() => t.audio.length >= 1);
    expect(t.audio[0]!.equals(frame)).toBe(true);

    // One speaker at a time: the administrator is refused with the spec's message.
    const second = await speak(admin);
    expect(await second.next()).toEqual({ type: 'error', key: 'shouting.busy', message: 'A remote call is already in progress.' });
    expect(await second.closed).toBe(4409);

    // A terminal joining mid-broadcast is told who speaks.
    const late = await terminal(key);
    expect((await late.next()).type).toBe('ready');
    expect(await late.next()).toMatchObject({ type: 'speaking' });
    expect(await s.next()).toEqual({ type: 'terminals', count: 2 });

    env.clock.advance(7);
    s.ws.close();
    expect(await t.next()).toEqual({ type: 'ended' });

    // The floor is free again; the log shows who, where, when and how long.
    const again = await speak(admin);
    expect((await again.next()).type).toBe('ready');
    again.ws.close();
    await again.closed;
    let page: TBroadcastPage | undefined;
    for (let i = 0; i < 50; i++) {
      page = (await call<TBroadcastPage>(env.app, { url: `${P}/broadcasts?classroomId=${room().id}`, token: admin })).body.data;
      if (page.list.every((b) => b.endedAt)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(page!.total).toBe(2);
    const [newest, first] = page!.list;
    expect(newest!.speakerName).not.toBe(first!.speakerName);
    expect(first).toMatchObject({ classroomId: room().id, classroomName: room().name, terminals: 1, delivery: 'terminal', durationSeconds: 7 });
    expect(first!.endedAt).not.toBeNull();
    t.ws.close();
    late.ws.close();
  });

  it('speaks through a talk-back camera\'s ONVIF backchannel when the room has one, and through the terminals when it fails', async () => {
    const talkRoom = env.schoolA.directory.classrooms[1]!;
    const camera = await seed(async (tx) => tx.select().from(cameras).where(and(eq(cameras.schoolId, env.schoolA.schoolId), eq(cameras.classroomId, talkRoom.id))).limit(1));
    const double = await startBackchannelDouble({ username: 'admin', password: 'cam-pw' });
    try {
      const save = (body: Record<string, unknown>) => call<TCamera>(env.app, { method: 'POST', url: '/base/camera/v1/save', token: admin, headers: en, body: { classroomId: talkRoom.id, name: 'Teacher camera', frame: 'teacherFull', ...body } });
      // Talk-back needs the camera's rtsp:// address: refused with the field named, then saved.
      const refused = await save({ talkBack: true, streamUrl: 'https://media.example/a.m3u8' });
      expect(refused.status).toBe(400);
      expect(refused.body.errorKey).toBe('device.talkBackNeedsRtsp');
      const saved = await save({ ...(camera[0] ? { id: camera[0].id } : {}), talkBack: true, streamUrl: double.url, username: 'admin', password: 'cam-pw' });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ talkBack: true, streamUrl: double.url });

      const status = await call<TShoutRoomStatus>(env.app, { url: `${P}/room?classroomId=${talkRoom.id}`, token: supervisor });
      expect(status.body.data).toMatchObject({ talkBack: true, terminalsOnline: 0 });
      const s = await speak(supervisor, talkRoom.id);
      expect(await s.next()).toMatchObject({ type: 'ready', terminals: 1, delivery: 'talkback' });
      const frame = Buffer.alloc(640);
      for (let i = 0; i < 320; i++) frame.writeInt16LE(Math.round(Math.sin(i / 4) * 10000), i * 2);
      for (let n = 0; n < 10; n++) s.ws.send(frame);
      await waitFor(() => double.packets.length >= 10);
      const samples = double.packets.flatMap((p) => [...p.payload].map(ulawToLinear));
      expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(5000);
      s.ws.close();
      await waitFor(() => double.teardowns === 1);

      // The camera gone silent: the broadcast still happens, through the terminals, and the log says so.
      await double.close();
      const fallback = await speak(supervisor, talkRoom.id);
      expect(await fallback.next()).toMatchObject({ type: 'ready', delivery: 'terminal' });
      fallback.ws.close();
      await fallback.closed;
      let list: TBroadcastPage | undefined;
      for (let i = 0; i < 50; i++) {
        list = (await call<TBroadcastPage>(env.app, { url: `${P}/broadcasts?classroomId=${talkRoom.id}`, token: admin })).body.data;
        if (list.total === 2 && list.list.every((b) => b.endedAt)) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(list!.list.map((b) => b.delivery)).toEqual(['terminal', 'talkback']);
      // Another school cannot switch this camera's talk-back.
      const foreign = await call(env.app, { method: 'POST', url: '/base/camera/v1/save', token: admin2, headers: en, body: { id: saved.body.data.id, classroomId: talkRoom.id, name: 'x', frame: 'composite', talkBack: false } });
      expect(foreign.status).toBe(404);
    } finally {
      await double.close();
    }
  });

  it('disconnects terminals when the key is rotated or revoked, and refuses the old key', async () => {
    const old = (await issue(admin)).body.data.key;
    const t = await terminal(old);
    expect((await t.next()).type).toBe('ready');
    const fresh = (await issue(admin)).body.data.key;
    expect(fresh).not.toBe(old);
    expect(await t.closed).toBe(4401);
    const refused = await terminal(old);
    expect((await refused.next()).key).toBe('shouting.terminalKeyInvalid');
    const ok = await terminal(fresh);
    expect((await ok.next()).type).toBe('ready');

    const revoked = await call(env.app, { method: 'POST', url: `${P}/terminal-key/revoke`, body: { classroomId: room().id }, token: admin, headers: en });
    expect(revoked.status).toBe(200);
    expect(await ok.closed).toBe(4401);
    const twice = await call(env.app, { method: 'POST', url: `${P}/terminal-key/revoke`, body: { classroomId: room().id }, token: admin, headers: en });
    expect(twice.status).toBe(404);
    expect(twice.body.errorKey).toBe('shouting.noTerminalKey');
  });

  it('keeps schools apart: another school\'s room cannot be keyed, listed or spoken into', async () => {
    const other = await issue(admin2, room().id);
    expect(other.status).toBe(404);
    expect(other.body.errorKey).toBe('shouting.classroomNotFound');
    expect((await call(env.app, { url: `${P}/terminal-key?classroomId=${room().id}`, token: admin2 })).status).toBe(404);
    const list = await call<TBroadcastPage>(env.app, { url: `${P}/broadcasts`, token: admin2 });
    expect(list.status).toBe(200);
    expect(list.body.data.list.every((b) => b.classroomId !== room().id)).toBe(true);
    const s = await speak(admin2, room().id);
    expect(await s.next()).toMatchObject({ type: 'error', key: 'shouting.classroomNotFound' });
    expect(await s.closed).toBe(4403);
    // A key of school B's room opens only that room.
    const roomB = env.schoolB.directory.classrooms[0]!;
    const keyB = (await issue(admin2, roomB.id)).body.data.key;
    const tb = await terminal(keyB);
    expect(await tb.next()).toMatchObject({ type: 'ready', classroomName: roomB.name });
    tb.ws.close();
  });

  it('refuses people without the patrol screen or permission, foreign origins, and bad input', async () => {
    await expect(speak(teacher)).rejects.toThrow('HTTP 403');
    await expect(connect(`${P}/ws?classroomId=${room().id}`, { cookie: `${SESSION_COOKIE}=${supervisor}`, origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(connect('/app/terminal/v1/ws', { origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
    expect((await issue(teacher)).status).toBe(403);
    expect((await issue(supervisor)).status).toBe(403);
    expect((await call(env.app, { url: `${P}/broadcasts`, token: teacher })).status).toBe(403);
    expect((await call(env.app, { url: `${P}/broadcasts?pageSize=1000`, token: admin })).status).toBe(400);
    expect((await call(env.app, { url: `${P}/room?classroomId=abc`, token: admin })).status).toBe(400);
    expect((await issue(admin, '999999999')).body.errorKey).toBe('shouting.classroomNotFound');

    // A terminal that never signs in is dropped; one that sends no key is refused.
    const silent = await connect('/app/terminal/v1/ws?lang=en', { origin });
    silent.ws.send(JSON.stringify({ type: 'auth' }));
    expect((await silent.next()).key).toBe('shouting.terminalKeyInvalid');

    // The supervisor without the patrol permission (own and group's) is told so.
    await seed(async (tx) => {
      await tx.update(schoolMemberships).set({ realtimePatrol: false })
        .where(and(eq(schoolMemberships.schoolId, env.schoolA.schoolId), eq(schoolMemberships.accountId, env.schoolA.users.supervisor!.id)));
      await tx.update(supervisionGroups).set({ realtimePatrol: false }).where(eq(supervisionGroups.schoolId, env.schoolA.schoolId));
    });
    const s = await speak(supervisor);
    expect(await s.next()).toMatchObject({ type: 'error', key: 'live.noPatrol' });
    const st = await call(env.app, { url: `${P}/room?classroomId=${room().id}`, token: supervisor, headers: en });
    expect(st.status).toBe(403);
    expect(st.body.errorKey).toBe('live.noPatrol');
  });
});

/**
 * Several server nodes behind a load balancer (docs/operations.md): a speaker and the room's terminal
 * on different nodes meet through Redis — the floor, the terminal count, the audio and key rotation.
 */
describe.runIf(process.env.REDIS_URL)('shouting across two server nodes through Redis', () => {
  let env: TestEnv;
  const nodes: { app: FastifyInstance; base: string; origin: string }[] = [];
  const open: WsClient[] = [];
  let admin: string;
  let supervisor: string;
  const room = () => env.schoolA.directory.classrooms[1]!;
  const on = (i: number) => socketsOf(() => nodes[i]!.base, () => nodes[i]!.origin, open);

  beforeAll(async () => {
    env = await createTestEnv(DRIVERS.at(-1)!);
    // Leases and presence left by an earlier run of this test must not count.
    const redis = new Redis(process.env.REDIS_URL!);
    const stale = await redis.keys(`hxk:room:shout:*${env.schoolA.schoolId}:${room().id}`);
    if (stale.length) await redis.del(...stale);
    redis.disconnect();
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config: { ...env.config, redisUrl: process.env.REDIS_URL }, dbh: env.dbh, logger: false, now: () => env.clock.now });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      nodes.push({ app, base: `ws://127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` });
    }
    [admin, supervisor] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'supervisor')]);
  });
  afterAll(async () => {
    for (const ws of open) ws.close();
    for (const n of nodes) await n.app.close();
    await env?.close();
  });

  it('relays audio from a speaker on one node to a terminal on the other, one speaker across nodes', async () => {
    const { key } = (await call<TIssuedTerminalKey>(nodes[0]!.app, { method: 'POST', url: '/app/shout/v1/terminal-key/issue', body: { classroomId: room().id }, token: admin })).body.data;
    const t = await on(1).terminal(key);
    expect((await t.next()).type).toBe('ready');
    // The terminal on node 1 counts on node 0.
    const status = await call<TShoutRoomStatus>(nodes[0]!.app, { url: `/app/shout/v1/room?classroomId=${room().id}`, token: admin });
    expect(status.body.data).toMatchObject({ terminalsOnline: 1, speakerName: null });

    const s = await on(0).speak(supervisor, room().id);
    expect(await s.next()).toMatchObject({ type: 'ready', terminals: 1 });
    expect(await t.next()).toEqual({ type: 'speaking', speakerName: expect.any(String) });
    const frame = Buffer.alloc(640);
    for (let i = 0; i < 320; i++) frame.writeInt16LE(Math.round(Math.sin(i / 3) * 9000), i * 2);
    s.ws.send(frame);
    await waitFor(() => t.audio.length >= 1);
    expect(t.audio[0]!.equals(frame)).toBe(true);

    // Someone on the other node is refused: a remote call is already in progress.
    const second = await on(1).speak(admin, room().id);
    expect(await second.next()).toMatchObject({ type: 'error', key: 'shouting.busy' });
    const seen = await call<TShoutRoomStatus>(nodes[1]!.app, { url: `/app/shout/v1/room?classroomId=${room().id}`, token: admin });
    expect(seen.body.data.speakerName).toEqual(expect.any(String));

    // A second terminal joining on node 0 is counted for the speaker.
    const t2 = await on(0).terminal(key);
    expect((await t2.next()).type).toBe('ready');
    expect(await t2.next()).toMatchObject({ type: 'speaking' });
    expect(await s.next()).toEqual({ type: 'terminals', count: 2 });

    s.ws.close();
    expect(await t.next()).toEqual({ type: 'ended' });
    // The floor is free on both nodes once the speaker left.
    const again = await on(1).speak(admin, room().id);
    expect((await again.next()).type).toBe('ready');
    again.ws.close();
    await again.closed;

    // Rotating the key on node 0 disconnects the terminal held by node 1.
    await call(nodes[0]!.app, { method: 'POST', url: '/app/shout/v1/terminal-key/issue', body: { classroomId: room().id }, token: admin });
    expect(await t.closed).toBe(4401);
    expect(await t2.closed).toBe(4401);
  });
});
