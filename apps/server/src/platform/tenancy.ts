/**
 * The two ways code reaches the database (ARCHITECTURE section 4).
 *
 * schoolTx: every school request. Runs as hxk_app (no BYPASSRLS) with app.school_id set for this
 * transaction only, so row-level security limits every statement to that school and fails closed.
 *
 * platformTx: the explicitly named paths that must cross schools, and only these:
 *   - auth: sign-in, sessions, SMS codes, QR codes, registration (accounts are global)
 *   - schools: school lookup by domain or code, a person's list of schools, applying to bind
 *   - users: a person's own account (profile, password, avatar)
 *   - seed: demo and test data
 *   - jobs: the job worker claims the next queued job of any school (FOR UPDATE SKIP LOCKED, see
 *     platform/jobs.ts); the job then runs in its own school through schoolTx. The people import
 *     also creates accounts (global) on it, then switches its transaction to the school (asSchool).
 * Runs as hxk_platform (BYPASSRLS). Adding a caller means adding it to this list.
 */
import { sql } from 'drizzle-orm';
import type { Database, Tx } from './db.ts';

export type PlatformPath = 'auth' | 'schools' | 'users' | 'seed' | 'jobs';

export function schoolTx<T>(db: Database, schoolId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', 'hxk_app', true), set_config('app.school_id', ${schoolId}, true)`);
    return fn(tx as Tx);
  });
}

export function platformTx<T>(db: Database, _path: PlatformPath, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', 'hxk_platform', true), set_config('app.school_id', '', true)`);
    return fn(tx as Tx);
  });
}

/**
 * Turns the rest of a platform transaction into a school transaction (hxk_app, row-level security
 * for this school): for work that must write global rows and then the school's rows all-or-nothing.
 */
export async function asSchool(tx: Tx, schoolId: string): Promise<void> {
  await tx.execute(sql`select set_config('role', 'hxk_app', true), set_config('app.school_id', ${schoolId}, true)`);
}

/** A school request's transaction, in the school of its session. */
export function inSchool<T>(ctx: { deps: { dbh: { db: Database } }; auth: { schoolId: string } }, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return schoolTx(ctx.deps.dbh.db, ctx.auth.schoolId, fn);
}

/** A LIKE pattern that finds `text` anywhere, with the user's % _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
