import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { storeIsAdmin } from '../../../lib/permissions.ts';

/** Whether the caller administers the active school, kept as UserIsAdmin in session storage. */
export async function getIsAdmin(): Promise<boolean> {
  const admin = await api.get('/app/ddxk/role/v1/isAdmin', undefined, { schema: z.boolean() });
  storeIsAdmin(admin);
  return admin;
}

export const isAdminQueryOptions = () => queryOptions({ queryKey: ['access', 'isAdmin'], queryFn: getIsAdmin });

export function useIsAdmin() {
  return useQuery(isAdminQueryOptions());
}
