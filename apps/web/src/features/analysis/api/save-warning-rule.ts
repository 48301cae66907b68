import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZWarningRule, type TSaveWarningRuleRequest } from '@hxk/contracts/analysis';
import { api } from '../../../lib/api.ts';
import { analysisKeys } from './keys.ts';

export type SaveWarningRuleInput = Omit<TSaveWarningRuleRequest, 'id'> & { id?: string | undefined };

export const saveWarningRule = (input: SaveWarningRuleInput) => api.post('/app/ddxk/ai/v1/warning-rules/save', input, { schema: ZWarningRule });

/** Adds a warning rule, or changes one (with id). */
export function useSaveWarningRule() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveWarningRule, onSuccess: () => qc.invalidateQueries({ queryKey: analysisKeys.warningRules }) });
}
