import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZClassroomDetail } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

/** A room with its recorder and cameras (device passwords are never sent, only hasPassword). */
export const getClassroom = (id: string) => api.get('/base/classroom/v1/getInfoById', { id }, { schema: ZClassroomDetail });

export const classroomQueryOptions = (id: string | null) =>
  queryOptions({ queryKey: ['classrooms', 'detail', id], queryFn: () => getClassroom(id!), enabled: !!id });

export function useClassroom(id: string | null) {
  return useQuery(classroomQueryOptions(id));
}
