import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZAssistantUsage } from '@hxk/contracts/assistant';
import { api } from '../../../lib/api.ts';
import { assistantKeys } from './keys.ts';

/** The school's use of a month per day and model (administrators), or the asker's own. */
export const getAssistantUsage = (scope: 'school' | 'mine', month: string) =>
  api.get(scope === 'school' ? '/ai/assistant/v1/usage' : '/ai/deekseek/v1/myUsage', month ? { month } : undefined, { schema: ZAssistantUsage });

/** month: YYYY-MM, or '' for the current month of the school. */
export function useAssistantUsage(scope: 'school' | 'mine', month = '', enabled = true) {
  return useQuery({ queryKey: assistantKeys.usage(scope, month), queryFn: () => getAssistantUsage(scope, month), placeholderData: keepPreviousData, enabled });
}
