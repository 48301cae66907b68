import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type DownloadLogInput = { cameraId?: string; courseSessionId: string; fileName: string; startAt: string; endAt: string };

/** Records the download in the school's video download log (spec: POST /base/video/download/log/v1/save). */
export const saveDownloadLog = (input: DownloadLogInput) => api.post<{ id: string }>('/base/video/download/log/v1/save', input);

export function useSaveDownloadLog() {
  return useMutation({ mutationFn: saveDownloadLog });
}
