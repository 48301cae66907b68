import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZMySchoolsResponse, type ZMySchool } from '@hxk/contracts/school';
import { api } from '../../../lib/api.ts';

export type MySchool = z.infer<typeof ZMySchool>;

export const getMySchools = () =>
  api.get('/base/system/school/user/hero/get/school/list/current/user', { domainName: window.location.hostname }, { schema: ZMySchoolsResponse });

export const mySchoolsQueryOptions = () => queryOptions({ queryKey: ['schools', 'mine'], queryFn: getMySchools });

export function useMySchools(enabled = true) {
  return useQuery({ ...mySchoolsQueryOptions(), enabled });
}
