/** The deployment's licence: activation, extension and the notice (issue 19, decision 0027). */
import { z } from 'zod';
import { MENU_BY_ID, MENU_BY_KEY, MENU_NODES } from './menus.ts';

/**
 * What a licence may switch on (decision 0027): a module whose feature the licence does not list is
 * off — the server refuses its routes (licence.featureOff) and drops its menu nodes from everyone's
 * permissions, so the web shows neither. Everything else is the product's core and always on.
 *   live         live video: patrol and its records, attendance, classroom usage, live lessons,
 *                recordings and their shares, talk-back (modules live, patrol, usage, live-lessons,
 *                shouting, recordings)
 *   ai           AI classroom analysis: reports, corrections, live analysis, the data board (analysis)
 *   assistant    the AI assistant (assistant)
 *   lessonPlans  lesson plans: collections, hand-ins, evaluation, statistics (lesson-plans)
 *   statistics   the evaluation, three-rate and sensitive-topic statistics (statistics)
 *   sso          single sign-on by CAS or OpenID Connect (sso)
 * Ids are stable: signed licences name them.
 */
export const LICENCE_FEATURES = ['live', 'ai', 'sso', 'assistant', 'lessonPlans', 'statistics'] as const;
export type TLicenceFeature = (typeof LICENCE_FEATURES)[number];

/**
 * The menu keys (menus.ts) each feature brings: a group brings its screens and buttons. A key two
 * features bring needs either of them (the AI settings screen holds both the analysis warnings and
 * the assistant's model); a node is off when any key above or at it has none of its features.
 */
export const LICENCE_FEATURE_MENUS: Record<TLicenceFeature, readonly string[]> = {
  live: ['patrol'],
  ai: ['dataAnalysisReport', 'aiWarningSettings'],
  assistant: ['aiWarningSettings'],
  lessonPlans: ['lessonPlans'],
  statistics: ['statistics'],
  sso: [],
};

const FEATURES_OF_KEY = new Map<string, TLicenceFeature[]>();
for (const f of LICENCE_FEATURES) for (const k of LICENCE_FEATURE_MENUS[f]) FEATURES_OF_KEY.set(k, [...(FEATURES_OF_KEY.get(k) ?? []), f]);

/** The menu keys (groups, screens, buttons) that a licence with these features leaves off. */
export function unlicensedMenuKeys(features: readonly string[]): Set<string> {
  const on = new Set(features);
  const off = new Set<string>();
  for (const n of MENU_NODES) {
    for (let node = MENU_BY_ID.get(n.menuId); node; node = node.parentId != null ? MENU_BY_ID.get(node.parentId) : undefined) {
      const needs = FEATURES_OF_KEY.get(node.key);
      if (needs && !needs.some((f) => on.has(f))) {
        off.add(n.key);
        break;
      }
    }
  }
  return off;
}

/** The feature a licence with these features lacks for a menu key (at the key or above it), or null when the key is licensed. */
export function missingFeatureOf(key: string, features: readonly string[]): TLicenceFeature | null {
  for (let node = MENU_BY_KEY.get(key); node; node = node.parentId != null ? MENU_BY_ID.get(node.parentId) : undefined) {
    const needs = FEATURES_OF_KEY.get(node.key);
    if (needs && !needs.some((f) => features.includes(f))) return needs[0]!;
  }
  return null;
}

/**
 * A person's permission keys under the licence: without the keys it leaves off, and without a group
 * none of whose screens is left (the group would show empty in the menu).
 */
export function licensedPermissions(permissions: readonly string[], off: ReadonlySet<string>): string[] {
  if (off.size === 0) return [...permissions];
  const kept = permissions.filter((k) => !off.has(k));
  const parents = new Set(kept.map((k) => MENU_BY_KEY.get(k)?.parentId).filter((id): id is number => id != null));
  return kept.filter((k) => {
    const node = MENU_BY_KEY.get(k);
    return node?.kind !== 'group' || parents.has(node.menuId);
  });
}

/** The features a refusal names, in the caller's language. */
export const LICENCE_FEATURE_NAMES: Record<TLicenceFeature, { zh: string; en: string; ja: string }> = {
  live: { zh: '视频巡课与直播', en: 'Live classrooms', ja: 'ライブ巡回・配信' },
  ai: { zh: 'AI 课堂分析', en: 'AI classroom analysis', ja: 'AI 授業分析' },
  sso: { zh: '统一身份认证', en: 'Single sign-on', ja: 'シングルサインオン' },
  assistant: { zh: 'AI 助手', en: 'AI assistant', ja: 'AI アシスタント' },
  lessonPlans: { zh: '教案', en: 'Lesson plans', ja: '授業案' },
  statistics: { zh: '统计分析', en: 'Statistics', ja: '統計' },
};
/** Days before expiry from which administrators are told to extend. */
export const LICENCE_NOTICE_DAYS = 30;
/** The terms a deployment runs on until a licence is activated (the built-in demo licence). */
export const DEMO_LICENCE_TERMS = { licensee: 'Demo', maxSchools: 5, maxClassrooms: 100, maxCameras: null, features: [...LICENCE_FEATURES] } as const;

/** The signed payload of a licence code (HXK1.<payload>.<signature>), as the vendor's CLI writes it. */
export const ZLicencePayload = z.object({
  v: z.literal(1),
  licenceId: z.string().min(8).max(64),
  licensee: z.string().trim().min(1).max(200),
  /** The deployment it is for (shown on /activation); null: any deployment. */
  deploymentId: z.string().min(1).max(64).nullable(),
  maxSchools: z.number().int().min(1).max(100_000),
  maxClassrooms: z.number().int().min(1).max(10_000_000),
  /** A limit on cameras of its own; absent: cameras are not counted (only their classrooms are). */
  maxCameras: z.number().int().min(1).max(100_000_000).optional(),
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
  /** null: cameras have no limit of their own. */
  maxCameras: z.number().int().nullable(),
  features: z.array(z.string()),
  /** What is in use; only for a signed-in caller. */
  usage: z.object({ schools: z.number().int(), classrooms: z.number().int(), cameras: z.number().int() }).nullable(),
  /** The operator exempted this host from the licence notice (LICENCE_NOTICE_EXEMPT_HOSTS). */
  noticeExempt: z.boolean(),
});
export type TLicenceInfo = z.infer<typeof ZLicenceInfo>;

export const ZActivateLicenceRequest = z.object({
  /** The licence code, or the text of the licence file (whitespace around it is ignored). */
  code: z.string().trim().min(1).max(8192),
});
export type TActivateLicenceRequest = z.infer<typeof ZActivateLicenceRequest>;
