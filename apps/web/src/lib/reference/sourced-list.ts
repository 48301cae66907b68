import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../api.ts';

type Source = { path: string; staleTime: number };

/**
 * A list that several screens read, each through its own endpoint (each endpoint checks its own
 * screen's permission, so they cannot share one): the request, the query options and the hook per source.
 */
export function sourcedList<S extends string, T>(sources: Record<S, Source>, schema: z.ZodType<T>, key: (source: S) => QueryKey) {
  const get = (source: S) => api.get(sources[source].path, undefined, { schema });
  const options = (source: S) => queryOptions({ queryKey: key(source), queryFn: () => get(source), staleTime: sources[source].staleTime });
  const useList = (source: S, enabled = true) => useQuery({ ...options(source), enabled });
  return { get, options, useList };
}
