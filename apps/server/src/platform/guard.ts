import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_LEVELS, MENU_BY_KEY, SESSION_COOKIE, type TRoutePermission } from '@hxk/contracts';
import { AppError } from './errors.ts';
import { resolveSession } from './sessions.ts';
import type { Deps } from './context.ts';
import { assertAccount, assertMember, checkConditionalPermissions, describeConditional, enforceConditionalPermissions } from './route-context.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function tokenOf(req: FastifyRequest): { token: string; via: 'cookie' | 'bearer' } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = req.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/**
 * CSRF: a browser cannot send a cross-site request with a JSON content type or a custom header
 * without a CORS preflight, which we never grant. A foreign Origin is refused outright.
 */
function checkCsrf(req: FastifyRequest, deps: Deps, via: 'cookie' | 'bearer' | null): void {
  if (SAFE_METHODS.has(req.method) || via === 'bearer') return;
  const origin = req.headers.origin;
  if (origin) {
    const allowed = new Set([`http://${req.headers.host}`, `https://${req.headers.host}`]);
    if (deps.config.publicOrigin) allowed.add(deps.config.publicOrigin.replace(/\/$/, ''));
    if (!allowed.has(origin)) throw new AppError('auth.csrf');
  }
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/json') || req.headers['x-requested-with']) return;
  throw new AppError('auth.csrf');
}

/** Enforces the permission every route declares (STYLE 5); refuses to start without one. */
export type RouteEntry = {
  method: string;
  url: string;
  permission: TRoutePermission;
  /** The conditional keys (config.also), described for review: "user:edit if body.userId set". */
  also: string[];
};

export function registerGuard(app: FastifyInstance, deps: Deps, isApiRoute: (url: string) => boolean): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    // Operations endpoints (/healthz, /readyz, /metrics) are not API routes but are reviewed like them.
    if (!isApiRoute(route.url) && !route.config?.ops) return;
    const permission = (route.config as { permission?: TRoutePermission } | undefined)?.permission;
    if (!permission) throw new Error(`route ${route.method} ${route.url} declares no permission`);
    if (!(ACCESS_LEVELS as readonly string[]).includes(permission) && !MENU_BY_KEY.has(permission)) {
      throw new Error(`route ${route.method} ${route.url} declares an unknown permission ${permission}`);
    }
    const conditional = route.config?.also ?? [];
    if (conditional.length) checkConditionalPermissions(`${String(route.method)} ${route.url}`, permission, conditional);
    const also = [...conditional.map(describeConditional), ...(route.config?.ops === 'operator' ? ['operator (METRICS_TOKEN or METRICS_LISTEN)'] : [])];
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, permission, also });
  });

  // onRequest: refuse before any body is read or parsed.
  app.addHook('onRequest', async (req) => {
    const permission = req.routeOptions.config.permission;
    if (!permission) return; // not an API route (static files, docs)
    if (req.routeOptions.config.ops) return; // probes and scrapes carry no session (platform/metrics.ts)
    const found = tokenOf(req);
    if (req.routeOptions.config.csrf !== false) checkCsrf(req, deps, found?.via ?? null);
    req.auth = found ? await resolveSession(deps, found.token) : null;
    req.ctx.auth = req.auth;
    if (permission === 'public') return;
    const auth = req.auth;
    if (permission === 'account') return assertAccount(auth);
    assertMember(auth);
    if (permission === 'member') return;
    if (!(ACCESS_LEVELS as readonly string[]).includes(permission) && !auth.permissions.includes(permission)) {
      throw new AppError('auth.forbidden');
    }
  });

  // preHandler: conditional keys depend on the input, so they wait until it is parsed and valid.
  app.addHook('preHandler', async (req) => enforceConditionalPermissions(req));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared permission (the snapshot test reviews it). */
    routeTable: RouteEntry[];
  }
}
