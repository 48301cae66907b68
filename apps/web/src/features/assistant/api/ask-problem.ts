import { ZAssistantChunk, type TAssistantChunk } from '@hxk/contracts/assistant';
import { ApiError } from '../../../lib/api.ts';
import { buildUrl } from '../../../lib/envelope.ts';
import { currentLanguage, i18n } from '../../../lib/i18n.ts';
import { toastError } from '../../../lib/toast.ts';

/**
 * Asks a question; calls `onChunk` for each server-sent event as it arrives and resolves at the end
 * of the stream. Aborting `signal` stops the answer (the server ends its upstream request and keeps
 * the message as stopped). A refusal before the stream (empty question, unknown session) rejects
 * with the server's localized message, shown as a toast.
 */
export type AskQuery = { isThink: 1 | 2; model: 0 | 1; problem: string; sessionId: string };

export async function askProblem(q: AskQuery, signal: AbortSignal, onChunk: (c: TAssistantChunk) => void): Promise<void> {
  const res = await fetch(buildUrl('/ai/deekseek/v1/askProblem', q), {
    method: 'POST',
    credentials: 'include',
    headers: { language: currentLanguage(), 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: '{}',
    signal,
  });
  if (!res.ok || !res.body || !res.headers.get('content-type')?.includes('text/event-stream')) {
    const env = (await res.json().catch(() => ({}))) as { msg?: string; code?: number; errorKey?: string };
    const err = new ApiError(env.msg || i18n.t('common:error.unknown'), env.code ?? 0, env.errorKey ?? 'common.unknown', res.status);
    toastError(err.message);
    throw err;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, at).trim();
      buffer = buffer.slice(at + 2);
      if (!event.startsWith('data: ')) continue;
      const data = event.slice(6);
      if (data === '[DONE]') return;
      onChunk(ZAssistantChunk.parse(JSON.parse(data)));
    }
  }
}
