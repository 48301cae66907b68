import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZSupervisionGroupOption } from '@hxk/contracts/supervision';
import { api } from '../../../lib/api.ts';

export const getGroupOptions = () => api.get('/app/ddxk/plan/v1/groups', undefined, { schema: z.array(ZSupervisionGroupOption) });

export const groupOptionsQueryOptions = () => queryOptions({ queryKey: ['plans', 'groups'], queryFn: getGroupOptions, staleTime: 60_000 });

export function useGroupOptions() {
  return useQuery(groupOptionsQueryOptions());
}
