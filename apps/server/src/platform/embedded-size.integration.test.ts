import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './db.ts';
import { openMigratedPglite } from '../test/pglite-image.ts';
import { DEMO_SCHOOLS, seedSchool } from '../db/seed/seed.ts';
import { TEST_SCALE } from '../db/seed/directory.ts';
import { EMBEDDED_LIMITS, pastLimits, schoolSizes, warnWhenPastEmbeddedLimits } from './embedded-size.ts';

describe('the embedded database size check', () => {
  let dbh: DbHandle;
  beforeAll(async () => {
    dbh = await openMigratedPglite();
    for (const s of DEMO_SCHOOLS) await seedSchool(dbh.db, { ...s, domains: [...s.domains], scale: TEST_SCALE });
  });
  afterAll(async () => dbh?.close());

  it('counts each school apart, and says which measure is past which limit', async () => {
    const sizes = await schoolSizes(dbh);
    expect(sizes).toHaveLength(2);
    for (const s of sizes) {
      expect(s.courses).toBeGreaterThan(0);
      expect(s.sessions).toBeGreaterThan(s.courses);
    }
    const [a] = sizes;
    expect(pastLimits(a!)).toEqual([]);
    expect(pastLimits(a!, { ...EMBEDDED_LIMITS, sessions: a!.sessions - 1 })).toEqual([{ measure: 'sessions', value: a!.sessions, limit: a!.sessions - 1 }]);
  });

  it('warns once per school past a limit, naming the school, its figures and the way out', async () => {
    const sizes = await schoolSizes(dbh);
    const small = Math.min(...sizes.map((s) => s.courses));
    const warned: { obj: unknown; msg: string }[] = [];
    const log = { warn: (obj: unknown, msg?: string) => warned.push({ obj, msg: msg ?? '' }) };
    // Within the measured limits: nothing said.
    expect(await warnWhenPastEmbeddedLimits(dbh, log as never)).toEqual([]);
    expect(warned).toEqual([]);
    // A courses limit only the bigger school passes (or both, when they are alike).
    const past = await warnWhenPastEmbeddedLimits(dbh, log as never, { ...EMBEDDED_LIMITS, courses: small - 1 });
    expect(past.length).toBeGreaterThan(0);
    expect(warned).toHaveLength(past.length);
    expect(warned[0]!.msg).toContain(past[0]!.name);
    expect(warned[0]!.msg).toMatch(/courses \(measured up to \d+\).*DATABASE_URL/);
  });
});
