/**
 * Live analysis for the demo (issue 15, docs/decisions/0022-live-analysis.md): marks the Demo School
 * so that, while ANALYSIS_LIVE is `demo` or `on`, one of its classes in progress — the demo teacher's
 * when they teach now, else another — is analysed live from a drawn lesson played in a loop (about 70 %
 * of the class in the picture, so the demo's attendance rule raises one warning). Run by `npm start` on
 * first start; tests and browser tests call it themselves.
 */
import { and, eq } from 'drizzle-orm';
import { accounts, schoolMemberships, schools } from '../schema/index.ts';
import type { Database } from '../../platform/db.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { DEMO_LIVE_SECONDS, liveDemoKey, type LiveDemoMarker } from '../../modules/analysis/live.job.ts';

export async function seedDemoLiveAnalysis(db: Database, storage: FileStorage, opts: { code?: string; seconds?: number } = {}): Promise<string | null> {
  const found = await platformTx(db, 'seed', async (tx) => {
    const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.code, opts.code ?? 'DEMO'));
    if (!school) return null;
    const [teacher] = await tx.select({ id: accounts.id }).from(accounts)
      .innerJoin(schoolMemberships, and(eq(schoolMemberships.accountId, accounts.id), eq(schoolMemberships.schoolId, school.id)))
      .where(eq(accounts.account, 'teacher'));
    return { schoolId: school.id, teacherId: teacher?.id ?? null };
  });
  if (!found) return null;
  const marker: LiveDemoMarker = { plan: 'dialogue', seed: 2040, seconds: opts.seconds ?? DEMO_LIVE_SECONDS, teacherId: found.teacherId };
  const body = Buffer.from(JSON.stringify(marker));
  await storage.put(liveDemoKey(found.schoolId), body, body.length);
  return found.schoolId;
}
