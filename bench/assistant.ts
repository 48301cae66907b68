/**
 * npm run bench:assistant: what the assistant's server adds to a streamed answer, and how it holds
 * many at once (issue 16; docs/benchmarks.md, "Assistant").
 *
 * Per driver (PGlite always, PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set): the
 * real app on the demo data, listening on 127.0.0.1, with the local double of an OpenAI-compatible
 * service (apps/server/src/test/llm-double.ts) as the deployment's model.
 *   - First token: the time from sending a question to the first chunk carrying thinking or answer
 *     text, through POST /ai/deekseek/v1/askProblem (sign-in already done: the session lookup, the
 *     fair-use admission, the question kept, the prompt with the school's tools, the guarded
 *     outbound client, the stream relayed) against the same request sent to the double directly,
 *     alternating, one at a time. The server's overhead is the difference of the medians; the aim
 *     is under 20 ms.
 *   - Many chats: `chats` questions at once, each answer dripped by the double (a chunk every
 *     `dripMs`, 15 s in all) so that all are open together; the heap of the process when the last
 *     has streamed its first text, against before (per chat: the difference over the chats still
 *     open upstream then; garbage collected first with --expose-gc), and the p50 / p99 of a teacher's
 *     trivial call (GET /app/ddxk/notification/v1/unread) one after the other meanwhile. The
 *     server, the double and the clients share one process, so the memory per chat is an upper
 *     bound of the server's. The fair-use limits are off for this part (one session asks them all):
 *     it measures the server, not the limits.
 * Figures go to stdout and bench/results/assistant.json; the summary's rows to bench/results.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { startLlmDouble } from '../apps/server/src/test/llm-double.ts';
import { benchDrivers, giveUpAfter, isMain, latencies, openDemo, round, signIn, table, writeResults, type BenchBase, type DriverName, type SummaryRow } from './support.ts';

const SETTINGS = {
  /** Questions per side for the first token (after `warmup` of each). */
  firstTokenCalls: Number(process.env.BENCH_FIRST_TOKEN_CALLS ?? 40),
  warmup: 5,
  chats: Number(process.env.BENCH_CHATS ?? 200),
  /** Chunks of each answer of the many-chats part, and the double's pause before each. */
  chunks: 150,
  dripMs: 100,
};
const DEFAULTS = { ...SETTINGS };
export type AssistantBenchOptions = BenchBase & Partial<typeof SETTINGS>;
const FIRST_TOKEN_OVERHEAD_AIM_MS = 20;
const P = '/ai/deekseek/v1';
const VICTIM = '/app/ddxk/notification/v1/unread';
const LIMITS_OFF = { RATE_LIMIT_SESSION_PER_MINUTE: '0', RATE_LIMIT_IP_PER_MINUTE: '0', RATE_LIMIT_SESSION_CONCURRENCY: '0', RATE_LIMIT_AI_PER_MINUTE: '0' };
const KEY = 'sk-bench';
let log: (msg: string) => void = (msg) => {
  process.stdout.write(`${msg}\n`);
};

const stats = latencies;

/**
 * Reads a server-sent-event stream until the first chunk with thinking or answer text (ms since
 * `t0`), then to its end; throws on a status other than 200 or a stream without text.
 */
async function firstText(res: Response, t0: number, onFirst?: () => void): Promise<number> {
  if (res.status !== 200 || !res.body) throw new Error(`the stream answered ${res.status}: ${await res.text()}`);
  const decoder = new TextDecoder();
  let buffered = '';
  let first: number | null = null;
  for await (const part of res.body) {
    if (first !== null) continue;
    buffered += decoder.decode(part as Uint8Array, { stream: true });
    for (const line of buffered.split('\n')) {
      if (!line.startsWith('data: {')) continue;
      const delta = (JSON.parse(line.slice(6)) as { choices?: { delta?: { content?: string | null; reasoning_content?: string | null } }[] }).choices?.[0]?.delta;
      if (delta?.content || delta?.reasoning_content) {
        first = performance.now() - t0;
        onFirst?.();
        break;
      }
    }
    buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
  }
  if (first === null) throw new Error('the stream carried no text');
  return first;
}

