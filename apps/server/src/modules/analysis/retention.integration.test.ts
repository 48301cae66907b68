/**
 * AI retention: the daily job deletes each school's analyses older than its aiRetentionDays, with
 * their details and evidence frames, keeps recent ones, unfinished ones and everything of a school
 * that keeps its analyses forever (0); warnings stay without their analysis link.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classAnalyses, classAnalysisSamples, courseSessions, jobs, schoolSettings, warnings } from '../../db/schema/index.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { RETENTION_JOB } from './retention.job.ts';

const DAY = 24 * 3600 * 1000;

describe.each(DRIVERS)('AI retention on %s', (driver) => {
  let env: TestEnv;
  const A = () => env.schoolA.schoolId;
  const B = () => env.schoolB.schoolId;
  const sessions: Record<string, string[]> = {};

  /** A finished (or not) analysis made `daysAgo` days ago, with two evidence frames in the storage. */
  const analysis = async (schoolId: string, sessionId: string, daysAgo: number, status: 'done' | 'running' = 'done') => {
    const createdAt = new Date(env.clock.now.getTime() - daysAgo * DAY);
    const [row] = await platformTx(env.dbh.db, 'seed', (tx) =>
      tx.insert(classAnalyses).values({ schoolId, courseSessionId: sessionId, source: 'recording', status, sampleSeconds: 10, stIntervalSeconds: 30, createdAt }).returning({ id: classAnalyses.id }));
    const id = row!.id;
    const keys = [0, 60].map((t) => `schools/${schoolId}/analysis/${id}/${t}.jpg`);
    for (const key of keys) await env.app.deps.storage.put(key, Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    await platformTx(env.dbh.db, 'seed', (tx) =>
      tx.insert(classAnalysisSamples).values([0, 60].map((t, i) => ({ schoolId, analysisId: id, camera: 'student' as const, t, faces: 3, posed: 3, headUp: 2, headDown: 1, turnedAway: 0, frontRow: 1, evidenceKey: keys[i]! }))));
    return { id, keys };
  };
  const exists = async (key: string) => (await env.app.deps.storage.get(key)) !== null;
  const analysesOf = async (schoolId: string) =>
    (await platformTx(env.dbh.db, 'seed', (tx) => tx.select({ id: classAnalyses.id }).from(classAnalyses).where(eq(classAnalyses.schoolId, schoolId)))).map((r) => r.id).sort();
  /** Queues the job in every school, as its daily round does, and runs them. */
  const runRetention = async () => {
    for (const schoolId of [A(), B()]) await schoolTx(env.dbh.db, schoolId, (tx) => env.app.deps.jobs.enqueue(tx, { schoolId, kind: RETENTION_JOB, payload: {}, createdBy: null }));
    while (await env.app.deps.jobs.runNext());
    return platformTx(env.dbh.db, 'seed', (tx) => tx.select({ schoolId: jobs.schoolId, status: jobs.status, result: jobs.result }).from(jobs).where(eq(jobs.kind, RETENTION_JOB)).orderBy(asc(jobs.id)));
  };

  beforeAll(async () => {
    env = await createTestEnv(driver);
    // Run the jobs here, one by one, rather than in the app's worker.
    await env.app.deps.jobs.stop();
    for (const schoolId of [A(), B()]) {
      const rows = await platformTx(env.dbh.db, 'seed', (tx) =>
        tx.select({ id: courseSessions.id }).from(courseSessions).where(and(eq(courseSessions.schoolId, schoolId), isNotNull(courseSessions.classroomId))).orderBy(asc(courseSessions.id)).limit(3));
      sessions[schoolId] = rows.map((r) => r.id);
    }
  });
  afterAll(async () => env?.close());

  it("removes what is past each school's setting, frames first; keeps recent and unfinished analyses, and a school's that keeps them forever", async () => {
    const [s1, s2, s3] = sessions[A()]!;
    const old = await analysis(A(), s1!, 200);
    const recent = await analysis(A(), s2!, 10);
    const unfinished = await analysis(A(), s3!, 300, 'running');
    const forever = await analysis(B(), sessions[B()]![0]!, 400);
    // School B keeps its analyses forever.
    await platformTx(env.dbh.db, 'seed', (tx) => tx.insert(schoolSettings).values({ schoolId: B(), aiRetentionDays: 0 }).onConflictDoUpdate({ target: schoolSettings.schoolId, set: { aiRetentionDays: 0 } }));
    // A warning the old analysis raised.
    const [warning] = await platformTx(env.dbh.db, 'seed', (tx) =>
      tx.insert(warnings).values({ schoolId: A(), courseSessionId: s1!, level: 'moderate', kind: 'ai.headUpBelow', analysisId: old.id, evidence: { moments: [60] } }).returning({ id: warnings.id }));

    const ran = await runRetention();
    expect(ran.map((j) => [j.schoolId, j.status, j.result])).toEqual([
      [A(), 'done', { days: 180, removed: 1, frames: 2 }],
      [B(), 'done', { days: 0, removed: 0, frames: 0 }],
    ]);
    expect(await analysesOf(A())).toEqual([recent.id, unfinished.id].sort());
    expect(await analysesOf(B())).toEqual([forever.id]);
    for (const key of old.keys) expect(await exists(key), key).toBe(false);
    for (const key of [...recent.keys, ...unfinished.keys, ...forever.keys]) expect(await exists(key), key).toBe(true);
    // Its samples went with it (cascade); the warning stays, without the link.
    const samples = await platformTx(env.dbh.db, 'seed', (tx) => tx.select({ id: classAnalysisSamples.analysisId }).from(classAnalysisSamples).where(eq(classAnalysisSamples.analysisId, old.id)));
    expect(samples).toEqual([]);
    const [kept] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(warnings).where(and(eq(warnings.schoolId, A()), eq(warnings.id, warning!.id))));
    expect(kept).toMatchObject({ kind: 'ai.headUpBelow', analysisId: null, evidence: { moments: [60] } });
  });

  it('follows the setting as an administrator saves it', async () => {
    const admin = await loginAs(env.app, 'admin');
    const current = await call<Record<string, unknown>>(env.app, { url: '/base/system/settings/v1/get', token: admin });
    const { defaultResetPasswordSet: _set, storageUsedBytes: _used, ...settings } = current.body.data;
    const saved = await call(env.app, { url: '/base/system/settings/v1/save', token: admin, body: { ...settings, aiRetentionDays: 5 } });
    expect(saved.body.code).toBe(1);
    const before = await analysesOf(A());
    const ran = await runRetention();
    // Only the finished one of ten days goes now; the running one stays whatever its age.
    expect(ran.at(-2)).toMatchObject({ schoolId: A(), status: 'done', result: { days: 5, removed: 1, frames: 2 } });
    expect((await analysesOf(A())).length).toBe(before.length - 1);
    const left = await platformTx(env.dbh.db, 'seed', (tx) => tx.select({ status: classAnalyses.status }).from(classAnalyses).where(eq(classAnalyses.schoolId, A())));
    expect(left.map((r) => r.status)).toEqual(['running']);
  });
});
