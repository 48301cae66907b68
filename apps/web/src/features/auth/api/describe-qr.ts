import { useQuery } from '@tanstack/react-query';
import { ZQrDescribeResponse } from '@hxk/contracts/auth';
import { api } from '../../../lib/api.ts';

export const describeQr = (qrCodeId: string) =>
  api.get('/base/wechat/hero/qrcode/describe', { qrCodeId }, { schema: ZQrDescribeResponse, silent: true });

export function useDescribeQr(qrCodeId: string | null) {
  return useQuery({
    queryKey: ['qr', 'describe', qrCodeId],
    queryFn: () => describeQr(qrCodeId!),
    enabled: Boolean(qrCodeId),
    retry: false,
    staleTime: Infinity,
  });
}
