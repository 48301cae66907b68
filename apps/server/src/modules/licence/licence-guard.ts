/**
 * Past expiry the deployment is read-only (decision 0027): a school request that may change something
 * (any method but GET/HEAD/OPTIONS, at member level or above) runs its school transactions READ ONLY,
 * so PostgreSQL itself refuses every write while the many list queries sent as POST still answer.
 * Signing in, a person's own account and activating a licence stay open; nothing is deleted.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isReadOnly } from './licence.service.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerLicenceGuard(app: FastifyInstance, deps: Deps): void {
  app.addHook('onRequest', async (req) => {
    const { permission, ops } = req.routeOptions.config;
    if (!permission || ops || SAFE_METHODS.has(req.method) || permission === 'public' || permission === 'account') return;
    if (await isReadOnly(deps)) req.ctx.readOnly = true;
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
