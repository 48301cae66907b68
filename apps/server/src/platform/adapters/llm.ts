/**
 * The AI assistant's language model (issue 16, docs/decisions/0023-ai-assistant.md): an
 * OpenAI-compatible chat-completions service through the `openai` package, DeepSeek by default.
 * Every request goes through the guarded outbound client (platform/outbound.ts) as the package's
 * `fetch`, so a school-set or operator-set address is checked like any other outbound call, and the
 * caller's AbortSignal ends the upstream request at once (no tokens spent after a stop).
 *
 * Thinking arrives as `delta.reasoning_content` (DeepSeek's reasoner; not in the package's types) or
 * inline in the content between <think> and </think> (models served by vLLM, Ollama...): both come
 * out as 'reasoning' events.
 */
import { Readable } from 'node:stream';
import OpenAI from 'openai';
import { AppError } from '../errors.ts';
import { OutboundError, outboundStream, type LookupAll } from '../outbound.ts';

export type LlmMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;
export type LlmTool = OpenAI.Chat.Completions.ChatCompletionFunctionTool;
export type LlmToolCall = { id: string; name: string; arguments: string };

export type LlmEvent =
  | { kind: 'reasoning'; text: string }
  | { kind: 'content'; text: string }
  | { kind: 'finish'; reason: string; toolCalls: LlmToolCall[] }
  /** The provider's count of the request's tokens (asked for with stream_options.include_usage), before 'finish'. */
  | { kind: 'usage'; promptTokens: number; completionTokens: number };

export type LlmRequest = {
  /** 0 the chat model, 1 the reasoner. */
  model: 0 | 1;
  messages: LlmMessage[];
  tools?: LlmTool[];
  /** isThink 1: ask for thinking where the model offers it. */
  think: boolean;
  signal: AbortSignal;
};

export interface LlmProvider {
  readonly models: readonly [string, string];
  stream(req: LlmRequest): AsyncGenerator<LlmEvent>;
}

export type LlmOptions = {
  baseUrl: string;
  apiKey: string;
  models: readonly [string, string];
  timeoutMs: number;
  allowHosts: readonly string[];
  lookup?: LookupAll;
};

/** One fixed, localized message per kind of failure: never the remote body. */
export function llmError(err: unknown): AppError {
  const cause = err instanceof OpenAI.APIConnectionError && err.cause ? err.cause : err;
  if (cause instanceof OutboundError) {
    switch (cause.kind) {
      case 'invalidUrl':
      case 'blocked':
        return new AppError('assistant.providerBlocked');
      case 'status':
        return cause.status === 401 || cause.status === 403 ? new AppError('assistant.providerAuth') : new AppError('assistant.providerStatus', { status: cause.status ?? 0 });
      default:
        return new AppError('assistant.providerUnreachable');
    }
  }
  if (err instanceof OpenAI.APIError && typeof err.status === 'number') {
    return err.status === 401 || err.status === 403 ? new AppError('assistant.providerAuth') : new AppError('assistant.providerStatus', { status: err.status });
  }
  return new AppError('assistant.providerUnreachable');
}

/** The openai package's fetch, through the guard: the reply streams as it arrives. */
export function guardedFetch(opts: Pick<LlmOptions, 'allowHosts' | 'lookup' | 'timeoutMs'>): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const res = await outboundStream(url, {
      allowHosts: opts.allowHosts,
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(init?.signal ? { signal: init.signal } : {}),
      ...(opts.lookup ? { lookup: opts.lookup } : {}),
      timeoutMs: opts.timeoutMs,
      idleMs: opts.timeoutMs,
      // A long answer with its thinking is well under this; an endless stream is not an answer.
      maxBytes: 16 * 1024 * 1024,
    });
    const h = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
    return new Response(Readable.toWeb(res.body) as ReadableStream<Uint8Array>, { status: res.status, headers: h });
  }) as typeof fetch;
}

/**
 * Splits content that inlines its thinking (`<think>…</think>`) into reasoning and answer, across
 * chunk boundaries: a chunk may end inside a tag, which waits for the next one.
 */
