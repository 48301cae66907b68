import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZRecordingPage } from '@hxk/contracts/recordings';
import { api } from '../../../lib/api.ts';

export type RecordingListQuery = { pageNum: number; pageSize: number; classroomId?: string; courseId?: string; recorded?: '1' };

/** Ended classes the reader may watch (of a room, of a course, or all), newest first, paged by the server. */
export const getRecordings = (q: RecordingListQuery) => api.get('/app/recordings/v1/page', { ...q }, { schema: ZRecordingPage });

export const recordingsQueryOptions = (q: RecordingListQuery) =>
  queryOptions({ queryKey: ['recordings', 'page', q], queryFn: () => getRecordings(q), placeholderData: keepPreviousData });

export function useRecordings(q: RecordingListQuery) {
  return useQuery(recordingsQueryOptions(q));
}
