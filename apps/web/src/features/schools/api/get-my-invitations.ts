import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZSchoolInvitationList, type ZSchoolInvitation } from '@hxk/contracts/school';
import { api } from '../../../lib/api.ts';

export type SchoolInvitation = z.infer<typeof ZSchoolInvitation>;

/** Schools that invited the signed-in person (their user sync or people import found the account). */
export const getMyInvitations = () => api.get('/base/system/school/invitation/v1/mine', undefined, { schema: ZSchoolInvitationList });

export const myInvitationsQueryOptions = () => queryOptions({ queryKey: ['schools', 'invitations'], queryFn: getMyInvitations });

export function useMyInvitations(enabled = true) {
  return useQuery({ ...myInvitationsQueryOptions(), enabled });
}
