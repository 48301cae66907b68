import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TAssistantMessage, TAssistantToolUse } from '@hxk/contracts/assistant';
import { askProblem } from '../api/ask-problem.ts';
import { newSession } from '../api/new-session.ts';
import { assistantKeys } from '../api/keys.ts';
import { problemsQueryOptions } from '../api/get-problems.ts';

const SETTLE_TRIES = 15;
const SETTLE_WAIT_MS = 200;

/** The answer being streamed, shown until the kept message replaces it. */
export type LiveAnswer = {
  /** The kept message's id, from the stream's first event. */
  messageId: string | null;
  problem: string;
  thinking: string;
  answer: string;
  tools: TAssistantToolUse[];
  thinkMs: number | null;
  /** When thinking began (for the running duration). */
  thinkStart: number | null;
  streaming: boolean;
  stopState: number | null;
  error: string | null;
};

export type AskOptions = { isThink: 1 | 2; model: 0 | 1 };

/** One conversation's sending, streaming and stopping. */
export function useChat(sessionId: string | null, onSession: (id: string) => void) {
  const qc = useQueryClient();
  const [live, setLive] = useState<LiveAnswer | null>(null);
  const abort = useRef<AbortController | null>(null);

  // Closing the panel for good stops the answer (it is kept on the server as stopped).
  useEffect(() => () => abort.current?.abort(), []);

  const send = useCallback(
    async (problem: string, opts: AskOptions) => {
      const text = problem.trim();
      if (!text || abort.current) return;
      const ctrl = new AbortController();
      abort.current = ctrl;
      setLive({ messageId: null, problem: text, thinking: '', answer: '', tools: [], thinkMs: null, thinkStart: null, streaming: true, stopState: null, error: null });
      let id = sessionId;
      try {
        if (!id) {
          id = await newSession(opts.model);
          onSession(id);
        }
        await askProblem({ ...opts, problem: text, sessionId: id }, ctrl.signal, (c) => {
          const delta = c.choices[0]?.delta ?? {};
          setLive((l) => {
            if (!l) return l;
            const next = { ...l, messageId: c.messageId };
            if (delta.reasoning_content) {
              next.thinking += delta.reasoning_content;
              next.thinkStart ??= Date.now();
            }
            if (delta.content) {
              next.answer += delta.content;
              if (next.thinkStart !== null && next.thinkMs === null) next.thinkMs = Date.now() - next.thinkStart;
            }
            if (c.tools) next.tools = c.tools;
            if (c.thinkMs !== undefined) next.thinkMs = c.thinkMs;
            if (c.stopState !== undefined) next.stopState = c.stopState;
            if (c.error) next.error = c.error;
            return next;
          });
        });
        setLive((l) => (l ? { ...l, streaming: false } : l));
      } catch {
        // Stopped, or refused (the refusal was shown as a toast).
        setLive((l) => (l ? { ...l, streaming: false, stopState: ctrl.signal.aborted ? 1 : l.stopState } : l));
      } finally {
        abort.current = null;
        if (id) {
          // After a stop the server keeps the message a moment later: read until it is settled.
          for (let i = 0; i < SETTLE_TRIES; i++) {
            const list = await qc.fetchQuery({ ...problemsQueryOptions(id), staleTime: 0 }).catch(() => null);
            const last = list?.at(-1);
            if (!list || !last || last.stopState !== 0 || last.finishReason !== null) break;
            await new Promise((r) => setTimeout(r, SETTLE_WAIT_MS));
          }
          await qc.invalidateQueries({ queryKey: assistantKeys.sessions });
          await qc.invalidateQueries({ queryKey: assistantKeys.usageAll });
        }
        setLive(null);
      }
    },
    [sessionId, onSession, qc],
  );

  const stop = useCallback(() => abort.current?.abort(), []);

  return { live, send, stop, busy: live !== null };
}

/** A kept message as the live view shows it. */
export function asLive(m: TAssistantMessage): LiveAnswer {
  return { messageId: m.id, problem: m.problem, thinking: m.thoughtProcess, answer: m.summarize, tools: m.tools, thinkMs: m.thinkMs, thinkStart: null, streaming: false, stopState: m.stopState, error: m.error };
}
