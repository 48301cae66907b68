/** The roles' SQL: roles, their menu grants and who holds them (docs/decisions/0016-repositories.md). */
import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { accounts, roleMenus, roles, schoolMemberships, schools, userRoles } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { containsPattern } from '../../platform/tenancy.ts';

export type UserRoleFields = Pick<typeof userRoles.$inferInsert, 'schoolId' | 'accountId' | 'roleId'>;

/** The roles of a school with the identity of the built-in ones. */
export function rolesOfSchool(tx: Tx, schoolId: string) {
  return tx.select({ id: roles.id, builtin: roles.builtin }).from(roles).where(eq(roles.schoolId, schoolId));
}

export async function insertBuiltinRole(tx: Tx, schoolId: string, name: string, identity: number): Promise<string> {
  const [role] = await tx.insert(roles).values({ schoolId, name, builtin: identity }).returning({ id: roles.id });
  return role!.id;
}

export async function insertRoleMenus(tx: Tx, schoolId: string, roleId: string, menuIds: number[]): Promise<void> {
  await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ schoolId, roleId, menuId })));
}

/** Approved members of a school who hold no role. */
export function approvedMembersWithoutRole(tx: Tx, schoolId: string) {
  return tx
    .select({ accountId: schoolMemberships.accountId, identity: schoolMemberships.identity })
    .from(schoolMemberships)
    .leftJoin(userRoles, and(eq(userRoles.schoolId, schoolMemberships.schoolId), eq(userRoles.accountId, schoolMemberships.accountId)))
    .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.status, 'approved'), isNull(userRoles.roleId)));
}

/** Gives roles to people; a grant they already hold is skipped. */
export async function insertUserRoles(tx: Tx, rows: UserRoleFields[]): Promise<void> {
  await tx.insert(userRoles).values(rows).onConflictDoNothing();
}

/** The built-in role of an identity in a school. */
export async function builtinRoleId(tx: Tx, schoolId: string, identity: number): Promise<string | undefined> {
  // index: roles_builtin_uq (school_id, builtin)
  const [row] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.schoolId, schoolId), eq(roles.builtin, identity)));
  return row?.id;
}

/** The built-in role of an identity in the transaction's school (row-level security). */
export async function builtinRoleIdHere(tx: Tx, identity: number): Promise<string | undefined> {
  const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.builtin, identity));
  return row?.id;
}

/** Schools that have no role at all. */
export function schoolIdsWithoutRoles(tx: Tx) {
  return tx.select({ id: schools.id }).from(schools).where(sql`not exists (select 1 from ${roles} where ${roles.schoolId} = ${schools.id})`);
}

/** Grants the given menus to every school's built-in administrator role (missing grants only). */
export async function grantMenusToAdminRoles(tx: Tx, menuIds: number[]): Promise<void> {
  await tx.execute(sql`
      insert into ${roleMenus} (school_id, role_id, menu_id)
      select r.school_id, r.id, m.menu_id from ${roles} r cross join unnest(${`{${menuIds.join(',')}}`}::int[]) as m(menu_id)
      where r.builtin = 1
      on conflict do nothing`);
}

/** The roles a person holds in the transaction's school. */
export function rolesOfAccount(tx: Tx, accountId: string) {
  // index: user_roles_school_id_account_id_role_id_pk (school_id, account_id, role_id)
  return tx.select({ roleId: roles.id, name: roles.name, builtin: roles.builtin }).from(userRoles)
    .innerJoin(roles, and(eq(roles.schoolId, userRoles.schoolId), eq(roles.id, userRoles.roleId)))
    .where(eq(userRoles.accountId, accountId)).orderBy(roles.builtin, roles.name);
}

const roleNameFilter = (queryName: string | undefined) => (queryName ? ilike(roles.name, containsPattern(queryName)) : undefined);

export async function countRoles(tx: Tx, queryName: string | undefined): Promise<number> {
  // index: roles_school_id_id_pk (school_id, id)
  const [total] = await tx.select({ n: count() }).from(roles).where(roleNameFilter(queryName));
  return Number(total?.n ?? 0);
}

