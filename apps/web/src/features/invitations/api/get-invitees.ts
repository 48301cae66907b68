import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZInvitee } from '@hxk/contracts/invitations';
import { api } from '../../../lib/api.ts';

export const getInvitees = (keyword: string) =>
  api.get('/app/ddxk/invitation/v1/invitees', keyword ? { keyword } : undefined, { schema: z.array(ZInvitee) });

export const inviteesQueryOptions = (keyword: string) =>
  queryOptions({ queryKey: ['invitations', 'invitees', keyword], queryFn: () => getInvitees(keyword), placeholderData: keepPreviousData, staleTime: 60_000 });

/** People of my school who evaluate lessons (up to 50 per search), to invite to a class. */
export function useInvitees(keyword: string, enabled = true) {
  return useQuery({ ...inviteesQueryOptions(keyword), enabled });
}
