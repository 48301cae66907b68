import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEvaluationOpening } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';
import type { EvaluationTarget } from '../../../lib/evaluation-paths.ts';

/** Refusals the record page explains itself (a class not open yet, a clash with another one). */
const OPEN_QUIET_KEYS = ['evaluation.notOpenYet', 'evaluation.timeConflict', 'evaluation.noCourseNow', 'plan.expired', 'evaluation.notInPlan', 'template.notUsable', 'common.notFound'];

/** Opens a class to evaluate it, storing nothing: my evaluation of it, or its blank form. */
export const openEvaluation = (target: EvaluationTarget) =>
  target.kind === 'plan'
    ? api.get('/app/ddxk/evaluation/v1/open/plan', { planId: target.planId, courseSessionId: target.courseSessionId }, { schema: ZEvaluationOpening, quietKeys: OPEN_QUIET_KEYS })
    : api.get(`/app/ddxk/evaluation/v1/open/${target.kind}`, { courseSessionId: target.courseSessionId, templateId: target.templateId }, { schema: ZEvaluationOpening, quietKeys: OPEN_QUIET_KEYS });

export const openingQueryKey = (target: EvaluationTarget | null) => ['evaluations', 'opening', target] as const;

export const openingQueryOptions = (target: EvaluationTarget | null) =>
  // Read again whenever the class is opened (the draft may exist by then), not while its form is filled.
  queryOptions({ queryKey: openingQueryKey(target), queryFn: () => openEvaluation(target!), staleTime: 0, refetchOnReconnect: false, retry: false });

/** My evaluation of a class or its blank form; idle without a class. */
export function useEvaluationOpening(target: EvaluationTarget | null) {
  return useQuery({ ...openingQueryOptions(target), enabled: target !== null });
}
