import type { TSensitiveFilters } from '@hxk/contracts/statistics-sensitive';
import { WARNING_LEVEL_KEYS } from '@hxk/contracts/analysis';
import { urlState } from './url-state.ts';

export const SENSITIVE_PATHS = { list: '/back/sensitiveTopic', details: '/back/sensitiveTopicDetails' } as const;

/** What the URL keeps: the filters, and the class opened on the details screen (courseSessionId). */
const KEYS = ['semesterId', 'from', 'to', 'orgUnitId', 'category', 'severity', 'courseSessionId'] as const;
export type SensitiveUrl = Partial<Record<(typeof KEYS)[number], string>>;

const state = urlState(KEYS);
export const useSensitiveUrl: () => [SensitiveUrl, (patch: SensitiveUrl) => void] = state.useUrl;
export const sensitiveHref: (path: string, url: SensitiveUrl, patch?: SensitiveUrl) => string = state.href;

export function sensitiveFiltersOf(url: SensitiveUrl): TSensitiveFilters | null {
  if (!url.semesterId) return null;
  const severity = (WARNING_LEVEL_KEYS as readonly string[]).includes(url.severity ?? '') ? (url.severity as TSensitiveFilters['severity']) : undefined;
  return {
    semesterId: url.semesterId,
    ...(url.from ? { from: url.from } : {}),
    ...(url.to ? { to: url.to } : {}),
    ...(url.orgUnitId ? { orgUnitId: url.orgUnitId } : {}),
    ...(url.category ? { category: url.category } : {}),
    ...(severity ? { severity } : {}),
  };
}
