/**
 * A room's live-analysis switch (classrooms.live_analysis, docs/decisions/0022-live-analysis.md):
 * with ANALYSIS_LIVE=on the minute's round starts a live analysis for each class in progress in a
 * room with a camera, except in rooms switched off in their settings. The round is run here by hand
 * (this process runs no jobs, so the live analyses it queues stay queued: nothing is analysed).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClassroomDetail } from '@hxk/contracts';
import { loadConfig } from '../../config.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { zonedInstant } from '../recordings/recording-windows.ts';
import { LIVE_JOB, LIVE_ROUND_JOB, liveRoundJob } from './live.job.ts';

type Klass = { id: string; lessonDate: string; startMinute: number; endMinute: number; classroomId: string };

describe.each(DRIVERS)('the live-analysis switch of a room on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let klass: Klass;
  let dataDir: string;
  const A = () => env.schoolA.schoolId;

  /** The round of school A, as the queue would run it. */
  const round = () => {
    const jc: JobContext = {
      job: { id: '0', schoolId: A(), kind: LIVE_ROUND_JOB, payload: null, createdBy: null, attempts: 1 },
      dbh: env.dbh,
      now: () => env.clock.now,
      progress: async () => undefined,
      inSchool: (fn) => schoolTx(env.dbh.db, A(), fn),
      longTx: (open, fn) => open(fn),
    };
    return liveRoundJob(env.app.deps)(jc) as Promise<{ started: number }>;
  };
  /** The classes in progress now that have a live analysis queued. */
  const analysedLive = () => platformTx(env.dbh.db, 'seed', async (tx) =>
    rowsOf<{ courseSessionId: string; classroomId: string; jobKind: string }>(await tx.execute(sql`
      select a.course_session_id::text as "courseSessionId", a.classroom_id::text as "classroomId", j.kind as "jobKind"
      from class_analyses a join jobs j on j.school_id = a.school_id and j.id = a.job_id
      where a.school_id = ${A()} and a.source = 'live' order by 1`)));
  const room = async () => (await call<TClassroomDetail>(env.app, { url: `/base/classroom/v1/getInfoById?id=${klass.classroomId}`, token: admin })).body.data;
  const switchRoom = async (liveAnalysis: boolean) => {
    const r = await room();
    const saved = await call<{ liveAnalysis: boolean }>(env.app, {
      url: '/base/classroom/v1/save',
      token: admin,
      body: { id: r.id, buildingId: r.buildingId, floor: r.floor, name: r.name, capacity: r.capacity, seatRows: r.seatRows, frontRows: r.frontRows, enabled: r.enabled, liveAnalysis },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.liveAnalysis).toBe(liveAnalysis);
  };

  beforeAll(async () => {
    // ANALYSIS_LIVE=on, and no job run by this process (the round is called below; the live jobs it queues stay queued).
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hxk-live-switch-'));
    const base = loadConfig({ ANALYSIS_LIVE: 'on', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    env = await createTestEnv(driver, { config: { ...base, redisUrl: undefined, jobs: { ...base.jobs, run: 'none' } } });
    [klass] = await platformTx(env.dbh.db, 'seed', async (tx) =>
      rowsOf<Klass>(await tx.execute(sql`
        select cs.id::text as id, cs.lesson_date::text as "lessonDate", st.start_minute as "startMinute", et.end_minute as "endMinute", cs.classroom_id::text as "classroomId"
        from course_sessions cs
        join session_times st on st.school_id = cs.school_id and st.session_no = cs.session_start
        join session_times et on et.school_id = cs.school_id and et.session_no = cs.session_end
        where cs.school_id = ${env.schoolA.schoolId} and cs.classroom_id is not null
          and exists (select 1 from cameras cam where cam.school_id = cs.school_id and cam.classroom_id = cs.classroom_id and cam.frame = 'studentFull' and cam.status <> 'offline')
        order by abs(cs.lesson_date - current_date), cs.session_start, cs.id limit 1`))) as [Klass];
    // In the middle of the class.
    env.clock.now = new Date(zonedInstant(klass.lessonDate, Math.floor((klass.startMinute + klass.endMinute) / 2), env.config.schoolTimezone).getTime());
    admin = await loginAs(env.app, 'admin');
  }, 120_000);
  afterAll(async () => {
    await env?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('is on for a room by default, shown and kept by the room\'s settings', async () => {
    expect((await room()).liveAnalysis).toBe(true);
    // A save that does not name the switch keeps it.
    await switchRoom(false);
    const r = await room();
    const kept = await call<{ liveAnalysis: boolean }>(env.app, {
      url: '/base/classroom/v1/save',
      token: admin,
      body: { id: r.id, buildingId: r.buildingId, floor: r.floor, name: r.name, capacity: r.capacity, seatRows: r.seatRows, frontRows: r.frontRows, enabled: r.enabled },
    });
    expect(kept.body.data.liveAnalysis).toBe(false);
    await switchRoom(true);
  });

  it('leaves a room switched off out of the live round, and analyses it again once switched on', async () => {
    await switchRoom(false);
    const off = await round();
    const afterOff = await analysedLive();
    expect(afterOff.map((l) => l.courseSessionId)).not.toContain(klass.id);
    expect(afterOff.map((l) => l.classroomId)).not.toContain(klass.classroomId);
    // Every other class in progress in a room with a camera is analysed.
    expect(afterOff.length).toBe(off.started);

    await switchRoom(true);
    const on = await round();
    expect(on.started).toBe(1);
    const afterOn = await analysedLive();
    expect(afterOn.filter((l) => l.courseSessionId === klass.id)).toEqual([{ courseSessionId: klass.id, classroomId: klass.classroomId, jobKind: LIVE_JOB }]);
    expect(afterOn.length).toBe(afterOff.length + 1);
  });
});
