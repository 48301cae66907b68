import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { orgUnits } from '../db/schema/index.ts';
import { createTestEnv, DRIVERS, type TestEnv } from '../test/harness.ts';
import { platformTx, readInSchool, readOnlyRequests, schoolTx } from './tenancy.ts';

describe.each(DRIVERS)('school isolation in the database on %s', (driver) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(driver);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('every table with school_id has RLS enabled and forced, with a policy on school_id', async () => {
    const tables = await env.dbh.rows<{ table_name: string }>(sql`
      select distinct c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = 'public' and c.column_name = 'school_id' and t.table_type = 'BASE TABLE'`);
    // Platform tables that carry a school_id as data, not as their owner (listed in db/tenancy.ts).
    const platform = new Set(['school_domains', 'sessions', 'qr_codes']);
    const tenant = tables.map((t) => t.table_name).filter((t) => !platform.has(t));
    expect(tenant.length).toBeGreaterThanOrEqual(4);
    for (const table of tenant) {
      const [rls] = await env.dbh.rows<{ relrowsecurity: boolean; relforcerowsecurity: boolean }>(
        sql`select relrowsecurity, relforcerowsecurity from pg_class where relname = ${table} and relnamespace = 'public'::regnamespace`,
      );
      expect(rls, table).toEqual({ relrowsecurity: true, relforcerowsecurity: true });
      const policies = await env.dbh.rows<{ qual: string; with_check: string }>(sql`select qual, with_check from pg_policies where tablename = ${table}`);
      expect(policies.length, table).toBeGreaterThan(0);
      for (const p of policies) {
        expect(p.qual, table).toContain("current_setting('app.school_id'");
        expect(p.with_check, table).toContain("current_setting('app.school_id'");
      }
      // Primary key starts with school_id (ready to distribute by school).
      const [pk] = await env.dbh.rows<{ cols: string }>(sql`
        select string_agg(a.attname, ',' order by array_position(i.indkey, a.attnum)) as cols
        from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${table}::regclass and i.indisprimary`);
      expect(pk!.cols.split(',')[0], table).toBe('school_id');
    }
  });

  it('the request role is not a superuser and cannot bypass RLS', async () => {
    const [role] = await env.dbh.rows<{ rolsuper: boolean; rolbypassrls: boolean }>(sql`select rolsuper, rolbypassrls from pg_roles where rolname = 'hxk_app'`);
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const [who] = await schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.execute(sql`select current_user as u`)).then((r) => (r as unknown as { rows: { u: string }[] }).rows);
    expect(who!.u).toBe('hxk_app');
  });

  it('fails closed: without a school, a school query sees nothing', async () => {
    const rows = await env.dbh.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'hxk_app', true)`);
      return tx.select().from(orgUnits);
    });
    expect(rows).toEqual([]);
  });

  it("a school's transaction sees and writes only its own rows", async () => {
    const a = await schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.select().from(orgUnits));
    expect(a.length).toBeGreaterThan(0);
    expect(new Set(a.map((r) => r.schoolId))).toEqual(new Set([env.schoolA.schoolId]));
    await expect(
      schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.insert(orgUnits).values({ schoolId: env.schoolB.schoolId, name: 'sneaky', kind: 'office' })),
    ).rejects.toThrow();
    const updated = await schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) =>
      tx.update(orgUnits).set({ name: 'renamed' }).where(sql`${orgUnits.schoolId} = ${env.schoolB.schoolId}`).returning(),
    );
    expect(updated).toEqual([]);
  });

  it('reads in a school from a platform transaction, then gives the transaction back to the platform', async () => {
    const seen = await platformTx(env.dbh.db, 'seed', async (tx) => {
      const before = await tx.select().from(orgUnits);
      const inside = await readInSchool(tx, env.schoolA.schoolId, (stx) => stx.select().from(orgUnits));
      const after = await tx.select().from(orgUnits);
      const role = await tx.execute(sql`select current_user as role`);
      return { before, inside, after, role: (role as unknown as { rows: { role: string }[] }).rows[0]!.role };
    });
    expect(new Set(seen.before.map((r) => r.schoolId))).toEqual(new Set([env.schoolA.schoolId, env.schoolB.schoolId]));
    expect(new Set(seen.inside.map((r) => r.schoolId))).toEqual(new Set([env.schoolA.schoolId]));
    expect(seen.after).toHaveLength(seen.before.length);
    expect(seen.role).toBe('hxk_platform');
    // Reads only: a write inside is undone with the savepoint.
    const name = `undone-${Date.now()}`;
    await platformTx(env.dbh.db, 'seed', (tx) => readInSchool(tx, env.schoolA.schoolId, (stx) => stx.insert(orgUnits).values({ schoolId: env.schoolA.schoolId, name, kind: 'office' })));
    const left = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(orgUnits).where(sql`${orgUnits.name} = ${name}`));
    expect(left).toEqual([]);
  });

  it('a cross-school reference cannot exist: foreign keys include school_id', async () => {
    const [parentB] = await schoolTx(env.dbh.db, env.schoolB.schoolId, (tx) => tx.select().from(orgUnits).limit(1));
    await expect(
      schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.insert(orgUnits).values({ schoolId: env.schoolA.schoolId, parentId: parentB!.id, name: 'child', kind: 'office' })),
    ).rejects.toThrow();
  });

  it('the request role cannot call the session lookup', async () => {
    await expect(schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.execute(sql`select * from hxk_session_lookup('x')`))).rejects.toThrow();
  });

  it('the request role cannot read password hashes', async () => {
    await expect(schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.execute(sql`select password_hash from accounts`))).rejects.toThrow();
  });

  // On PostgreSQL BEGIN, the role and the school go in one message (db.ts beginWith, decision 0035).
  it('a transaction rolls back on error, commits otherwise, nests with savepoints and leaves its connection usable', async () => {
    const name = `tx-${driver}-${Date.now()}`;
    await expect(schoolTx(env.dbh.db, env.schoolA.schoolId, async (tx) => {
      await tx.insert(orgUnits).values({ schoolId: env.schoolA.schoolId, name, kind: 'office' });
      throw new Error('after the write');
    })).rejects.toThrow('after the write');
    const count = () => schoolTx(env.dbh.db, env.schoolA.schoolId, async (tx) => (await tx.select().from(orgUnits).where(sql`${orgUnits.name} = ${name}`)).length);
    expect(await count()).toBe(0);
    // A failed statement inside: rolled back, and the next transactions (on the same pool) work.
    await expect(schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow();
    for (let i = 0; i < 12; i++) expect(await count()).toBe(0);
    // A nested transaction is a savepoint: its rollback keeps the outer write.
    await schoolTx(env.dbh.db, env.schoolA.schoolId, async (tx) => {
      await tx.insert(orgUnits).values({ schoolId: env.schoolA.schoolId, name, kind: 'office' });
      await expect(tx.transaction(async (inner) => {
        await inner.insert(orgUnits).values({ schoolId: env.schoolA.schoolId, name: `${name}-inner`, kind: 'office' });
        throw new Error('inner');
      })).rejects.toThrow('inner');
    });
    expect(await count()).toBe(1);
    expect(await schoolTx(env.dbh.db, env.schoolA.schoolId, async (tx) => (await tx.select().from(orgUnits).where(sql`${orgUnits.name} = ${`${name}-inner`}`)).length)).toBe(0);
  });

  it('a read-only request cannot write, in a school or on the platform path; the role and school still apply', async () => {
    // drizzle wraps the database's error ("Failed query: …"); the reason is its cause.
    const reason = (p: Promise<unknown>) => p.then(() => 'written', (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message));
    await readOnlyRequests.run(true, async () => {
      expect(await reason(schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.insert(orgUnits).values({ schoolId: env.schoolA.schoolId, name: 'ro', kind: 'office' })))).toMatch(/read-only/);
      const who = await schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.execute(sql`select current_user as u, current_setting('app.school_id') as s, current_setting('transaction_read_only') as ro`));
      expect((who as unknown as { rows: unknown[] }).rows[0]).toEqual({ u: 'hxk_app', s: env.schoolA.schoolId, ro: 'on' });
      expect(await reason(platformTx(env.dbh.db, 'seed', (tx) => tx.execute(sql`update schools set name = name where false`)))).toMatch(/read-only/);
    });
  });

  it('refuses a school id that is not a number (it is inlined on PostgreSQL)', async () => {
    await expect(schoolTx(env.dbh.db, "1'; drop table schools; --", (tx) => tx.execute(sql`select 1`))).rejects.toThrow('not a school id');
    const [counted] = await env.dbh.rows<{ n: number }>(sql`select count(*)::int as n from schools`);
    expect(counted!.n).toBeGreaterThan(0);
  });
});
