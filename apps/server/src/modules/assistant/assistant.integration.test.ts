import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { TAssistantChunk, TAssistantMessage, TAssistantSession } from '@hxk/contracts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { startLlmDouble } from '../../test/llm-double.ts';
import { demoName } from '../../db/seed/seed.ts';

const P = '/ai/deekseek/v1';

type Streamed = { chunks: TAssistantChunk[]; thinking: string; answer: string; last: TAssistantChunk; done: boolean };

function parseSse(text: string): Streamed {
  const chunks: TAssistantChunk[] = [];
  let done = false;
  for (const block of text.split('\n\n')) {
    const line = block.trim();
    if (!line.startsWith('data: ')) continue;
    const data = line.slice(6);
    if (data === '[DONE]') done = true;
    else chunks.push(JSON.parse(data) as TAssistantChunk);
  }
  const thinking = chunks.map((c) => c.choices[0]?.delta.reasoning_content ?? '').join('');
  const answer = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
  return { chunks, thinking, answer, last: chunks[chunks.length - 1]!, done };
}

async function newSession(env: TestEnv, token: string, lang = 'en'): Promise<string> {
  const r = await call<string>(env.app, { url: `${P}/getNewSessionId?model=0`, token, headers: { 'accept-language': lang } });
  expect(r.body.code).toBe(1);
  return r.body.data;
}

