import { useCallback, useEffect, useRef, useState } from 'react';
import type { TLiveCommentaryMessage } from '@hxk/contracts/assistant';
import { openLiveCommentary, type CommentarySocket } from '../api/live-commentary.ts';

export type Commentary = {
  source: 'llm' | 'rules' | null;
  thinking: string;
  text: string;
  streaming: boolean;
  /** The refusal or failure, localized by the server; 'closed' when the socket ended. */
  error: string | null;
};

const EMPTY: Commentary = { source: null, thinking: '', text: '', streaming: false, error: null };

/** The live commentary of one class: a socket opened on the first request, closed when the panel goes. */
export function useLiveCommentary(liveId: string | null) {
  const supported = typeof window !== 'undefined' && typeof window.WebSocket === 'function';
  const [c, setC] = useState<Commentary>(EMPTY);
  const socket = useRef<CommentarySocket | null>(null);

  const onMessage = useCallback((m: TLiveCommentaryMessage) => {
    setC((prev) => {
      if (m.type === 'error') return { ...prev, streaming: false, error: m.message };
      const choice = m.choices[0];
      const next = { ...prev };
      if (m.source) next.source = m.source;
      if (choice?.delta.reasoning_content) next.thinking += choice.delta.reasoning_content;
      if (choice?.delta.content) next.text += choice.delta.content;
      if (choice?.finish_reason) next.streaming = false;
      if (m.error) next.error = m.error;
      return next;
    });
  }, []);

  useEffect(() => () => {
    socket.current?.close();
    socket.current = null;
  }, [liveId]);

  const comment = useCallback(() => {
    if (!supported || !liveId) return;
    setC({ ...EMPTY, streaming: true });
    socket.current ??= openLiveCommentary(onMessage, () => {
      socket.current = null;
      setC((prev) => (prev.streaming ? { ...prev, streaming: false, error: 'closed' } : prev));
    });
    socket.current.comment(liveId);
  }, [supported, liveId, onMessage]);

  const stop = useCallback(() => {
    // Closing the socket ends the commentary and its upstream request at once.
    socket.current?.close();
    socket.current = null;
    setC((prev) => ({ ...prev, streaming: false }));
  }, []);

  return { supported, commentary: c, comment, stop };
}
