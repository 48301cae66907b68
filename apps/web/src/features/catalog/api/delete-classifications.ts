import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClassificationKind } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';
import { referenceKeys } from '../../../lib/reference/reference-keys.ts';
import { catalogKeys, classificationBase } from './keys.ts';

export const deleteClassifications = ({ kind, ids }: { kind: TClassificationKind; ids: string[] }) => api.post<unknown>(`${classificationBase(kind)}/deleteByIds`, { ids });

/** Deleting a classification leaves its items unclassified, so their lists are refreshed too. */
export function useDeleteClassifications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteClassifications,
    onSuccess: (_d, v) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: catalogKeys.classifications(v.kind) }),
        qc.invalidateQueries({ queryKey: referenceKeys.classificationDict(v.kind) }),
        qc.invalidateQueries({ queryKey: v.kind === 'indicator' ? catalogKeys.indicators : catalogKeys.questions }),
      ]),
  });
}