async function ask(env: TestEnv, token: string, sessionId: string, problem: string, opts: { lang?: string; isThink?: 1 | 2; model?: 0 | 1 } = {}) {
  const qs = new URLSearchParams({ isThink: String(opts.isThink ?? 1), model: String(opts.model ?? 0), problem, sessionId });
  const res = await env.app.inject({ method: 'POST', url: `${P}/askProblem?${qs}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': opts.lang ?? 'en' }, payload: '{}' });
  return res;
}

describe.each(DRIVERS)('the AI assistant offline (%s)', (driver) => {
  let env: TestEnv;
  let admin: string;
  let teacher: string;
  let otherAdmin: string;
  beforeAll(async () => {
    env = await createTestEnv(driver);
    admin = await loginAs(env.app, 'admin');
    teacher = await loginAs(env.app, 'teacher');
    otherAdmin = await loginAs(env.app, 'admin2');
  });
  afterAll(() => env?.close());

  it('titles a new session "new conversation" in the reader\'s language until the first question', async () => {
    const id = await newSession(env, admin);
    for (const [lang, title] of [['zh', '新对话'], ['en', 'New conversation'], ['ja', '新しい会話']] as const) {
      const list = await call<TAssistantSession[]>(env.app, { url: `${P}/getSessionHistoryList`, token: admin, headers: { 'accept-language': lang } });
      expect(list.body.data.find((s) => s.id === id)?.title).toBe(title);
    }
    const res = await ask(env, admin, id, '  Which appeals are waiting?  ');
    expect(res.headers['content-type']).toContain('text/event-stream');
    const s = parseSse(res.payload);
    expect(s.done).toBe(true);
    expect(s.chunks[0]!.title).toBe('Which appeals are waiting?');
    const list = await call<TAssistantSession[]>(env.app, { url: `${P}/getSessionHistoryList`, token: admin, headers: { 'accept-language': 'zh' } });
    expect(list.body.data[0]).toMatchObject({ id, title: 'Which appeals are waiting?' });
  });

  it('refuses an empty question with a localized error, before anything streams', async () => {
    const id = await newSession(env, admin);
    for (const [lang, msg] of [['zh', '请输入问题'], ['en', 'Type a question first.'], ['ja', '質問を入力してください。']] as const) {
      const res = await ask(env, admin, id, '   ', { lang });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 444, errorKey: 'assistant.emptyProblem', msg });
    }
    const msgs = await call<TAssistantMessage[]>(env.app, { url: `${P}/getProblemList?sessionId=${id}`, token: admin });
    expect(msgs.body.data).toEqual([]);
  });

  it('answers its questions in zh, en and ja from the tools, with figures, the tools used and the screen', async () => {
    const id = await newSession(env, admin);
    const cases = [
      { lang: 'zh', q: '有哪些待处理的申诉？', tool: 'appeals_waiting', says: /申诉/ },
      { lang: 'en', q: 'Show the supervision plans progress', tool: 'plan_progress', says: /supervision plans|There are no supervision plans/ },
      { lang: 'ja', q: '学部ごとの評価の平均点は？', tool: 'evaluation_stats', says: /評価/ },
      { lang: 'en', q: 'What are the three rates and warnings?', tool: 'classroom_analysis', says: /AI warnings still open/ },
      { lang: 'ja', q: '今の授業は？', tool: 'classes_now', says: /授業/ },
    ] as const;
    for (const c of cases) {
      const s = parseSse((await ask(env, admin, id, c.q, { lang: c.lang })).payload);
      expect(s.last.choices[0]!.finish_reason, c.q).toBe('stop');
      expect(s.last.tools?.map((t) => t.name), c.q).toEqual([c.tool]);
      expect(s.last.tools![0]!.link, c.q).toMatch(/^\//);
      expect(s.answer, c.q).toMatch(c.says);
      expect(s.thinking, c.q).toContain(c.tool);
    }
    const stats = await call<TAssistantMessage[]>(env.app, { url: `${P}/getProblemList?sessionId=${id}`, token: admin });
    expect(stats.body.data).toHaveLength(5);
    const evaluation = stats.body.data[2]!;
    expect(evaluation).toMatchObject({ source: 'rules', stopState: 0, finishReason: 'stop', isThink: true });
    expect(evaluation.tools[0]).toMatchObject({ name: 'evaluation_stats', params: { groupBy: 'unit' } });
    expect(evaluation.tools[0]!.rows).toBeGreaterThan(0);
    // The same figures as the statistics screen.
    const semesterId = new URLSearchParams(evaluation.tools[0]!.link!.split('?')[1]).get('semesterId')!;
    const screen = await call<{ scope: { evaluations: number } }>(env.app, { url: `/app/ddxk/statistics/v1/evaluation?semesterId=${semesterId}&groupBy=unit`, token: admin });
    expect(evaluation.summarize).toContain(`評価 ${screen.body.data.scope.evaluations} 件`);
  });

  it('says plainly that no language model is configured when no rule matches', async () => {
    const id = await newSession(env, admin);
    for (const [lang, text] of [['zh', '没有配置语言模型'], ['en', 'No language model is configured'], ['ja', '言語モデルが設定されていない']] as const) {
      const s = parseSse((await ask(env, admin, id, 'Write me a poem', { lang })).payload);
      expect(s.answer).toContain(text);
      expect(s.answer).toContain('LLM_API_KEY');
      expect(s.last.tools).toEqual([]);
    }
  });

  it('runs tools with the asker\'s permissions: a teacher learns nothing the screens would not show', async () => {
    const id = await newSession(env, teacher);
    const s = parseSse((await ask(env, teacher, id, 'Mean evaluation scores by teacher')).payload);
    const screen = await call(env.app, { url: `/app/ddxk/statistics/v1/evaluation?semesterId=1&groupBy=teacher`, token: teacher });
    if (screen.status === 403) {
      // No statistics screen for this teacher: the tool says so and reads nothing.
      expect(s.answer).toContain('You have no access to the evaluation statistics screen');
      expect(s.last.tools).toEqual([expect.objectContaining({ name: 'evaluation_stats', rows: 0, link: null })]);
    } else {
      expect(s.last.tools![0]!.rows).toBeLessThanOrEqual(1);
    }
    for (const who of ['supervisor', 'leader', 'admin']) expect(s.answer).not.toContain(demoName(who));
    // The school's appeals are for handlers: the teacher's own only.
    const a = parseSse((await ask(env, teacher, id, 'Which appeals are waiting?')).payload);
    expect(a.last.tools![0]).toMatchObject({ name: 'appeals_waiting', params: { scope: 'mine' }, link: '/MeAppeal' });
  });

  it('keeps sessions to their person: another person and another school get 404', async () => {
    const id = await newSession(env, admin);
    await ask(env, admin, id, 'Which appeals are waiting?');
    for (const token of [teacher, otherAdmin]) {
      expect((await call(env.app, { url: `${P}/getProblemList?sessionId=${id}`, token })).status).toBe(404);
      expect((await ask(env, token, id, 'Which appeals are waiting?')).statusCode).toBe(404);
      expect((await call(env.app, { method: 'POST', url: `${P}/deleteSession?sessionId=${id}`, token, body: {} })).status).toBe(404);
      const list = await call<TAssistantSession[]>(env.app, { url: `${P}/getSessionHistoryList`, token });
      expect(list.body.data.map((s) => s.id)).not.toContain(id);
    }
    expect((await call<TAssistantMessage[]>(env.app, { url: `${P}/getProblemList?sessionId=${id}`, token: admin })).body.data).toHaveLength(1);
    expect((await call(env.app, { method: 'POST', url: `${P}/deleteSession?sessionId=${id}`, token: admin, body: {} })).body.code).toBe(1);
    expect((await call(env.app, { url: `${P}/getProblemList?sessionId=${id}`, token: admin })).status).toBe(404);
  });
});

describe.each(DRIVERS)('the AI assistant with a language model (%s)', (driver) => {
  let env: TestEnv;
  let admin: string;
  const double = startLlmDouble({ apiKey: 'sk-test' });
  beforeAll(async () => {
    const url = await double.listen();
    env = await createTestEnv(driver, { env: { LLM_BASE_URL: url, LLM_API_KEY: 'sk-test', LLM_MODEL_CHAT: 'chat-m', LLM_MODEL_REASONER: 'reason-m', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
    admin = await loginAs(env.app, 'admin');
  });
  afterAll(async () => {
    await env?.close();
    await double.close();
  });

  it('streams thinking and answer apart until the finish reason, and keeps them', async () => {
    double.state.turns = [{ reasoning: ['Let me ', 'think.'], content: ['The answer', ' is 42.'] }];
    double.state.delayMs = 0;
    const id = await newSession(env, admin);
    const s = parseSse((await ask(env, admin, id, 'What is the answer?', { model: 1 })).payload);
    expect(s.thinking).toBe('Let me think.');
    expect(s.answer).toBe('The answer is 42.');
    expect(s.last.choices[0]!.finish_reason).toBe('stop');
    const req = double.state.requests.at(-1)!;
    expect(req.body.model).toBe('reason-m');
    expect(req.body.stream).toBe(true);
    expect(req.body.tools?.length).toBe(6);
    const [m] = (await call<TAssistantMessage[]>(env.app, { url: `${P}/getProblemList?sessionId=${id}`, token: admin })).body.data;
    expect(m).toMatchObject({ problem: 'What is the answer?', thoughtProcess: 'Let me think.', summarize: 'The answer is 42.', stopState: 0, finishReason: 'stop', source: 'llm', model: 1 });
  });

  it('reads thinking inlined in <think> blocks', async () => {
    double.state.turns = [{ content: ['<thi', 'nk>Inline', ' thought</th', 'ink>Visible answer'] }];
    const id = await newSession(env, admin);
    const s = parseSse((await ask(env, admin, id, 'Hi')).payload);
    expect(s.thinking).toBe('Inline thought');
    expect(s.answer).toBe('Visible answer');
  });

  it('hides thinking when isThink is 2', async () => {
    double.state.turns = [{ reasoning: ['secret'], content: ['Shown'] }];
    const id = await newSession(env, admin);
    const s = parseSse((await ask(env, admin, id, 'Hi', { isThink: 2 })).payload);
    expect(s.thinking).toBe('');
    expect(s.answer).toBe('Shown');
  });

  it('runs the tools the model calls, under the asker, and lists them', async () => {
    double.state.turns = [
      { reasoning: ['I need the appeals.'], toolCalls: [{ name: 'appeals_waiting', arguments: '{}' }, { name: 'drop_tables', arguments: '{}' }] },
      { content: ['Here are the appeals.'] },
    ];
    const before = double.state.requests.length;
    const id = await newSession(env, admin);
    const s = parseSse((await ask(env, admin, id, 'Appeals?')).payload);
    expect(s.answer).toBe('Here are the appeals.');
    expect(s.last.tools?.map((t) => t.name)).toEqual(['appeals_waiting', 'drop_tables']);
    expect(s.last.tools![0]).toMatchObject({ link: '/Evaluate/Appeal', params: { scope: 'school' } });
    const second = double.state.requests[before + 1]!;
    const toolMsgs = second.body.messages!.filter((m) => m.role === 'tool');
    expect(toolMsgs).toHaveLength(2);
    expect(JSON.parse(toolMsgs[0]!.content!)).toHaveProperty('total');
    expect(JSON.parse(toolMsgs[1]!.content!)).toEqual({ error: 'No such tool' });
  });

  it('a provider failure is kept as failed with a fixed, localized message (never the remote body)', async () => {
    double.state.failStatus = 500;
    try {
      const id = await newSession(env, admin);
      const s = parseSse((await ask(env, admin, id, 'Hi', { lang: 'ja' })).payload);
      expect(s.last.stopState).toBe(2);
      expect(s.last.error).toBe('言語モデルのサービスが HTTP 500 を返しました。しばらくしてからお試しください。');
      expect(JSON.stringify(s.chunks)).not.toContain('remote detail');
      const [m] = (await call<TAssistantMessage[]>(env.app, { url: `${P}/getProblemList?sessionId=${id}`, token: admin })).body.data;
      expect(m).toMatchObject({ stopState: 2, finishReason: null });
    } finally {
      double.state.failStatus = null;
    }
  });

  it('stop ends the upstream request at once and keeps the message as stopped', async () => {
    double.state.turns = [{ reasoning: Array.from({ length: 200 }, (_, i) => `r${i} `), content: Array.from({ length: 200 }, (_, i) => `c${i} `) }];
    double.state.delayMs = 20;
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
    const id = await newSession(env, admin);
    const disconnects = double.state.disconnected;
    const stop = new AbortController();
    const res = await fetch(`${base}${P}/askProblem?isThink=1&model=0&problem=Long&sessionId=${id}`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: '{}', signal: stop.signal });
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('r3 ')) seen += new TextDecoder().decode((await reader.read()).value);
    stop.abort();
    await double.waitForDisconnects(disconnects + 1);
    const written = double.state.chunksWritten;
    await new Promise((r) => setTimeout(r, 150));
    // Nothing more was produced after the stop.
    expect(double.state.chunksWritten).toBe(written);
    let m: TAssistantMessage | undefined;
    for (let i = 0; i < 50 && m?.stopState !== 1; i++) {
      m = (await call<TAssistantMessage[]>(env.app, { url: `${P}/getProblemList?sessionId=${id}`, token: admin })).body.data[0];
      if (m?.stopState !== 1) await new Promise((r) => setTimeout(r, 50));
    }
    expect(m).toMatchObject({ stopState: 1, finishReason: null });
    expect(m!.thoughtProcess).toContain('r0 r1 r2');
    expect(m!.thoughtProcess.length).toBeLessThan(200 * 5);
    double.state.delayMs = 0;
  });
});
