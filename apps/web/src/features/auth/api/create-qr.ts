import { useQuery } from '@tanstack/react-query';
import { type QR_TYPES, ZCreateQrResponse } from '@hxk/contracts/auth';
import { api } from '../../../lib/api.ts';

/** Log in (the spec's default WeChat QR type) or register. */
export type QrType = (typeof QR_TYPES)[keyof typeof QR_TYPES];

export const createQr = (type: QrType) =>
  api.post('/base/wechat/hero/create/wechat/qrcode', { type, domainName: window.location.host }, { schema: ZCreateQrResponse });

/** A fresh code per (type, attempt): `attempt` grows when the user asks for a new one. */
export function useCreateQr(type: QrType, attempt: number) {
  return useQuery({
    queryKey: ['qr', 'create', type, attempt],
    queryFn: () => createQr(type),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
