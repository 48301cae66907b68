import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStComputeResponse } from '@hxk/contracts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

describe.each(DRIVERS)('S-T computation API on %s', (driver) => {
  let env: TestEnv;
  let teacher: string;

  beforeAll(async () => {
    env = await createTestEnv(driver);
    teacher = await loginAs(env.app, 'teacher');
  });
  afterAll(async () => env?.close());

  const compute = (body: unknown, token?: string, language = 'en') =>
    call<TStComputeResponse>(env.app, { method: 'POST', url: '/app/ddxk/ai/v1/st/compute', token, body, headers: { language } });

  it('answers n, nT, nS, runs, Rt, Ch and the mode of a sequence', async () => {
    const r = await compute({ sequence: 'TTSST', intervalSeconds: 30 }, teacher);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 1 });
    expect(r.body.data).toEqual({ n: 5, nT: 3, nS: 2, runs: 3, rt: 0.6, ch: 0.4, mode: 'dialogue', intervalSeconds: 30 });
    const lecture = await compute({ sequence: 'TTTTTTTSSS' }, teacher);
    expect(lecture.body.data).toMatchObject({ rt: 0.7, mode: 'lecture', intervalSeconds: 30 });
  });

  it('refuses a sequence with other letters, an empty one and a bad interval, naming the field in the reader\'s language', async () => {
    const bad = await compute({ sequence: 'TSX' }, teacher);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(444);
    expect(bad.body.msg).toContain('S and T');
    const zh = await compute({ sequence: '' }, teacher, 'zh');
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toContain('S 和 T');
    expect((await compute({ sequence: 'TS', intervalSeconds: 0 }, teacher)).status).toBe(400);
  });

  it('needs a signed-in member', async () => {
    const r = await compute({ sequence: 'TS' });
    expect(r.status).toBe(401);
  });
});
