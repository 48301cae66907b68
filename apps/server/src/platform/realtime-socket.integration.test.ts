import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { SESSION_COOKIE, zonedClock, type TRealtimeMessage } from '@hxk/contracts';
import { courseSessions, courses } from '../db/schema/index.ts';
import { memoryHub, type RealtimeHub } from './realtime.ts';
import { platformTx } from './tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../test/harness.ts';
import { sessionStands } from './sessions.ts';
import { demoName } from '../db/seed/seed.ts';

/** The `ws` client that @fastify/websocket itself uses (no type package installed: the little we use is typed here). */
type WsClient = {
  on(event: 'open' | 'close', fn: () => void): void;
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'unexpected-response', fn: (req: unknown, res: { statusCode: number }) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
  close(): void;
};
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, opts: { headers: Record<string, string> }) => WsClient;

type Conn = { ws: WsClient; messages: TRealtimeMessage[]; next(): Promise<TRealtimeMessage>; closed: Promise<void> };

/** A hub that counts live subscriptions, to see a closed socket unsubscribe. */
function countingHub(): RealtimeHub & { live: number } {
  const inner = memoryHub();
  const hub = {
    live: 0,
    publish: inner.publish,
    publishToSchool: inner.publishToSchool,
    close: inner.close,
    async subscribe(schoolId: string, accountId: string, listener: (m: TRealtimeMessage) => void) {
      const stop = await inner.subscribe(schoolId, accountId, listener);
      hub.live++;
      return () => {
        hub.live--;
        stop();
      };
    },
  };
  return hub;
}

const waitFor = async (cond: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each(DRIVERS)('the WebSocket (GET /app/ws) and notifications over it on %s', (driver) => {
  let env: TestEnv;
  let hub: ReturnType<typeof countingHub>;
  let base: string;
  let origin: string;
  let teacher: string;
  let supervisor: string;
  let leader: string;
  const open: WsClient[] = [];

  /** Opens /app/ws; resolves when open, rejects with the HTTP status of a refused handshake. */
  function connect(headers: Record<string, string>): Promise<Conn> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${base}/app/ws`, { headers });
      open.push(ws);
      const messages: TRealtimeMessage[] = [];
      const waiting: ((m: TRealtimeMessage) => void)[] = [];
      let read = 0;
      const closed = new Promise<void>((r) => ws.on('close', () => r()));
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as TRealtimeMessage;
        messages.push(m);
        waiting.shift()?.(m);
      });
      const next = () => {
        const have = messages[read];
        if (have) {
          read++;
          return Promise.resolve(have);
        }
        return new Promise<TRealtimeMessage>((r) => waiting.push((m) => {
          read++;
          r(m);
        }));
      };
      ws.on('open', () => resolve({ ws, messages, next, closed }));
      ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.on('error', reject);
    });
  }
  const cookie = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}`, origin });

  beforeAll(async () => {
    hub = countingHub();
    env = await createTestEnv(driver, { realtime: hub });
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = env.app.server.address() as AddressInfo;
    base = `ws://127.0.0.1:${port}`;
    origin = `http://127.0.0.1:${port}`;
    [teacher, supervisor, leader] = await Promise.all([loginAs(env.app, 'teacher'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'leader')]);
  });
  afterAll(async () => {
    for (const ws of open) ws.close();
    await env?.close();
  });

  it('says hello with my unread count, then pushes each notification to me only', async () => {
    const me = await connect(cookie(supervisor));
    expect(await me.next()).toEqual({ type: 'hello', unread: 0 });
    const other = await connect(cookie(leader));
    expect(await other.next()).toEqual({ type: 'hello', unread: 0 });

    // A class of the teacher's that has not ended: one on a later day.
    const today = zonedClock(env.clock.now, env.config.schoolTimezone).date;
    const [later] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select({ id: courseSessions.id }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .where(and(eq(courses.teacherId, env.schoolA.users.teacher!.id), gt(courseSessions.lessonDate, today)))
      .orderBy(asc(courseSessions.lessonDate)).limit(1));
    const made = await call<{ invitationIds: string[] }>(env.app, {
      url: '/app/ddxk/invitation/v1/invite', token: teacher, body: { courseSessionId: later!.id, inviteeIds: [env.schoolA.users.supervisor!.id] },
    });
    expect(made.body.code, made.body.msg).toBe(1);

    const pushed = await me.next();
    expect(pushed).toMatchObject({ type: 'notification', unread: 1, notification: { kind: 'invitation.new', readAt: null, link: '/InviteMeToListen?tab=received' } });
    if (pushed.type !== 'notification') throw new Error('expected a notification');
    expect(pushed.notification.params).toMatchObject({ sessions: expect.stringMatching(/^\d+-\d+$/), inviter: demoName('teacher') });
    const listed = await call<{ list: { notificationId: string }[] }>(env.app, { url: '/app/ddxk/notification/v1/list', token: supervisor, body: {} });
    expect(listed.body.data.list[0]!.notificationId).toBe(pushed.notification.notificationId);
    await new Promise((r) => setTimeout(r, 100));
    expect(other.messages).toHaveLength(1);

    // A new socket says hello with what is unread now; a plain GET answers the same count.
    const again = await connect(cookie(supervisor));
    expect(await again.next()).toEqual({ type: 'hello', unread: 1 });
    const plain = await call<{ unread: number }>(env.app, { url: '/app/ws', token: supervisor });
    expect(plain.body.data).toEqual({ unread: 1 });

    // Closing a socket ends its subscription.
    const before = hub.live;
    again.ws.close();
    await again.closed;
    await waitFor(() => hub.live === before - 1);
  });

  it('refuses a handshake without a session, from a foreign origin, or without an origin on a cookie', async () => {
    await expect(connect({ origin })).rejects.toThrow('HTTP 401');
    await expect(connect({ cookie: `${SESSION_COOKIE}=not-a-session`, origin })).rejects.toThrow('HTTP 401');
    await expect(connect({ ...cookie(supervisor), origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(connect({ ...cookie(supervisor), origin: 'null' })).rejects.toThrow('HTTP 403');
    await expect(connect({ cookie: `${SESSION_COOKIE}=${supervisor}` })).rejects.toThrow('HTTP 403');
    // A bearer-token client is no browser: it needs no Origin.
    const bearer = await connect({ authorization: `Bearer ${supervisor}` });
    expect((await bearer.next()).type).toBe('hello');
  });

  it('rechecks the session a socket was opened with (at each ping): signing out ends it', async () => {
    const token = await loginAs(env.app, 'supervisor');
    const { schoolId } = env.schoolA;
    const supervisorId = env.schoolA.users.supervisor!.id;
    expect(await sessionStands(env.app.deps, token, schoolId, supervisorId)).toBe(true);
    expect(await sessionStands(env.app.deps, token, env.schoolB.schoolId, supervisorId)).toBe(false);
    expect(await sessionStands(env.app.deps, 'not-a-session', schoolId, supervisorId)).toBe(false);
    await call(env.app, { url: '/base/login/v1/logout', token });
    expect(await sessionStands(env.app.deps, token, schoolId, supervisorId)).toBe(false);
  });
});
