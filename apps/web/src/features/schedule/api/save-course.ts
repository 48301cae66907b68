import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZCourse, type ZSaveCourseRequest } from '@hxk/contracts/courses';
import { api } from '../../../lib/api.ts';

export type SaveCourseInput = z.input<typeof ZSaveCourseRequest>;

export const saveCourse = (input: SaveCourseInput) => api.post('/app/ddxk/course/v1/saveOrUpdate', input, { schema: ZCourse });

export function useSaveCourse() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveCourse, onSuccess: () => qc.invalidateQueries({ queryKey: ['schedule'] }) });
}
