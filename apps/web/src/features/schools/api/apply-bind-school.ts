import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TIdentity } from '@hxk/contracts/permissions';
import { ZMySchool } from '@hxk/contracts/school';
import { api } from '../../../lib/api.ts';
import { mySchoolsQueryOptions } from './get-my-schools.ts';

export const applyBindSchool = (body: { code: string; identity: TIdentity }) =>
  api.post('/base/system/user/user/apply/bind/school', body, { schema: ZMySchool });

export function useApplyBindSchool() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: applyBindSchool,
    onSuccess: () => qc.invalidateQueries({ queryKey: mySchoolsQueryOptions().queryKey }),
  });
}
