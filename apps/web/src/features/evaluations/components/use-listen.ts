import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TListenClass } from '@hxk/contracts/evaluations';
import { evaluationOpenPath } from '../../../lib/evaluation-paths.ts';

/** "Listen" to a class: choose a template, then open the class's form (its first save starts the evaluation). */
export function useListen(kind: 'free' | 'temporary') {
  const navigate = useNavigate();
  const [target, setTarget] = useState<TListenClass | null>(null);
  const start = (c: TListenClass, templateId: string) => {
    setTarget(null);
    void navigate(evaluationOpenPath({ kind, courseSessionId: c.courseSessionId, templateId }));
  };
  return { target, open: setTarget, close: () => setTarget(null), start, starting: false };
}
