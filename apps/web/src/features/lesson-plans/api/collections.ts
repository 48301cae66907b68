import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZLessonPlanCollection, ZLessonPlanCollectionList, ZLessonPlanRemindResponse, ZLessonPlanTargetOptions, type TCreateLessonPlanCollectionRequest } from '@hxk/contracts/lesson-plans';
import { api } from '../../../lib/api.ts';
import { PLANS_KEY } from './my-plans.ts';

const P = '/app/ddxk/lessonPlan/v1/collection';

export const getCollections = () => api.get(`${P}/list`, undefined, { schema: ZLessonPlanCollectionList });
export const collectionsQueryOptions = () => queryOptions({ queryKey: [...PLANS_KEY, 'collections'], queryFn: getCollections });
export const useCollections = (enabled = true) => useQuery({ ...collectionsQueryOptions(), enabled });

export function useReleaseCollection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateLessonPlanCollectionRequest) => api.post(`${P}/release`, body, { schema: ZLessonPlanCollection }),
    onSuccess: () => qc.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}

export function useDeleteCollection() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (collectionId: string) => api.post(`${P}/delete`, { collectionId }), onSuccess: () => qc.invalidateQueries({ queryKey: PLANS_KEY }) });
}

export const useRemind = () => useMutation({ mutationFn: (collectionId: string) => api.post(`${P}/remind`, { collectionId }, { schema: ZLessonPlanRemindResponse }) });

export const getTargetOptions = () => api.get(`${P}/targets`, undefined, { schema: ZLessonPlanTargetOptions });
export const useTargetOptions = () => useQuery({ queryKey: [...PLANS_KEY, 'targets'], queryFn: getTargetOptions, staleTime: 60_000 });
