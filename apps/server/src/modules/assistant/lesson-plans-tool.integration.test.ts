/**
 * The data assistant's lesson-plans tool (issue 16): it runs the lesson plan evaluation screen's own
 * service with the asker's permission and reach, so it tells exactly what that screen shows them —
 * nothing to someone without the screen, nothing of another school.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssistantChunk, TLessonPlanDue } from '@hxk/contracts';
import { seedDemoLessonPlans } from '../../db/seed/demo-lesson-plans.ts';
import { localStorage } from '../../platform/storage.ts';
import { schoolTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const P = '/ai/deekseek/v1';

describe.each(DRIVERS)('the assistant\'s lesson-plans tool (%s)', (driver) => {
  let env: TestEnv;
  let files: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    env = await createTestEnv(driver);
    const today = env.clock.now.toISOString().slice(0, 10);
    // The demo's hand-ins (their files in a folder of the test's own: the tool reads none of them).
    files = await fs.mkdtemp(path.join(os.tmpdir(), 'hxk-plans-'));
    await schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => seedDemoLessonPlans(tx, env.schoolA, today, { storage: localStorage(files) }));
    for (const who of ['admin', 'supervisor', 'teacher', 'admin2']) tokens[who] = await loginAs(env.app, who);
  });
  afterAll(async () => {
    await env?.close();
    if (files) await fs.rm(files, { recursive: true, force: true });
  });

  async function ask(token: string, problem: string, lang = 'en') {
    const id = (await call<string>(env.app, { url: `${P}/getNewSessionId?model=0`, token })).body.data;
    const qs = new URLSearchParams({ isThink: '1', model: '0', problem, sessionId: id });
    const res = await env.app.inject({ method: 'POST', url: `${P}/askProblem?${qs}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': lang }, payload: '{}' });
    const chunks = res.payload.split('\n\n').map((b) => b.trim()).filter((l) => l.startsWith('data: {')).map((l) => JSON.parse(l.slice(6)) as TAssistantChunk);
    return { answer: chunks.map((c) => c.choices[0]?.delta.content ?? '').join(''), last: chunks.at(-1)! };
  }
  const screen = (token: string, body: { range: string; evaluated: string }) => call<TLessonPlanDue[]>(env.app, { url: '/app/ddxk/lessonPlan/v1/evaluation/list', token, body });

  it('tells an evaluator what the lesson plan evaluation screen shows them, with the screen', async () => {
    for (const who of ['admin', 'supervisor']) {
      const shown = (await screen(tokens[who]!, { range: 'all', evaluated: 'no' })).body.data;
      const { answer, last } = await ask(tokens[who]!, 'Which lesson plans of all courses are not yet evaluated?');
      expect(last.tools).toEqual([{ name: 'lesson_plans', params: { range: 'all', evaluated: 'no' }, rows: shown.length, link: '/lessonPlanEvaluation' }]);
      if (shown.length) {
        expect(answer).toContain(`${shown.length} handed-in lesson plans not yet evaluated, for all courses`);
        expect(answer).toContain(shown[0]!.course.name);
      } else expect(answer).toContain('No handed-in lesson plans not yet evaluated');
    }
    // The demo's plans are there for the administrator: the comparison above is not of two empty lists.
    expect((await screen(tokens.admin!, { range: 'all', evaluated: 'no' })).body.data.length).toBeGreaterThan(0);
    const graded = (await screen(tokens.admin!, { range: 'all', evaluated: 'yes' })).body.data;
    const zh = await ask(tokens.admin!, '全部课程已评价的教案', 'zh');
    expect(zh.last.tools?.[0]).toMatchObject({ params: { range: 'all', evaluated: 'yes' }, rows: graded.length });
    expect(zh.answer).toContain('全部课程');
  });

  it('tells a teacher without the screen nothing, and another school only its own', async () => {
    const teacher = await ask(tokens.teacher!, 'Which lesson plans are not yet evaluated?');
    expect(teacher.last.tools).toEqual([{ name: 'lesson_plans', params: { range: 'week', evaluated: 'no' }, rows: 0, link: null }]);
    expect(teacher.answer).toBe('You have no access to the lesson plan evaluation screen, so I cannot answer this.');

    const other = await ask(tokens.admin2!, 'Which lesson plans of all courses are not yet evaluated?');
    expect((await screen(tokens.admin2!, { range: 'all', evaluated: 'no' })).body.data).toEqual([]);
    expect(other.last.tools?.[0]).toMatchObject({ name: 'lesson_plans', rows: 0 });
    expect(other.answer).toContain('No handed-in lesson plans not yet evaluated, for all courses.');
  });
});
