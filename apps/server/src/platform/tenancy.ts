/**
 * The two ways code reaches the database (ARCHITECTURE section 4).
 *
 * schoolTx: every school request. Runs as hxk_app (no BYPASSRLS) with app.school_id set for this
 * transaction only, so row-level security limits every statement to that school and fails closed.
 * Modules reach it through inSchool (lint: hxk/school-runner), never with the raw handle.
 *
 * platformTx: the explicitly named paths that must cross schools, and only these. Each path is a
 * capability; PLATFORM_CAPABILITIES lists the files that may use it, and the lint rule
 * hxk/platform-capability (eslint-rules/hxk.js) refuses a platformTx anywhere else, or with a label
 * that is not a literal. Runs as hxk_platform (BYPASSRLS). Adding a file here is a security review.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { beginWith, type Database, type Tx } from './db.ts';

/**
 * Requests that must change nothing (past the licence's expiry, modules/licence/licence-guard.ts):
 * every transaction opened while serving one, on either path, is READ ONLY.
 */
export const readOnlyRequests = new AsyncLocalStorage<true>();
const readOnlyRequest = async (tx: Tx) => {
  if (readOnlyRequests.getStore()) await tx.execute(sql`set transaction read only`);
};

export const PLATFORM_CAPABILITIES = {
  /** Sign-in, sessions, SMS codes, QR codes, registration: accounts are global. */
  auth: [
    'apps/server/src/modules/auth/auth.service.ts',
    'apps/server/src/modules/auth/qr.service.ts',
    'apps/server/src/platform/sessions.ts',
    // Single sign-on (decision 0026): finds or creates the person of the school, then signs them in.
    'apps/server/src/modules/sso/sso.service.ts',
  ],
  /** School lookup by domain or code, a person's list of schools, applying to bind. */
  schools: ['apps/server/src/modules/schools/schools.service.ts'],
  /**
   * Accounts: a person's own account (profile, password, avatar); a school's changes to an account
   * only after the ownership rule (members/account-ownership.ts) has allowed them.
   */
  users: [
    'apps/server/src/modules/users/users.service.ts',
    'apps/server/src/modules/members/*.service.ts',
    'apps/server/src/modules/members/account-ownership.ts',
  ],
  /** Demo and test data, the add-school command, benchmarks' set-up. */
  seed: [
    'apps/server/src/db/seed/**',
    'apps/server/src/cli/add-school.ts',
    'apps/server/src/modules/roles/builtin-roles.ts',
    'apps/server/src/**/*.test.ts',
    'bench/**',
  ],
  /**
   * The job worker claims the next queued job of any school (FOR UPDATE SKIP LOCKED); the job then
   * runs in its own school. The people import creates accounts (global) on it, then switches its
   * transaction to the school (asSchool).
   */
  jobs: ['apps/server/src/platform/jobs.ts', 'apps/server/src/modules/imports/imports.service.ts'],
  /** The deployment's licence (decision 0027): its id, the licences activated, and counts across schools for its limits. */
  licence: ['apps/server/src/modules/licence/licence.service.ts'],
} as const satisfies Record<string, readonly string[]>;

export type PlatformPath = keyof typeof PLATFORM_CAPABILITIES;

/**
 * A transaction as `role` in `schoolId` ('' for none). On PostgreSQL, BEGIN, the role and the school
 * (and READ ONLY past the licence's expiry) go in one round trip (db.ts, beginWith), with the school
 * id inlined: it must be a plain number (checked here on both drivers).
 */
function roleTx<T>(db: Database, role: 'hxk_app' | 'hxk_platform', schoolId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  // School ids are bigints: anything else is a bug, refused on both drivers alike.
  if (!/^\d*$/.test(schoolId)) return Promise.reject(new Error(`not a school id: ${JSON.stringify(schoolId)}`));
  const begin = beginWith.get(db);
  if (begin) {
    const readOnly = readOnlyRequests.getStore() ? '; set transaction read only' : '';
    return begin(`select set_config('role', '${role}', true), set_config('app.school_id', '${schoolId}', true)${readOnly}`, fn);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', ${role}, true), set_config('app.school_id', ${schoolId}, true)`);
    await readOnlyRequest(tx as Tx);
    return fn(tx as Tx);
  });
}

export function schoolTx<T>(db: Database, schoolId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return roleTx(db, 'hxk_app', schoolId, fn);
}

export function platformTx<T>(db: Database, _path: PlatformPath, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return roleTx(db, 'hxk_platform', '', fn);
}

/**
 * Turns the rest of a platform transaction into a school transaction (hxk_app, row-level security
 * for this school): for work that must write global rows and then the school's rows all-or-nothing.
 */
export async function asSchool(tx: Tx, schoolId: string): Promise<void> {
  await tx.execute(sql`select set_config('role', 'hxk_app', true), set_config('app.school_id', ${schoolId}, true)`);
}

/**
 * Reads in a school, under its row-level security, from inside a platform transaction, then gives the
 * transaction back to the platform role: a savepoint rolled back, which undoes the role switch (and
 * anything written inside, so it is for reads only). For work that reads global rows, then the school's,
 * then writes global rows before its school writes (the people import).
 */
export async function readInSchool<T>(tx: Tx, schoolId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  await tx.execute(sql`savepoint hxk_read_in_school`);
  try {
    await asSchool(tx, schoolId);
    return await fn(tx);
  } finally {
    await tx.execute(sql`rollback to savepoint hxk_read_in_school`);
    await tx.execute(sql`release savepoint hxk_read_in_school`);
  }
}

/** A school request's transaction, in the school of its session. */
export function inSchool<T>(ctx: { deps: { dbh: { db: Database } }; auth: { schoolId: string }; readOnly?: boolean | undefined }, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!ctx.readOnly) return schoolTx(ctx.deps.dbh.db, ctx.auth.schoolId, fn);
  // Past the licence's expiry (decision 0027): the database refuses every write of this request.
  return schoolTx(ctx.deps.dbh.db, ctx.auth.schoolId, async (tx) => {
    await tx.execute(sql`set transaction read only`);
    return fn(tx);
  });
}

/** A LIKE pattern that finds `text` anywhere, with the user's % _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
