import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZLessonPlanStatistics } from '@hxk/contracts/lesson-plans';
import { api } from '../../../lib/api.ts';
import { PLANS_KEY } from './my-plans.ts';

const P = '/app/ddxk/lessonPlan/v1/statistics';
export const EXPORT_PATH = `${P}/export`;

/** Hand-ins per department and teacher and the level distribution, of one collection or all. */
export const getStatistics = (collectionId?: string) => api.get(P, collectionId ? { collectionId } : undefined, { schema: ZLessonPlanStatistics });
export const statisticsQueryOptions = (collectionId?: string) =>
  queryOptions({ queryKey: [...PLANS_KEY, 'statistics', collectionId ?? 'all'], queryFn: () => getStatistics(collectionId), placeholderData: keepPreviousData });
export const useStatistics = (collectionId?: string) => useQuery(statisticsQueryOptions(collectionId));
