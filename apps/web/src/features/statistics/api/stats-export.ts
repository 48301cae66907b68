import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ZStatsExportJob, ZStatsExportStarted, type TStatsExportRequest } from '@hxk/contracts/statistics-exports';
import { api } from '../../../lib/api.ts';
import { downloadFile } from '../../../components/import/api.ts';

const P = '/app/ddxk/statistics/v1/exports';

/** Queues the export of a view with the screen's query. */
export const startStatsExport = (request: TStatsExportRequest) => api.post(P, request, { schema: ZStatsExportStarted });

export function useStartStatsExport() {
  return useMutation({ mutationFn: startStatsExport });
}

export const statsExportQueryOptions = (jobId: string | null) =>
  queryOptions({
    queryKey: ['statistics', 'export', jobId],
    queryFn: () => api.get(`${P}/job`, { jobId: jobId! }, { schema: ZStatsExportJob }),
    enabled: Boolean(jobId),
    // Polled while it is queued or running, for the progress bar.
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'done' || query.state.data.status === 'failed') ? false : 700),
  });

export function useStatsExportJob(jobId: string | null) {
  return useQuery(statsExportQueryOptions(jobId));
}

/** Downloads a finished export (a refusal shows as a toast). */
export const downloadStatsExport = (jobId: string, fileName: string) => downloadFile(`${P}/download`, { jobId }, fileName);
