/**
 * The live commentary socket (spec section 7: init { liveId, type: 101 }, streamed choices to a
 * finish reason; docs/decisions/0023) and the assistant's atomic budget (docs/decisions/0029): the
 * offline data assistant's commentary from the class's live figures, the school's model (the local
 * double) through the same chain, refusals for people outside the room's patrol reach and for another
 * school's class; simultaneous questions that cannot together pass the month's budget; the
 * connection test's tokens counted.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_COMMENTARY_PATH, type TAssistantUsage, type TLiveCommentaryMessage } from '@hxk/contracts';
import { assistantReservations, classAnalyses, classAnalysisSamples, courseSessions, courses, memberScopeTeachers, schoolMemberships, supervisionGroups } from '../../db/schema/index.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { startLlmDouble } from '../../test/llm-double.ts';

type WsClient = {
  on(event: 'open' | 'close', fn: () => void): void;
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'unexpected-response', fn: (req: unknown, res: { statusCode: number }) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
  send(data: string): void;
  close(): void;
};
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, opts: { headers: Record<string, string> }) => WsClient;

const P = '/ai/deekseek/v1';
const S = '/ai/assistant/v1';
const KEY = 'sk-school-commentary';

describe.each(DRIVERS)('the live commentary socket and the atomic budget on %s', (driver) => {
  const double = startLlmDouble({ apiKey: KEY });
  let env: TestEnv;
  let base: string;
  let doubleUrl: string;
  let admin: string;
  let admin2: string;
  let teacher: string;
  let supervisor: string;
  let liveId: string;
  let classroomId: string;
  const open: WsClient[] = [];
  const seed = <T>(fn: Parameters<typeof platformTx<T>>[2]) => platformTx(env.dbh.db, 'seed', fn);

  /** Opens the socket, sends the inits, and collects messages until `done` says so. */
  function commentary(token: string, inits: unknown[], lang = 'en', done = (ms: TLiveCommentaryMessage[]) => ms.some((m) => m.type === 'error' || m.choices[0]?.finish_reason)): Promise<TLiveCommentaryMessage[]> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${base}${LIVE_COMMENTARY_PATH}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
      open.push(ws);
      const got: TLiveCommentaryMessage[] = [];
      const timer = setTimeout(() => reject(new Error(`timed out with ${JSON.stringify(got)}`)), 10_000);
      ws.on('open', () => { for (const i of inits) ws.send(JSON.stringify(i)); });
      ws.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
      ws.on('error', reject);
      ws.on('message', (data) => {
        got.push(JSON.parse(data.toString()) as TLiveCommentaryMessage);
        if (done(got)) {
          clearTimeout(timer);
          ws.close();
          resolve(got);
        }
      });
    });
  }
  const text = (ms: TLiveCommentaryMessage[], part: 'content' | 'reasoning_content') => ms.map((m) => (m.type === 101 ? (m.choices[0]?.delta[part] ?? '') : '')).join('');
  const usage = async () => (await call<TAssistantUsage>(env.app, { url: `${S}/usage`, token: admin })).body.data;
  const saveModel = (extra: Record<string, unknown> = {}) =>
    call(env.app, { url: `${S}/settings/save`, token: admin, body: { baseUrl: doubleUrl, model: 'school-m', apiKey: KEY, monthlyTokens: null, personHourly: null, ...extra } });

  beforeAll(async () => {
    doubleUrl = await double.listen();
    env = await createTestEnv(driver, { env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
    [admin, admin2, teacher, supervisor] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'teacher'), loginAs(env.app, 'supervisor')]);
    const A = env.schoolA.schoolId;
    // A class of school A in a room, analysed live: 40 expected, 8 front seats, five samples a minute apart.
    const [cls] = await seed(async (tx) => rowsOf<{ id: string; classroomId: string }>(await tx.execute(sql`
      select cs.id::text as id, cs.classroom_id::text as "classroomId" from course_sessions cs
      where cs.school_id = ${A} and cs.classroom_id is not null order by cs.lesson_date desc, cs.id limit 1`)));
    liveId = cls!.id;
    classroomId = cls!.classroomId;
    await schoolTx(env.dbh.db, A, async (tx) => {
      const [a] = await tx.insert(classAnalyses).values({
        schoolId: A, courseSessionId: liveId, classroomId, source: 'live', status: 'running', sampleSeconds: 60, stIntervalSeconds: 30,
        expectedStudents: 40, frontRowExpected: 8, attendanceRate: 0.7, headUpRate: 0.6, frontRowRate: 0.5, stSequence: 'TTTTTTTTSTTTTTTTTTST',
      }).returning({ id: classAnalyses.id });
      const heads = [26, 24, 20, 16, 12];
      await tx.insert(classAnalysisSamples).values(heads.map((headUp, i) => ({ schoolId: A, analysisId: a!.id, camera: 'student' as const, t: (i + 1) * 60, faces: 28, posed: 28, headUp, headDown: 28 - headUp, turnedAway: 0, frontRow: 3 })));
    });
  }, 120_000);
  afterAll(async () => {
    for (const ws of open) ws.close();
    await env?.close();
    await double.close();
  });

  it('streams the offline data assistant\'s commentary from the live figures to finish_reason stop, in the reader\'s language', async () => {
    const ms = await commentary(admin, [{ liveId, type: 101 }]);
    expect(ms.every((m) => m.type === 101 && m.liveId === liveId)).toBe(true);
    expect(ms[0]).toMatchObject({ type: 101, source: 'rules' });
    expect(ms.at(-1)).toMatchObject({ choices: [{ finish_reason: 'stop', delta: {} }] });
    expect(ms.filter((m) => m.type === 101 && m.choices[0]?.finish_reason).length).toBe(1);
    expect(text(ms, 'reasoning_content')).toContain('No language model');
    const said = text(ms, 'content');
    // The figures of the latest sample: 28 of 40 in the picture, 12 of 28 heads up, 3 of 8 front seats.
    expect(said).toContain('Now 28 students are in the picture (attendance 70.0%); head-up 42.9%, front row 37.5%.');
    expect(said).toContain('Over the last 4 minutes head-up fell from 92.9% to 42.9%');
    expect(said).toContain('a lecture lesson');
    expect(said).toContain('head-up is under 50%');
    expect(said).toContain('No AI warning in this class.');
    const zh = text(await commentary(admin, [{ liveId: Number(liveId), type: 101 }], 'zh'), 'content');
    expect(zh).toContain('现在画面中有 28 名学生（出勤率 70.0%）');
    const ja = text(await commentary(admin, [{ liveId, type: 101 }], 'ja'), 'content');
    expect(ja).toContain('現在 28 名の学生が映っています');
  });

  it('refuses a bad init, people outside the room\'s patrol reach, and another school\'s class', async () => {
    const bad = await commentary(admin, [{ liveId, type: 102 }]);
    expect(bad[0]).toMatchObject({ type: 'error', key: 'common.validation' });
    const noPatrol = await commentary(teacher, [{ liveId, type: 101 }]);
    expect(noPatrol).toEqual([expect.objectContaining({ type: 'error', key: 'live.noPatrol', liveId })]);
    const otherSchool = await commentary(admin2, [{ liveId, type: 101 }]);
    expect(otherSchool).toEqual([expect.objectContaining({ type: 'error', key: 'common.notFound' })]);
    const missing = await commentary(admin, [{ liveId: '999999999', type: 101 }]);
    expect(missing[0]).toMatchObject({ type: 'error', key: 'common.notFound' });

    // The supervisor with the patrol permission but only a teacher who never teaches in the room.
    const A = env.schoolA.schoolId;
    const supervisorId = env.schoolA.users.supervisor!.id;
    const inRoom = (await seed((tx) => tx.selectDistinct({ t: courses.teacherId }).from(courseSessions)
      .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
      .where(eq(courseSessions.classroomId, classroomId)))).map((r) => r.t);
    const other = env.schoolA.directory.teachers.map((t) => t.id).find((id) => !inRoom.includes(id))!;
    await seed(async (tx) => {
      await tx.update(supervisionGroups).set({ realtimePatrol: false }).where(eq(supervisionGroups.schoolId, A));
      await tx.update(schoolMemberships).set({ realtimePatrol: true, deptScope: 'selected', teacherScope: 'selected' }).where(and(eq(schoolMemberships.schoolId, A), eq(schoolMemberships.accountId, supervisorId)));
      await tx.delete(memberScopeTeachers).where(and(eq(memberScopeTeachers.schoolId, A), eq(memberScopeTeachers.accountId, supervisorId)));
      await tx.insert(memberScopeTeachers).values({ schoolId: A, accountId: supervisorId, teacherId: other });
    });
    const out = await commentary(supervisor, [{ liveId, type: 101 }], 'zh');
    expect(out).toEqual([expect.objectContaining({ type: 'error', key: 'live.outOfScope' })]);
    // Within reach once a teacher of the room is selected.
    await seed((tx) => tx.insert(memberScopeTeachers).values({ schoolId: A, accountId: supervisorId, teacherId: inRoom[0]! }));
    expect((await commentary(supervisor, [{ liveId, type: 101 }])).at(-1)).toMatchObject({ choices: [{ finish_reason: 'stop' }] });
  });

  it('comments through the school\'s model (the double) with thinking and answer apart, counted in the school\'s usage', async () => {
    expect((await saveModel()).status).toBe(200);
    const before = await usage();
    double.state.turns = [{ reasoning: ['Head-up fell ', 'sample by sample.'], content: ['Attention ', 'is slipping.'], usage: { prompt_tokens: 50, completion_tokens: 10 } }];
    const ms = await commentary(admin, [{ liveId, type: 101 }]);
    expect(ms[0]).toMatchObject({ source: 'llm' });
    expect(text(ms, 'reasoning_content')).toBe('Head-up fell sample by sample.');
    expect(text(ms, 'content')).toBe('Attention is slipping.');
    expect(ms.at(-1)).toMatchObject({ choices: [{ finish_reason: 'stop' }] });
    const sent = double.state.requests.at(-1)!.body;
    expect(sent.model).toBe('school-m');
    const figures = JSON.parse(sent.messages![1]!.content!) as { now: { present: number; headUpRate: number }; headUpRecent: number[] };
    expect(figures.now).toMatchObject({ present: 28, headUpRate: 0.429 });
    expect(figures.headUpRecent).toHaveLength(5);
    const after = await usage();
    expect(after.tokens - before.tokens).toBe(60);
    expect(await schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.select().from(assistantReservations))).toEqual([]);
  });

  it('counts the connection test\'s tokens in the day\'s usage, not as a question', async () => {
    const before = await usage();
    const test = await call(env.app, { url: `${S}/settings/test`, token: admin, body: {} });
    expect(test.status).toBe(200);
    const after = await usage();
    expect(after.tokens).toBeGreaterThan(before.tokens);
    expect(after.questions).toBe(before.questions);
  });

  it('admits simultaneous questions only as far as the month\'s budget goes: they cannot pass it together', async () => {
    async function ask(token: string) {
      const id = (await call<string>(env.app, { url: `${P}/getNewSessionId?model=0`, token })).body.data;
      const qs = new URLSearchParams({ isThink: '2', model: '0', problem: 'Summarize the week', sessionId: id });
      return env.app.inject({ method: 'POST', url: `${P}/askProblem?${qs}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{}' });
    }
    const used = (await usage()).tokens;
    // What is left is less than one answer's reservation: one question alone may take it, never two at once.
    await saveModel({ monthlyTokens: used + 1000 });
    double.state.turns = [{ content: ['One ', 'slow ', 'answer.'], usage: { prompt_tokens: 300, completion_tokens: 30 } }];
    double.state.delayMs = 150;
    const requests = double.state.requests.length;
    const askers = [admin, teacher, supervisor, admin, teacher, supervisor];
    const results = await Promise.all(askers.map((t) => ask(t)));
    double.state.delayMs = 0;
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 429, 429, 429, 429, 429]);
    for (const r of results.filter((x) => x.statusCode === 429)) expect(r.json()).toMatchObject({ errorKey: 'assistant.budgetReached' });
    expect(double.state.requests.length - requests).toBe(1);
    // Settled with the actual usage, the reservation gone.
    expect((await usage()).tokens - used).toBe(330);
    expect(await schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.select().from(assistantReservations))).toEqual([]);

    // With room for all of them, simultaneous questions all go.
    await saveModel({ monthlyTokens: used + 1_000_000 });
    double.state.delayMs = 50;
    const many = await Promise.all([admin, teacher, supervisor].map((t) => ask(t)));
    double.state.delayMs = 0;
    expect(many.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.select().from(assistantReservations))).toEqual([]);
    await saveModel({ baseUrl: null, model: null, apiKey: null });
  });

  it('keeps a school\'s reservations from every other school (row-level security)', async () => {
    const A = env.schoolA.schoolId;
    await schoolTx(env.dbh.db, A, (tx) => tx.insert(assistantReservations).values({ schoolId: A, tokens: 42 }));
    expect(await schoolTx(env.dbh.db, env.schoolB.schoolId, (tx) => tx.select().from(assistantReservations))).toEqual([]);
    await expect(schoolTx(env.dbh.db, env.schoolB.schoolId, (tx) => tx.insert(assistantReservations).values({ schoolId: A, tokens: 1 }))).rejects.toThrow();
    expect((await schoolTx(env.dbh.db, A, (tx) => tx.delete(assistantReservations).returning())).map((r) => r.tokens)).toEqual([42]);
  });
});
