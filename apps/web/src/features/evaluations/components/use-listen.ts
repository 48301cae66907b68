import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TListenClass } from '@hxk/contracts/evaluations';
import { useStartFreeEvaluation } from '../api/start-free-evaluation.ts';
import { useStartTemporaryEvaluation } from '../api/start-temporary-evaluation.ts';
import { recordPath } from './ListenClassList.tsx';

/** "Listen" to a class: choose a template, start (or reopen) the evaluation, open its record. */
export function useListen(kind: 'free' | 'temporary') {
  const navigate = useNavigate();
  const free = useStartFreeEvaluation();
  const temporary = useStartTemporaryEvaluation();
  const mutation = kind === 'free' ? free : temporary;
  const [target, setTarget] = useState<TListenClass | null>(null);
  const start = (c: TListenClass, templateId: string) =>
    mutation.mutate(
      { courseSessionId: c.courseSessionId, templateId },
      {
        onSuccess: (r) => {
          setTarget(null);
          void navigate(recordPath(r.evaluationId));
        },
      },
    );
  return { target, open: setTarget, close: () => setTarget(null), start, starting: mutation.isPending };
}