export class ThinkSplitter {
  private inside = false;
  private pending = '';

  push(text: string): { reasoning: string; content: string } {
    let s = this.pending + text;
    this.pending = '';
    let reasoning = '';
    let content = '';
    for (;;) {
      const tag = this.inside ? '</think>' : '<think>';
      const at = s.indexOf(tag);
      if (at >= 0) {
        if (this.inside) reasoning += s.slice(0, at);
        else content += s.slice(0, at);
        s = s.slice(at + tag.length);
        this.inside = !this.inside;
        continue;
      }
      // Keep back a tail that could be the start of the tag.
      let keep = 0;
      for (let n = Math.min(tag.length - 1, s.length); n > 0; n--) {
        if (tag.startsWith(s.slice(s.length - n))) {
          keep = n;
          break;
        }
      }
      const out = s.slice(0, s.length - keep);
      this.pending = s.slice(s.length - keep);
      if (this.inside) reasoning += out;
      else content += out;
      return { reasoning, content };
    }
  }

  /** What was held back at the end of the stream. */
  flush(): { reasoning: string; content: string } {
    const rest = this.pending;
    this.pending = '';
    return this.inside ? { reasoning: rest, content: '' } : { reasoning: '', content: rest };
  }
}

type Delta = { content?: string | null; reasoning_content?: string | null; tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[] };

export function openAiCompatible(opts: LlmOptions): LlmProvider {
  const client = new OpenAI({
    apiKey: opts.apiKey,
    baseURL: opts.baseUrl.replace(/\/+$/, ''),
    fetch: guardedFetch(opts),
    maxRetries: 0,
    timeout: opts.timeoutMs,
  });
  return {
    models: opts.models,
    async *stream(req) {
      const splitter = new ThinkSplitter();
      const calls = new Map<number, LlmToolCall>();
      let finish: string | null = null;
      let usage: { promptTokens: number; completionTokens: number } | null = null;
      let stream;
      try {
        stream = await client.chat.completions.create(
          {
            model: opts.models[req.model],
            messages: req.messages,
            stream: true,
            // The tokens spent, for the school's budget (docs/decisions/0029); servers without it ignore it.
            stream_options: { include_usage: true },
            ...(req.tools?.length ? { tools: req.tools } : {}),
            // DeepSeek's switch for thinking on its chat model; other compatible servers ignore it.
            ...(req.think ? ({ thinking: { type: 'enabled' } } as object) : {}),
          },
          { signal: req.signal },
        );
      } catch (err) {
        if (req.signal.aborted) return;
        throw llmError(err);
      }
      try {
        for await (const chunk of stream) {
          if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 };
          const choice = chunk.choices[0];
          if (!choice) continue;
          const delta = choice.delta as Delta;
          if (delta.reasoning_content) yield { kind: 'reasoning', text: delta.reasoning_content };
          if (delta.content) {
            const part = splitter.push(delta.content);
            if (part.reasoning) yield { kind: 'reasoning', text: part.reasoning };
            if (part.content) yield { kind: 'content', text: part.content };
          }
          for (const tc of delta.tool_calls ?? []) {
            const cur = calls.get(tc.index) ?? { id: '', name: '', arguments: '' };
            if (tc.id) cur.id = tc.id;
            if (tc.function?.name) cur.name += tc.function.name;
            if (tc.function?.arguments) cur.arguments += tc.function.arguments;
            calls.set(tc.index, cur);
          }
          if (choice.finish_reason) finish = choice.finish_reason;
        }
      } catch (err) {
        if (req.signal.aborted) return;
        throw llmError(err);
      }
      // An abort ends the loop without an error (RECIPES "LLM streaming").
      if (req.signal.aborted) return;
      const rest = splitter.flush();
      if (rest.reasoning) yield { kind: 'reasoning', text: rest.reasoning };
      if (rest.content) yield { kind: 'content', text: rest.content };
      if (finish === null) throw new AppError('assistant.providerUnreachable');
      if (usage) yield { kind: 'usage', ...usage };
      yield { kind: 'finish', reason: finish, toolCalls: [...calls.values()] };
    },
  };
}
