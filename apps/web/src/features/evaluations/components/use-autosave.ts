import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useSaveEvaluation } from '../api/save-evaluation.ts';
import { DraftSaver, type SaveState } from './draft-saver.ts';
import { writeLocalDraft } from './local-draft.ts';

/**
 * Autosave of one evaluation's draft (mount it per evaluation): localStorage at once, the server
 * after 800 ms of quiet, again when the browser comes back online, and on leaving the page.
 */
export function useAutosave(evaluationId: string) {
  const { mutateAsync } = useSaveEvaluation();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [saver] = useState(
    () =>
      new DraftSaver({
        send: (d) => mutateAsync({ evaluationId, answers: d.answers, comment: d.comment }),
        keep: (d) => writeLocalDraft(evaluationId, { ...d, changedAt: new Date().toISOString() }),
        // Code 0 is the network (offline, timed out): asking again will do; anything else is a refusal.
        refusal: (e) => (e instanceof ApiError && e.code !== 0 ? { message: e.message, errorKey: e.errorKey } : null),
        onState: setState,
      }),
  );

  useEffect(() => {
    const online = () => void saver.flush();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      // Leaving the page: send what is left now (the local copy covers a failure).
      void saver.flush();
    };
  }, [saver]);

  return { state, saver };
}
