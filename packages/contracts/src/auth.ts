import { z } from 'zod';
import { ZId } from './common.ts';
import { IDENTITY_VALUES, type TIdentity } from './permissions.ts';
import { PASSWORD_LENGTH, REGISTER_PASSWORD_LENGTH, WECHAT_QR_TYPE_DEFAULT } from './constants.ts';

export const PHONE_RE = /^\+?\d{6,15}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ACCOUNT_RE = /^[A-Za-z0-9_.@+-]{2,64}$/;

export const ZPhone = z.string().trim().regex(PHONE_RE, { message: 'validation.phone' });
export const ZSmsCode = z.string().trim().regex(/^\d{6}$/, { message: 'validation.smsCode' });

/** Register password: 6-16 characters with letters and digits (spec section 5). */
export function isValidRegisterPassword(p: string): boolean {
  return (
    p.length >= REGISTER_PASSWORD_LENGTH.min &&
    p.length <= REGISTER_PASSWORD_LENGTH.max &&
    /[A-Za-z]/.test(p) &&
    /\d/.test(p)
  );
}

/** Password change: 8-16 characters with at least two of digits, letters and symbols. */
export function isValidPassword(p: string): boolean {
  if (p.length < PASSWORD_LENGTH.min || p.length > PASSWORD_LENGTH.max) return false;
  if (/\s/.test(p)) return false;
  const kinds = [/\d/, /[A-Za-z]/, /[^A-Za-z\d]/].filter((re) => re.test(p)).length;
  return kinds >= 2;
}

export const ZRegisterPassword = z.string().refine(isValidRegisterPassword, { message: 'validation.registerPassword' });
export const ZNewPassword = z.string().refine(isValidPassword, { message: 'validation.password' });

const ZOptionalSchool = { schoolId: ZId.nullish() };

export const ZPasswordLoginRequest = z.object({
  type: z.literal('password'),
  account: z.string().trim().min(1, { message: 'validation.required' }).max(64, { message: 'validation.tooLong' }),
  password: z.string().min(1, { message: 'validation.required' }).max(128, { message: 'validation.tooLong' }),
  ...ZOptionalSchool,
});
export const ZSmsLoginRequest = z.object({ type: z.literal('sms'), phone: ZPhone, code: ZSmsCode, ...ZOptionalSchool });
export const ZLoginRequest = z.discriminatedUnion('type', [ZPasswordLoginRequest, ZSmsLoginRequest]);
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZIdentity = z.union(IDENTITY_VALUES.map((v) => z.literal(v)) as [z.ZodLiteral<TIdentity>, ...z.ZodLiteral<TIdentity>[]]);

export const ZSessionInfo = z.object({
  token: z.string(),
  userId: ZId,
  name: z.string(),
  account: z.string(),
  schoolId: ZId.nullable(),
  schoolName: z.string().nullable(),
  identity: ZIdentity.nullable(),
  /** Set when an administrator reset the password: the user must change it before anything else. */
  mustChangePassword: z.boolean(),
  logId: ZId.nullable(),
});
export const ZLoginResponse = ZSessionInfo;
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZSendSmsQuery = z.object({ phone: ZPhone, purpose: z.enum(['login', 'register', 'reset']).default('login') });
export const ZSendSmsResponse = z.object({ resendAfterSeconds: z.number().int() });

export const ZLoginLogQuery = z.object({ logId: ZId, pfId: z.coerce.number().int() });

export const ZLastIdentityQuery = z.object({ username: z.string().trim().min(1).max(64) });
export const ZLastIdentityItem = z.object({ schoolId: ZId, schoolName: z.string(), identity: ZIdentity, lastLoginAt: z.string().nullable() });
export const ZLastIdentityResponse = z.array(ZLastIdentityItem);

export const ZRegisterRequest = z.object({
  account: z.string().trim().regex(/^[A-Za-z0-9_.-]{2,32}$/, { message: 'validation.account' }),
  name: z.string().trim().min(1, { message: 'validation.name' }).max(32, { message: 'validation.name' }),
  phone: ZPhone,
  code: ZSmsCode,
  email: z.string().trim().regex(EMAIL_RE, { message: 'validation.email' }).max(128).optional().or(z.literal('')),
  password: ZRegisterPassword,
  /** Optional: the QR id of a confirmed QR registration (WeChat scan binds the account). */
  qrCodeId: z.string().optional(),
  schoolCode: z.string().trim().max(32).optional().or(z.literal('')),
  identity: ZIdentity.optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZResetPasswordRequest = z.object({ phone: ZPhone, code: ZSmsCode, newPassword: ZNewPassword });
export const ZUpdatePasswordRequest = z
  .object({ oldPassword: z.string().min(1, { message: 'validation.required' }), newPassword: ZNewPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'validation.passwordMismatch', path: ['confirmPassword'] });
export type TUpdatePasswordRequest = z.infer<typeof ZUpdatePasswordRequest>;

/** WeChat / QR codes. type 1 = login (default), 2 = register, 3 = bind WeChat to the signed-in account. */
export const QR_TYPES = { login: WECHAT_QR_TYPE_DEFAULT, register: 2 } as const;
export const ZCreateQrRequest = z.object({
  type: z.coerce.number().int().min(1).max(2).default(WECHAT_QR_TYPE_DEFAULT),
  domainName: z.string().max(255).optional(),
  projectId: z.string().max(64).optional(),
});
export const ZQrStatus = z.enum(['waiting', 'scanned', 'confirmed', 'expired', 'cancelled', 'used']);
export const ZCreateQrResponse = z.object({
  qrCodeId: z.string(),
  /** What the QR image encodes: WeChat's URL, or the confirm page of this server. */
  content: z.string(),
  /** The QR image as a data: URL. */
  image: z.string(),
  expiresAt: z.string(),
  provider: z.enum(['local', 'wechat']),
});
export const ZQrInfoQuery = z.object({ qrCodeId: z.string().min(16).max(64) });
export const ZQrInfoResponse = z.object({
  status: ZQrStatus,
  type: z.number().int(),
  /** When confirmed for a login, the QR's browser is signed in by this same call (cookie set). */
  session: ZSessionInfo.nullable(),
  /** When confirmed for registration, the phone's verified data to prefill. */
  registration: z.object({ name: z.string().nullable(), phone: z.string().nullable() }).nullable(),
});
export const ZQrDescribeResponse = z.object({
  status: ZQrStatus,
  type: z.number().int(),
  browser: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export const ZQrConfirmRequest = z.object({ qrCodeId: z.string().min(16).max(64), approve: z.boolean() });
