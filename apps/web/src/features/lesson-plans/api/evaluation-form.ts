import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPlanEvaluationForm } from '@hxk/contracts/lesson-plans';
import { api } from '../../../lib/api.ts';
import { PLANS_KEY } from './my-plans.ts';

/** A plan's evaluation form: its collection's template version and, once graded, the answers and score. */
export const getEvaluationForm = (planId: string) => api.get('/app/ddxk/lessonPlan/v1/evaluation/form', { planId }, { schema: ZPlanEvaluationForm });
export const evaluationFormQueryOptions = (planId: string) => queryOptions({ queryKey: [...PLANS_KEY, 'form', planId], queryFn: () => getEvaluationForm(planId) });
export const useEvaluationForm = (planId: string, enabled = true) => useQuery({ ...evaluationFormQueryOptions(planId), enabled });
