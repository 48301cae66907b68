import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAuthRoleMenuRequest,
  ZAuthRoleRequest,
  ZIdsRequest,
  ZMenuTree,
  ZRoleListItem,
  ZRoleMenuResponse,
  ZRolePage,
  ZRolePageRequest,
  ZRoleQuery,
  ZRoleUserListRequest,
  ZRoleUserPage,
  ZSaveRoleRequest,
  ZUserButtonsQuery,
  ZUserMenuQuery,
  ZUserRole,
  ZId,
} from '@hxk/contracts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { memberCtx } from '../../platform/route-context.ts';
import * as svc from './roles.service.ts';

const tags = ['roles'];
const P = '/app/ddxk/role/v1';

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  // What every member needs to draw their own shell: their menus, buttons, roles and admin flag.
  // userId, where the spec's client sends it, is ignored: the caller is the session's person.
  app.get(`${P}/getRoleMenuByUserId`, {
    config: { permission: 'member' },
    schema: { tags, summary: "The caller's permitted menus as a tree (optionally filtered by menuName)", querystring: ZUserMenuQuery, response: okSchema(ZMenuTree) },
  }, async (req) => ok(svc.myMenus(memberCtx(req), req.query.menuName)));

  app.get(`${P}/getRoleButtonByUserId`, {
    config: { permission: 'member' },
    schema: { tags, summary: "The caller's button permission keys", querystring: ZUserButtonsQuery, response: okSchema(z.array(z.string())) },
  }, async (req) => ok(svc.myButtons(memberCtx(req))));

  app.get(`${P}/getRolesByUserId`, {
    config: { permission: 'member' },
    schema: { tags, summary: "The caller's roles in the active school", querystring: ZUserButtonsQuery, response: okSchema(z.array(ZUserRole)) },
  }, async (req) => ok(await svc.myRoles(memberCtx(req))));

  app.get(`${P}/isAdmin`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'Whether the caller is an administrator of the active school', response: okSchema(z.boolean()) },
  }, async (req) => ok(svc.isAdmin(memberCtx(req))));

  // Role management.
  app.get(`${P}/getMenuTree`, {
    config: { permission: 'roleManagement' },
    schema: { tags, summary: 'The whole menu tree with buttons', response: okSchema(ZMenuTree) },
  }, async () => ok(svc.menuTree()));

  app.post(`${P}/rolePageList`, {
    config: { permission: 'roleManagement' },
    schema: { tags, summary: 'Roles of the school, paged', body: ZRolePageRequest, response: okSchema(ZRolePage) },
  }, async (req) => ok(await svc.rolePage(memberCtx(req), req.body)));

  app.get(`${P}/roleList`, {
    config: { permission: 'member' },
    schema: { tags, summary: 'All roles of the school (for pickers)', response: okSchema(z.array(ZRoleListItem)) },
  }, async (req) => ok(await svc.roleList(memberCtx(req))));

  app.post(`${P}/saveOrUpdate`, {
    config: { permission: 'role:add', also: [{ permission: 'role:edit', field: 'body.roleId', when: 'set' }] },
    schema: { tags, summary: 'Add a role, or rename/describe one (roleId given: needs role:edit too)', body: ZSaveRoleRequest, response: okSchema(z.object({ roleId: ZId })) },
  }, async (req) => ok(await svc.saveRole(memberCtx(req), req.body)));

  app.post(`${P}/deleteByIds`, {
    config: { permission: 'role:delete' },
    schema: { tags, summary: 'Delete roles (built-in roles cannot be deleted)', body: ZIdsRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.deleteRoles(memberCtx(req), req.body.ids);
    return ok(null);
  });

  app.get(`${P}/getRoleMenu`, {
    config: { permission: 'rolePermission' },
    schema: { tags, summary: 'Menu and button ids a role grants', querystring: ZRoleQuery, response: okSchema(ZRoleMenuResponse) },
  }, async (req) => ok(await svc.roleMenuIds(memberCtx(req), req.query.roleId)));

  app.post(`${P}/authRoleMenu`, {
    config: { permission: 'role:grant' },
    schema: { tags, summary: "Replace a role's menus and buttons", body: ZAuthRoleMenuRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.setRoleMenus(memberCtx(req), req.body.roleId, req.body.menuIds);
    return ok(null);
  });

  app.post(`${P}/authRole`, {
    config: { permission: 'role:assignUsers' },
    schema: { tags, summary: 'Give users roles (add, remove or replace)', body: ZAuthRoleRequest, response: okSchema(z.null()) },
  }, async (req) => {
    await svc.authRole(memberCtx(req), req.body);
    return ok(null);
  });

  app.post(`${P}/userList`, {
    config: { permission: 'rolePermission' },
    schema: { tags, summary: 'Members of the school with their roles, paged', body: ZRoleUserListRequest, response: okSchema(ZRoleUserPage) },
  }, async (req) => ok(await svc.roleUsers(memberCtx(req), req.body)));
};
