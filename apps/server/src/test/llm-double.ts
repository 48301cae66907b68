/**
 * A local double of an OpenAI-compatible chat-completions service (`POST [/v1]/chat/completions`
 * with `stream: true`), loopback only, for the assistant's tests: tests never reach a real model
 * (RECIPES "LLM streaming": no weights install here).
 *
 * It answers each request with the next scripted turn as server-sent events the way DeepSeek does:
 * thinking in `delta.reasoning_content`, the answer in `delta.content` (a turn may inline its
 * thinking in <think> tags instead), tool calls streamed in pieces, then a chunk with the finish
 * reason and `data: [DONE]`. It checks the Bearer key (401), can fail with any status, can drip
 * its chunks slowly, and counts the requests whose client went away before the answer ended.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type DoubleTurn = {
  reasoning?: string[];
  content?: string[];
  toolCalls?: { name: string; arguments: string }[];
  /** Default: 'tool_calls' when the turn calls tools, else 'stop'. */
  finish?: string;
  /** Token counts reported in a last chunk (choices: []) when the request asks for stream_options.include_usage; absent: none reported. */
  usage?: { prompt_tokens: number; completion_tokens: number };
};

export type RecordedChatRequest = { path: string; authorization: string | undefined; body: { model?: string; messages?: { role: string; content?: string | null; tool_call_id?: string }[]; tools?: unknown[]; stream?: boolean; thinking?: unknown; stream_options?: { include_usage?: boolean } } };

export function startLlmDouble(service: { apiKey: string }) {
  const state = {
    /** The next requests' answers, in order (each used once); the last one answers every request after it. */
    turns: [{ reasoning: ['Thinking ', 'it over.'], content: ['Hello', ' there.'] }] as DoubleTurn[],
    delayMs: 0,
    failStatus: null as number | null,
    requests: [] as RecordedChatRequest[],
    /** Requests whose client went away before the answer ended (a stop reaching upstream). */
    disconnected: 0,
    completed: 0,
    /** Chunks written to a client before it went away (tokens spent). */
    chunksWritten: 0,
  };
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      if (req.method !== 'POST' || !/^(\/v1)?\/chat\/completions$/.test(path)) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      let body: RecordedChatRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedChatRequest['body'];
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"invalid json"}}');
        return;
      }
      const index = state.requests.length;
      state.requests.push({ path, authorization: req.headers.authorization, body });
      if (req.headers.authorization !== `Bearer ${service.apiKey}`) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"Authentication Fails (secret remote detail)","type":"authentication_error"}}');
        return;
      }
      if (state.failStatus) {
        res.writeHead(state.failStatus, { 'content-type': 'application/json' }).end('{"error":{"message":"remote detail that must not be shown"}}');
        return;
      }
      const turn = state.turns.length > 1 ? state.turns.shift()! : state.turns[0]!;
      const id = `chatcmpl-${index}`;
      const events: string[] = [];
      const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
        events.push(JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] }));
      chunk({ role: 'assistant', content: '' });
      for (const r of turn.reasoning ?? []) chunk({ content: null, reasoning_content: r });
      for (const c of turn.content ?? []) chunk({ content: c });
      (turn.toolCalls ?? []).forEach((tc, i) => {
        const half = Math.ceil(tc.arguments.length / 2);
        chunk({ tool_calls: [{ index: i, id: `call_${index}_${i}`, type: 'function', function: { name: tc.name, arguments: tc.arguments.slice(0, half) } }] });
        chunk({ tool_calls: [{ index: i, function: { arguments: tc.arguments.slice(half) } }] });
      });
      chunk({}, turn.finish ?? (turn.toolCalls?.length ? 'tool_calls' : 'stop'));
      if (turn.usage && body.stream_options?.include_usage) {
        const u = turn.usage;
        events.push(JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model: body.model, choices: [], usage: { ...u, total_tokens: u.prompt_tokens + u.completion_tokens } }));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      let ended = false;
      res.on('close', () => {
        if (!ended) {
          state.disconnected++;
          for (const w of waiters) w();
        }
      });
      let i = 0;
      const next = () => {
        if (res.destroyed) return;
        if (i < events.length) {
          res.write(`data: ${events[i++]}\n\n`);
          state.chunksWritten++;
          if (state.delayMs) setTimeout(next, state.delayMs);
          else next();
          return;
        }
        ended = true;
        state.completed++;
        res.end('data: [DONE]\n\n');
      };
      next();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  return {
    state,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    /** Resolves when a client has gone away before its answer ended `count` times in all. */
    waitForDisconnects(count: number, timeoutMs = 5000): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (state.disconnected >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the double saw ${state.disconnected} disconnects, not ${count}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
