import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZIndicator, type TSaveIndicatorRequest } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';
import { referenceKeys } from '../../../lib/reference/reference-keys.ts';
import { catalogKeys } from './keys.ts';

export const saveIndicator = (input: TSaveIndicatorRequest) => api.post('/app/ddxk/index/v1/saveOrUpdate', input, { schema: ZIndicator });

export function useSaveIndicator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveIndicator,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: catalogKeys.indicators }),
        qc.invalidateQueries({ queryKey: referenceKeys.indicatorTree() }),
        qc.invalidateQueries({ queryKey: catalogKeys.classifications('indicator') }),
      ]),
  });
}
