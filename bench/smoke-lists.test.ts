/**
 * The smoke run of the benchmarks of lists and load (bench/smoke.test.ts says what a smoke run is):
 * the membership page, fair use, the schedule and the plans, each with a load phase of a fraction
 * of a second against its bare route. Apart from the rest so that the two halves run side by side.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runLoadBench } from './run.ts';
import { runFairUseBench } from './fair-use.ts';
import { runScheduleBench } from './schedule.ts';
import { runPlansBench } from './plans.ts';
import { expectRows, smokeBase, TIMEOUT_MS, type SmokeBase } from './smoke-support.ts';

let base: SmokeBase;

beforeAll(async () => {
  base = await smokeBase();
}, TIMEOUT_MS);

describe('benchmarks of lists under load, smoke run (tiny data, no timing asserted)', () => {
  it('load: app, app without limits and bare route answer the same page, and are loaded', async () => {
    const { results, summary, problems } = await runLoadBench({
      ...base, extraMemberships: 5, durationSeconds: 0.2, rounds: 1, warmupSeconds: 0, connections: 2, breakdownIterations: 2, loginPage: false,
    });
    expect(problems).toEqual([]);
    expect(results.load.map((f) => f.target)).toEqual(['app', 'appNoLimits', 'bare']);
    for (const f of results.load) expect(f.requests).toBeGreaterThan(0);
    expectRows(summary, 'load');
  }, TIMEOUT_MS);

  it('fair-use: a teacher is served while the administrator floods, limits on and off', async () => {
    const { results, summary, refused } = await runFairUseBench({ ...base, floodConnections: 4, floodSeconds: 0.3, aloneCalls: 3 });
    expect(refused).toEqual([]);
    expect(results.figures.map((f) => f.limits)).toEqual(['defaults', 'off']);
    for (const f of results.figures) expect(f.underFlood.calls).toBeGreaterThan(0);
    expectRows(summary, 'fair-use');
  }, TIMEOUT_MS);

  it('schedule: the topped-up school has the courses and sessions made, the app and the bare query agree', async () => {
    const { results, summary, failed } = await runScheduleBench({
      ...base, extra: { courses: 12, timetabled: 6 }, extraRooms: 3, extraTeachers: 4, durationSeconds: 0.2, rounds: 1, warmupSeconds: 0, connections: 2, breakdownIterations: 1,
    });
    expect(failed).toEqual([]);
    expect(results.runs[0]!.entries).toBeGreaterThan(0);
    expectRows(summary, 'schedule');
  }, TIMEOUT_MS);

  it('plans: the plans made are those asked for, every screen is measured, the lists under load agree with their bare routes', async () => {
    const { results, summary, failed } = await runPlansBench({
      ...base, plans: 3, coursesPerPlan: 3, supervisorsPerPlan: 2, evaluationsPerSupervisor: 2, iterations: 1, connections: 2, durationSeconds: 0.2, rounds: 1, warmupSeconds: 0,
    });
    expect(results.runs[0]!.counts.plans).toBeGreaterThanOrEqual(3);
    expect(failed).toEqual([]);
    expect(results.runs[0]!.load.map((f) => `${f.query}/${f.target}`)).toEqual(['plan list/app', 'plan list/bare', 'evaluation records/app', 'evaluation records/bare']);
    for (const f of results.runs[0]!.load) expect(f.requests).toBeGreaterThan(0);
    expectRows(summary, 'plans');
  }, TIMEOUT_MS);
});
