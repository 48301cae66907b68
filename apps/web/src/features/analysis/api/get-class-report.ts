import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZClassReport, type TClassReport } from '@hxk/contracts/analysis';
import { api } from '../../../lib/api.ts';
import { analysisKeys } from './keys.ts';

/** While the analysis is queued or running the report is asked again this often. */
export const REPORT_POLL_MS = 4000;

export const getClassReport = (courseSessionId: string) => api.get('/app/ddxk/ai/v1/report', { courseSessionId }, { schema: ZClassReport });

const inProgress = (r: TClassReport | undefined) => r?.analysis?.status === 'queued' || r?.analysis?.status === 'running';

export const classReportQueryOptions = (courseSessionId: string) =>
  queryOptions({
    queryKey: analysisKeys.report(courseSessionId),
    queryFn: () => getClassReport(courseSessionId),
    refetchInterval: (q) => (q.state.status !== 'error' && inProgress(q.state.data) ? REPORT_POLL_MS : false),
  });

/** The AI classroom report of a class, polled until its analysis is done or failed. */
export function useClassReport(courseSessionId: string | null) {
  return useQuery({ ...classReportQueryOptions(courseSessionId ?? ''), enabled: !!courseSessionId });
}
