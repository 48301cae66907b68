import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZQuestionnaireQr } from '@hxk/contracts/questionnaires';
import { api } from '../../../lib/api.ts';

export const getQuestionnaireQr = (questionnaireId: string, courseSessionId: string) =>
  api.get('/app/ddxk/questionnaire/v1/qr', { questionnaireId, courseSessionId }, { schema: ZQuestionnaireQr });

export const questionnaireQrQueryOptions = (questionnaireId: string, courseSessionId: string) =>
  queryOptions({ queryKey: ['questionnaires', 'qr', questionnaireId, courseSessionId], queryFn: () => getQuestionnaireQr(questionnaireId, courseSessionId), staleTime: 5 * 60_000 });

/** The fill page's QR code for one of my classes; idle until a class is picked. */
export function useQuestionnaireQr(questionnaireId: string, courseSessionId: string | null) {
  return useQuery({ ...questionnaireQrQueryOptions(questionnaireId, courseSessionId ?? ''), enabled: Boolean(courseSessionId) });
}
