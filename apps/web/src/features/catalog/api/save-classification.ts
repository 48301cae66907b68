import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TSaveClassificationRequest } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';
import { referenceKeys } from '../../../lib/reference/reference-keys.ts';
import { catalogKeys, classificationBase } from './keys.ts';

export const saveClassification = (input: TSaveClassificationRequest) => api.post<unknown>(`${classificationBase(input.kind)}/saveOrUpdate`, input);

export function useSaveClassification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveClassification,
    onSuccess: (_d, v) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: catalogKeys.classifications(v.kind) }),
        qc.invalidateQueries({ queryKey: referenceKeys.classificationDict(v.kind) }),
        qc.invalidateQueries({ queryKey: v.kind === 'indicator' ? catalogKeys.indicators : catalogKeys.questions }),
      ]),
  });
}
