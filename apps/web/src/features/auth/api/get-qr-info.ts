import { useQuery } from '@tanstack/react-query';
import { ZQrInfoResponse } from '@hxk/contracts/auth';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type QrInfo = z.infer<typeof ZQrInfoResponse>;
export const QR_POLL_MS = 2_000;
const OPEN = new Set(['waiting', 'scanned']);

export const getQrInfo = (qrCodeId: string) =>
  api.get('/base/wechat/hero/get/wechat/qrcode/info', { qrCodeId }, { schema: ZQrInfoResponse });

/** Polls every 2 s while the code is waiting or scanned; stops at any final state. */
export function useQrInfo(qrCodeId: string | undefined) {
  return useQuery({
    queryKey: ['qr', 'info', qrCodeId],
    queryFn: () => getQrInfo(qrCodeId!),
    enabled: Boolean(qrCodeId),
    retry: false,
    gcTime: 0,
    staleTime: 0,
    refetchInterval: (q) => (q.state.status === 'error' || (q.state.data && !OPEN.has(q.state.data.status)) ? false : QR_POLL_MS),
    refetchIntervalInBackground: true,
  });
}
