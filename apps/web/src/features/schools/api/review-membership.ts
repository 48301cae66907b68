import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

export const reviewMembership = (body: { id: string; approve: boolean; note?: string }) =>
  api.post('/base/system/school/membership/v1/review', body, { schema: z.null() });

export function useReviewMembership() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reviewMembership,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['schools', 'memberships'] }),
  });
}
