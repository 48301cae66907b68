import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { lessonPlanFileContext, ZLessonPlanDue, ZMyLessonPlanDues, type ZChangePlanRequest, type ZSubmitPlanRequest } from '@hxk/contracts/lesson-plans';
import { ZUploadResponse } from '@hxk/contracts/user';
import { api } from '../../../lib/api.ts';

export const PLANS_KEY = ['lessonPlans'] as const;

/** My dues with their plans (tab all or evaluated) and whether the daily windows are open now. */
export const getMyPlans = (tab: 'all' | 'evaluated') => api.post('/app/ddxk/lessonPlan/v1/mine', { tab }, { schema: ZMyLessonPlanDues });
export const myPlansQueryOptions = (tab: 'all' | 'evaluated') => queryOptions({ queryKey: [...PLANS_KEY, 'mine', tab], queryFn: () => getMyPlans(tab) });
export const useMyPlans = (tab: 'all' | 'evaluated') => useQuery(myPlansQueryOptions(tab));

export type TUploadedFile = z.infer<typeof ZUploadResponse>;

/**
 * One file of a plan, uploaded as soon as it is picked. Its context names the due: the server refuses
 * a second file of the same name there, and only files uploaded for this due can join its plan.
 */
export function uploadPlanFile(file: File, dueId: string, signal?: AbortSignal) {
  const form = new FormData();
  form.append('accept', 'lessonPlan');
  form.append('context', lessonPlanFileContext(dueId));
  form.append('file', file, file.name);
  return api.upload('/base/tool/file/v1/simple/upload', form, { schema: ZUploadResponse, ...(signal ? { signal } : {}) });
}

export function useSubmitPlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ZSubmitPlanRequest>) => api.post('/app/ddxk/lessonPlan/v1/submit', body, { schema: ZLessonPlanDue }),
    onSuccess: () => qc.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}

export function useChangePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ZChangePlanRequest>) => api.post('/app/ddxk/lessonPlan/v1/change', body, { schema: ZLessonPlanDue }),
    onSuccess: () => qc.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}
