/**
 * With TEST_DATABASE_URL set, makes one migrated template database for this run, and a second one
 * with the two test schools seeded around today (seedTestSchools); every test file then clones one
 * (CREATE DATABASE ... TEMPLATE), so runs and files never collide.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../platform/db.ts';
import { seedTestSchools } from './test-schools.ts';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const template = `hxk_tpl_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const dbh = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), poolSize: 1 });
  await migrateDatabase(dbh);
  await dbh.close();
  project.provide('pgTemplate', template);
  // Named after the first, so that the teardown's pattern drops it and its clones too.
  const seeded = `${template}_seeded`;
  await admin.query(`CREATE DATABASE ${seeded} TEMPLATE ${template}`);
  const sdbh = await openDatabase({ kind: 'postgres', url: withDatabase(url, seeded), poolSize: 1 });
  const today = new Date().toISOString().slice(0, 10);
  const schools = await seedTestSchools(sdbh.db, today);
  await sdbh.close();
  project.provide('pgSeeded', { template: seeded, today, schools: JSON.stringify(schools) });
  return async () => {
    // Clones made by test files are dropped by the files; drop leftovers of this run too.
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${template}%`]);
    for (const r of rows.reverse()) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | undefined;
    /** The template with the test schools, the day they were seeded around, and their ids (JSON). */
    pgSeeded: { template: string; today: string; schools: string } | undefined;
  }
}
