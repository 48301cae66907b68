import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZClassificationOption } from '@hxk/contracts/catalog';
import { api } from '../../../lib/api.ts';

const ZOptions = z.array(ZClassificationOption);

export const getQuestionClassifications = () => api.get('/app/ddxk/classification/v1/dict', { kind: 'question' }, { schema: ZOptions });

export const questionClassificationsQueryOptions = () =>
  queryOptions({ queryKey: ['questionnaires', 'questionClassifications'], queryFn: getQuestionClassifications, staleTime: 60_000 });

export function useQuestionClassifications(enabled = true) {
  return useQuery({ ...questionClassificationsQueryOptions(), enabled });
}
