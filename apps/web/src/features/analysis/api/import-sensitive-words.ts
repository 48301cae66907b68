import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSensitiveWordsImportResult } from '@hxk/contracts/analysis';
import { api } from '../../../lib/api.ts';
import { analysisKeys } from './keys.ts';

/** Sends a CSV file (word,category,severity): every good line is imported, bad lines come back with their reason. */
export const importSensitiveWords = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload('/app/ddxk/ai/v1/sensitive-words/import', form, { schema: ZSensitiveWordsImportResult });
};

export function useImportSensitiveWords() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: importSensitiveWords, onSuccess: () => qc.invalidateQueries({ queryKey: analysisKeys.sensitiveWords }) });
}
