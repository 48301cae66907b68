import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZQuestionnaireClasses } from '@hxk/contracts/questionnaires';
import { api } from '../../../lib/api.ts';

export type QrClassesQuery = { questionnaireId: string; courseId: string };

/** My classes of a course to show a questionnaire's QR at: today's (ended ones too) and the next two weeks'. */
export const getQrClasses = (q: QrClassesQuery) => api.get('/app/ddxk/questionnaire/v1/classes', q, { schema: ZQuestionnaireClasses });

export const qrClassesQueryOptions = (q: QrClassesQuery) => queryOptions({ queryKey: ['questionnaires', 'qrClasses', q], queryFn: () => getQrClasses(q) });

export function useQrClasses(q: QrClassesQuery | null) {
  return useQuery({ ...qrClassesQueryOptions(q ?? { questionnaireId: '', courseId: '' }), enabled: q !== null });
}
