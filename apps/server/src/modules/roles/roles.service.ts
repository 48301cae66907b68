import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { IDENTITY, MENU_BY_ID, MENU_NODES, toMenuTree, withAncestors, type TMenuNode, type TMenuTreeNode } from '@hxk/contracts';
import { accounts, roleMenus, roles, schoolMemberships, userRoles } from '../../db/schema/index.ts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { maySearchContacts, withContactsFor } from '../../platform/contacts.ts';
import { containsPattern, inSchool } from '../../platform/tenancy.ts';


type MenuOut = { menuId: number; menuName: string; key: string; kind: TMenuNode['kind']; path: string | null; component: string | null; icon: string | null; parentId: number | null; hidden: boolean; children: MenuOut[] };
function present(nodes: TMenuTreeNode[]): MenuOut[] {
  return nodes.map((n) => ({
    menuId: n.menuId,
    menuName: `menu.${n.key}`,
    key: n.key,
    kind: n.kind,
    path: n.path,
    component: n.kind === 'menu' ? n.key : null,
    icon: n.icon,
    parentId: n.parentId,
    hidden: n.hidden,
    children: present(n.children),
  }));
}

export const menuTree = () => present(toMenuTree(MENU_NODES));

/** The menus (no buttons) the caller's roles grant, optionally filtered by title key or key. */
export function myMenus(ctx: MemberCtx, menuName?: string) {
  const granted = new Set(ctx.auth.permissions);
  let nodes = MENU_NODES.filter((n) => n.kind !== 'button' && granted.has(n.key));
  if (menuName) {
    const q = menuName.toLowerCase();
    const hits = nodes.filter((n) => n.kind === 'menu' && n.key.toLowerCase().includes(q)).map((n) => n.menuId);
    const keep = withAncestors(hits);
    nodes = nodes.filter((n) => keep.has(n.menuId));
  }
  return present(toMenuTree(nodes));
}

export const myButtons = (ctx: MemberCtx) =>
  ctx.auth.permissions.filter((k) => [...MENU_BY_ID.values()].some((n) => n.kind === 'button' && n.key === k));

export const isAdmin = (ctx: MemberCtx) => ctx.auth.identity === IDENTITY.admin;

export async function myRoles(ctx: MemberCtx) {
  return inSchool(ctx, (tx) =>
    tx.select({ roleId: roles.id, name: roles.name, builtin: roles.builtin }).from(userRoles)
      .innerJoin(roles, and(eq(roles.schoolId, userRoles.schoolId), eq(roles.id, userRoles.roleId)))
      .where(eq(userRoles.accountId, ctx.auth.accountId)).orderBy(roles.builtin, roles.name),
  );
}

export async function rolePage(ctx: MemberCtx, q: { pageNum: number; pageSize: number; queryName?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const where = q.queryName ? ilike(roles.name, containsPattern(q.queryName)) : undefined;
    const [total] = await tx.select({ n: count() }).from(roles).where(where);
    const users = tx.select({ roleId: userRoles.roleId, n: count().as('n') }).from(userRoles).groupBy(userRoles.roleId).as('u');
    const rows = await tx
      .select({ roleId: roles.id, name: roles.name, description: roles.description, builtin: roles.builtin, createdAt: roles.createdAt, userCount: users.n })
      .from(roles)
      .leftJoin(users, eq(users.roleId, roles.id))
      .where(where)
      .orderBy(sql`${roles.builtin} nulls last`, desc(roles.createdAt), desc(roles.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    return {
      list: rows.map((r) => ({ ...r, userCount: Number(r.userCount ?? 0), createdAt: r.createdAt.toISOString() })),
      total: Number(total?.n ?? 0),
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  });
}

export const roleList = (ctx: MemberCtx) =>
  inSchool(ctx, (tx) => tx.select({ roleId: roles.id, name: roles.name, builtin: roles.builtin }).from(roles).orderBy(sql`${roles.builtin} nulls last`, roles.name));

export async function saveRole(ctx: MemberCtx, input: { roleId?: string | undefined; name: string; description?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const [dup] = await tx.select({ id: roles.id }).from(roles).where(sql`lower(${roles.name}) = ${input.name.toLowerCase()}`);
    if (dup && dup.id !== input.roleId) throw new AppError('role.nameTaken');
    const values = { name: input.name, description: input.description || null };
    if (input.roleId) {
      const [row] = await tx.update(roles).set(values).where(eq(roles.id, input.roleId)).returning({ roleId: roles.id });
      if (!row) throw new AppError('common.notFound');
      return row;
    }
    const [row] = await tx.insert(roles).values({ schoolId: ctx.auth.schoolId, ...values }).returning({ roleId: roles.id });
    return row!;
  });
}

export async function deleteRoles(ctx: MemberCtx, ids: string[]) {
  await inSchool(ctx, async (tx) => {
    const found = await tx.select({ id: roles.id, builtin: roles.builtin }).from(roles).where(inArray(roles.id, ids));
    if (found.length !== new Set(ids).size) throw new AppError('common.notFound');
    if (found.some((r) => r.builtin != null)) throw new AppError('role.builtinDelete');
    await tx.delete(roles).where(inArray(roles.id, ids));
  });
}

async function assertRoles(tx: Tx, ids: string[]) {
  if (!ids.length) return;
  const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids));
  if (found.length !== new Set(ids).size) throw new AppError('common.notFound');
}

