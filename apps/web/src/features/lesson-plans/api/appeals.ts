import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZLessonPlanDue, type THandleLessonPlanAppealRequest, type TLessonPlanAppealRequest } from '@hxk/contracts/lesson-plans';
import { api } from '../../../lib/api.ts';
import { PLANS_KEY } from './my-plans.ts';

/** I appeal my plan's grade, once, with a reason. */
export function useAppealGrade() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TLessonPlanAppealRequest) => api.post('/app/ddxk/lessonPlan/v1/appeal', body, { schema: ZLessonPlanDue }),
    onSuccess: () => qc.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}

/** The grader (or an administrator) accepts an appeal with a new level or rejects it with a reason. */
export function useHandleAppeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: THandleLessonPlanAppealRequest) => api.post('/app/ddxk/lessonPlan/v1/appeal/handle', body, { schema: ZLessonPlanDue }),
    onSuccess: () => qc.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}