/** A page of roles, built-in first, with how many people hold each. */
export async function rolePageRows(tx: Tx, q: { pageNum: number; pageSize: number; queryName?: string | undefined }) {
  // index: user_roles_role_idx (school_id, role_id) for the counts
  const users = tx.select({ roleId: userRoles.roleId, n: count().as('n') }).from(userRoles).groupBy(userRoles.roleId).as('u');
  // index: roles_school_id_id_pk (school_id, id)
  const rows = await tx
    .select({ roleId: roles.id, name: roles.name, description: roles.description, builtin: roles.builtin, createdAt: roles.createdAt, userCount: users.n })
    .from(roles)
    .leftJoin(users, eq(users.roleId, roles.id))
    .where(roleNameFilter(q.queryName))
    .orderBy(sql`${roles.builtin} nulls last`, desc(roles.createdAt), desc(roles.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return rows.map((r) => ({ ...r, userCount: Number(r.userCount ?? 0) }));
}

/** Every role as an option, built-in first. */
export function rolesInOrder(tx: Tx) {
  // index: roles_school_id_id_pk (school_id, id)
  return tx.select({ roleId: roles.id, name: roles.name, builtin: roles.builtin }).from(roles).orderBy(sql`${roles.builtin} nulls last`, roles.name);
}

/** The role of that name, case-insensitively. */
export async function roleIdByName(tx: Tx, name: string): Promise<string | undefined> {
  // index: roles_name_uq (school_id, lower(name))
  const [row] = await tx.select({ id: roles.id }).from(roles).where(sql`lower(${roles.name}) = ${name.toLowerCase()}`);
  return row?.id;
}

export type RoleFields = { name: string; description: string | null };

/** Updates a role; undefined when there is no such role. */
export async function updateRole(tx: Tx, roleId: string, fields: RoleFields): Promise<{ roleId: string } | undefined> {
  const [row] = await tx.update(roles).set(fields).where(eq(roles.id, roleId)).returning({ roleId: roles.id });
  return row;
}

export async function insertRole(tx: Tx, schoolId: string, fields: RoleFields): Promise<{ roleId: string }> {
  const [row] = await tx.insert(roles).values({ schoolId, ...fields }).returning({ roleId: roles.id });
  return row!;
}

export function rolesByIds(tx: Tx, ids: string[]) {
  return tx.select({ id: roles.id, builtin: roles.builtin }).from(roles).where(inArray(roles.id, ids));
}

export async function deleteRolesByIds(tx: Tx, ids: string[]): Promise<void> {
  await tx.delete(roles).where(inArray(roles.id, ids));
}

/** The ids among these that are roles of the school. */
export function roleIdsAmong(tx: Tx, ids: string[]) {
  return tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids));
}

/** The menus a role grants, in menu order. */
export async function menuIdsOfRole(tx: Tx, roleId: string): Promise<number[]> {
  // index: role_menus_school_id_role_id_menu_id_pk (school_id, role_id, menu_id)
  const rows = await tx.select({ menuId: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId)).orderBy(roleMenus.menuId);
  return rows.map((r) => r.menuId);
}

export async function deleteRoleMenus(tx: Tx, roleId: string): Promise<void> {
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
}

/** The ids among these accounts that are approved members of the school. */
export function approvedMemberIdsAmong(tx: Tx, accountIds: string[]) {
  return tx.select({ id: schoolMemberships.accountId }).from(schoolMemberships)
    .where(and(inArray(schoolMemberships.accountId, accountIds), eq(schoolMemberships.status, 'approved')));
}

/** Takes roles from people: all their roles, or only those of `onlyRoleIds` when given. */
export async function deleteUserRoles(tx: Tx, accountIds: string[], onlyRoleIds?: string[]): Promise<void> {
  const filters: SQL[] = [inArray(userRoles.accountId, accountIds)];
  if (onlyRoleIds) filters.push(inArray(userRoles.roleId, onlyRoleIds.length ? onlyRoleIds : ['0']));
  await tx.delete(userRoles).where(and(...filters));
}

/** How many people hold a role. */
export async function countRoleHolders(tx: Tx, roleId: string): Promise<number> {
  // index: user_roles_role_idx (school_id, role_id)
  const [row] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return Number(row?.n ?? 0);
}

export type RoleUsersQuery = { pageNum: number; pageSize: number; roleId?: string | undefined; keyword?: string | undefined };

/** Approved members matching the keyword (name, account, and phone when `searchPhone`) and holding the role when given. */
function roleUsersFilter(q: RoleUsersQuery, searchPhone: boolean): SQL | undefined {
  const filters: SQL[] = [eq(schoolMemberships.status, 'approved')];
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    filters.push(or(ilike(accounts.name, p), ilike(accounts.account, p), ...(searchPhone ? [ilike(accounts.phone, p)] : []))!);
  }
  // index: user_roles_role_idx (school_id, role_id)
  if (q.roleId) filters.push(sql`exists (select 1 from ${userRoles} where ${userRoles.accountId} = ${schoolMemberships.accountId} and ${userRoles.roleId} = ${q.roleId})`);
  return and(...filters);
}

export async function countRoleUsers(tx: Tx, q: RoleUsersQuery, searchPhone: boolean): Promise<number> {
  // index: school_memberships_status_idx (school_id, status, created_at)
  const [total] = await tx.select({ n: count() }).from(schoolMemberships).innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId)).where(roleUsersFilter(q, searchPhone));
  return Number(total?.n ?? 0);
}

/** A page of approved members by name. */
export function roleUsersPage(tx: Tx, q: RoleUsersQuery, searchPhone: boolean) {
  // index: school_memberships_status_idx (school_id, status, created_at)
  return tx
    .select({ userId: accounts.id, name: accounts.name, account: accounts.account, phone: accounts.phone, identity: schoolMemberships.identity })
    .from(schoolMemberships)
    .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
    .where(roleUsersFilter(q, searchPhone))
    .orderBy(accounts.name, accounts.id)
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
}

/** The roles of several people at once (one query for a page), by role name. */
export function rolesOfAccounts(tx: Tx, accountIds: string[]) {
  // index: user_roles_school_id_account_id_role_id_pk (school_id, account_id, role_id)
  return tx.select({ accountId: userRoles.accountId, roleId: roles.id, name: roles.name, builtin: roles.builtin }).from(userRoles)
    .innerJoin(roles, and(eq(roles.schoolId, userRoles.schoolId), eq(roles.id, userRoles.roleId)))
    .where(inArray(userRoles.accountId, accountIds)).orderBy(roles.name);
}
