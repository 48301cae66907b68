import { IDENTITY, MENU_BY_ID, MENU_NODES, effectiveGrants, toMenuTree, withAncestors, type TMenuNode, type TMenuTreeNode } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { maySearchContacts, withContactsFor } from '../../platform/contacts.ts';
import { inSchool } from '../../platform/tenancy.ts';
import * as repo from './roles.repo.ts';

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
  return inSchool(ctx, (tx) => repo.rolesOfAccount(tx, ctx.auth.accountId));
}

export async function rolePage(ctx: MemberCtx, q: { pageNum: number; pageSize: number; queryName?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const total = await repo.countRoles(tx, q.queryName);
    const rows = await repo.rolePageRows(tx, q);
    return {
      list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  });
}

export const roleList = (ctx: MemberCtx) => inSchool(ctx, repo.rolesInOrder);

export async function saveRole(ctx: MemberCtx, input: { roleId?: string | undefined; name: string; description?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const dup = await repo.roleIdByName(tx, input.name);
    if (dup && dup !== input.roleId) throw new AppError('role.nameTaken');
    const values = { name: input.name, description: input.description || null };
    if (input.roleId) {
      const row = await repo.updateRole(tx, input.roleId, values);
      if (!row) throw new AppError('common.notFound');
      return row;
    }
    return repo.insertRole(tx, ctx.auth.schoolId, values);
  });
}

export async function deleteRoles(ctx: MemberCtx, ids: string[]) {
  await inSchool(ctx, async (tx) => {
    const found = await repo.rolesByIds(tx, ids);
    if (found.length !== new Set(ids).size) throw new AppError('common.notFound');
    if (found.some((r) => r.builtin != null)) throw new AppError('role.builtinDelete');
    await repo.deleteRolesByIds(tx, ids);
  });
}

async function assertRoles(tx: Tx, ids: string[]) {
  if (!ids.length) return;
  const found = await repo.roleIdsAmong(tx, ids);
  if (found.length !== new Set(ids).size) throw new AppError('common.notFound');
}

export async function roleMenuIds(ctx: MemberCtx, roleId: string) {
  return inSchool(ctx, async (tx) => {
    await assertRoles(tx, [roleId]);
    // Under today's groups: a screen moved since the grant was saved shows in its new group.
    const menuIds = [...effectiveGrants(await repo.menuIdsOfRole(tx, roleId))].sort((a, b) => a - b);
    return { roleId, menuIds };
  });
}

/** Replaces a role's grants; ancestors of every granted node come with it. */
export async function setRoleMenus(ctx: MemberCtx, roleId: string, menuIds: number[]) {
  await inSchool(ctx, async (tx) => {
    await assertRoles(tx, [roleId]);
    await repo.deleteRoleMenus(tx, roleId);
    const ids = [...withAncestors(menuIds)];
    if (ids.length) await repo.insertRoleMenus(tx, ctx.auth.schoolId, roleId, ids);
  });
}

/** Gives users roles (add, remove or replace). Users must be approved members of the school. */
export async function authRole(ctx: MemberCtx, input: { userIds: string[]; roleIds: string[]; mode: 'add' | 'remove' | 'replace' }) {
  await inSchool(ctx, async (tx) => {
    const members = await repo.approvedMemberIdsAmong(tx, input.userIds);
    if (members.length !== new Set(input.userIds).size) throw new AppError('common.notFound');
    await assertRoles(tx, input.roleIds);
    if (input.mode !== 'add') await repo.deleteUserRoles(tx, input.userIds, input.mode === 'remove' ? input.roleIds : undefined);
    if (input.mode !== 'remove' && input.roleIds.length) {
      await repo.insertUserRoles(tx, input.userIds.flatMap((accountId) => input.roleIds.map((roleId) => ({ schoolId: ctx.auth.schoolId, accountId, roleId }))));
    }
    // The school must keep someone who can manage roles.
    const adminRole = await repo.builtinRoleIdHere(tx, IDENTITY.admin);
    if (adminRole && (await repo.countRoleHolders(tx, adminRole)) === 0) throw new AppError('role.lastAdmin');
  });
}

export async function roleUsers(ctx: MemberCtx, q: repo.RoleUsersQuery) {
  return inSchool(ctx, async (tx) => {
    const searchPhone = maySearchContacts(ctx.auth);
    const total = await repo.countRoleUsers(tx, q, searchPhone);
    const rows = await repo.roleUsersPage(tx, q, searchPhone);
    // One query for the roles of the whole page (no N+1).
    const grants = rows.length ? await repo.rolesOfAccounts(tx, rows.map((r) => r.userId)) : [];
    return {
      list: withContactsFor(ctx.auth, rows).map((r) => ({ ...r, roles: grants.filter((g) => g.accountId === r.userId).map(({ roleId, name, builtin }) => ({ roleId, name, builtin })) })),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  });
}
