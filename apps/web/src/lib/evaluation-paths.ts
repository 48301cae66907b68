/**
 * The address of a class opened for evaluation before anything is saved: /TeachingRecordDetail with
 * the class (and its plan or template) instead of an evaluation id. Opening it stores nothing; the
 * first save of the form starts the evaluation. The plans and listening features link to it, the
 * evaluations feature reads it.
 */
export type EvaluationTarget =
  | { kind: 'plan'; planId: string; courseSessionId: string }
  | { kind: 'free' | 'temporary'; courseSessionId: string; templateId: string };

export function evaluationOpenPath(target: EvaluationTarget): string {
  const q = new URLSearchParams(
    target.kind === 'plan'
      ? { planId: target.planId, courseSessionId: target.courseSessionId }
      : { kind: target.kind, courseSessionId: target.courseSessionId, templateId: target.templateId },
  );
  return `/TeachingRecordDetail?${q.toString()}`;
}

/** The class an address opens, if it names one. */
export function evaluationTargetOf(params: URLSearchParams): EvaluationTarget | null {
  const courseSessionId = params.get('courseSessionId');
  if (!courseSessionId) return null;
  const planId = params.get('planId');
  if (planId) return { kind: 'plan', planId, courseSessionId };
  const kind = params.get('kind');
  const templateId = params.get('templateId');
  if ((kind === 'free' || kind === 'temporary') && templateId) return { kind, courseSessionId, templateId };
  return null;
}

/** Whether a class has opened for evaluation at `now` (its "waiting for class" time has come). */
export const isEvaluable = (c: { evaluableFrom: string }, now: number) => now >= Date.parse(c.evaluableFrom);
