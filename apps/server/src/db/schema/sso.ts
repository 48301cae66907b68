/** Single sign-on by a school's CAS server or OpenID Connect provider (issue 19, decision 0026). Tenant tables. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, schools, sessions } from './platform.ts';
import { createdAt, id, idString, schoolId, ts } from './columns.ts';

/** The school's sign-in by single sign-on, set in /base/system/sso/v1/settings. */
export const ssoConfigs = pgTable('sso_configs', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }).primaryKey(),
  protocol: text('protocol', { enum: ['cas', 'oidc'] }),
  casServerUrl: text('cas_server_url'),
  oidcIssuer: text('oidc_issuer'),
  oidcClientId: text('oidc_client_id'),
  /** Sealed with the deployment's secrets key (platform/secrets.ts); never returned. */
  oidcClientSecret: text('oidc_client_secret'),
  /** A person the provider knows and the school does not: created in the school, or refused. */
  unknownPeople: text('unknown_people', { enum: ['create', 'refuse'] }).notNull().default('refuse'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  check('sso_configs_protocol_ck', sql`${t.protocol} is null or ${t.protocol} in ('cas', 'oidc')`),
]);

/**
 * An external identity (the CAS user or the OIDC subject, under its issuer) bound to an account of the
 * school. Bound on first use; afterwards the binding, not the account name, decides.
 */
export const ssoIdentities = pgTable('sso_identities', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }),
  id: id(),
  /** The CAS server URL or the OIDC issuer the subject was issued by. */
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  accountId: idString('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  uniqueIndex('sso_identities_subject_uq').on(t.schoolId, t.issuer, t.subject),
  uniqueIndex('sso_identities_account_uq').on(t.schoolId, t.issuer, t.accountId),
]);

/**
 * One OpenID Connect sign-in under way: the state (hashed), the nonce and the PKCE verifier, bound to
 * the browser that started it (a cookie's hash). Used once, within minutes.
 */
export const ssoRequests = pgTable('sso_requests', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }),
  id: id(),
  stateHash: text('state_hash').notNull(),
  browserHash: text('browser_hash').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  entry: text('entry', { enum: ['front', 'back'] }).notNull(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  uniqueIndex('sso_requests_state_uq').on(t.schoolId, t.stateHash),
]);

/**
 * A session opened by single sign-on: how it came (for the provider's logout), and the CAS ticket or
 * the id_token's nonce (hashed) that opened it, each accepted once: a replay is refused, and CAS single
 * logout finds the session by its ticket.
 */
export const ssoLogins = pgTable('sso_logins', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }),
  id: id(),
  sessionId: idString('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
  protocol: text('protocol', { enum: ['cas', 'oidc'] }).notNull(),
  /** sha256 of the CAS service ticket, or of the OIDC issuer and nonce. */
  proofHash: text('proof_hash').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  uniqueIndex('sso_logins_proof_uq').on(t.schoolId, t.proofHash),
  index('sso_logins_session_idx').on(t.sessionId),
]);
