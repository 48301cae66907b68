import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZUserInfo, type ZUpdateInfoRequest } from '@hxk/contracts/user';
import { api } from '../../../lib/api.ts';
import { userInfoQueryOptions } from './get-user-info.ts';

export type UpdateInfoInput = z.infer<typeof ZUpdateInfoRequest>;

export const updateInfo = (body: UpdateInfoInput) => api.post('/base/user/v1/update/info', body, { schema: ZUserInfo });

export function useUpdateInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateInfo,
    onSuccess: (info) => qc.setQueryData(userInfoQueryOptions().queryKey, info),
  });
}
