/**
 * Platform tables: global, not owned by one school. Only the platform path (db/tenancy.ts
 * `platformTx`) reads and writes them; the request role hxk_app has no grant on them.
 */
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, idString, ts } from './columns.ts';

export const schools = pgTable('schools', {
  id: id().primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  title: text('title'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('schools_code_uq').on(sql`lower(${t.code})`)]);

export const schoolDomains = pgTable('school_domains', {
  domain: text('domain').primaryKey(),
  schoolId: idString('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
}, (t) => [index('school_domains_school_idx').on(t.schoolId)]);

export const accounts = pgTable('accounts', {
  id: id().primaryKey(),
  account: text('account').notNull(),
  phone: text('phone'),
  email: text('email'),
  passwordHash: text('password_hash'),
  name: text('name').notNull(),
  sex: text('sex', { enum: ['male', 'female', 'unknown'] }).notNull().default('unknown'),
  avatarKey: text('avatar_key'),
  status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  wechatOpenId: text('wechat_open_id'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('accounts_account_uq').on(sql`lower(${t.account})`),
  uniqueIndex('accounts_phone_uq').on(t.phone),
  uniqueIndex('accounts_wechat_uq').on(t.wechatOpenId),
  // Sign-in finds an account by account name, phone or email: each arm of the OR needs its index.
  index('accounts_email_idx').on(sql`lower(${t.email})`),
]);

export const sessions = pgTable('sessions', {
  id: id().primaryKey(),
  tokenHash: text('token_hash').notNull(),
  accountId: idString('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  schoolId: idString('school_id').references(() => schools.id, { onDelete: 'set null' }),
  ip: text('ip'),
  userAgent: text('user_agent'),
  method: text('method', { enum: ['password', 'sms', 'qr', 'register', 'sso'] }).notNull(),
  createdAt: createdAt(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
}, (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_account_idx').on(t.accountId)]);

export const smsCodes = pgTable('sms_codes', {
  id: id().primaryKey(),
  phone: text('phone').notNull(),
  purpose: text('purpose', { enum: ['login', 'register', 'reset'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  ip: text('ip'),
  wrongTries: integer('wrong_tries').notNull().default(0),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
}, (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)]);

export const qrCodes = pgTable('qr_codes', {
  id: text('id').primaryKey(),
  type: integer('type').notNull(),
  provider: text('provider', { enum: ['local', 'wechat'] }).notNull(),
  status: text('status', { enum: ['waiting', 'scanned', 'confirmed', 'expired', 'cancelled', 'used'] }).notNull().default('waiting'),
  browser: text('browser'),
  ip: text('ip'),
  domainName: text('domain_name'),
  projectId: text('project_id'),
  content: text('content').notNull(),
  accountId: idString('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  schoolId: idString('school_id').references(() => schools.id, { onDelete: 'set null' }),
  openId: text('open_id'),
  /** Hash of a secret cookie given to the browser that showed the code: only it can redeem the code. */
  browserSecretHash: text('browser_secret_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
});
