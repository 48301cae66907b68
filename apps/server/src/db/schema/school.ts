/** Tenant tables of the school module: row-level security by school_id (migration 0001). */
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, schools } from './platform.ts';
import { createdAt, id, idString, schoolId, ts } from './columns.ts';

export const orgUnits = pgTable('org_units', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }),
  id: id(),
  parentId: idString('parent_id'),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['school', 'college', 'department', 'office'] }).notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.parentId], foreignColumns: [t.schoolId, t.id] }).onDelete('cascade'),
  index('org_units_parent_idx').on(t.schoolId, t.parentId),
  uniqueIndex('org_units_sibling_name_uq').on(t.schoolId, sql`coalesce(${t.parentId}, 0)`, t.name),
]);

export const schoolMemberships = pgTable('school_memberships', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }),
  id: id(),
  accountId: idString('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  identity: integer('identity').notNull(),
  // invited: a school's sync or import asked an account that is not wholly the school's; not a member until accepted.
  status: text('status', { enum: ['pending', 'approved', 'rejected', 'disabled', 'invited'] }).notNull(),
  createdAt: createdAt(),
  reviewedAt: ts('reviewed_at'),
  reviewedBy: idString('reviewed_by').references(() => accounts.id, { onDelete: 'set null' }),
  reviewNote: text('review_note'),
  lastLoginAt: ts('last_login_at'),
  /** The person's department (college, department or office) in the organisation tree. */
  orgUnitId: idString('org_unit_id'),
  /** Spec section 6: real-time patrol permission and supervised scope (whole school or selected). */
  realtimePatrol: boolean('realtime_patrol').notNull().default(false),
  deptScope: text('dept_scope', { enum: ['all', 'selected'] }).notNull().default('all'),
  teacherScope: text('teacher_scope', { enum: ['all', 'selected'] }).notNull().default('all'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  foreignKey({ columns: [t.schoolId, t.orgUnitId], foreignColumns: [orgUnits.schoolId, orgUnits.id] }),
  index('school_memberships_unit_idx').on(t.schoolId, t.orgUnitId),
  uniqueIndex('school_memberships_account_uq').on(t.schoolId, t.accountId),
  index('school_memberships_account_idx').on(t.accountId),
  index('school_memberships_status_idx').on(t.schoolId, t.status, t.createdAt),
]);

export const loginLogs = pgTable('login_logs', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }),
  id: id(),
  accountId: idString('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  method: text('method').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  platformId: integer('platform_id'),
  createdAt: createdAt(),
  confirmedAt: ts('confirmed_at'),
}, (t) => [primaryKey({ columns: [t.schoolId, t.id] }), index('login_logs_account_idx').on(t.schoolId, t.accountId, t.createdAt)]);

export const files = pgTable('files', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }),
  id: id(),
  ownerId: idString('owner_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  storageKey: text('storage_key').notNull(),
  /** Where the file belongs (e.g. "appeal:123", "import"): a name is unique within one context. */
  context: text('context'),
  createdAt: createdAt(),
  /**
   * When something took the file (an appeal's images...), set in the same transaction as the reference
   * (docs/decisions/0012). Null: an upload only its uploader sees, removed a day after by files.sweep.
   */
  attachedAt: ts('attached_at'),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  index('files_owner_idx').on(t.schoolId, t.ownerId),
  index('files_unattached_idx').on(t.schoolId, t.createdAt).where(sql`${t.attachedAt} is null`),
  uniqueIndex('files_context_name_uq').on(t.schoolId, t.ownerId, t.context, t.name).where(sql`${t.context} is not null`),
]);
