import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCheckIn, type TEvaluation, type TEvaluationOpening } from '@hxk/contracts/evaluations';
import { api } from '../../../lib/api.ts';
import { evaluationQueryKey } from './get-evaluation.ts';

/** Attendance sign-in at a class; it cannot be undone. */
export const checkIn = (input: { courseSessionId: string; evaluationId: string }) =>
  api.post('/app/ddxk/evaluation/v1/checkIn', { courseSessionId: input.courseSessionId }, { schema: ZCheckIn });

export function useCheckIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    onSuccess: (done, input) => {
      qc.setQueryData<TEvaluation>(evaluationQueryKey(input.evaluationId), (old) => (old ? { ...old, checkedInAt: done.checkedInAt } : old));
      // A class opened to evaluate it, before its first save, shows it too.
      qc.setQueriesData<TEvaluationOpening>({ queryKey: ['evaluations', 'opening'] }, (old) =>
        old?.blank?.class.courseSessionId === done.courseSessionId ? { ...old, blank: { ...old.blank, checkedInAt: done.checkedInAt } } : old,
      );
      void qc.invalidateQueries({ queryKey: ['evaluations', 'classes'] });
    },
  });
}
