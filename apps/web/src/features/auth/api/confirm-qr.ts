import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

export const confirmQr = (body: { qrCodeId: string; approve: boolean }) =>
  api.post('/base/wechat/hero/qrcode/confirm', body, { schema: z.null() });

export function useConfirmQr() {
  return useMutation({ mutationFn: confirmQr });
}
