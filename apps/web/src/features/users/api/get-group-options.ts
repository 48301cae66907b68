import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZSupervisionGroupOption } from '@hxk/contracts/supervision';
import { api } from '../../../lib/api.ts';

export const getGroupOptions = () => api.get('/app/ddxk/supervision/group/v1/options', undefined, { schema: z.array(ZSupervisionGroupOption) });

export const groupOptionsQueryOptions = () => queryOptions({ queryKey: ['supervisionGroups', 'options'], queryFn: getGroupOptions, staleTime: 30_000 });

export function useGroupOptions(enabled: boolean) {
  return useQuery({ ...groupOptionsQueryOptions(), enabled });
}
