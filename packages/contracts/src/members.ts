import { z } from 'zod';
import { ZId, zPage } from './common.ts';
import { ZIdentity, ZPhone } from './auth.ts';
import { ZSex } from './user.ts';
import { ZPersonRef, ZUnitRef, ZUserSupervisionGroup } from './supervision.ts';

export const ZMemberStatus = z.enum(['approved', 'disabled']);
export const ZMemberListRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(64).optional(),
  roleId: ZId.optional(),
  identity: ZIdentity.optional(),
  status: ZMemberStatus.optional(),
});
export const ZMember = z.object({
  userId: ZId,
  account: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  sex: ZSex,
  identity: ZIdentity,
  status: ZMemberStatus,
  roles: z.array(z.object({ roleId: ZId, name: z.string(), builtin: z.number().int().nullable() })),
  /** False when the person also belongs to another school: then only identity and roles change here. */
  editableProfile: z.boolean(),
  mustChangePassword: z.boolean(),
  joinedAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** The person's department in the organisation tree. */
  orgUnit: ZUnitRef.nullable(),
  /** Spec section 6: real-time patrol permission and supervised scope (whole school or selected). */
  realtimePatrol: z.boolean(),
  deptScope: z.enum(['all', 'selected']),
  teacherScope: z.enum(['all', 'selected']),
  scopeUnits: z.array(ZUnitRef),
  scopeTeachers: z.array(ZPersonRef),
  groups: z.array(ZUserSupervisionGroup),
});
export type TMember = z.infer<typeof ZMember>;
export const ZMemberPage = zPage(ZMember);
export const ZMemberQuery = z.object({ userId: ZId });

export const ZSaveMemberRequest = z.object({
  userId: ZId.optional(),
  /** Only for a new person. */
  account: z.string().trim().regex(/^[A-Za-z0-9_.-]{2,32}$/, { message: 'validation.account' }).optional(),
  name: z.string().trim().min(1, { message: 'validation.name' }).max(32, { message: 'validation.name' }),
  phone: ZPhone.optional().or(z.literal('')),
  sex: ZSex.default('unknown'),
  identity: ZIdentity,
  roleIds: z.array(ZId).max(50).default([]),
  /** Department and supervision scope: each left unchanged when omitted. */
  orgUnitId: ZId.nullable().optional(),
  realtimePatrol: z.boolean().optional(),
  deptScope: z.enum(['all', 'selected']).optional(),
  teacherScope: z.enum(['all', 'selected']).optional(),
  scopeUnitIds: z.array(ZId).max(500, { message: 'validation.tooLong' }).optional(),
  scopeTeacherIds: z.array(ZId).max(2000, { message: 'validation.tooLong' }).optional(),
  groupIds: z.array(ZId).max(100, { message: 'validation.tooLong' }).optional(),
}).superRefine((v, ctx) => {
  if (v.deptScope === 'selected' && !v.scopeUnitIds?.length) ctx.addIssue({ code: 'custom', path: ['scopeUnitIds'], message: 'validation.selectOne' });
  if (v.teacherScope === 'selected' && !v.scopeTeacherIds?.length) ctx.addIssue({ code: 'custom', path: ['scopeTeacherIds'], message: 'validation.selectOne' });
});
export type TSaveMemberRequest = z.input<typeof ZSaveMemberRequest>;
export const ZSetMemberStatusRequest = z.object({ userId: ZId, enabled: z.boolean() });
export const ZAdminResetPasswordRequest = z.object({ userId: ZId });
export const ZAdminResetPasswordResponse = z.object({ mustChangePassword: z.literal(true) });

/** How people sign in by the school's single sign-on: none, CAS 2.0/3.0, or OpenID Connect (issue 19). */
export const SSO_PROTOCOLS = ['cas', 'oidc'] as const;
export type TSsoProtocol = (typeof SSO_PROTOCOLS)[number];
/** What happens to a person the school's identity provider knows but the school does not: created in the school, or refused. */
export const SSO_UNKNOWN_PEOPLE = ['create', 'refuse'] as const;
export const ZHttpUrl = z.string().trim().regex(/^https?:\/\/\S+$/, { message: 'validation.webPath' }).max(500);

export const ZSsoSettings = z.object({
  scimUrl: z.string().nullable(),
  hasToken: z.boolean(),
  /** Whether the licence includes sign-in by single sign-on (its 'sso' feature); without it the sign-in fields cannot be changed. */
  signInLicensed: z.boolean(),
  protocol: z.enum(SSO_PROTOCOLS).nullable(),
  casServerUrl: z.string().nullable(),
  oidcIssuer: z.string().nullable(),
  oidcClientId: z.string().nullable(),
  /** Whether a client secret is stored; the secret itself is never returned. */
  hasOidcClientSecret: z.boolean(),
  unknownPeople: z.enum(SSO_UNKNOWN_PEOPLE),
});
export type TSsoSettings = z.infer<typeof ZSsoSettings>;
/** Every field may be omitted: what is omitted keeps its stored value (the SCIM source and the sign-in are saved apart). */
export const ZSaveSsoSettingsRequest = z.object({
  scimUrl: ZHttpUrl.optional(),
  /** Omitted: keep the stored token. */
  scimToken: z.string().trim().min(1).max(2000).optional(),
  protocol: z.enum(SSO_PROTOCOLS).nullable().optional(),
  casServerUrl: ZHttpUrl.nullable().optional(),
  oidcIssuer: ZHttpUrl.nullable().optional(),
  oidcClientId: z.string().trim().min(1).max(200).nullable().optional(),
  /** Omitted keeps the stored secret; null forgets it. */
  oidcClientSecret: z.string().trim().min(1).max(2000).nullable().optional(),
  unknownPeople: z.enum(SSO_UNKNOWN_PEOPLE).optional(),
});
export type TSaveSsoSettingsRequest = z.infer<typeof ZSaveSsoSettingsRequest>;
/**
 * Why a feed entry was not applied in full: the account also belongs to another school (its name,
 * phone and email stay as they are), the person's own application to this school waits for review,
 * or the phone number belongs to another account (kept off).
 */
export const ZSsoConflictReason = z.enum(['accountShared', 'applicationPending', 'phoneTaken']);
export const ZSsoSyncResult = z.object({
  total: z.number().int(),
  created: z.number().int(),
  joined: z.number().int(),
  updated: z.number().int(),
  disabled: z.number().int(),
  /** Existing accounts that are not wholly this school's: invited, they join when they accept. */
  invited: z.number().int(),
  /** At most SSO_CONFLICTS_LISTED entries; conflictCount counts them all. */
  conflicts: z.array(z.object({ userName: z.string(), reason: ZSsoConflictReason })),
  conflictCount: z.number().int(),
});
export type TSsoSyncResult = z.infer<typeof ZSsoSyncResult>;
export const SSO_CONFLICTS_LISTED = 200;
