import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { zonedClock, type TInvitation, type TNotification } from '@hxk/contracts';
import { evaluationSectionScores, evaluations } from '../schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { seedDemoInvitations } from './demo-invitations.ts';

describe.each(DRIVERS)('demo invitations on %s', (driver) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(driver);
    const today = zonedClock(new Date(), env.config.schoolTimezone).date;
    await platformTx(env.dbh.db, 'seed', (tx) => seedDemoInvitations(tx, env.schoolA, today));
  });
  afterAll(async () => {
    await env?.close();
  });

  it('shows the teacher invitations in every state, readable through the API as the product wrote them', async () => {
    const teacher = await loginAs(env.app, 'teacher');
    const sent = await call<{ list: TInvitation[] }>(env.app, { url: '/app/ddxk/invitation/v1/list', token: teacher, body: { box: 'sent', pageSize: 50 } });
    expect(sent.body.code, sent.body.msg).toBe(1);
    const states = sent.body.data.list.map((i) => i.status).sort();
    expect(states).toEqual(['agreed', 'agreed', 'pending', 'pending', 'rejected', 'withdrawn']);
    const evaluated = sent.body.data.list.find((i) => i.evaluationStatus === 'submitted')!;
    expect(evaluated.invitee.userId).toBe(env.schoolA.users.supervisor!.id);
    const [ev] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(evaluations).where(eq(evaluations.id, evaluated.evaluationId!)));
    expect(ev).toMatchObject({ kind: 'invited', status: 'submitted', invitationId: evaluated.invitationId });
    const scores = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(evaluationSectionScores).where(eq(evaluationSectionScores.evaluationId, ev!.id)));
    expect(scores.length).toBeGreaterThan(0);
    expect(scores.reduce((s, r) => s + r.score, 0)).toBeCloseTo(ev!.totalScore!, 5);
    expect(sent.body.data.list.find((i) => i.status === 'rejected')!.reason!.length).toBeGreaterThanOrEqual(5);

    const received = await call<{ list: { evaluationId: string; evaluator: { userId: string } | null }[] }>(env.app, { url: '/app/ddxk/evaluation/v1/received', token: teacher, body: {} });
    expect(received.body.code, received.body.msg).toBe(1);
    expect(received.body.data.list.find((e) => e.evaluationId === ev!.id)?.evaluator?.userId).toBe(env.schoolA.users.supervisor!.id);

    const notes = await call<{ list: TNotification[]; unread: number }>(env.app, { url: '/app/ddxk/notification/v1/list', token: teacher, body: { pageSize: 50 } });
    expect(new Set(notes.body.data.list.map((n) => n.kind))).toEqual(new Set(['invitation.agreed', 'invitation.rejected', 'evaluation.received']));
    const supervisor = await loginAs(env.app, 'supervisor');
    const theirs = await call<{ list: TNotification[]; unread: number }>(env.app, { url: '/app/ddxk/notification/v1/list', token: supervisor, body: { pageSize: 50 } });
    expect(theirs.body.data.list.filter((n) => n.kind === 'invitation.new')).toHaveLength(3);
    expect(theirs.body.data.unread).toBe(1);
    const [n] = await platformTx(env.dbh.db, 'seed', (tx) => tx.execute(sql`select count(*)::int as n from notifications where school_id = ${env.schoolB.schoolId}`)).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(Number(n!.n)).toBe(0);
  });
});
