import type { EvaluationTarget } from '../../../lib/evaluation-paths.ts';
import { useStartFreeEvaluation } from '../api/start-free-evaluation.ts';
import { useStartPlanEvaluation } from '../api/start-plan-evaluation.ts';
import { useStartTemporaryEvaluation } from '../api/start-temporary-evaluation.ts';

/** Starts the evaluation of an opened class (the first save of its form): my plan's, free listening or temporary; its id. */
export function useStartEvaluation(): (target: EvaluationTarget) => Promise<string> {
  const plan = useStartPlanEvaluation();
  const free = useStartFreeEvaluation();
  const temporary = useStartTemporaryEvaluation();
  return async (target) => {
    const started =
      target.kind === 'plan'
        ? await plan.mutateAsync({ planId: target.planId, courseSessionId: target.courseSessionId })
        : await (target.kind === 'free' ? free : temporary).mutateAsync({ courseSessionId: target.courseSessionId, templateId: target.templateId });
    return started.evaluationId;
  };
}
