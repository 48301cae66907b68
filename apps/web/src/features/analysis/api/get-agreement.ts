import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAgreement, type TAgreementQuery } from '@hxk/contracts/analysis';
import { api } from '../../../lib/api.ts';
import { analysisKeys } from './keys.ts';

export const getAgreement = (q: TAgreementQuery) => api.get('/app/ddxk/ai/v1/agreement', { from: q.from, to: q.to }, { schema: ZAgreement });

export const agreementQueryOptions = (q: TAgreementQuery) => queryOptions({ queryKey: analysisKeys.agreement(q), queryFn: () => getAgreement(q) });

/** The school's agreement between the AI and people, per measure, over classes held in the period. */
export function useAgreement(q: TAgreementQuery) {
  return useQuery(agreementQueryOptions(q));
}
