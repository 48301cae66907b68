import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSaveQuestionResponse, type TSaveQuestionRequest } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';
import { catalogKeys } from './keys.ts';

export const saveQuestion = (input: TSaveQuestionRequest) => api.post('/app/ddxk/question/v1/saveOrUpdate', input, { schema: ZSaveQuestionResponse });

export function useSaveQuestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveQuestion,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: catalogKeys.questions }),
        qc.invalidateQueries({ queryKey: catalogKeys.readQuestions }),
        qc.invalidateQueries({ queryKey: catalogKeys.indicators }),
        qc.invalidateQueries({ queryKey: catalogKeys.classifications('question') }),
      ]),
  });
}
