import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZTranscriptionSettings, ZTranscriptionTestResult, type TSaveTranscriptionSettings } from '@hxk/contracts/analysis';
import { api } from '../../../lib/api.ts';
import { analysisKeys } from './keys.ts';

export const getTranscriptionSettings = () => api.get('/app/ddxk/ai/v1/transcription', undefined, { schema: ZTranscriptionSettings });
export const saveTranscriptionSettings = (input: TSaveTranscriptionSettings) => api.post('/app/ddxk/ai/v1/transcription/save', input, { schema: ZTranscriptionSettings });
export const testTranscription = () => api.post('/app/ddxk/ai/v1/transcription/test', {}, { schema: ZTranscriptionTestResult });

export const transcriptionQueryOptions = () => queryOptions({ queryKey: analysisKeys.transcription, queryFn: getTranscriptionSettings });

/** The school's transcription service: address, model, whether a key is stored, and which service is in use. */
export function useTranscriptionSettings() {
  return useQuery(transcriptionQueryOptions());
}

export function useSaveTranscriptionSettings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveTranscriptionSettings, onSuccess: (data) => qc.setQueryData(analysisKeys.transcription, data) });
}

export function useTestTranscription() {
  return useMutation({ mutationFn: testTranscription });
}
