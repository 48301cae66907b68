import { useQuery } from '@tanstack/react-query';
import { ZLessonPlanTemplateOptions } from '@hxk/contracts/lesson-plans';
import { api } from '../../../lib/api.ts';
import { PLANS_KEY } from './my-plans.ts';

/** Published evaluation templates a collection may be graded with (the release form's choices). */
export const getTemplateOptions = () => api.get('/app/ddxk/lessonPlan/v1/collection/templates', undefined, { schema: ZLessonPlanTemplateOptions });
export const useTemplateOptions = () => useQuery({ queryKey: [...PLANS_KEY, 'templates'], queryFn: getTemplateOptions, staleTime: 60_000 });