/** Asks a question in a new session of the asker's; resolves at the end of the answer with the ms to its first text. */
async function ask(origin: string, token: string, problem: string, onFirst?: () => void): Promise<number> {
  const auth = { authorization: `Bearer ${token}` };
  const sessionId = ((await (await fetch(`${origin}${P}/getNewSessionId?model=0`, { headers: auth })).json()) as { data: string }).data;
  const qs = new URLSearchParams({ isThink: '2', model: '0', problem, sessionId });
  const t0 = performance.now();
  const res = await fetch(`${origin}${P}/askProblem?${qs}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
  return firstText(res, t0, onFirst);
}

/** The same question straight to the double, as the app's adapter asks it (streamed, usage asked). */
async function askDirect(doubleUrl: string, problem: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${doubleUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'bench-chat', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: problem }] }),
  });
  return firstText(res, t0);
}

type Figure = {
  driver: DriverName;
  firstToken: { app: ReturnType<typeof stats>; direct: ReturnType<typeof stats>; overheadMs: number };
  chats: { asked: number; answered: number; peakOpen: number; heapBeforeMb: number; heapPeakMb: number; perChatKb: number; victim: ReturnType<typeof stats>; victimFailed: number; seconds: number };
};

async function measure(driver: DriverName, cleanups: (() => Promise<void>)[], demoImage: Blob | undefined): Promise<Figure> {
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), `hxk-bench-assistant-${driver}-`));
  cleanups.push(() => fsp.rm(tmp, { recursive: true, force: true }));
  const { dbh, cleanup } = await openDemo(driver, tmp, `hxk_bench_assistant_${process.pid}`, demoImage);
  cleanups.push(cleanup);
  const double = startLlmDouble({ apiKey: KEY });
  const doubleUrl = await double.listen();
  cleanups.push(() => double.close());
  const config = loadConfig({
    DATA_DIR: path.join(tmp, 'data'), LOG_LEVEL: 'silent', ...LIMITS_OFF,
    LLM_BASE_URL: doubleUrl, LLM_API_KEY: KEY, LLM_MODEL_CHAT: 'bench-chat', LLM_MODEL_REASONER: 'bench-reason', OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
  });
  const app: FastifyInstance = await buildApp({ config: { ...config, redisUrl: undefined }, dbh, logger: false });
  cleanups.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no TCP address');
  const origin = `http://127.0.0.1:${addr.port}`;
  const admin = await signIn(origin, 'admin');
  const teacher = await signIn(origin, 'teacher');

  // First token, one question at a time, the two sides alternating.
  double.state.delayMs = 0;
  double.state.turns = [{ reasoning: ['Looking ', 'at it.'], content: ['The ', 'answer.'], usage: { prompt_tokens: 20, completion_tokens: 6 } }];
  log(`[${driver}] first token: ${SETTINGS.firstTokenCalls} questions through the app and as many to the double directly`);
  const app1: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < SETTINGS.warmup + SETTINGS.firstTokenCalls; i++) {
    const a = await ask(origin, admin, `How are the lessons going? ${i}`);
    const d = await askDirect(doubleUrl, `How are the lessons going? ${i}`);
    if (i >= SETTINGS.warmup) {
      app1.push(a);
      direct.push(d);
    }
  }
  const appStats = stats(app1);
  const directStats = stats(direct);

  // Many chats at once, each answer dripped so that they are all open together.
  double.state.turns = [{ content: Array.from({ length: SETTINGS.chunks }, (_, i) => `word${i} `), usage: { prompt_tokens: 200, completion_tokens: SETTINGS.chunks } }];
  double.state.delayMs = SETTINGS.dripMs;
  log(`[${driver}] ${SETTINGS.chats} chats at once, each answer ${SETTINGS.chunks} chunks ${SETTINGS.dripMs} ms apart`);
  // With --expose-gc (npm run bench:assistant), the heap is measured without its garbage.
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const completedBefore = double.state.completed;
  const requestsBefore = double.state.requests.length;
  // The moment every chat has streamed its first text: how many are open together, and the heap.
  let peakOpen = 0;
  let heapPeak = heapBefore;
  let started = 0;
  const onFirst = () => {
    if (++started < SETTINGS.chats) return;
    gc?.();
    peakOpen = double.state.requests.length - requestsBefore - (double.state.completed - completedBefore) - double.state.disconnected;
    heapPeak = process.memoryUsage().heapUsed;
  };
  const t0 = performance.now();
  const chats = Promise.allSettled(Array.from({ length: SETTINGS.chats }, (_, i) => ask(origin, admin, `Summarize week ${i}`, onFirst)));
  // The teacher's trivial calls while the chats stream.
  let streaming = true;
  void chats.then(() => { streaming = false; });
  const victimMs: number[] = [];
  let victimFailed = 0;
  while (streaming) {
    const v0 = performance.now();
    const res = await fetch(`${origin}${VICTIM}`, { headers: { authorization: `Bearer ${teacher}` } });
    await res.arrayBuffer();
    if (res.status === 200) victimMs.push(performance.now() - v0);
    else victimFailed++;
  }
  const settled = await chats;
  const seconds = round((performance.now() - t0) / 1000);
  const answered = settled.filter((r) => r.status === 'fulfilled').length;
  const failures = settled.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => String(r.reason));
  if (failures.length) log(`[${driver}] ${failures.length} chats failed, the first: ${failures[0]}`);
  await app.close();
  await double.close();
  await cleanup();
  const mb = (b: number) => round(b / 1024 / 1024);
  return {
    driver,
    firstToken: { app: appStats, direct: directStats, overheadMs: round(appStats.p50 - directStats.p50) },
    chats: {
      asked: SETTINGS.chats, answered, peakOpen, heapBeforeMb: mb(heapBefore), heapPeakMb: mb(heapPeak),
      perChatKb: peakOpen ? round((heapPeak - heapBefore) / 1024 / peakOpen) : 0, victim: stats(victimMs), victimFailed, seconds,
    },
  };
}

