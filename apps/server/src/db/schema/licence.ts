/**
 * The deployment's licence (issue 19, decision 0027). Platform tables: one deployment, whatever its
 * schools; only the platform path `licence` (platform/tenancy.ts) reads and writes them.
 */
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';

/** This deployment, one row: the id a vendor binds a licence to, made at first start. */
export const deployment = pgTable('deployment', {
  singleton: smallint('singleton').primaryKey().default(1),
  deploymentId: text('deployment_id').notNull(),
  createdAt: createdAt(),
}, (t) => [check('deployment_singleton_ck', sql`${t.singleton} = 1`)]);

/**
 * Every licence activated here, kept (nothing is ever overwritten): the latest activated one is in
 * force. The signed code is stored as it came, so its signature can be checked again at any time.
 */
export const licences = pgTable('licences', {
  id: id().primaryKey(),
  /** The vendor's id of the licence (in the signed payload). */
  licenceId: text('licence_id').notNull(),
  code: text('code').notNull(),
  licensee: text('licensee').notNull(),
  issuedAt: ts('issued_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  maxSchools: integer('max_schools').notNull(),
  maxClassrooms: integer('max_classrooms').notNull(),
  /** A limit on cameras of its own (null: none). */
  maxCameras: integer('max_cameras'),
  features: jsonb('features').$type<string[]>().notNull(),
  activatedAt: ts('activated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('licences_licence_id_uq').on(t.licenceId)]);
