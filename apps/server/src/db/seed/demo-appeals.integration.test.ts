import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { TAppeal, TAppealRow, TCourseReport, TReportCourseRow } from '@hxk/contracts';
import { evaluationSectionScores, evaluations, notifications } from '../schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { seedDemoEvaluationsAndAppeals } from './demo-appeals.ts';

type Page<T> = { list: T[]; total: number };

describe.each(DRIVERS)('demo evaluations and appeals on %s', (driver) => {
  let env: TestEnv;
  let teacher: string;
  let leader: string;
  const u = (name: string) => env.schoolA.users[name]!.id;

  beforeAll(async () => {
    env = await createTestEnv(driver);
    const today = new Date().toISOString().slice(0, 10);
    await platformTx(env.dbh.db, 'seed', (tx) => seedDemoEvaluationsAndAppeals(tx, env.schoolA, today, { storage: env.app.deps.storage }));
    [teacher, leader] = await Promise.all([loginAs(env.app, 'teacher'), loginAs(env.app, 'leader')]);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('seeds varied submitted evaluations with their indicator scores', async () => {
    const rows = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(evaluations).where(eq(evaluations.schoolId, env.schoolA.schoolId)));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.every((r) => r.status === 'submitted')).toBe(true);
    expect(new Set(rows.map((r) => r.totalScore)).size).toBeGreaterThan(5);
    expect(new Set(rows.map((r) => r.evaluatorId))).toEqual(new Set([u('leader'), u('supervisor')]));
    expect(rows.some((r) => r.anonymous)).toBe(true);
    expect(rows.some((r) => r.comment)).toBe(true);
    const scores = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(evaluationSectionScores).where(inArray(evaluationSectionScores.evaluationId, rows.map((r) => r.id))));
    expect(new Set(scores.map((s) => s.evaluationId)).size).toBe(rows.length);
  });

  it("shows the demo teacher's appeals in every state, images included, the anonymous evaluator hidden", async () => {
    const mine = await call<Page<TAppealRow>>(env.app, { url: '/app/ddxk/appeal/v1/mine', token: teacher, body: { pageSize: 100 } });
    expect(mine.body.code, mine.body.msg).toBe(1);
    expect(new Set(mine.body.data.list.map((r) => r.status))).toEqual(new Set(['pending', 'resolved', 'unresolved', 'revoked']));
    expect(mine.body.data.list.find((r) => r.status === 'resolved')!.scoreAfter).toBeGreaterThan(mine.body.data.list.find((r) => r.status === 'resolved')!.score);
    expect(mine.body.data.list.some((r) => r.status === 'pending' && r.evaluator === null)).toBe(true);
    for (const who of ['leader', 'supervisor']) expect(JSON.stringify(mine.body.data.list.filter((r) => r.evaluator === null))).not.toContain(`"${u(who)}"`);

    const withImages = mine.body.data.list.find((r) => r.imageCount === 2)!;
    const read = await call<TAppeal>(env.app, { url: `/app/ddxk/appeal/v1/detail?appealId=${withImages.appealId}`, token: teacher });
    expect(read.body.data.images).toHaveLength(2);
    const img = await env.app.inject({ url: read.body.data.images[0]!.url, headers: { authorization: `Bearer ${teacher}` } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');

    const all = await call<Page<TAppealRow>>(env.app, { url: '/app/ddxk/appeal/v1/list', token: leader, body: { pageSize: 100 } });
    expect(all.body.data.list[0]!.status).toBe('pending');
    expect(all.body.data.total).toBe(mine.body.data.total);
    // Nobody handled an appeal of their own evaluation (the product refuses it: appeal.conflictOfInterest).
    for (const r of all.body.data.list.filter((a) => a.status === 'resolved' || a.status === 'unresolved')) {
      const handled = await call<TAppeal>(env.app, { url: `/app/ddxk/appeal/v1/detail?appealId=${r.appealId}`, token: leader });
      expect(handled.body.data.handler!.userId).not.toBe(r.evaluator!.userId);
    }
  });

  it('leaves the notifications these would have sent, and reports to read', async () => {
    const notes = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(notifications)
      .where(and(eq(notifications.schoolId, env.schoolA.schoolId), eq(notifications.recipientId, u('teacher')))));
    const kinds = new Set(notes.map((n) => n.kind));
    for (const k of ['evaluation.received', 'appeal.resolved', 'appeal.unresolved']) expect(kinds.has(k as never)).toBe(true);
    expect(notes.some((n) => n.readAt === null)).toBe(true);
    for (const who of ['leader', 'supervisor']) expect(JSON.stringify(notes.map((n) => n.params))).not.toContain(u(who));

    const courses = await call<Page<TReportCourseRow>>(env.app, { url: '/app/ddxk/report/v1/courses', token: teacher, body: {} });
    expect(courses.body.data.total).toBeGreaterThan(0);
    const r = await call<TCourseReport>(env.app, { url: `/app/ddxk/report/v1/course?courseId=${courses.body.data.list[0]!.courseId}`, token: teacher });
    expect(r.body.code, r.body.msg).toBe(1);
    expect(r.body.data.indicators.length).toBeGreaterThan(0);
    expect(r.body.data.indicators.every((i) => i.schoolPercent !== null)).toBe(true);
  });
});
