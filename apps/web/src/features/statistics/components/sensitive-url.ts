import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TSensitiveFilters } from '@hxk/contracts/statistics-sensitive';
import { WARNING_LEVEL_KEYS } from '@hxk/contracts/analysis';

export const SENSITIVE_PATHS = { list: '/back/sensitiveTopic', details: '/back/sensitiveTopicDetails' } as const;

/** What the URL keeps: the filters, and the class opened on the details screen (courseSessionId). */
const KEYS = ['semesterId', 'from', 'to', 'orgUnitId', 'category', 'severity', 'courseSessionId'] as const;
export type SensitiveUrl = Partial<Record<(typeof KEYS)[number], string>>;

export function useSensitiveUrl(): [SensitiveUrl, (patch: SensitiveUrl) => void] {
  const [params, setParams] = useSearchParams();
  const url = useMemo(() => {
    const out: SensitiveUrl = {};
    for (const k of KEYS) {
      const v = params.get(k);
      if (v) out[k] = v;
    }
    return out;
  }, [params]);
  const patch = useCallback(
    (p: SensitiveUrl) => setParams((prev) => {
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

export function sensitiveHref(path: string, url: SensitiveUrl, patch: SensitiveUrl = {}): string {
  const merged: SensitiveUrl = { ...url, ...patch };
  const q = new URLSearchParams();
  for (const k of KEYS) {
    const v = merged[k];
    if (v) q.set(k, v);
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

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
