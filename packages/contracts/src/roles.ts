import { z } from 'zod';
import { ZId, zPage } from './common.ts';
import { MENU_BY_ID } from './menus.ts';

export const ZRoleName = z.string().trim().min(1, { message: 'validation.required' }).max(32, { message: 'validation.tooLong' });

export const ZRole = z.object({
  roleId: ZId,
  name: z.string(),
  description: z.string().nullable(),
  /** The identity (1-5) of a built-in role; null for roles a school added. */
  builtin: z.number().int().nullable(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type TRole = z.infer<typeof ZRole>;

export const ZRolePageRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  queryName: z.string().trim().max(32).optional(),
  /** The spec's client always sends 2 (the school's own roles). */
  filterFieldOne: z.coerce.number().int().optional(),
});
export const ZRolePage = zPage(ZRole);

export const ZRoleListItem = z.object({ roleId: ZId, name: z.string(), builtin: z.number().int().nullable() });

export const ZSaveRoleRequest = z.object({
  roleId: ZId.optional(),
  name: ZRoleName,
  description: z.string().trim().max(200, { message: 'validation.tooLong' }).optional().or(z.literal('')),
});

export const ZIdsRequest = z.object({ ids: z.array(ZId).min(1, { message: 'validation.selectOne' }).max(200) });

export const ZMenuId = z.number().int().refine((id) => MENU_BY_ID.has(id), { message: 'validation.invalid' });
export const ZAuthRoleMenuRequest = z.object({ roleId: ZId, menuIds: z.array(ZMenuId).max(1000) });
export const ZRoleQuery = z.object({ roleId: ZId });
export const ZRoleMenuResponse = z.object({ roleId: ZId, menuIds: z.array(z.number().int()) });

/** Sets the roles of users: `mode` add keeps their other roles, replace makes these their only roles. */
export const ZAuthRoleRequest = z.object({
  userIds: z.array(ZId).min(1, { message: 'validation.selectOne' }).max(500),
  roleIds: z.array(ZId).max(50),
  mode: z.enum(['add', 'remove', 'replace']).default('replace'),
});

export const ZRoleUserListRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  roleId: ZId.optional(),
  keyword: z.string().trim().max(64).optional(),
});
export const ZRoleUser = z.object({
  userId: ZId,
  name: z.string(),
  account: z.string(),
  /** Null too when the caller may not see it: only the person and user management do (platform/contacts.ts). */
  phone: z.string().nullable(),
  identity: z.number().int(),
  roles: z.array(z.object({ roleId: ZId, name: z.string(), builtin: z.number().int().nullable() })),
});
export const ZRoleUserPage = zPage(ZRoleUser);

export const ZMenuTreeNode: z.ZodType<{
  menuId: number;
  menuName: string;
  key: string;
  kind: 'group' | 'menu' | 'button';
  path: string | null;
  component: string | null;
  icon: string | null;
  parentId: number | null;
  hidden: boolean;
  children: unknown[];
}> = z.lazy(() =>
  z.object({
    menuId: z.number().int(),
    /** The i18n key of the title (menu.<key>); the web shows it in the user's language. */
    menuName: z.string(),
    key: z.string(),
    kind: z.enum(['group', 'menu', 'button']),
    path: z.string().nullable(),
    component: z.string().nullable(),
    icon: z.string().nullable(),
    parentId: z.number().int().nullable(),
    hidden: z.boolean(),
    children: z.array(ZMenuTreeNode),
  }),
);
export const ZMenuTree = z.array(ZMenuTreeNode);
export const ZUserMenuQuery = z.object({ userId: ZId.optional(), menuName: z.string().trim().max(64).optional() });
export const ZUserButtonsQuery = z.object({ userId: ZId.optional() });
export const ZUserRole = z.object({ roleId: ZId, name: z.string(), builtin: z.number().int().nullable() });
