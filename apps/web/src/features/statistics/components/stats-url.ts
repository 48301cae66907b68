import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TEvaluationStatsFilters } from '@hxk/contracts/statistics';

/** The three levels of the evaluation statistics drill-down (spec section 2). */
export const STATS_PATHS = {
  school: '/back/evaluateStatistics',
  unit: '/back/evaluateStatisticsDetails',
  teacher: '/back/evaluateStatisticsDetailss',
} as const;

/**
 * What the URL keeps: the shared filters (orgUnitId is the school page's college or department
 * filter) and the drill-down's place: the department opened (unitId) and the teacher opened
 * (teacherId). Going down adds to them, going back removes the last, so filters survive both ways.
 */
const KEYS = ['semesterId', 'from', 'to', 'orgUnitId', 'templateId', 'planId', 'evaluationType', 'kind', 'unitId', 'teacherId'] as const;
export type StatsUrl = Partial<Record<(typeof KEYS)[number], string>>;

export function useStatsUrl(): [StatsUrl, (patch: StatsUrl) => void] {
  const [params, setParams] = useSearchParams();
  const url = useMemo(() => {
    const out: StatsUrl = {};
    for (const k of KEYS) {
      const v = params.get(k);
      if (v) out[k] = v;
    }
    return out;
  }, [params]);
  const patch = useCallback(
    (p: StatsUrl) => setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(p)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    }, { replace: true }),
    [setParams],
  );
  return [url, patch];
}

/** A drill-down path with the URL's state changed by `patch` (undefined removes a key). */
export function statsHref(path: string, url: StatsUrl, patch: StatsUrl = {}): string {
  const merged: StatsUrl = { ...url, ...patch };
  const q = new URLSearchParams();
  for (const k of KEYS) {
    const v = merged[k];
    if (v) q.set(k, v);
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** The request's filters for a level: the department opened narrows the school page's unit filter. */
export function filtersOf(url: StatsUrl): TEvaluationStatsFilters | null {
  if (!url.semesterId) return null;
  const orgUnitId = url.unitId ?? url.orgUnitId;
  return {
    semesterId: url.semesterId,
    ...(url.from ? { from: url.from } : {}),
    ...(url.to ? { to: url.to } : {}),
    ...(orgUnitId ? { orgUnitId } : {}),
    ...(url.teacherId ? { teacherId: url.teacherId } : {}),
    ...(url.templateId ? { templateId: url.templateId } : {}),
    ...(url.planId ? { planId: url.planId } : {}),
    ...(url.evaluationType ? { evaluationType: url.evaluationType as TEvaluationStatsFilters['evaluationType'] } : {}),
    ...(url.kind ? { kind: url.kind as TEvaluationStatsFilters['kind'] } : {}),
  };
}
