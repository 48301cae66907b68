import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSupervisionGroup } from '@hxk/contracts/supervision';
import { api } from '../../../lib/api.ts';

export const getGroup = (groupId: string) => api.get('/app/ddxk/supervision/group/v1/detail', { groupId }, { schema: ZSupervisionGroup });

export const groupQueryOptions = (groupId: string) => queryOptions({ queryKey: ['supervisionGroups', 'detail', groupId], queryFn: () => getGroup(groupId) });

/** The group being edited; idle while `groupId` is null (adding). */
export function useGroup(groupId: string | null) {
  return useQuery({ ...groupQueryOptions(groupId ?? ''), enabled: groupId !== null });
}
