import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useSaveEvaluation } from '../api/save-evaluation.ts';
import { DraftSaver, type SaveState } from './draft-saver.ts';
import { EvaluationSlot, type DraftTarget } from './evaluation-slot.ts';
import { moveLocalDraft, writeLocalDraft } from './local-draft.ts';

/**
 * Autosave of one evaluation's draft (mount it per evaluation): localStorage at once, the server
 * after 800 ms of quiet, again when the browser comes back online, and on leaving the page. A blank
 * form's first save creates its evaluation (the slot), so opening a class and leaving stores nothing.
 */
export function useAutosave(target: DraftTarget) {
  const { mutateAsync } = useSaveEvaluation();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [slot] = useState(() => new EvaluationSlot(target, moveLocalDraft));
  const [saver] = useState(
    () =>
      new DraftSaver({
        send: async (d) => mutateAsync({ evaluationId: await slot.id(), answers: d.answers, comment: d.comment }),
        keep: (d) => writeLocalDraft(slot.localId, { ...d, changedAt: new Date().toISOString() }),
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

  return { state, saver, slot };
}
