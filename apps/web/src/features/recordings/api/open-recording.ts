import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZOpenRecordingResponse, type TRecordingSource } from '@hxk/contracts/recordings';
import { api } from '../../../lib/api.ts';

/**
 * A class's recording from one source: ready, or being prepared (the server queues the simulator's
 * job on the first request). Idempotent, so it is read as a query and polled while preparing.
 */
export const openRecording = (courseSessionId: string, source: TRecordingSource) =>
  api.post('/app/recordings/v1/open', { courseSessionId, source }, { schema: ZOpenRecordingResponse, silent: true });

export const PREPARING_POLL_MS = 1000;
/** A gateway recording's token lasts five minutes: asked again after four, whatever the browser's clock says. */
export const RENEW_MS = 4 * 60_000;

export const recordingQueryOptions = (courseSessionId: string, source: TRecordingSource) =>
  queryOptions({
    queryKey: ['recordings', 'open', courseSessionId, source],
    queryFn: () => openRecording(courseSessionId, source),
    retry: false,
    refetchInterval: (q) => {
      const r = q.state.data?.recording;
      if (r?.status === 'preparing') return PREPARING_POLL_MS;
      return r?.mediaExpiresAt ? RENEW_MS : false;
    },
  });

export function useRecording(courseSessionId: string | null, source: TRecordingSource | null) {
  return useQuery({ ...recordingQueryOptions(courseSessionId ?? '', source ?? 2), enabled: Boolean(courseSessionId && source) });
}
