import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { referenceKeys } from '../../../lib/reference/reference-keys.ts';
import { catalogKeys } from './keys.ts';

export const deleteIndicators = (ids: string[]) => api.post<unknown>('/app/ddxk/index/v1/deleteByIds', { ids });

export function useDeleteIndicators() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteIndicators,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: catalogKeys.indicators }),
        qc.invalidateQueries({ queryKey: referenceKeys.indicatorTree() }),
        qc.invalidateQueries({ queryKey: catalogKeys.classifications('indicator') }),
        qc.invalidateQueries({ queryKey: catalogKeys.questions }),
      ]),
  });
}
