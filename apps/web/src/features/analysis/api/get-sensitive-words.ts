import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZSensitiveWordsPage } from '@hxk/contracts/analysis';
import { api } from '../../../lib/api.ts';
import { analysisKeys } from './keys.ts';

export type SensitiveWordsQuery = { pageNum: number; pageSize: number; keyword?: string | undefined };

export const getSensitiveWords = (q: SensitiveWordsQuery) =>
  api.get('/app/ddxk/ai/v1/sensitive-words', { pageNum: q.pageNum, pageSize: q.pageSize, ...(q.keyword ? { keyword: q.keyword } : {}) }, { schema: ZSensitiveWordsPage });

export const sensitiveWordsQueryOptions = (q: SensitiveWordsQuery) =>
  queryOptions({ queryKey: [...analysisKeys.sensitiveWords, q], queryFn: () => getSensitiveWords(q), placeholderData: keepPreviousData });

/** A page of the school's sensitive-word lexicon. */
export function useSensitiveWords(q: SensitiveWordsQuery) {
  return useQuery(sensitiveWordsQueryOptions(q));
}
