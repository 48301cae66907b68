import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSensitivity } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

export const getSensitivity = (cameraId: string) => api.get('/base/camera/v1/get/camera/sensitivity', { cameraId }, { schema: ZSensitivity });

export const sensitivityQueryOptions = (cameraId: string) =>
  queryOptions({ queryKey: ['classrooms', 'sensitivity', cameraId], queryFn: () => getSensitivity(cameraId) });

export function useSensitivity(cameraId: string) {
  return useQuery(sensitivityQueryOptions(cameraId));
}
