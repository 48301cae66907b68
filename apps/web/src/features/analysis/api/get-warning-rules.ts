import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZWarningRule } from '@hxk/contracts/analysis';
import { api } from '../../../lib/api.ts';
import { analysisKeys } from './keys.ts';

export const getWarningRules = () => api.get('/app/ddxk/ai/v1/warning-rules', undefined, { schema: z.array(ZWarningRule) });

export const warningRulesQueryOptions = () => queryOptions({ queryKey: analysisKeys.warningRules, queryFn: getWarningRules });

/** The school's AI warning rules. */
export function useWarningRules() {
  return useQuery(warningRulesQueryOptions());
}
