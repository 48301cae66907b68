/** A school's own settings and its application list (tenant tables, migration 0006). */
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { schools } from './platform.ts';
import { createdAt, id, schoolId, ts } from './columns.ts';

export const schoolSettings = pgTable('school_settings', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }).primaryKey(),
  /** The product title shown in the header (the spec's title record 333333). */
  title: text('title'),
  /** The school's SCIM 2.0 endpoint and bearer token for the single-sign-on user sync. */
  ssoScimUrl: text('sso_scim_url'),
  ssoScimToken: text('sso_scim_token'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const applications = pgTable('applications', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }),
  id: id(),
  /** The group the entry is listed under in the application dialog. */
  category: text('category').notNull(),
  name: text('name').notNull(),
  icon: text('icon'),
  webPath: text('web_path').notNull(),
  /** 31415926525 marks an entry that opens on the same host (spec section 9). */
  parentId: text('parent_id'),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.schoolId, t.id] }), index('applications_name_idx').on(t.schoolId, t.category, t.sort)]);
