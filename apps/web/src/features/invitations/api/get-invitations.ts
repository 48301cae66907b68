import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZInvitationPage, type TInvitationBox } from '@hxk/contracts/invitations';
import type { TInvitationStatus } from '@hxk/contracts/workflow';
import { api } from '../../../lib/api.ts';

export type InvitationQuery = { pageNum: number; pageSize: number; box: TInvitationBox; status?: TInvitationStatus | undefined; keyword?: string | undefined };

export const getInvitations = (q: InvitationQuery) => api.post('/app/ddxk/invitation/v1/list', q, { schema: ZInvitationPage });

export const invitationsQueryOptions = (q: InvitationQuery) =>
  queryOptions({ queryKey: ['invitations', 'list', q], queryFn: () => getInvitations(q), placeholderData: keepPreviousData });

/** Invitations to me (received) or the ones I sent, newest first, filtered and paged by the server. */
export function useInvitations(q: InvitationQuery, enabled = true) {
  return useQuery({ ...invitationsQueryOptions(q), enabled });
}
