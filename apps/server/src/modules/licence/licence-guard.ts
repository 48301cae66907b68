/**
 * The licence at every API request (decision 0027), in one hook after the permission guard:
 * - Features: a route of a module whose feature the licence leaves off (config.feature, set by
 *   `licensed` in licence-features.ts), or guarded by a menu key that feature brings, is refused
 *   (licence.featureOff, 403); the caller's permissions lose those keys, so the menus, buttons and
 *   screens built from them (roles, users) lack them too.
 * - Past expiry the deployment is read-only: a request that may change something (any method but
 *   GET/HEAD/OPTIONS, and the GETs that change things, at member level or above) runs every one of its
 *   transactions READ ONLY — the school's and the platform's alike (an administrator's changes to a
 *   person's account go through the platform path) — so PostgreSQL itself refuses every write while
 *   the many list queries sent as POST still answer. Signing in ('public'), a person's own account
 *   ('account'), activating a licence and the jobs (not requests) go on; nothing is deleted.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LICENCE_FEATURE_NAMES, LICENCE_FEATURES, licensedPermissions, missingFeatureOf, unlicensedMenuKeys, type TLicenceFeature } from '@hxk/contracts';
import type { Deps } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { readOnlyRequests } from '../../platform/tenancy.ts';
import { isLicensed, stateOf } from './licence-rules.ts';
import { licenceStatus } from './licence.service.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GETs that change things: the spec's user sync (section 7) has a GET as well as a POST. */
const CHANGING_GETS = new Set(['/buttjoint/open/sso/sync/user']);

/** The menu keys a set of features leaves off, worked out once per set. */
const offByFeatures = new Map<string, Set<string>>();
function offKeys(features: readonly string[]): Set<string> {
  const id = [...features].sort().join(',');
  let off = offByFeatures.get(id);
  if (!off) offByFeatures.set(id, (off = unlicensedMenuKeys(features)));
  return off;
}

/** The feature that leaves a menu key off: the first one bringing the key or a node above it. */
const featureOff = (feature: TLicenceFeature, req: FastifyRequest) => new AppError('licence.featureOff', { feature: LICENCE_FEATURE_NAMES[feature][req.lang] });

/** Applies the licence to a request; true when it must change nothing. */
async function applyLicence(req: FastifyRequest, deps: Deps): Promise<boolean> {
  const { permission, ops, feature } = req.routeOptions.config;
  if (!permission || ops) return false;
  const { terms } = await licenceStatus(deps);
  if (feature && !isLicensed(terms, feature)) throw featureOff(feature, req);
  const off = offKeys(terms.features);
  if (off.has(permission)) throw featureOff(missingFeatureOf(permission, terms.features) ?? LICENCE_FEATURES[0], req);
  if (req.auth && off.size) {
    // A copy: the session's own object stays as it was resolved.
    req.auth = { ...req.auth, permissions: licensedPermissions(req.auth.permissions, off) };
    req.ctx.auth = req.auth;
  }
  if (permission === 'public' || permission === 'account') return false;
  if (SAFE_METHODS.has(req.method) && !CHANGING_GETS.has(req.routeOptions.url ?? '')) return false;
  return stateOf(terms, deps.now()).readOnly;
}

export function registerLicenceGuard(app: FastifyInstance, deps: Deps): void {
  app.decorate('licensedRoutes', []);
  // A callback hook: the rest of the request (body parsing, handler) runs inside readOnlyRequests.run.
  app.addHook('onRequest', (req, _reply, done) => {
    applyLicence(req, deps).then(
      (readOnly) => {
        if (!readOnly) return done();
        req.ctx.readOnly = true;
        readOnlyRequests.run(true, () => done());
      },
      (e: unknown) => done(e as Error),
    );
  });
}

/** PostgreSQL's refusal of a write in a read-only transaction (SQLSTATE 25006), wrapped or not. */
function isReadOnlyRefusal(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return err?.code === '25006' || err?.cause?.code === '25006';
}

/** The write a read-only transaction refused, as the licence's error (the error handler's first step). */
export function licenceRefusal(e: unknown): unknown {
  return isReadOnlyRefusal(e) ? new AppError('licence.expired') : e;
}
