/** Roles and their grants of the menu tree (contracts/menus.ts); tenant tables (migration 0004). */
import { foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts, schools } from './platform.ts';
import { createdAt, id, idString, schoolId } from './columns.ts';

export const roles = pgTable('roles', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }),
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  /** Identity (1-5) of a built-in role, which cannot be deleted; null for a school's own roles. */
  builtin: integer('builtin'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.id] }),
  uniqueIndex('roles_name_uq').on(t.schoolId, sql`lower(${t.name})`),
  uniqueIndex('roles_builtin_uq').on(t.schoolId, t.builtin),
]);

export const roleMenus = pgTable('role_menus', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }),
  roleId: idString('role_id').notNull(),
  menuId: integer('menu_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.roleId, t.menuId] }),
  foreignKey({ columns: [t.schoolId, t.roleId], foreignColumns: [roles.schoolId, roles.id] }).onDelete('cascade'),
]);

export const userRoles = pgTable('user_roles', {
  schoolId: schoolId().references(() => schools.id, { onDelete: 'cascade' }),
  accountId: idString('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  roleId: idString('role_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.schoolId, t.accountId, t.roleId] }),
  foreignKey({ columns: [t.schoolId, t.roleId], foreignColumns: [roles.schoolId, roles.id] }).onDelete('cascade'),
  index('user_roles_role_idx').on(t.schoolId, t.roleId),
]);
