/** The licence's SQL (platform tables; the service opens the platform transaction). */
import { count, desc, sql } from 'drizzle-orm';
import type { TLicencePayload } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { cameras, classrooms, deployment, licences, schools } from '../../db/schema/index.ts';
import type { LicenceCounted } from './licence-rules.ts';

export async function deploymentId(tx: Tx): Promise<string | undefined> {
  const [row] = await tx.select().from(deployment);
  return row?.deploymentId;
}

/** Makes the deployment's id once; a concurrent first start keeps whichever came first. */
export async function createDeployment(tx: Tx, id: string): Promise<string> {
  await tx.insert(deployment).values({ deploymentId: id }).onConflictDoNothing();
  return (await deploymentId(tx))!;
}

/** Activated licences, the latest first. */
export function licencesNewestFirst(tx: Tx) {
  return tx.select().from(licences).orderBy(desc(licences.activatedAt), desc(licences.id));
}

export async function insertLicence(tx: Tx, code: string, p: TLicencePayload, at: Date): Promise<void> {
  await tx.insert(licences).values({
    licenceId: p.licenceId,
    code,
    licensee: p.licensee,
    issuedAt: new Date(p.issuedAt),
    expiresAt: new Date(p.expiresAt),
    maxSchools: p.maxSchools,
    maxClassrooms: p.maxClassrooms,
    maxCameras: p.maxCameras ?? null,
    features: p.features,
    activatedAt: at,
  });
}

const TABLES = { schools, classrooms, cameras } as const;

/** How many schools, classrooms or cameras the deployment holds (every school: the platform path). */
export async function countOf(tx: Tx, what: LicenceCounted): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(TABLES[what]);
  return Number(row?.n ?? 0);
}

export async function usage(tx: Tx): Promise<Record<LicenceCounted, number>> {
  return { schools: await countOf(tx, 'schools'), classrooms: await countOf(tx, 'classrooms'), cameras: await countOf(tx, 'cameras') };
}

/**
 * The licence's counting lock, held to the end of the transaction: creations that count against a
 * limit take it first, so they count one after the other (two at once cannot both see room for one).
 * The key is 'HXKL' and the counted kind, in the two-int form of PostgreSQL's advisory locks.
 */
const LOCK_SPACE = 0x48584b4c;
const LOCK_KIND: Record<LicenceCounted, number> = { schools: 1, classrooms: 2, cameras: 3 };
export async function lockCounting(tx: Tx, what: LicenceCounted): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, ${LOCK_KIND[what]}::int)`);
}
