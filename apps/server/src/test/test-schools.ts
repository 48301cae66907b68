/** The two schools every API test starts with: the demo schools' people at the test scale (seedSchool's default), around `today`. */
import type { Database } from '../platform/db.ts';
import { DEMO_SCHOOLS, seedSchool, type SeededSchool } from '../db/seed/seed.ts';

export async function seedTestSchools(db: Database, today: string): Promise<[SeededSchool, SeededSchool]> {
  const [a, b] = DEMO_SCHOOLS;
  const schoolA = await seedSchool(db, { ...a, domains: [...a.domains], today });
  const schoolB = await seedSchool(db, { ...b, domains: [...b.domains], today });
  return [schoolA, schoolB];
}
