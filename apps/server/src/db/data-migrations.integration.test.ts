/**
 * Migrations that bring existing rows in line (run as the platform role, since row-level security is
 * forced even for the tables' owner): each is run here on seeded schools as they were before it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../platform/db.ts';
import { platformTx } from '../platform/tenancy.ts';
import type { SeededSchool } from './seed/seed.ts';
import { DRIVERS, openSeededTestDatabase } from '../test/harness.ts';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

async function runMigration(dbh: DbHandle, file: string): Promise<void> {
  const text = await fs.readFile(path.join(MIGRATIONS, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) await dbh.db.execute(sql.raw(statement));
}

describe.each(DRIVERS)('data migrations on %s', (driver) => {
  let dbh: DbHandle;
  let a: SeededSchool;
  let b: SeededSchool;

  beforeAll(async () => {
    ({ dbh, schools: [a, b] } = await openSeededTestDatabase(driver));
  });
  afterAll(async () => {
    await dbh?.close();
  });

  const grants = (menuId: number) =>
    platformTx(dbh.db, 'seed', async (tx) => {
      const r = await tx.execute(sql`select m.school_id::text as "schoolId", r.builtin from role_menus m join roles r on r.school_id = m.school_id and r.id = m.role_id where m.menu_id = ${menuId} order by 1, 2`);
      return (r as unknown as { rows: { schoolId: string; builtin: number | null }[] }).rows;
    });

  it('0037 gives group leaders the data board where they hold the statistics screens, once', async () => {
    const leaders = sql`(select id from roles where builtin = 2)`;
    await platformTx(dbh.db, 'seed', async (tx) => {
      // As before node 218 existed; school B has taken the three-rate screen from its group leaders.
      await tx.execute(sql`delete from role_menus where menu_id = 218 and role_id in ${leaders}`);
      await tx.execute(sql`delete from role_menus where school_id = ${b.schoolId} and menu_id = 211 and role_id in ${leaders}`);
    });
    const before = await grants(218);
    expect(before.every((g) => g.builtin !== 2)).toBe(true);

    await runMigration(dbh, '0037_data_board_grants.sql');
    await runMigration(dbh, '0037_data_board_grants.sql');
    const after = await grants(218);
    expect(after.filter((g) => g.builtin === 2)).toEqual([{ schoolId: a.schoolId, builtin: 2 }]);
    // Other roles' grants are as they were.
    expect(after.filter((g) => g.builtin !== 2)).toEqual(before);
  });
  it('0052 takes always-empty screens from the built-in roles only, and keeps every questionnaire list', async () => {
    // As before: the built-in roles held Reports, Teacher feedback and Evaluate as they used to, and a
    // school's own role holds Reports and the old questionnaire list (108) without My questionnaires.
    const own = await platformTx(dbh.db, 'seed', async (tx) => {
      await tx.execute(sql`insert into role_menus (school_id, role_id, menu_id) select school_id, id, 111 from roles where builtin in (1, 2) on conflict do nothing`);
      await tx.execute(sql`insert into role_menus (school_id, role_id, menu_id) select school_id, id, 141 from roles where builtin = 3 on conflict do nothing`);
      await tx.execute(sql`insert into role_menus (school_id, role_id, menu_id) select school_id, id, 101 from roles where builtin = 5 on conflict do nothing`);
      await tx.execute(sql`delete from role_menus where menu_id = 143 and role_id in (select id from roles where builtin in (3, 4))`);
      const r = await tx.execute(sql`insert into roles (school_id, name) values (${a.schoolId}, 'Observers') returning id::text as id`);
      const id = (r as unknown as { rows: { id: string }[] }).rows[0]!.id;
      await tx.execute(sql`insert into role_menus (school_id, role_id, menu_id) values (${a.schoolId}, ${id}, 111), (${a.schoolId}, ${id}, 108)`);
      return id;
    });
    const holders = async (menuId: number) => (await grants(menuId)).map((g) => g.builtin).filter((b) => b !== null);

    await runMigration(dbh, '0052_builtin_role_screens.sql');
    await runMigration(dbh, '0052_builtin_role_screens.sql');
    expect(new Set(await holders(111))).toEqual(new Set([3, 4]));
    expect(new Set(await holders(141))).toEqual(new Set([1, 2, 4]));
    expect(new Set(await holders(101))).not.toContain(5);
    // Whoever could list their questionnaires still can, the school's own role included, once.
    expect(new Set(await holders(143))).toEqual(new Set(await holders(108)));
    const ownGrants = await platformTx(dbh.db, 'seed', async (tx) =>
      (await tx.execute(sql`select menu_id as "menuId" from role_menus where role_id = ${own} order by 1`) as unknown as { rows: { menuId: number }[] }).rows.map((r) => r.menuId));
    expect(ownGrants).toEqual([108, 111, 143]);
  });
});
