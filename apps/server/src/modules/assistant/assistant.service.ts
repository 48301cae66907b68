/**
 * The AI assistant (issue 16, docs/decisions/0023-ai-assistant.md). A member's conversations are
 * theirs alone: another person's or another school's session id is not found. A question is kept
 * before it is answered; its answer streams as it arrives (thinking and answer apart) and is kept
 * with its thinking, how it ended (answered, stopped by the asker, failed), its finish reason and the
 * tools it used. The asker's stop aborts the upstream request at once.
 *
 * Who answers: the school's own OpenAI-compatible model, else the deployment's (provider.ts),
 * offered the read-only tools, within the school's fair-use limits; with none configured, the offline data assistant's transparent rules (assistant.rules.ts) run the same
 * tools, and say plainly that no language model is configured when no rule matches.
 */
import { ASSISTANT_LIMITS, ASSISTANT_STOP_STATES, ERRORS, formatMessage, type TAssistantChunk, type TAssistantMessage, type TAssistantSession, type TAssistantStatus, type TAssistantToolUse, type TLanguage } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import type { LlmMessage, LlmProvider } from '../../platform/adapters/llm.ts';
import { schoolClock } from '../calendar/calendar.service.ts';
import * as repo from './assistant.repo.ts';
import { TokenMeter } from './fair-use.ts';
import { admitQuestion, providerFor, recordUsage } from './provider.ts';
import { settingsRow } from './provider.repo.ts';
import { matchRule } from './assistant.rules.ts';
import { LLM_TOOLS, runTool, type ToolOutcome } from './assistant.tools.ts';
import { say } from './assistant.text.ts';

/** Rounds of tool calls one answer may make before it must answer. */
const MAX_TOOL_ROUNDS = 4;
/** Earlier questions and answers of the session sent with a new question. */
const HISTORY_TURNS = 10;

function errorText(err: AppError, lang: TLanguage): string {
  return formatMessage(ERRORS[err.key][lang], err.params);
}

export async function status(ctx: MemberCtx): Promise<TAssistantStatus> {
  const { service, llm } = providerFor(ctx.deps, await inSchool(ctx, settingsRow));
  return { llm: !!llm, models: llm ? [...llm.models] : [], provider: service };
}

const presentSession = (s: repo.SessionRow, lang: TLanguage): TAssistantSession => ({
  id: s.id,
  title: s.title ?? say(lang, 'newConversation'),
  createTime: s.createdAt.toISOString(),
  updateTime: s.updatedAt.toISOString(),
  creator: s.creatorId,
  model: s.model,
  status: s.status,
});

const presentMessage = (m: repo.MessageRow, lang: TLanguage): TAssistantMessage => ({
  id: m.id,
  sessionId: m.sessionId,
  problem: m.problem,
  thoughtProcess: m.thoughtProcess,
  summarize: m.summarize,
  stopState: m.stopState,
  finishReason: m.finishReason,
  error: m.errorKey && m.errorKey in ERRORS ? ERRORS[m.errorKey as keyof typeof ERRORS][lang] : null,
  isThink: m.isThink,
  isExpand: m.isExpand,
  model: m.model,
  source: m.source as 'llm' | 'rules',
  thinkMs: m.thinkMs,
  tools: m.tools as TAssistantToolUse[],
  createTime: m.createdAt.toISOString(),
});

async function ownSession(ctx: MemberCtx, tx: Parameters<Parameters<typeof inSchool>[1]>[0], id: string) {
  const s = await repo.ownSession(tx, ctx.auth.accountId, id);
  if (!s) throw new AppError('common.notFound');
  return s;
}

export async function newSession(ctx: MemberCtx, model: 0 | 1): Promise<string> {
  return inSchool(ctx, async (tx) => (await repo.insertSession(tx, ctx.auth.schoolId, ctx.auth.accountId, model)).id);
}

export async function sessionHistory(ctx: MemberCtx): Promise<TAssistantSession[]> {
  const rows = await inSchool(ctx, (tx) => repo.ownSessions(tx, ctx.auth.accountId, ASSISTANT_LIMITS.history));
  return rows.map((s) => presentSession(s, ctx.lang));
}

export async function problemList(ctx: MemberCtx, sessionId: string): Promise<TAssistantMessage[]> {
  const rows = await inSchool(ctx, async (tx) => {
    await ownSession(ctx, tx, sessionId);
    return repo.messagesOf(tx, sessionId);
  });
  return rows.map((m) => presentMessage(m, ctx.lang));
}

export async function deleteSession(ctx: MemberCtx, sessionId: string): Promise<void> {
  await inSchool(ctx, async (tx) => {
    await ownSession(ctx, tx, sessionId);
    await repo.deleteSession(tx, sessionId);
  });
}