/** The assistant benchmark in process: figures and the summary's rows; `failed` lists the runs in which a chat or the teacher's call failed. */
export async function runAssistantBench(opts: AssistantBenchOptions = {}) {
  const { drivers: only, demoImage, log: logTo, ...sizes } = opts;
  Object.assign(SETTINGS, DEFAULTS, sizes);
  if (logTo) log = logTo;
  const drivers = only ?? benchDrivers();
  const loadBefore = os.loadavg().map((n) => round(n));
  log(`hxk assistant benchmark: ${os.cpus().length} cores, node ${process.version}, load ${loadBefore.join(' ')}; drivers: ${drivers.join(', ')}`);
  const cleanups: (() => Promise<void>)[] = [];
  const figures: Figure[] = [];
  try {
    for (const driver of drivers) figures.push(await measure(driver, cleanups, demoImage));
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  }
  log('\nFirst token (ms): through askProblem against the double directly, one question at a time');
  log(table(['driver', 'app p50', 'app p99', 'direct p50', 'direct p99', 'overhead (p50)'],
    figures.map((f) => [f.driver, f.firstToken.app.p50, f.firstToken.app.p99, f.firstToken.direct.p50, f.firstToken.direct.p99, f.firstToken.overheadMs])));
  log(`\n${SETTINGS.chats} chats at once: open together at most, heap, and the teacher's ${VICTIM} meanwhile (ms)`);
  log(table(['driver', 'answered', 'open at once', 'heap before MB', 'heap peak MB', 'KB per chat', 'teacher p50', 'teacher p99', 'teacher calls', 'seconds'],
    figures.map((f) => [f.driver, f.chats.answered, f.chats.peakOpen, f.chats.heapBeforeMb, f.chats.heapPeakMb, f.chats.perChatKb, f.chats.victim.p50, f.chats.victim.p99, f.chats.victim.calls, f.chats.seconds])));
  const failed = figures.filter((f) => f.chats.answered < f.chats.asked || f.chats.victimFailed > 0).map((f) => f.driver);
  const name = (d: DriverName) => (d === 'pglite' ? 'PGlite' : 'PostgreSQL');
  const summary: SummaryRow[] = figures.flatMap((f): SummaryRow[] => [
    { bench: 'assistant', figure: `server overhead on the first token, p50 (${name(f.driver)})`, aim: `< ${FIRST_TOKEN_OVERHEAD_AIM_MS} ms`, measured: `${f.firstToken.overheadMs} ms`, met: f.firstToken.overheadMs < FIRST_TOKEN_OVERHEAD_AIM_MS },
    { bench: 'assistant', figure: `${f.chats.asked} chats at once: answered, open together (${name(f.driver)})`, aim: `${f.chats.asked}`, measured: `${f.chats.answered}, ${f.chats.peakOpen} open`, met: f.chats.answered === f.chats.asked },
    { bench: 'assistant', figure: `heap per open chat, server + double + clients (${name(f.driver)})`, aim: '', measured: `${f.chats.perChatKb} KB`, met: null },
    { bench: 'assistant', figure: `a teacher's call while ${f.chats.asked} chats stream, p99 (${name(f.driver)})`, aim: '', measured: `${f.chats.victim.p99} ms`, met: null },
  ]);
  const results = { date: new Date().toISOString(), loadAverageBefore: loadBefore, loadAverageAfter: os.loadavg().map((n) => round(n)), settings: { ...SETTINGS }, figures };
  return { results, summary, failed };
}

async function main() {
  giveUpAfter('bench:assistant', 10 * 60_000);
  const { results, summary, failed } = await runAssistantBench();
  log(`\nwritten to ${await writeResults('assistant', results, summary)}`);
  if (failed.length) {
    log(`a chat or the teacher's call failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

if (isMain(import.meta.url)) await main();
