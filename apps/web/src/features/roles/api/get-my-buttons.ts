import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { storePermissions } from '../../../lib/permissions.ts';

/** The caller's button keys, stored under ButtonPermissionsXK for the Permission component. */
export async function getMyButtons(): Promise<string[]> {
  const keys = await api.get('/app/ddxk/role/v1/getRoleButtonByUserId', undefined, { schema: z.array(z.string()) });
  storePermissions(keys);
  return keys;
}

export const myButtonsQueryOptions = () => queryOptions({ queryKey: ['access', 'buttons'], queryFn: getMyButtons });

export function useMyButtons() {
  return useQuery(myButtonsQueryOptions());
}
