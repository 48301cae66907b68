import type { FastifyBaseLogger } from 'fastify';
import type { TIdentity, TLanguage, TRoutePermission } from '@hxk/contracts';
import type { Config } from '../config.ts';
import type { DbHandle } from './db.ts';
import type { CounterStore } from './counters.ts';
import type { FileStorage } from './storage.ts';
import type { SecretBox } from './secret-box.ts';
import type { SmsSender } from './adapters/sms.ts';
import type { QrProvider } from './adapters/wechat.ts';
import type { JobQueue } from './jobs.ts';
import type { RealtimeHub } from './realtime.ts';
import type { ConditionalPermission } from './route-context.ts';

/** The classes of costly calls, each with its own per-person limit per minute. */
export type CostClass = keyof Config['rateLimits']['cost'];

/** Everything a service may need from the outside world, built once in buildApp. */
export type Deps = {
  config: Config;
  dbh: DbHandle;
  counters: CounterStore;
  storage: FileStorage;
  sms: SmsSender;
  qr: QrProvider;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The Postgres-backed job queue; modules register their job kinds when their routes load. */
  jobs: JobQueue;
  /** Live messages to people's open WebSockets (in-process, or Redis pub/sub when configured). */
  realtime: RealtimeHub;
  /** Seals and opens the secrets schools store (platform/secret-box.ts). */
  secrets: SecretBox;
};

/** The signed-in person behind a request, resolved from the session (never from a header). */
export type AuthState = {
  sessionId: string;
  accountId: string;
  account: string;
  name: string;
  schoolId: string | null;
  identity: TIdentity | null;
  /** Keys of the menus and buttons granted by the person's roles in the active school. */
  permissions: readonly string[];
  mustChangePassword: boolean;
  sso: boolean;
};

/** What a service receives: who acts, in which school, in which language. */
export type Ctx = {
  deps: Deps;
  lang: TLanguage;
  ip: string;
  userAgent: string;
  auth: AuthState | null;
  /** The licence has expired: this request's school transactions are read-only (modules/licence/licence-guard.ts). */
  readOnly?: boolean;
};
/** A signed-in person, with or without a school: handlers of 'account' routes get it from accountCtx(req). */
export type AccountCtx = Ctx & { auth: AuthState };
/** A member of the active school: handlers of 'member' and menu/button routes get it from memberCtx(req). */
export type MemberCtx = Ctx & { auth: AuthState & { schoolId: string; identity: TIdentity } };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
    lang: TLanguage;
    ctx: Ctx;
  }
  interface FastifyContextConfig {
    /** Required on every API route; a route without it is refused at start-up. */
    permission?: TRoutePermission;
    /**
     * false skips the CSRF check. Only for server-to-server callbacks that carry no session and whose
     * handler verifies the sender's signature itself (the WeChat message push).
     */
    csrf?: false;
    /**
     * A costly call (exports, imports, the SCIM sync, uploads, AI): a tighter per-person limit per
     * minute on top of the per-session one (platform/rate-limit.ts, RATE_LIMIT_<COST>_PER_MINUTE).
     */
    cost?: CostClass;
    /**
     * Further keys the request needs when its input says so (saving with an id edits, so it needs the
     * edit button too); checked by the guard after the input is parsed (platform/route-context.ts).
     */
    also?: readonly ConditionalPermission[];
    /**
     * An operations endpoint (platform/metrics.ts): 'probe' for /healthz and /readyz, open to load
     * balancers; 'operator' for /metrics, which checks METRICS_TOKEN itself. The guard looks no
     * session up for them and the fair-use limits skip them: probes must answer when the database
     * does not, and a scrape token is no session.
     */
    ops?: 'probe' | 'operator';
  }
}
