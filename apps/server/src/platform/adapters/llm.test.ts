import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { startLlmDouble } from '../../test/llm-double.ts';
import { openAiCompatible, type LlmEvent } from './llm.ts';

const double = startLlmDouble({ apiKey: 'sk-unit' });
let url: string;
beforeAll(async () => {
  url = await double.listen();
});
afterAll(() => double.close());

async function collect(it: AsyncGenerator<LlmEvent>): Promise<LlmEvent[]> {
  const out: LlmEvent[] = [];
  for await (const ev of it) out.push(ev);
  return out;
}

const provider = (opts: { baseUrl?: string; apiKey?: string; allowHosts?: string[] } = {}) =>
  openAiCompatible({ baseUrl: opts.baseUrl ?? url, apiKey: opts.apiKey ?? 'sk-unit', models: ['c', 'r'], timeoutMs: 5000, allowHosts: opts.allowHosts ?? ['127.0.0.1'] });

const ask = { model: 0 as const, messages: [{ role: 'user' as const, content: 'hi' }], think: true };

describe('the OpenAI-compatible provider', () => {
  it('streams reasoning_content, content, tool calls in pieces and the finish reason', async () => {
    double.state.turns = [{ reasoning: ['a', 'b'], content: ['c'], toolCalls: [{ name: 'classes_now', arguments: '{"keyword":"Math"}' }] }];
    const events = await collect(provider().stream({ ...ask, signal: new AbortController().signal }));
    expect(events).toEqual([
      { kind: 'reasoning', text: 'a' },
      { kind: 'reasoning', text: 'b' },
      { kind: 'content', text: 'c' },
      { kind: 'finish', reason: 'tool_calls', toolCalls: [{ id: 'call_0_0', name: 'classes_now', arguments: '{"keyword":"Math"}' }] },
    ]);
    expect(double.state.requests.at(-1)!.body).toMatchObject({ model: 'c', stream: true, thinking: { type: 'enabled' } });
  });

  it('refuses a private address the operator has not allowed, before any request', async () => {
    const before = double.state.requests.length;
    const err = await collect(provider({ allowHosts: [] }).stream({ ...ask, signal: new AbortController().signal })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).key).toBe('assistant.providerBlocked');
    expect(double.state.requests.length).toBe(before);
  });

  it('turns a refused key into a fixed error, never the remote body', async () => {
    const err = await collect(provider({ apiKey: 'wrong' }).stream({ ...ask, signal: new AbortController().signal })).catch((e: unknown) => e);
    expect((err as AppError).key).toBe('assistant.providerAuth');
    expect(String((err as AppError).message)).not.toContain('remote');
  });
});
