import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { catalogKeys } from './keys.ts';

export const deleteQuestions = (ids: string[]) => api.post<unknown>('/app/ddxk/question/v1/deleteByIds', { ids });

export function useDeleteQuestions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestions,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: catalogKeys.questions }),
        qc.invalidateQueries({ queryKey: catalogKeys.readQuestions }),
        qc.invalidateQueries({ queryKey: catalogKeys.indicators }),
        qc.invalidateQueries({ queryKey: catalogKeys.classifications('question') }),
      ]),
  });
}
