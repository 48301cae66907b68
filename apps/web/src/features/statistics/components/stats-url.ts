import type { TEvaluationStatsFilters } from '@hxk/contracts/statistics';
import { urlState } from './url-state.ts';

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

/** The URL's state, and a drill-down path with it changed by `patch` (undefined removes a key). */
const state = urlState(KEYS);
export const useStatsUrl: () => [StatsUrl, (patch: StatsUrl) => void] = state.useUrl;
export const statsHref: (path: string, url: StatsUrl, patch?: StatsUrl) => string = state.href;

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
