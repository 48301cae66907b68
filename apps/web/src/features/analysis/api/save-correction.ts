import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAnalysisCorrection, type TSaveCorrectionRequest } from '@hxk/contracts/analysis';
import { api } from '../../../lib/api.ts';
import { analysisKeys } from './keys.ts';

export const saveCorrection = (input: TSaveCorrectionRequest) => api.post('/app/ddxk/ai/v1/corrections/save', input, { schema: ZAnalysisCorrection });

/** Saves the reader's correction of one measure; the class's report and the agreement rate are read again. */
export function useSaveCorrection(courseSessionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveCorrection,
    onSuccess: () => Promise.all([
      qc.invalidateQueries({ queryKey: analysisKeys.report(courseSessionId) }),
      qc.invalidateQueries({ queryKey: analysisKeys.agreementAll }),
    ]),
  });
}
