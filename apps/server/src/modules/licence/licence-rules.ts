/** The licence's rules, pure (decision 0027): its state on a day, whether a new one may replace it, its limits. */
import { DEMO_LICENCE_TERMS, LICENCE_NOTICE_DAYS, type TLicencePayload, type TLicenceState } from '@hxk/contracts';
import { AppError } from '../../platform/errors.ts';

/** The terms in force: an activated licence, or the built-in demo terms (no end). */
export type LicenceTerms = {
  licenceId: string | null;
  licensee: string;
  issuedAt: Date | null;
  expiresAt: Date | null;
  maxSchools: number;
  maxClassrooms: number;
  /** null: cameras have no limit of their own. */
  maxCameras: number | null;
  features: string[];
};

/** What the licence counts across the deployment. */
export type LicenceCounted = 'schools' | 'classrooms' | 'cameras';

export const DEMO_TERMS: LicenceTerms = { licenceId: null, issuedAt: null, expiresAt: null, ...DEMO_LICENCE_TERMS, features: [...DEMO_LICENCE_TERMS.features] };

const DAY_MS = 86_400_000;

export function termsOf(p: TLicencePayload): LicenceTerms {
  return {
    licenceId: p.licenceId,
    licensee: p.licensee,
    issuedAt: new Date(p.issuedAt),
    expiresAt: new Date(p.expiresAt),
    maxSchools: p.maxSchools,
    maxClassrooms: p.maxClassrooms,
    maxCameras: p.maxCameras ?? null,
    features: [...p.features],
  };
}

/** Where the terms stand at `now`: an expired licence makes the deployment read-only. */
export function stateOf(terms: LicenceTerms, now: Date): { state: TLicenceState; daysLeft: number | null; readOnly: boolean } {
  if (!terms.expiresAt) return { state: 'demo', daysLeft: null, readOnly: false };
  const left = terms.expiresAt.getTime() - now.getTime();
  if (left <= 0) return { state: 'expired', daysLeft: 0, readOnly: true };
  // Counted as people count them: a licence that ends later today has 1 day left.
  const daysLeft = Math.ceil(left / DAY_MS);
  return { state: daysLeft <= LICENCE_NOTICE_DAYS ? 'expiring' : 'active', daysLeft, readOnly: false };
}

/**
 * Whether a verified licence may take over from the one in force: it must be for this deployment (or
 * for any), not over already, and issued after the current one — so a code that was once valid cannot
 * be replayed to wind a deployment back to older, smaller or shorter terms.
 */
export function checkReplacement(next: TLicencePayload, opts: { deploymentId: string; current: LicenceTerms; now: Date }): void {
  if (next.deploymentId !== null && next.deploymentId !== opts.deploymentId) {
    throw new AppError('licence.otherDeployment', { deploymentId: next.deploymentId });
  }
  if (new Date(next.expiresAt).getTime() <= opts.now.getTime()) throw new AppError('licence.alreadyExpired', { date: next.expiresAt.slice(0, 10) });
  if (opts.current.issuedAt && new Date(next.issuedAt).getTime() <= opts.current.issuedAt.getTime()) throw new AppError('licence.notNewer');
}

/** Whether one more school, classroom or camera fits the terms. */
export function checkCapacity(what: LicenceCounted, used: number, terms: LicenceTerms): void {
  if (what === 'schools' && used >= terms.maxSchools) throw new AppError('licence.schoolLimit', { max: terms.maxSchools });
  if (what === 'classrooms' && used >= terms.maxClassrooms) throw new AppError('licence.classroomLimit', { max: terms.maxClassrooms });
  if (what === 'cameras' && terms.maxCameras !== null && used >= terms.maxCameras) throw new AppError('licence.cameraLimit', { max: terms.maxCameras });
}

/** Whether the terms switch a feature on (decision 0027: the demo terms list them all). */
export const isLicensed = (terms: LicenceTerms, feature: string): boolean => terms.features.includes(feature);
