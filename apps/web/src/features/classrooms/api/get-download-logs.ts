import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZDownloadLogPage } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

export type DownloadLogQuery = { pageNum: number; pageSize: number; keyword?: string };

export const getDownloadLogs = (q: DownloadLogQuery) => api.post('/base/video/download/log/v1/page', q, { schema: ZDownloadLogPage });

export const downloadLogsQueryOptions = (q: DownloadLogQuery) =>
  queryOptions({ queryKey: ['classrooms', 'downloadLogs', q], queryFn: () => getDownloadLogs(q), placeholderData: keepPreviousData });

export function useDownloadLogs(q: DownloadLogQuery) {
  return useQuery(downloadLogsQueryOptions(q));
}
