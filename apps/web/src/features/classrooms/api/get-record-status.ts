import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZRecordStatus } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

export const getRecordStatus = (classroomId: string) => api.get('/base/device/v1/get/dev/record/status', { classroomId }, { schema: ZRecordStatus });

export const recordStatusQueryOptions = (classroomId: string | null) =>
  queryOptions({ queryKey: ['classrooms', 'recordStatus', classroomId], queryFn: () => getRecordStatus(classroomId!), enabled: !!classroomId });

export function useRecordStatus(classroomId: string | null) {
  return useQuery(recordStatusQueryOptions(classroomId));
}