export type AskInput = { isThink: 1 | 2; model: 0 | 1; problem: string; sessionId: string };
export type Prepared = { message: repo.MessageRow; title: string; history: repo.MessageRow[]; llm: LlmProvider | null; day: string; reservationId: string | null };

/** Checks and keeps the question (refused before anything streams), and titles an untitled session by it. */
export async function prepareAsk(ctx: MemberCtx, q: AskInput): Promise<Prepared> {
  const problem = q.problem.trim();
  if (!problem) throw new AppError('assistant.emptyProblem');
  return inSchool(ctx, async (tx) => {
    const session = await ownSession(ctx, tx, q.sessionId);
    const history = (await repo.messagesOf(tx, session.id)).filter((m) => m.stopState === ASSISTANT_STOP_STATES.done).slice(-HISTORY_TURNS);
    const { llm, day, reservationId } = await admitQuestion(ctx, tx, { reserveText: [...history.flatMap((h) => [h.problem, h.summarize]), problem].join('\n') });
    const title = session.title ?? problem.replace(/\s+/g, ' ').slice(0, ASSISTANT_LIMITS.title);
    const now = ctx.deps.now();
    await repo.touchSession(tx, session.id, now, session.title ? null : title);
    const message = await repo.insertMessage(tx, {
      schoolId: ctx.auth.schoolId,
      sessionId: session.id,
      problem,
      isThink: q.isThink === 1,
      model: q.model,
      source: llm ? 'llm' : 'rules',
      createdAt: now,
    });
    return { message, title, history, llm, day, reservationId };
  });
}

type AnswerEvent = { kind: 'reasoning'; text: string } | { kind: 'content'; text: string } | { kind: 'finish'; reason: string };

/** Runs a tool; a refusal of the tool's service (out of scope...) is told, not thrown. */
async function useTool(ctx: MemberCtx, name: string, params: unknown): Promise<ToolOutcome> {
  try {
    return await runTool(ctx, name, params);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const text = errorText(err, ctx.lang);
    return { use: { name, params: {}, rows: 0, link: null }, text, data: { error: text } };
  }
}

async function* offlineAnswer(ctx: MemberCtx, problem: string, think: boolean, tools: TAssistantToolUse[]): AsyncGenerator<AnswerEvent> {
  const m = matchRule(problem);
  if (!m) {
    if (think) yield { kind: 'reasoning', text: say(ctx.lang, 'noRule') };
    yield { kind: 'content', text: say(ctx.lang, 'offline') };
    yield { kind: 'finish', reason: 'stop' };
    return;
  }
  if (think) yield { kind: 'reasoning', text: say(ctx.lang, 'ruleMatched', { rule: m.rule, words: m.words.join(', '), tool: m.tool }) };
  const outcome = await useTool(ctx, m.tool, m.params);
  tools.push(outcome.use);
  yield { kind: 'content', text: outcome.text };
  yield { kind: 'finish', reason: 'stop' };
}

async function* llmAnswer(ctx: MemberCtx, prep: Prepared, llm: LlmProvider, tools: TAssistantToolUse[], meter: TokenMeter, signal: AbortSignal): AsyncGenerator<AnswerEvent> {
  const { message } = prep;
  const think = message.isThink;
  const messages: LlmMessage[] = [{ role: 'system', content: say(ctx.lang, 'system', { date: schoolClock(ctx).date }) }];
  for (const h of prep.history) messages.push({ role: 'user', content: h.problem }, { role: 'assistant', content: h.summarize });
  messages.push({ role: 'user', content: message.problem });
  let thought = false;
  for (let round = 0; ; round++) {
    let content = '';
    let roundThought = false;
    let finish: { reason: string; calls: { id: string; name: string; arguments: string }[] } | null = null;
    const offerTools = round < MAX_TOOL_ROUNDS;
    // The round's tokens: as the provider reports them, else estimated from what went and came back
    // (a stop, a server that reports none); a round that failed before any word costs nothing.
    let reported: { promptTokens: number; completionTokens: number } | null = null;
    let received = '';
    const sent = JSON.stringify(offerTools ? [messages, LLM_TOOLS] : messages);
    try {
    for await (const ev of llm.stream({ model: message.model as 0 | 1, messages, ...(offerTools ? { tools: LLM_TOOLS } : {}), think, signal })) {
      if (ev.kind === 'usage') {
        reported = ev;
        continue;
      }
      if (ev.kind === 'reasoning' || ev.kind === 'content') received += ev.text;
      else received += ev.toolCalls.map((c) => c.name + c.arguments).join('');
      if (ev.kind === 'reasoning') {
        if (!think) continue;
        // Each round's thinking on its own paragraph.
        yield thought && !roundThought ? { kind: 'reasoning', text: `\n\n${ev.text}` } : ev;
        thought = roundThought = true;
      } else if (ev.kind === 'content') {
        content += ev.text;
        yield ev;
      } else finish = { reason: ev.reason, calls: ev.toolCalls };
    }
    } finally {
      if (reported) meter.reported(reported.promptTokens, reported.completionTokens);
      else if (received) meter.estimate(sent, received);
    }
    if (!finish) return; // stopped
    if (!offerTools || !finish.calls.length) {
      yield { kind: 'finish', reason: finish.reason };
      return;
    }
    messages.push({ role: 'assistant', content: content || null, tool_calls: finish.calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })) });
    for (const call of finish.calls) {
      let args: unknown = {};
      try {
        args = call.arguments ? JSON.parse(call.arguments) : {};
      } catch {
        args = null;
      }
      const outcome = args === null
        ? { use: { name: call.name, params: {}, rows: 0, link: null }, data: { error: 'Arguments are not JSON' } }
        : LLM_TOOLS.some((t) => t.function.name === call.name) ? await useTool(ctx, call.name, args) : { use: { name: call.name, params: {}, rows: 0, link: null }, data: { error: 'No such tool' } };
      tools.push(outcome.use);
      messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(outcome.data) });
    }
    if (signal.aborted) return;
  }
}

