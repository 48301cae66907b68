/**
 * The school's own language model and the assistant's fair use (issue 16, docs/decisions/0029): set
 * by the administrator, the key sealed and never returned, used before the deployment's, tested
 * against the local double of the OpenAI-compatible API; questions per person per hour and the
 * school's monthly token budget refused with a localized message; usage per school and model, and
 * a person's own; another school reads none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssistantChunk, TAssistantSettings, TAssistantStatus, TAssistantTestResult, TAssistantUsage } from '@hxk/contracts';
import { assistantSettings, assistantUsage } from '../../db/schema/index.ts';
import { schoolTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { startLlmDouble } from '../../test/llm-double.ts';

const P = '/ai/deekseek/v1';
const S = '/ai/assistant/v1';
const SCHOOL_KEY = 'sk-school-own-llm-key-456';
const en = { 'accept-language': 'en' };

function answerOf(payload: string): { answer: string; last: TAssistantChunk } {
  const chunks = payload
    .split('\n\n')
    .map((b) => b.trim())
    .filter((l) => l.startsWith('data: {'))
    .map((l) => JSON.parse(l.slice(6)) as TAssistantChunk);
  return { answer: chunks.map((c) => c.choices[0]?.delta.content ?? '').join(''), last: chunks.at(-1)! };
}

describe.each(DRIVERS)('the school\'s own language model and fair use (%s)', (driver) => {
  const deployment = startLlmDouble({ apiKey: 'sk-deployment' });
  const school = startLlmDouble({ apiKey: SCHOOL_KEY });
  let env: TestEnv;
  let admin: string;
  let teacher: string;
  let admin2: string;
  let schoolUrl: string;
  let deploymentUrl: string;

  beforeAll(async () => {
    [deploymentUrl, schoolUrl] = await Promise.all([deployment.listen(), school.listen()]);
    env = await createTestEnv(driver, { env: { LLM_BASE_URL: deploymentUrl, LLM_API_KEY: 'sk-deployment', LLM_MODEL_CHAT: 'deploy-chat', LLM_MODEL_REASONER: 'deploy-reason', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
    admin = await loginAs(env.app, 'admin');
    teacher = await loginAs(env.app, 'teacher');
    admin2 = await loginAs(env.app, 'admin2');
  });
  afterAll(async () => {
    await env?.close();
    await deployment.close();
    await school.close();
  });

  const get = (token: string) => call<TAssistantSettings>(env.app, { url: `${S}/settings`, token, headers: en });
  const save = (token: string, body: Record<string, unknown>) =>
    call<TAssistantSettings>(env.app, { url: `${S}/settings/save`, token, headers: en, body: { monthlyTokens: null, personHourly: null, ...body } });
  const usage = (token: string, url = `${S}/usage`) => call<TAssistantUsage>(env.app, { url, token, headers: en });
  async function ask(token: string, problem: string, lang = 'en') {
    const id = (await call<string>(env.app, { url: `${P}/getNewSessionId?model=0`, token })).body.data;
    const qs = new URLSearchParams({ isThink: '2', model: '0', problem, sessionId: id });
    return env.app.inject({ method: 'POST', url: `${P}/askProblem?${qs}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': lang }, payload: '{}' });
  }

  it('starts with the deployment\'s model; only an administrator reads or sets it; an incomplete service is refused with the reason', async () => {
    expect((await get(admin)).body.data).toEqual({ baseUrl: null, model: null, apiKeySet: false, inUse: 'deployment', deploymentConfigured: true, monthlyTokens: null, personHourly: null, schoolHourly: null, personDailyTokens: null });
    const partial = await save(admin, { baseUrl: schoolUrl, model: 'school-m', apiKey: null });
    expect(partial.status).toBe(400);
    expect(partial.body).toMatchObject({ errorKey: 'assistant.incomplete' });
    expect(partial.body.msg).toContain('address, model and API key together');
    expect((await save(admin, { baseUrl: 'ftp://x', model: 'm', apiKey: 'k' })).status).toBe(400);
    expect((await save(admin, { baseUrl: null, model: null, monthlyTokens: 0 })).status).toBe(400);
    expect((await get(teacher)).status).toBe(403);
    expect((await save(teacher, { baseUrl: schoolUrl, model: 'school-m', apiKey: SCHOOL_KEY })).status).toBe(403);
    expect((await call(env.app, { url: `${S}/settings/test`, token: teacher, body: {} })).status).toBe(403);
    expect((await usage(teacher)).status).toBe(403);
  });

  it('keeps the key sealed, never returns it, and answers with the school\'s model before the deployment\'s', async () => {
    const saved = await save(admin, { baseUrl: schoolUrl, model: 'school-m', apiKey: SCHOOL_KEY });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ baseUrl: schoolUrl, model: 'school-m', apiKeySet: true, inUse: 'school' });
    expect(JSON.stringify(saved.body)).not.toContain(SCHOOL_KEY);
    expect(JSON.stringify((await get(admin)).body)).not.toContain(SCHOOL_KEY);
    const [row] = await schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.select().from(assistantSettings));
    expect(row!.apiKey).toMatch(/^sealed:v1:/);
    expect(row!.apiKey).not.toContain(SCHOOL_KEY);

    const status = await call<TAssistantStatus>(env.app, { url: `${P}/status`, token: teacher });
    expect(status.body.data).toEqual({ llm: true, models: ['school-m', 'school-m'], provider: 'school' });
    school.state.turns = [{ content: ['From the school.'] }];
    const before = deployment.state.requests.length;
    const { answer } = answerOf((await ask(teacher, 'Hello?')).payload);
    expect(answer).toBe('From the school.');
    expect(school.state.requests.at(-1)).toMatchObject({ authorization: `Bearer ${SCHOOL_KEY}`, body: { model: 'school-m', stream_options: { include_usage: true } } });
    expect(deployment.state.requests.length).toBe(before);

    const test = await call<TAssistantTestResult>(env.app, { url: `${S}/settings/test`, token: admin, headers: en, body: {} });
    expect(test.status).toBe(200);
    expect(test.body.data).toMatchObject({ service: 'school', model: 'school-m' });
  });

  it('needs the key again for a new address, and tells a refused key or a blocked address in the reader\'s language', async () => {
    const moved = await save(admin, { baseUrl: 'https://llm.example.org', model: 'school-m' });
    expect(moved.status).toBe(400);
    expect(moved.body.errorKey).toBe('assistant.incomplete');
    // Same address, key kept: the budget and rate may change without the key.
    expect((await save(admin, { baseUrl: schoolUrl, model: 'school-m', personHourly: 50 })).body.data).toMatchObject({ apiKeySet: true, personHourly: 50 });

    await save(admin, { baseUrl: schoolUrl, model: 'school-m', apiKey: 'sk-wrong' });
    const refused = await call(env.app, { url: `${S}/settings/test`, token: admin, headers: { 'accept-language': 'zh' }, body: {} });
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ errorKey: 'assistant.providerAuth', msg: '语言模型服务拒绝了 API 密钥，请管理员检查配置' });
    expect(JSON.stringify(refused.body)).not.toContain('secret remote detail');

    await save(admin, { baseUrl: 'http://169.254.169.254/v1', model: 'school-m', apiKey: 'sk-x' });
    const blocked = await call(env.app, { url: `${S}/settings/test`, token: admin, headers: { 'accept-language': 'ja' }, body: {} });
    expect(blocked.status).toBe(400);
    expect(blocked.body.errorKey).toBe('assistant.providerBlocked');
    expect(blocked.body.msg).toContain('言語モデルのアドレスは許可されていません');

    await save(admin, { baseUrl: schoolUrl, model: 'school-m', apiKey: SCHOOL_KEY });
  });

  it('counts the provider\'s reported tokens, else a fair estimate, per school, day and model — and a person\'s own apart', async () => {
    const startA = (await usage(admin)).body.data;
    school.state.turns = [{ content: ['Counted.'], usage: { prompt_tokens: 100, completion_tokens: 20 } }];
    await ask(teacher, 'How many tokens?');
    let now = (await usage(admin)).body.data;
    expect(now.tokens - startA.tokens).toBe(120);
    expect(now.questions - startA.questions).toBe(1);
    const day = now.days.find((d) => d.model === 'school-m')!;
    expect(day).toMatchObject({ model: 'school-m' });
    expect(Object.keys(day).sort()).toEqual(['day', 'estimatedTokens', 'model', 'questions', 'tokens']);

    school.state.turns = [{ content: ['No usage reported.'] }];
    await ask(admin, 'Estimate these tokens please');
    const est = (await usage(admin)).body.data;
    const estimated = est.days.reduce((n, d) => n + d.estimatedTokens, 0) - now.days.reduce((n, d) => n + d.estimatedTokens, 0);
    expect(estimated).toBeGreaterThan(0);
    expect(est.tokens - now.tokens).toBe(estimated);
    now = est;

    // The teacher reads their own: only their question, never the administrator's.
    const mine = (await usage(teacher, `${P}/myUsage`)).body.data;
    expect(mine.questions).toBe(2); // "Hello?" and "How many tokens?"
    expect(mine.tokens).toBeLessThan(now.tokens);
    expect((await usage(admin, `${S}/usage?month=2026-13`)).status).toBe(400);
    expect((await usage(admin, `${S}/usage?month=2001-01`)).body.data).toMatchObject({ month: '2001-01', questions: 0, tokens: 0, days: [] });
  });

  it('refuses a question once the school\'s monthly budget is used, in zh, en and ja', async () => {
    const used = (await usage(admin)).body.data.tokens;
    await save(admin, { baseUrl: schoolUrl, model: 'school-m', monthlyTokens: used + 50 });
    school.state.turns = [{ content: ['Nearly spent.'], usage: { prompt_tokens: 40, completion_tokens: 20 } }];
    expect(answerOf((await ask(teacher, 'One more?')).payload).answer).toBe('Nearly spent.');
    const left = (await usage(admin)).body.data;
    expect(left).toMatchObject({ monthlyTokens: used + 50, remainingTokens: 0 });
    const requests = school.state.requests.length;
    for (const [lang, text] of [['zh', '本校本月的 AI 助手用量'], ['en', "The school's AI assistant budget for this month"], ['ja', '今月の学校の AI アシスタント利用枠']] as const) {
      const res = await ask(teacher, 'And another?', lang);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 444, errorKey: 'assistant.budgetReached' });
      expect(res.json().msg).toContain(text);
      expect(res.json().msg).toContain(String(used + 50));
    }
    expect(school.state.requests.length).toBe(requests);
    // The person's view tells what is left of the school's budget too.
    expect((await usage(teacher, `${P}/myUsage`)).body.data.remainingTokens).toBe(0);
    // Raising the budget lets questions through again.
    await save(admin, { baseUrl: schoolUrl, model: 'school-m', monthlyTokens: used + 100_000 });
    expect((await ask(teacher, 'Now?')).statusCode).toBe(200);
  });

  it('refuses a person\'s questions past the hourly number, others still ask, and the hour passes', async () => {
    await save(admin, { baseUrl: schoolUrl, model: 'school-m', personHourly: 1 });
    school.state.turns = [{ content: ['ok'] }];
    env.clock.advance(3601);
    expect((await ask(teacher, 'First this hour')).statusCode).toBe(200);
    const over = await ask(teacher, 'Second this hour', 'zh');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ errorKey: 'assistant.personRate', msg: '每人每小时最多提问 1 次，请 60 分钟后再试' });
    expect((await ask(admin, 'Someone else')).statusCode).toBe(200);
    env.clock.advance(3601);
    expect((await ask(teacher, 'Next hour')).statusCode).toBe(200);
    await save(admin, { baseUrl: schoolUrl, model: 'school-m', personHourly: null });
  });

  it('refuses everyone\'s questions once the school asked its hourly number, and the hour passes', async () => {
    expect((await save(admin, { baseUrl: schoolUrl, model: 'school-m', schoolHourly: 0 })).status).toBe(400);
    expect((await save(admin, { baseUrl: schoolUrl, model: 'school-m', schoolHourly: 100_001 })).status).toBe(400);
    env.clock.advance(3601);
    [admin, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'teacher')]);
    expect((await save(admin, { baseUrl: schoolUrl, model: 'school-m', schoolHourly: 3 })).body.data).toMatchObject({ schoolHourly: 3, personHourly: null });
    // Saved without the field (an older client): the limit stays.
    expect((await save(admin, { baseUrl: schoolUrl, model: 'school-m' })).body.data.schoolHourly).toBe(3);
    school.state.turns = [{ content: ['ok'] }];
    // Four questions of two people at once: three pass, the fourth is refused, whoever asked it.
    const together = await Promise.all([ask(teacher, 'One'), ask(admin, 'Two'), ask(teacher, 'Three'), ask(admin, 'Four')]);
    expect(together.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429]);
    expect(together.find((r) => r.statusCode === 429)!.json()).toMatchObject({ errorKey: 'assistant.schoolRate', msg: 'This school can ask 3 questions an hour and has reached that. Try again in 60 minutes.' });
    const ja = await ask(teacher, 'Five', 'ja');
    expect(ja.json()).toMatchObject({ errorKey: 'assistant.schoolRate', msg: 'この学校が 1 時間に質問できるのは 3 回までで、上限に達しました。60 分後にもう一度お試しください。' });
    env.clock.advance(3601);
    [admin, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'teacher')]);
    expect((await ask(teacher, 'Next hour')).statusCode).toBe(200);
    expect((await save(admin, { baseUrl: schoolUrl, model: 'school-m', schoolHourly: null })).body.data.schoolHourly).toBeNull();
  });

  it('refuses a person\'s questions once their day used its tokens, others still ask, at once too, and the next day they may', async () => {
    expect((await save(admin, { baseUrl: schoolUrl, model: 'school-m', personDailyTokens: 0 })).status).toBe(400);
    expect((await save(admin, { baseUrl: schoolUrl, model: 'school-m', personDailyTokens: 100_000_001 })).status).toBe(400);
    // A new school day, so the day's usage starts at nothing.
    env.clock.advance(86_400);
    [admin, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'teacher')]);
    expect((await save(admin, { baseUrl: schoolUrl, model: 'school-m', personDailyTokens: 100 })).body.data).toMatchObject({ personDailyTokens: 100, monthlyTokens: null });
    // Saved without the field (an older client): the budget stays.
    expect((await save(admin, { baseUrl: schoolUrl, model: 'school-m' })).body.data.personDailyTokens).toBe(100);
    school.state.turns = [{ content: ['Spent.'], usage: { prompt_tokens: 70, completion_tokens: 40 } }];
    // Alone, a question may take what is left of the day (and overshoot it by its own size).
    expect(answerOf((await ask(teacher, 'How was the week?')).payload).answer).toBe('Spent.');
    const requests = school.state.requests.length;
    for (const [lang, text] of [['zh', '您今天的 AI 助手用量（100 个 token）已用完'], ['en', 'You have used your AI assistant budget for today (100 tokens).'], ['ja', '本日のあなたの AI アシスタント利用枠（100 トークン）を使い切りました。']] as const) {
      const res = await ask(teacher, 'And another?', lang);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ errorKey: 'assistant.personBudgetReached' });
      expect(res.json().msg).toContain(text);
    }
    expect(school.state.requests.length).toBe(requests);
    // Someone else still asks.
    expect((await ask(admin, 'My turn')).statusCode).toBe(200);
    // Two questions of one person at once when the day has room for one answer only: one goes.
    await save(admin, { baseUrl: schoolUrl, model: 'school-m', personDailyTokens: 4000 });
    env.clock.advance(86_400);
    [admin, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'teacher')]);
    school.state.turns = [{ content: ['One ', 'slow ', 'answer.'], usage: { prompt_tokens: 300, completion_tokens: 30 } }];
    school.state.delayMs = 150;
    const together = await Promise.all([ask(teacher, 'One'), ask(teacher, 'Two')]);
    school.state.delayMs = 0;
    expect(together.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(together.find((r) => r.statusCode === 429)!.json()).toMatchObject({ errorKey: 'assistant.personBudgetReached' });
    // The next day they may ask again.
    env.clock.advance(86_400);
    [admin, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'teacher')]);
    school.state.turns = [{ content: ['ok'] }];
    expect((await ask(teacher, 'A new day')).statusCode).toBe(200);
    expect((await save(admin, { baseUrl: schoolUrl, model: 'school-m', personDailyTokens: null })).body.data.personDailyTokens).toBeNull();
  });

  it('keeps schools apart: another school reads its own settings and usage, never these, and uses the deployment\'s model', async () => {
    // (Signed in again: the hours the previous test let pass ended the idle sessions.)
    admin2 = await loginAs(env.app, 'admin2');
    admin = await loginAs(env.app, 'admin');
    teacher = await loginAs(env.app, 'teacher');
    const b = (await get(admin2)).body.data;
    expect(b).toMatchObject({ baseUrl: null, model: null, apiKeySet: false, inUse: 'deployment', monthlyTokens: null, personHourly: null });
    expect((await usage(admin2)).body.data).toMatchObject({ questions: 0, tokens: 0, days: [] });
    // The database too: school B's transaction sees no row of school A's.
    const rows = await schoolTx(env.dbh.db, env.schoolB.schoolId, async (tx) => [...(await tx.select().from(assistantSettings)), ...(await tx.select().from(assistantUsage))]);
    expect(rows).toEqual([]);
    deployment.state.turns = [{ content: ['From the deployment.'], usage: { prompt_tokens: 7, completion_tokens: 3 } }];
    expect(answerOf((await ask(admin2, 'Whose model?')).payload).answer).toBe('From the deployment.');
    expect(deployment.state.requests.at(-1)).toMatchObject({ authorization: 'Bearer sk-deployment', body: { model: 'deploy-chat' } });
    expect((await usage(admin2)).body.data).toMatchObject({ questions: 1, tokens: 10, days: [{ model: 'deploy-chat', questions: 1, tokens: 10 }] });
    // School A's view does not count school B's question.
    expect((await usage(admin)).body.data.days.some((d) => d.model === 'deploy-chat')).toBe(false);
  });

  it('goes back to the deployment\'s model when cleared, then to the offline assistant without one', async () => {
    const cleared = await save(admin, { baseUrl: null, model: null, apiKey: null });
    expect(cleared.body.data).toMatchObject({ baseUrl: null, model: null, apiKeySet: false, inUse: 'deployment' });
    expect((await call<TAssistantStatus>(env.app, { url: `${P}/status`, token: teacher })).body.data).toEqual({ llm: true, models: ['deploy-chat', 'deploy-reason'], provider: 'deployment' });
  });
});
