/** Single sign-on by a school's CAS server or OpenID Connect provider (issue 19, decision 0026). */
import { z } from 'zod';
import { ZLoginResponse } from './auth.ts';

/** /SSO lands on the front pages, /SSOBS on the back office (spec section 2). */
export const SSO_ENTRIES = ['front', 'back'] as const;
export type TSsoEntry = (typeof SSO_ENTRIES)[number];
/** A school code, as people bind to schools by it. */
const ZSchoolCode = z.string().trim().min(1).max(32);

export const ZSsoStartRequest = z.object({
  /** The school, by its code; omitted: the school served at this host. */
  school: ZSchoolCode.optional(),
  entry: z.enum(SSO_ENTRIES).default('front'),
});
export type TSsoStartRequest = z.input<typeof ZSsoStartRequest>;
export const ZSsoStartResponse = z.object({
  /** Where the browser goes to sign in: the school's CAS login or its provider's authorization endpoint. */
  redirectUrl: z.string(),
});

export const ZSsoCompleteRequest = z.object({
  school: ZSchoolCode.optional(),
  entry: z.enum(SSO_ENTRIES).default('front'),
  /** CAS: the service ticket the CAS server returned with. */
  ticket: z.string().trim().min(1).max(512).optional(),
  /** OpenID Connect: the authorization response's code and state. */
  code: z.string().trim().min(1).max(2048).optional(),
  state: z.string().trim().min(1).max(512).optional(),
}).refine((v) => Boolean(v.ticket) !== Boolean(v.code && v.state), { message: 'validation.required', path: ['ticket'] });
export type TSsoCompleteRequest = z.input<typeof ZSsoCompleteRequest>;

export const ZSsoLogoutUrlResponse = z.object({
  /** The identity provider's logout address for this session; null when it did not come by single sign-on. */
  url: z.string().nullable(),
});

export const ZSsoCompleteResponse = ZLoginResponse.extend({
  /** Where the person lands: the front pages, or the back office (came by /SSOBS). */
  entry: z.enum(SSO_ENTRIES),
});
