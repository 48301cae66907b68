import { and, eq, isNull, sql } from 'drizzle-orm';
import { BUILTIN_ROLE_GRANTS, IDENTITY_NAMES, expandKeys, type TIdentity } from '@hxk/contracts';
import { roleMenus, roles, schoolMemberships, schools, userRoles } from '../../db/schema/index.ts';
import type { Database, Tx } from '../../platform/db.ts';
import { platformTx } from '../../platform/tenancy.ts';

const BUILTIN_NAMES: Record<TIdentity, string> = {
  1: 'Administrator',
  2: 'Supervision group leader',
  3: 'Supervision member',
  4: 'Teacher',
  5: 'Student',
};

/**
 * Gives a school its five built-in roles with their default grants (once), and every approved member
 * without a role the built-in role of their identity. Idempotent.
 */
export async function ensureBuiltinRoles(tx: Tx, schoolId: string): Promise<void> {
  const existing = await tx.select({ id: roles.id, builtin: roles.builtin }).from(roles).where(eq(roles.schoolId, schoolId));
  const byIdentity = new Map(existing.filter((r) => r.builtin != null).map((r) => [r.builtin as number, r.id]));
  for (const identity of Object.keys(IDENTITY_NAMES).map(Number) as TIdentity[]) {
    if (byIdentity.has(identity)) continue;
    const [role] = await tx
      .insert(roles)
      .values({ schoolId, name: BUILTIN_NAMES[identity], builtin: identity })
      .returning({ id: roles.id });
    byIdentity.set(identity, role!.id);
    const menuIds = [...expandKeys(BUILTIN_ROLE_GRANTS[identity])];
    await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ schoolId, roleId: role!.id, menuId })));
  }
  // Approved members who hold no role yet get the built-in role of their identity.
  const bare = await tx
    .select({ accountId: schoolMemberships.accountId, identity: schoolMemberships.identity })
    .from(schoolMemberships)
    .leftJoin(userRoles, and(eq(userRoles.schoolId, schoolMemberships.schoolId), eq(userRoles.accountId, schoolMemberships.accountId)))
    .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.status, 'approved'), isNull(userRoles.roleId)));
  if (bare.length) {
    await tx
      .insert(userRoles)
      .values(bare.map((m) => ({ schoolId, accountId: m.accountId, roleId: byIdentity.get(m.identity)! })))
      .onConflictDoNothing();
  }
}

/** The built-in role of an identity in the transaction's school. */
export async function builtinRoleId(tx: Tx, schoolId: string, identity: number): Promise<string | undefined> {
  const [row] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.schoolId, schoolId), eq(roles.builtin, identity)));
  return row?.id;
}

/**
 * At start: schools created before roles existed (or by hand) get theirs, and every built-in
 * administrator role holds the whole menu tree, including screens and buttons added by a newer
 * release (the administrator role is by definition complete; other roles keep what schools chose).
 */
export async function ensureAllSchoolsHaveRoles(db: Database): Promise<void> {
  await platformTx(db, 'seed', async (tx) => {
    const rows = await tx.select({ id: schools.id }).from(schools).where(sql`not exists (select 1 from ${roles} where ${roles.schoolId} = ${schools.id})`);
    for (const r of rows) await ensureBuiltinRoles(tx, r.id);
    const all = [...expandKeys(BUILTIN_ROLE_GRANTS[1])];
    await tx.execute(sql`
      insert into ${roleMenus} (school_id, role_id, menu_id)
      select r.school_id, r.id, m.menu_id from ${roles} r cross join unnest(${`{${all.join(',')}}`}::int[]) as m(menu_id)
      where r.builtin = 1
      on conflict do nothing`);
  });
}