/**
 * The answer as chunks of the stream, kept when it ends however it ends: answered, stopped (the
 * signal: the asker left or pressed stop) or failed.
 */
export async function* answer(ctx: MemberCtx, prep: Prepared, signal: AbortSignal): AsyncGenerator<TAssistantChunk> {
  const { message } = prep;
  const base = { messageId: message.id, sessionId: message.sessionId };
  const chunk = (delta: { reasoning_content?: string; content?: string }, finish: string | null = null) => ({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
  const tools: TAssistantToolUse[] = [];
  const meter = new TokenMeter();
  let thought = '';
  let said = '';
  let finishReason: string | null = null;
  let failure: AppError | null = null;
  let thinkStart: number | null = null;
  let thinkMs: number | null = null;
  const endThinking = () => {
    if (thinkStart !== null && thinkMs === null) thinkMs = Date.now() - thinkStart;
  };
  try {
    // Inside the try: an asker gone before the first event still has the message kept and the reservation settled.
    yield { ...base, title: prep.title, choices: [{ index: 0, delta: {}, finish_reason: null }] };
    const events = prep.llm ? llmAnswer(ctx, prep, prep.llm, tools, meter, signal) : offlineAnswer(ctx, message.problem, message.isThink, tools);
    for await (const ev of events) {
      if (signal.aborted) break;
      if (ev.kind === 'reasoning') {
        thinkStart ??= Date.now();
        thought += ev.text;
        yield chunk({ reasoning_content: ev.text });
      } else if (ev.kind === 'content') {
        endThinking();
        said += ev.text;
        yield chunk({ content: ev.text });
      } else finishReason = ev.reason;
    }
  } catch (err) {
    if (!(err instanceof AppError)) ctx.deps.log.error({ err }, 'assistant answer failed');
    failure = err instanceof AppError ? err : new AppError('assistant.providerUnreachable');
  } finally {
    endThinking();
    const stopState = signal.aborted ? ASSISTANT_STOP_STATES.stopped : failure || !finishReason ? ASSISTANT_STOP_STATES.failed : ASSISTANT_STOP_STATES.done;
    const errorKey = stopState === ASSISTANT_STOP_STATES.failed ? (failure?.key ?? 'assistant.providerUnreachable') : null;
    await inSchool(ctx, (tx) => repo.finishMessage(tx, message.id, { thoughtProcess: thought, summarize: said, stopState, finishReason: stopState === ASSISTANT_STOP_STATES.done ? finishReason : null, errorKey, thinkMs, tools }));
    await recordUsage(ctx, { day: prep.day, model: prep.llm ? prep.llm.models[message.model as 0 | 1] : 'rules', meter, reservationId: prep.reservationId });
    if (!signal.aborted) {
      const last: TAssistantChunk = { ...chunk({}, stopState === ASSISTANT_STOP_STATES.done ? finishReason : 'error'), tools, thinkMs, stopState };
      if (errorKey) last.error = failure ? errorText(failure, ctx.lang) : formatMessage(ERRORS['assistant.providerUnreachable'][ctx.lang]);
      yield last;
    }
  }
}
