import { LIVE_COMMENTARY_PATH, LIVE_COMMENTARY_TYPE, type TLiveCommentaryMessage } from '@hxk/contracts/assistant';
import { currentLanguage } from '../../../lib/i18n.ts';

/** The live commentary socket on this origin (the session cookie goes with it), in the page's language. */
export const liveCommentaryUrl = (origin: string, lang: string) => `${origin.replace(/^http/, 'ws')}${LIVE_COMMENTARY_PATH}?lang=${encodeURIComponent(lang)}`;

export type CommentarySocket = { comment(liveId: string): void; close(): void };

/**
 * Opens the live commentary socket (spec section 7): each `comment(liveId)` sends the init message
 * `{ liveId, type: 101 }` (once the socket is open) and the chunks come to `onMessage`. `onClosed`
 * is told when the socket ends other than by `close()`.
 */
export function openLiveCommentary(onMessage: (m: TLiveCommentaryMessage) => void, onClosed: () => void): CommentarySocket {
  const ws = new WebSocket(liveCommentaryUrl(window.location.origin, currentLanguage()));
  let pending: string | null = null;
  let closing = false;
  ws.onopen = () => {
    if (pending) ws.send(pending);
    pending = null;
  };
  ws.onmessage = (ev) => {
    try {
      onMessage(JSON.parse(String(ev.data)) as TLiveCommentaryMessage);
    } catch {
      // Not a message of ours.
    }
  };
  ws.onclose = () => {
    if (!closing) onClosed();
  };
  return {
    comment(liveId) {
      const init = JSON.stringify({ liveId, type: LIVE_COMMENTARY_TYPE });
      if (ws.readyState === WebSocket.OPEN) ws.send(init);
      else pending = init;
    },
    close() {
      closing = true;
      ws.close(1000, 'done');
    },
  };
}
