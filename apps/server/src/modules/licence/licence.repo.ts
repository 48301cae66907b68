/** The licence's SQL (platform tables; the service opens the platform transaction). */
import { count, desc } from 'drizzle-orm';
import type { TLicencePayload } from '@hxk/contracts';
import type { Tx } from '../../platform/db.ts';
import { classrooms, deployment, licences, schools } from '../../db/schema/index.ts';

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
    features: p.features,
    activatedAt: at,
  });
}

export async function usage(tx: Tx): Promise<{ schools: number; classrooms: number }> {
  const [s] = await tx.select({ n: count() }).from(schools);
  const [c] = await tx.select({ n: count() }).from(classrooms);
  return { schools: Number(s?.n ?? 0), classrooms: Number(c?.n ?? 0) };
}
