import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZRecordedClassResponse } from '@hxk/contracts/recordings';
import { api } from '../../../lib/api.ts';

/** An ended class and the sources already recorded; refusals are shown by the page, not as toasts. */
export const getRecordedClass = (courseSessionId: string) =>
  api.get('/app/recordings/v1/class', { courseSessionId }, { schema: ZRecordedClassResponse, silent: true });

export const recordedClassQueryOptions = (courseSessionId: string) =>
  queryOptions({ queryKey: ['recordings', 'class', courseSessionId], queryFn: () => getRecordedClass(courseSessionId), retry: false });

export function useRecordedClass(courseSessionId: string | null) {
  return useQuery({ ...recordedClassQueryOptions(courseSessionId ?? ''), enabled: Boolean(courseSessionId) });
}
