import type { TThreeRateFilters, TThreeRateGroupBy } from '@hxk/contracts/statistics-three-rate';
import { THREE_RATE_GROUP_BY } from '@hxk/contracts/statistics-three-rate';
import { urlState } from './url-state.ts';

export const THREE_RATE_PATHS = { school: '/back/threeRateStatistics', details: '/back/threeRateStatisticsDetails' } as const;

/** What a drill-down adds to the URL: one key per grouping (the school page's own unit filter is orgUnitId). */
export const DRILL_KEY: Record<TThreeRateGroupBy, DrillKey> = {
  building: 'buildingId', classroom: 'classroomId', unit: 'unitId', teacher: 'teacherId', course: 'courseId', session: 'session', week: 'week',
};
const DRILL_KEYS = ['unitId', 'teacherId', 'courseId', 'buildingId', 'classroomId', 'session', 'week'] as const;
export type DrillKey = (typeof DRILL_KEYS)[number];

/**
 * What the URL keeps: the shared filters (semester, lesson days, the school page's college or
 * department), the grouping of each page, and the drill-down's place. Going down adds a drill key,
 * going back removes them all, so the filters survive both ways.
 */
const KEYS = ['semesterId', 'from', 'to', 'orgUnitId', 'groupBy', 'detailsBy', ...DRILL_KEYS] as const;
export type ThreeRateUrl = Partial<Record<(typeof KEYS)[number], string>>;
export const NO_DRILL: ThreeRateUrl = Object.fromEntries(DRILL_KEYS.map((k) => [k, undefined]));

const state = urlState(KEYS);
export const useThreeRateUrl: () => [ThreeRateUrl, (patch: ThreeRateUrl) => void] = state.useUrl;
export const threeRateHref: (path: string, url: ThreeRateUrl, patch?: ThreeRateUrl) => string = state.href;

export const groupByOf = (v: string | undefined, fallback: TThreeRateGroupBy): TThreeRateGroupBy =>
  (THREE_RATE_GROUP_BY as readonly string[]).includes(v ?? '') ? (v as TThreeRateGroupBy) : fallback;

/** Whether the URL names a place below the school page. */
export const drilled = (url: ThreeRateUrl) => DRILL_KEYS.some((k) => Boolean(url[k]));

/** The request's filters: the unit opened narrows the school page's unit filter. */
export function threeRateFiltersOf(url: ThreeRateUrl, withDrill: boolean): TThreeRateFilters | null {
  if (!url.semesterId) return null;
  const orgUnitId = (withDrill ? url.unitId : undefined) ?? url.orgUnitId;
  const num = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  const session = withDrill ? num(url.session) : undefined;
  const week = withDrill ? num(url.week) : undefined;
  return {
    semesterId: url.semesterId,
    ...(url.from ? { from: url.from } : {}),
    ...(url.to ? { to: url.to } : {}),
    ...(orgUnitId ? { orgUnitId } : {}),
    ...(withDrill && url.teacherId ? { teacherId: url.teacherId } : {}),
    ...(withDrill && url.courseId ? { courseId: url.courseId } : {}),
    ...(withDrill && url.buildingId ? { buildingId: url.buildingId } : {}),
    ...(withDrill && url.classroomId ? { classroomId: url.classroomId } : {}),
    ...(session ? { session } : {}),
    ...(week ? { week } : {}),
  };
}
