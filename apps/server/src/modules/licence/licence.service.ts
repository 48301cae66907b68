/**
 * The deployment's licence (issue 19, decision 0027): which terms are in force, activating a newer
 * licence, the read-only state past expiry and the limits on schools and classrooms. One deployment,
 * whatever its schools: everything here is on the platform path `licence`.
 */
import crypto from 'node:crypto';
import type { TLicenceInfo } from '@hxk/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../platform/db.ts';
import { isUniqueViolation, AppError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/db.ts';
import { asSchool, inSchool, platformTx } from '../../platform/tenancy.ts';
import { publicKeyFrom, VENDOR_PUBLIC_KEY, verifyLicence } from './licence-code.ts';
import { checkCapacity, checkReplacement, DEMO_TERMS, stateOf, termsOf, type LicenceCounted, type LicenceTerms } from './licence-rules.ts';
import * as repo from './licence.repo.ts';

/** What the licence needs of the world (a request's deps, or the add-school command's): the database, the clock, the vendor's key. */
export type LicenceEnv = { dbh: { db: Database }; now: () => Date; config: Pick<Config, 'licence'> };
type Status = { deploymentId: string; terms: LicenceTerms };

const keys = new Map<string, crypto.KeyObject>();
function vendorKey(config: Pick<Config, 'licence'>): crypto.KeyObject {
  const text = config.licence.publicKey ?? VENDOR_PUBLIC_KEY;
  let key = keys.get(text);
  if (!key) keys.set(text, (key = publicKeyFrom(text)));
  return key;
}

/**
 * The terms in force change only by activation; every API request asks (licence-guard.ts: features,
 * read-only), so they are kept for a few seconds per server (its configuration object), by the
 * server's clock. Another server node sees an activation within that time; the node that took it at
 * once. Both are tested with two app instances on one database (licence-nodes.integration.test.ts).
 */
export const LICENCE_CACHE_MS = 10_000;
const cache = new WeakMap<LicenceEnv['config'], { at: number; status: Status }>();

/** Makes a deployment id like 7F3A-09C2-D1E4-55B0. */
const newDeploymentId = () => crypto.randomBytes(8).toString('hex').toUpperCase().match(/.{4}/g)!.join('-');

async function load(env: LicenceEnv): Promise<Status> {
  return platformTx(env.dbh.db, 'licence', async (tx) => {
    const deploymentId = (await repo.deploymentId(tx)) ?? (await repo.createDeployment(tx, newDeploymentId()));
    // The newest activated licence whose signature still holds (a changed vendor key, a row written by
    // hand: neither counts); none: the built-in demo terms.
    for (const row of await repo.licencesNewestFirst(tx)) {
      try {
        const { payload } = verifyLicence(row.code, vendorKey(env.config));
        return { deploymentId, terms: termsOf(payload) };
      } catch {
        continue;
      }
    }
    return { deploymentId, terms: DEMO_TERMS };
  });
}

export async function licenceStatus(env: LicenceEnv, opts: { fresh?: boolean } = {}): Promise<Status> {
  const hit = cache.get(env.config);
  const now = env.now().getTime();
  // A clock set back (tests move theirs) does not keep old terms either.
  if (hit && !opts.fresh && now >= hit.at && now - hit.at < LICENCE_CACHE_MS) return hit.status;
  const status = await load(env);
  cache.set(env.config, { at: now, status });
  return status;
}

/** Whether the deployment is read-only now (its licence has expired). */
export async function isReadOnly(env: LicenceEnv): Promise<boolean> {
  return stateOf((await licenceStatus(env)).terms, env.now()).readOnly;
}

export async function licenceInfo(env: LicenceEnv, opts: { signedIn: boolean; host: string }): Promise<TLicenceInfo> {
  const { deploymentId, terms } = await licenceStatus(env, { fresh: true });
  const state = stateOf(terms, env.now());
  const usage = opts.signedIn ? await platformTx(env.dbh.db, 'licence', (tx) => repo.usage(tx)) : null;
  return {
    deploymentId,
    ...state,
    licensee: terms.licensee,
    licenceId: terms.licenceId,
    issuedAt: terms.issuedAt?.toISOString() ?? null,
    expiresAt: terms.expiresAt?.toISOString() ?? null,
    maxSchools: terms.maxSchools,
    maxClassrooms: terms.maxClassrooms,
    maxCameras: terms.maxCameras,
    features: terms.features,
    usage,
    noticeExempt: env.config.licence.noticeExemptHosts.includes(opts.host.toLowerCase().replace(/:\d+$/, '')),
  };
}

/**
 * /activation, /extendAuthorization and /lengthen: a licence the vendor signed, for this deployment,
 * issued after the one in force, takes over. The code is the credential: nothing else is asked.
 */
export async function activate(env: LicenceEnv, text: string): Promise<void> {
  const { code, payload } = verifyLicence(text, vendorKey(env.config));
  const now = env.now();
  const { deploymentId, terms } = await licenceStatus(env, { fresh: true });
  checkReplacement(payload, { deploymentId, current: terms, now });
  try {
    await platformTx(env.dbh.db, 'licence', (tx) => repo.insertLicence(tx, code, payload, now));
  } catch (e) {
    // The same licence twice (or raced in by another request): not newer than itself.
    if (isUniqueViolation(e)) throw new AppError('licence.notNewer');
    throw e;
  }
  cache.delete(env.config);
}

/** Refuses one more school past the licence's limit (the add-school command; checked before its insert). */
export async function assertCapacity(env: LicenceEnv, what: LicenceCounted): Promise<void> {
  const { terms } = await licenceStatus(env);
  const used = await platformTx(env.dbh.db, 'licence', (tx) => repo.countOf(tx, what));
  checkCapacity(what, used, terms);
}

type SchoolCtx = { deps: LicenceEnv; auth: { schoolId: string }; readOnly?: boolean | undefined };

/**
 * Creates one more classroom or camera within the licence's limit (decision 0027): one transaction
 * takes the licence's counting lock, counts across the deployment, and then — turned into the
 * school's transaction, under its row-level security — runs `create`. Two creations at the same
 * moment therefore count one after the other, and the second sees the first. Past expiry the
 * creation runs read-only as every other write, and is refused as such.
 */
export async function createWithinLimit<T>(ctx: SchoolCtx, what: LicenceCounted, create: (tx: Tx) => Promise<T>): Promise<T> {
  if (ctx.readOnly) return inSchool(ctx, create);
  return countingTx(ctx.deps, ctx.auth.schoolId, what, (tx, fits) => {
    fits(1);
    return create(tx);
  });
}

/**
 * A school transaction for creations of `what` whose number is known only inside it (an import of
 * classrooms): the counting lock is taken and the deployment's count read first, as for one creation;
 * `fits(n)` refuses n more past the licence's limit.
 */
export async function countingTx<T>(env: LicenceEnv, schoolId: string, what: LicenceCounted, fn: (tx: Tx, fits: (adding: number) => void) => Promise<T>): Promise<T> {
  const { terms } = await licenceStatus(env);
  return platformTx(env.dbh.db, 'licence', async (tx) => {
    await repo.lockCounting(tx, what);
    const used = await repo.countOf(tx, what);
    await asSchool(tx, schoolId);
    return fn(tx, (adding) => {
      if (adding > 0) checkCapacity(what, used + adding - 1, terms);
    });
  });
}
