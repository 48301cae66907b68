/** The deployment's licence: activation, extension and the notice (issue 19, decision 0027). */
import { z } from 'zod';

/** What a licence may switch on; shown with the licence. */
export const LICENCE_FEATURES = ['live', 'ai', 'sso', 'assistant', 'lessonPlans'] as const;
/** Days before expiry from which administrators are told to extend. */
export const LICENCE_NOTICE_DAYS = 30;
/** The terms a deployment runs on until a licence is activated (the built-in demo licence). */
export const DEMO_LICENCE_TERMS = { licensee: 'Demo', maxSchools: 5, maxClassrooms: 100, features: [...LICENCE_FEATURES] } as const;

/** The signed payload of a licence code (HXK1.<payload>.<signature>), as the vendor's CLI writes it. */
export const ZLicencePayload = z.object({
  v: z.literal(1),
  licenceId: z.string().min(8).max(64),
  licensee: z.string().trim().min(1).max(200),
  /** The deployment it is for (shown on /activation); null: any deployment. */
  deploymentId: z.string().min(1).max(64).nullable(),
  maxSchools: z.number().int().min(1).max(100_000),
  maxClassrooms: z.number().int().min(1).max(10_000_000),
  features: z.array(z.enum(LICENCE_FEATURES)).max(LICENCE_FEATURES.length),
  issuedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type TLicencePayload = z.infer<typeof ZLicencePayload>;

/** demo: no licence activated yet; active; expiring: within LICENCE_NOTICE_DAYS of its end; expired: read-only. */
export const LICENCE_STATES = ['demo', 'active', 'expiring', 'expired'] as const;
export type TLicenceState = (typeof LICENCE_STATES)[number];

export const ZLicenceInfo = z.object({
  deploymentId: z.string(),
  state: z.enum(LICENCE_STATES),
  /** Past expiry nothing can be changed (reading, signing in and activating still work). */
  readOnly: z.boolean(),
  licensee: z.string(),
  licenceId: z.string().nullable(),
  issuedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Days left, a part day counted as one (0 once over); null without an end (the demo licence). */
  daysLeft: z.number().int().nullable(),
  maxSchools: z.number().int(),
  maxClassrooms: z.number().int(),
  features: z.array(z.string()),
  /** What is in use; only for a signed-in caller. */
  usage: z.object({ schools: z.number().int(), classrooms: z.number().int() }).nullable(),
  /** The operator exempted this host from the licence notice (LICENCE_NOTICE_EXEMPT_HOSTS). */
  noticeExempt: z.boolean(),
});
export type TLicenceInfo = z.infer<typeof ZLicenceInfo>;

export const ZActivateLicenceRequest = z.object({
  /** The licence code, or the text of the licence file (whitespace around it is ignored). */
  code: z.string().trim().min(1).max(8192),
});
export type TActivateLicenceRequest = z.infer<typeof ZActivateLicenceRequest>;
