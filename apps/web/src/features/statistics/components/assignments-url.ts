import type { TAssignmentStatsQuery } from '@hxk/contracts/statistics-assignments';
import { urlState } from './url-state.ts';

export const ASSIGNMENT_CHARTS_PATH = '/back/assignmentsEchartsTeport';

/** What the URL keeps: semester, lesson days, and the task and supervisor opened. */
const KEYS = ['semesterId', 'from', 'to', 'taskId', 'supervisorId'] as const;
export type AssignmentsUrl = Partial<Record<(typeof KEYS)[number], string>>;

const state = urlState(KEYS);
export const useAssignmentsUrl: () => [AssignmentsUrl, (patch: AssignmentsUrl) => void] = state.useUrl;
export const assignmentsHref: (path: string, url: AssignmentsUrl, patch?: AssignmentsUrl) => string = state.href;

export function assignmentFiltersOf(url: AssignmentsUrl): TAssignmentStatsQuery | null {
  if (!url.semesterId) return null;
  return {
    semesterId: url.semesterId,
    ...(url.from ? { from: url.from } : {}),
    ...(url.to ? { to: url.to } : {}),
    ...(url.taskId ? { taskId: url.taskId } : {}),
    ...(url.supervisorId ? { supervisorId: url.supervisorId } : {}),
  };
}
