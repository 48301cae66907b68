import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../components/import/api.ts';

/** Downloads the whole lexicon as CSV (word,category,severity), the format the import reads. */
export const exportSensitiveWords = () => downloadFile('/app/ddxk/ai/v1/sensitive-words/export', undefined, 'sensitive-words.csv');

export function useExportSensitiveWords() {
  return useMutation({ mutationFn: exportSensitiveWords });
}
