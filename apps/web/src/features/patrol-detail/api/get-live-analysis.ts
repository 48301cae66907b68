import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZLiveAnalysisResponse, type TLiveAnalysisResponse } from '@hxk/contracts/analysis-live';
import { api } from '../../../lib/api.ts';
import { useRealtime } from '../../../lib/realtime-events.ts';
import { patrolKeys } from './patrol.ts';

/**
 * The live analysis of a class in progress (GET /app/ddxk/ai/v1/live): loaded once, then kept current
 * by the realtime messages (`analysis.live` after every sample); asked again now and then in case the
 * socket dropped messages, or to find an analysis that has just started.
 */
export const liveAnalysisKey = (courseSessionId: string) => ['patrol', 'live', courseSessionId] as const;

export const getLiveAnalysis = (courseSessionId: string) => api.get('/app/ddxk/ai/v1/live', { courseSessionId }, { schema: ZLiveAnalysisResponse, silent: true });

/** While the class is analysed the socket brings each sample; the page asks itself only this often. */
const FALLBACK_MS = { running: 30_000, waiting: 20_000 } as const;

export const liveAnalysisQueryOptions = (courseSessionId: string) =>
  queryOptions({
    queryKey: liveAnalysisKey(courseSessionId),
    queryFn: () => getLiveAnalysis(courseSessionId),
    refetchInterval: (q) => {
      const live = (q.state.data as TLiveAnalysisResponse | undefined)?.live;
      if (q.state.status === 'error') return false;
      if (!live || live.status === 'queued') return FALLBACK_MS.waiting;
      return live.status === 'running' ? FALLBACK_MS.running : false;
    },
    retry: false,
  });

/** The class's live figures, updated from the realtime messages for it and for its room. */
export function useLiveAnalysis(courseSessionId: string | null, classroomId: string) {
  const qc = useQueryClient();
  useRealtime((m) => {
    if (m.type === 'analysis.live' && m.live.courseSessionId === courseSessionId) {
      const before = qc.getQueryData<TLiveAnalysisResponse>(liveAnalysisKey(m.live.courseSessionId))?.live;
      qc.setQueryData<TLiveAnalysisResponse>(liveAnalysisKey(m.live.courseSessionId), { live: m.live });
      // A new warning, or the class's end, changes the course state and the room's warnings.
      if (before && (before.warnings.length !== m.live.warnings.length || before.status !== m.live.status)) void qc.invalidateQueries({ queryKey: patrolKeys.room(classroomId) });
    }
    if (m.type === 'warning.raised' && m.warning.classroomId === classroomId) void qc.invalidateQueries({ queryKey: patrolKeys.room(classroomId) });
  });
  return useQuery({ ...liveAnalysisQueryOptions(courseSessionId ?? ''), enabled: !!courseSessionId });
}
