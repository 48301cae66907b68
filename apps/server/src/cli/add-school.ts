/**
 * Operator command: adds a school with its host names and, optionally, makes an existing account its
 * first administrator.
 *   npm run school:add -- --name "Example University" --code EXU --domain hxk.example.edu --admin alice
 * Uses the same configuration as the server (DATABASE_URL or DATA_DIR).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { IDENTITY } from '@hxk/contracts';
import { loadConfig, type Config } from '../config.ts';
import { assertCapacity } from '../modules/licence/licence.service.ts';
import { AppError, localizeError } from '../platform/errors.ts';
import { migrateDatabase, openDatabase, type DbHandle } from '../platform/db.ts';
import { platformTx } from '../platform/tenancy.ts';
import { accounts, schoolDomains, schoolMemberships, schools } from '../db/schema/index.ts';
import { normalizeDomain } from '../modules/schools/schools.service.ts';
import { ensureBuiltinRoles } from '../modules/roles/builtin-roles.ts';

export type AddSchoolInput = { name: string; code: string; domains: string[]; admin?: string | undefined };

export async function addSchool(dbh: DbHandle, input: AddSchoolInput, config: Pick<Config, 'licence'> = loadConfig()): Promise<string> {
  await migrateDatabase(dbh);
  // The licence's limit on schools (decision 0027).
  await assertCapacity({ dbh, now: () => new Date(), config }, 'schools');
  return platformTx(dbh.db, 'seed', async (tx) => {
    const [dup] = await tx.select().from(schools).where(sql`lower(${schools.code}) = ${input.code.toLowerCase()}`);
    if (dup) throw new Error(`a school with code ${input.code} exists already (id ${dup.id})`);
    const [school] = await tx.insert(schools).values({ name: input.name, code: input.code, title: input.name }).returning();
    for (const d of input.domains) {
      const domain = normalizeDomain(d);
      const [taken] = await tx.select().from(schoolDomains).where(eq(schoolDomains.domain, domain));
      if (taken) throw new Error(`host ${domain} already serves school ${taken.schoolId}`);
      await tx.insert(schoolDomains).values({ domain, schoolId: school!.id });
    }
    if (input.admin) {
      const [account] = await tx.select().from(accounts).where(sql`lower(${accounts.account}) = ${input.admin.toLowerCase()}`);
      if (!account) throw new Error(`no account ${input.admin}: register it first`);
      await tx.insert(schoolMemberships).values({ schoolId: school!.id, accountId: account.id, identity: IDENTITY.admin, status: 'approved' });
    }
    await ensureBuiltinRoles(tx, school!.id);
    return school!.id;
  });
}

async function main(argv: string[]): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: { name: { type: 'string' }, code: { type: 'string' }, domain: { type: 'string', multiple: true }, admin: { type: 'string' } },
  });
  if (!values.name || !values.code) throw new Error('usage: --name <name> --code <code> [--domain <host> ...] [--admin <account>]');
  const config = loadConfig();
  const dbh = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  try {
    return await addSchool(dbh, { name: values.name, code: values.code, domains: values.domain ?? [], admin: values.admin }, config);
  } finally {
    await dbh.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (id) => console.log(`school ${id} added`),
    (e: Error) => {
      console.error(e instanceof AppError ? localizeError(e.key, 'en', e.params) : e.message);
      process.exit(1);
    },
  );
}
