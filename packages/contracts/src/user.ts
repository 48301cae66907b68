import { z } from 'zod';
import { EMAIL_RE, ZIdentity, ZPhone } from './auth.ts';
import { ZId } from './common.ts';

export const ZSex = z.enum(['male', 'female', 'unknown']);
export const ZUserInfo = z.object({
  userId: ZId,
  account: z.string(),
  name: z.string(),
  /** Phone and e-mail: null too when the caller may not see them (only the person and user management do). */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  sex: ZSex,
  avatar: z.string().nullable(),
  schoolId: ZId.nullable(),
  schoolName: z.string().nullable(),
  identity: ZIdentity.nullable(),
  permissions: z.array(z.string()),
  mustChangePassword: z.boolean(),
  sso: z.boolean(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;
export const ZUserInfoQuery = z.object({ userId: ZId.optional() });
export const ZUpdateInfoRequest = z.object({
  name: z.string().trim().min(1, { message: 'validation.name' }).max(32, { message: 'validation.name' }).optional(),
  phone: ZPhone.optional(),
  email: z.string().trim().regex(EMAIL_RE, { message: 'validation.email' }).max(128).optional().or(z.literal('')),
  sex: ZSex.optional(),
});
export const ZUploadResponse = z.object({ fileId: ZId, name: z.string(), size: z.number().int(), contentType: z.string(), url: z.string() });

/** Everything the shell needs at start in one reply: person, school, title, identity, grants. */
export const ZUserAppInfo = z.object({
  userId: ZId,
  name: z.string(),
  account: z.string(),
  avatar: z.string().nullable(),
  schoolId: ZId,
  schoolName: z.string(),
  title: z.string(),
  identity: ZIdentity,
  isAdmin: z.boolean(),
  buttons: z.array(z.string()),
  menuKeys: z.array(z.string()),
  sso: z.boolean(),
});