export async function roleMenuIds(ctx: MemberCtx, roleId: string) {
  return inSchool(ctx, async (tx) => {
    await assertRoles(tx, [roleId]);
    const rows = await tx.select({ menuId: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId)).orderBy(roleMenus.menuId);
    return { roleId, menuIds: rows.map((r) => r.menuId) };
  });
}

/** Replaces a role's grants; ancestors of every granted node come with it. */
export async function setRoleMenus(ctx: MemberCtx, roleId: string, menuIds: number[]) {
  await inSchool(ctx, async (tx) => {
    await assertRoles(tx, [roleId]);
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
    const ids = [...withAncestors(menuIds)];
    if (ids.length) await tx.insert(roleMenus).values(ids.map((menuId) => ({ schoolId: ctx.auth.schoolId, roleId, menuId })));
  });
}

/** Gives users roles (add, remove or replace). Users must be approved members of the school. */
export async function authRole(ctx: MemberCtx, input: { userIds: string[]; roleIds: string[]; mode: 'add' | 'remove' | 'replace' }) {
  await inSchool(ctx, async (tx) => {
    const members = await tx.select({ id: schoolMemberships.accountId }).from(schoolMemberships)
      .where(and(inArray(schoolMemberships.accountId, input.userIds), eq(schoolMemberships.status, 'approved')));
    if (members.length !== new Set(input.userIds).size) throw new AppError('common.notFound');
    await assertRoles(tx, input.roleIds);
    if (input.mode !== 'add') {
      const filters: SQL[] = [inArray(userRoles.accountId, input.userIds)];
      if (input.mode === 'remove') filters.push(inArray(userRoles.roleId, input.roleIds.length ? input.roleIds : ['0']));
      await tx.delete(userRoles).where(and(...filters));
    }
    if (input.mode !== 'remove' && input.roleIds.length) {
      await tx.insert(userRoles)
        .values(input.userIds.flatMap((accountId) => input.roleIds.map((roleId) => ({ schoolId: ctx.auth.schoolId, accountId, roleId }))))
        .onConflictDoNothing();
    }
    // The school must keep someone who can manage roles.
    const [adminRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.builtin, IDENTITY.admin));
    if (adminRole) {
      const [left] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, adminRole.id));
      if (Number(left?.n ?? 0) === 0) throw new AppError('role.lastAdmin');
    }
  });
}

export async function roleUsers(ctx: MemberCtx, q: { pageNum: number; pageSize: number; roleId?: string | undefined; keyword?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const filters: SQL[] = [eq(schoolMemberships.status, 'approved')];
    if (q.keyword) {
      const p = containsPattern(q.keyword);
      filters.push(or(ilike(accounts.name, p), ilike(accounts.account, p), ...(maySearchContacts(ctx.auth) ? [ilike(accounts.phone, p)] : []))!);
    }
    if (q.roleId) filters.push(sql`exists (select 1 from ${userRoles} where ${userRoles.accountId} = ${schoolMemberships.accountId} and ${userRoles.roleId} = ${q.roleId})`);
    const where = and(...filters);
    const [total] = await tx.select({ n: count() }).from(schoolMemberships).innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId)).where(where);
    const rows = await tx
      .select({ userId: accounts.id, name: accounts.name, account: accounts.account, phone: accounts.phone, identity: schoolMemberships.identity })
      .from(schoolMemberships)
      .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
      .where(where)
      .orderBy(accounts.name, accounts.id)
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    // One query for the roles of the whole page (no N+1).
    const grants = rows.length
      ? await tx.select({ accountId: userRoles.accountId, roleId: roles.id, name: roles.name, builtin: roles.builtin }).from(userRoles)
          .innerJoin(roles, and(eq(roles.schoolId, userRoles.schoolId), eq(roles.id, userRoles.roleId)))
          .where(inArray(userRoles.accountId, rows.map((r) => r.userId))).orderBy(roles.name)
      : [];
    return {
      list: withContactsFor(ctx.auth, rows).map((r) => ({ ...r, roles: grants.filter((g) => g.accountId === r.userId).map(({ roleId, name, builtin }) => ({ roleId, name, builtin })) })),
      total: Number(total?.n ?? 0),
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  });
}
