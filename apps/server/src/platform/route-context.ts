import type { FastifyRequest, FastifySchema, FastifyTypeProvider, RawRequestDefaultExpression, RawServerBase, RouteGenericInterface } from 'fastify';
import { ACCESS_LEVELS, MENU_BY_KEY, type TAccessLevel, type TRoutePermission } from '@hxk/contracts';
import type { AccountCtx, AuthState, Ctx, MemberCtx } from './context.ts';
import { AppError } from './errors.ts';

/**
 * Route contexts (docs/decisions/0013-route-contexts.md). A handler takes its context from
 * `accountCtx(req)` or `memberCtx(req)` (a public route uses `req.ctx`), never from a cast. The
 * accessor re-checks what the guard guaranteed, with the guard's own errors, and refuses outright
 * when the route declares a lower level than its handler reads: a wrong declaration fails on the
 * first request any test makes, not only for the person without a school.
 */

const RANK: Record<TAccessLevel, number> = { public: 0, account: 1, member: 2 };

/** The access level a declaration implies: a menu or button key needs a school member. */
function levelOf(permission: TRoutePermission): TAccessLevel {
  return (ACCESS_LEVELS as readonly string[]).includes(permission) ? (permission as TAccessLevel) : 'member';
}

function assertDeclared(req: Handled, needed: TAccessLevel): void {
  const permission = req.routeOptions.config.permission;
  if (!permission || RANK[levelOf(permission)] < RANK[needed]) {
    throw new Error(`route ${req.method} ${req.routeOptions.url} declares ${permission ?? 'no permission'} but its handler needs a ${needed} context`);
  }
}

/** Signed in, school or not. The guard's check for 'account', shared with the accessor. */
export function assertAccount(auth: AuthState | null): asserts auth is AuthState {
  if (!auth) throw new AppError('auth.unauthenticated');
}

/** A member of the active school. The guard's check for 'member' and every key, shared with the accessor. */
export function assertMember(auth: AuthState | null): asserts auth is AuthState & { schoolId: string } {
  assertAccount(auth);
  if (auth.mustChangePassword) throw new AppError('auth.mustChangePassword');
  if (!auth.schoolId) throw new AppError('auth.noSchool');
}

function isAccount(ctx: Ctx): ctx is AccountCtx {
  return ctx.auth !== null;
}

// A session has a school only through an approved membership, which carries the identity.
function isMember(ctx: Ctx): ctx is MemberCtx {
  return ctx.auth?.schoolId != null && ctx.auth.identity != null;
}

/**
 * Compile-time half of the check: a handler's request carries its route's `config` as a literal
 * type, so reading a member context on a route declared 'public' or 'account' (or without a
 * permission) does not type-check. The argument's type then carries the reason as a string.
 */
type Declared = 'public' | 'account' | 'member';
type Lower<N extends Declared> = N extends 'member' ? 'public' | 'account' : 'public';
type Declares<C, N extends Declared> = C extends { permission: infer P }
  ? P extends Lower<N> ? `this route declares '${P & string}' but its handler reads a ${N} context` : unknown
  : `this route declares no permission but its handler reads a ${N} context`;
/** What the accessors read of any request. */
type Handled = Pick<FastifyRequest, 'ctx' | 'method' | 'routeOptions'>;
/** A handler's request with its route's config type C (what fastify infers from `config`). */
type RequestOf<C> = FastifyRequest<RouteGenericInterface, RawServerBase, RawRequestDefaultExpression<RawServerBase>, FastifySchema, FastifyTypeProvider, C>;

/** The context of a route declared 'account' or higher: a signed-in person, maybe without a school. */
export function accountCtx<C>(req: RequestOf<C> & Declares<C, 'account'>): AccountCtx;
export function accountCtx(req: Handled): AccountCtx {
  assertDeclared(req, 'account');
  const { ctx } = req;
  if (!isAccount(ctx)) throw new AppError('auth.unauthenticated');
  return ctx;
}

/** The context of a route declared 'member' or with a menu or button key: a member of the active school. */
export function memberCtx<C>(req: RequestOf<C> & Declares<C, 'member'>): MemberCtx;
export function memberCtx(req: Handled): MemberCtx {
  assertDeclared(req, 'member');
  const { ctx } = req;
  assertMember(ctx.auth);
  if (!isMember(ctx)) throw new AppError('auth.noSchool');
  return ctx;
}

/** For an 'account' route that also serves members (uploads): the member context when the session has a school. */
export function memberOrNull(ctx: AccountCtx): MemberCtx | null {
  return isMember(ctx) ? ctx : null;
}

/**
 * A further key a request needs when one of its fields says so, e.g. saving with an id edits, so it
 * needs the edit button too. Declared with the route; checked by the guard once the input is parsed.
 */
export type ConditionalPermission = {
  permission: string;
  /** The parsed input field that decides: `body.<name>` or `query.<name>`. */
  field: `${'body' | 'query'}.${string}`;
  /** set: the field is given; otherThanCaller: it names another person than the caller; equals: it has this value. */
  when: 'set' | 'otherThanCaller' | { equals: string | number };
};

function fieldOf(req: FastifyRequest, field: ConditionalPermission['field']): unknown {
  const [part, name] = field.split('.') as ['body' | 'query', string];
  const input: unknown = part === 'body' ? req.body : req.query;
  return input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[name] : undefined;
}

function applies(req: FastifyRequest, auth: AuthState, rule: ConditionalPermission): boolean {
  const value = fieldOf(req, rule.field);
  const set = value !== undefined && value !== null && value !== '';
  if (rule.when === 'set') return set;
  if (rule.when === 'otherThanCaller') return set && value !== auth.accountId;
  return value === rule.when.equals;
}

/** Start-up: conditional keys exist and sit on routes that already need a school member. */
export function checkConditionalPermissions(route: string, permission: TRoutePermission, also: readonly ConditionalPermission[]): void {
  if (levelOf(permission) !== 'member') throw new Error(`route ${route} declares conditional permissions on a ${permission} route`);
  for (const rule of also) {
    if (!MENU_BY_KEY.has(rule.permission)) throw new Error(`route ${route} declares an unknown conditional permission ${rule.permission}`);
  }
}

/** preHandler: the declared conditional keys, against the parsed input. */
export function enforceConditionalPermissions(req: FastifyRequest): void {
  const also = req.routeOptions.config.also;
  if (!also?.length) return;
  const auth = req.auth;
  assertMember(auth);
  for (const rule of also) {
    if (applies(req, auth, rule) && !auth.permissions.includes(rule.permission)) throw new AppError('auth.forbidden');
  }
}

/** How the route table (and its reviewed snapshot) shows a conditional key. */
export function describeConditional(rule: ConditionalPermission): string {
  const when = typeof rule.when === 'object' ? `= ${String(rule.when.equals)}` : rule.when;
  return `${rule.permission} if ${rule.field} ${when}`;
}
