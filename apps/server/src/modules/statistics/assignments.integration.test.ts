import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, MENU_BY_KEY, zonedClock, type TAssignmentClassRow, type TAssignmentFigures, type TAssignmentStats } from '@hxk/contracts';
import { assignments, assignmentTasks, evaluations, memberScopeUnits, roleMenus, roles, schoolMemberships } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const P = '/app/ddxk/statistics/v1';
type Page<T> = { list: T[]; total: number };
/** One class a supervisor may attend under a task, read straight from the tables. */
type Raw = { task: string; sup: string; session: string; unit: string | null; lessonDate: string; min: number; held: boolean; attended: boolean };
type Pair = { task: string; sup: string; min: number };

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The figures of a set of pairs from the raw classes: sums per pair, credited capped at the minimum. */
function figuresOf(pairs: Pair[], raw: Raw[]): TAssignmentFigures {
  let visible = 0, held = 0, attended = 0, required = 0, credited = 0, done = 0;
  for (const p of pairs) {
    const mine = raw.filter((r) => r.task === p.task && r.sup === p.sup);
    const a = mine.filter((r) => r.attended).length;
    visible += mine.length;
    held += mine.filter((r) => r.held).length;
    attended += a;
    required += p.min;
    credited += Math.min(a, p.min);
    done += a >= p.min ? 1 : 0;
  }
  return { visible, held, attended, required, credited, progress: required ? r1((credited / required) * 100) : null, pairs: pairs.length, done };
}

/** Assignment charts equal straightforward SQL over the raw rows; readers see what their reach allows (issue 17). */
describe.each(DRIVERS)('assignment charts on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let leader: string;
  let teacher: string;
  let admin2: string;
  let semesterId: string;
  let task2: string;
  let raw: Raw[];
  let pairs: Pair[];
  let anonymousSession: string;
  const u = (name: string) => env.schoolA.users[name]!.id;
  const db = <T>(fn: (tx: Tx) => Promise<T>) => platformTx(env.dbh.db, 'seed', fn);
  const en = { language: 'en' };
  const qs = (q: Record<string, string | undefined>) => new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  const stats = (token: string, q: Record<string, string | undefined>) => call<TAssignmentStats>(env.app, { url: `${P}/assignments?${qs({ semesterId, ...q })}`, token, headers: en });
  const classes = (token: string, q: Record<string, string | undefined>) =>
    call<Page<TAssignmentClassRow>>(env.app, { url: `${P}/assignments/classes?${qs({ semesterId, pageSize: '100', ...q })}`, token, headers: en });

  /** Every class each (task, supervisor) may attend, by the rule written out plainly, with held and attended. */
  const readRaw = () => {
    const now = zonedClock(new Date(), env.config.schoolTimezone);
    return db(async (tx) => {
      const rows = rowsOf<Raw>(await tx.execute(sql`
        select distinct t.id::text as task, a.supervisor_id::text as sup, cs.id::text as session, c.org_unit_id::text as unit, cs.lesson_date::text as "lessonDate",
          t.min_classes as min,
          (cs.lesson_date < ${now.date} or (cs.lesson_date = ${now.date} and coalesce((select st.end_minute from session_times st where st.school_id = cs.school_id and st.session_no = cs.session_end) <= ${now.minute}, false))) as held,
          exists (select 1 from evaluations e where e.course_session_id = cs.id and e.evaluator_id = a.supervisor_id and e.status = 'submitted') as attended
        from assignment_tasks t
        join assignments a on a.task_id = t.id and a.status = 'assigning'
        join courses c on c.school_id = t.school_id and c.semester_id = t.semester_id
        join course_sessions cs on cs.course_id = c.id and cs.lesson_date >= t.start_date and cs.lesson_date <= t.end_date
        where t.school_id = ${env.schoolA.schoolId}
          and ((a.kind = 'teacher' and a.teacher_id = c.teacher_id) or (a.kind = 'course' and a.course_id = c.id) or (a.kind = 'session' and a.course_session_id = cs.id))`));
      const ps = rowsOf<Pair>(await tx.execute(sql`
        select distinct t.id::text as task, a.supervisor_id::text as sup, t.min_classes as min from assignment_tasks t join assignments a on a.task_id = t.id and a.status = 'assigning'
        where t.school_id = ${env.schoolA.schoolId}`));
      return { rows: rows.map((r) => ({ ...r, min: Number(r.min) })), ps: ps.map((p) => ({ ...p, min: Number(p.min) })) };
    });
  };

  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, leader, teacher, admin2] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'leader'), loginAs(env.app, 'teacher'), loginAs(env.app, 'admin2')]);
    const dir = env.schoolA.directory;
    semesterId = dir.semesterId;
    const schoolId = env.schoolA.schoolId;
    const versionId = env.schoolA.evaluation.templateVersionId;
    // Generated data beside the seeded task: a second, shorter task with assignments by course, by
    // class session and by teacher, one withdrawn; evaluations by the supervisors of some of their
    // classes (one anonymous, one a draft) and of a class nobody assigned them.
    await db(async (tx) => {
      const [t2] = await tx.insert(assignmentTasks).values({
        schoolId, name: 'Fortnight round', semesterId, startDate: dir.semesterStart, endDate: addDays(dir.semesterStart, 27), minClasses: 3,
      }).returning({ id: assignmentTasks.id });
      task2 = t2!.id;
      const [c0, c1, c2] = dir.courses as [typeof dir.courses[number], typeof dir.courses[number], typeof dir.courses[number]];
      const sessionsOf = async (courseId: string) => rowsOf<{ id: string }>(await tx.execute(sql`
        select id::text from course_sessions where course_id = ${courseId} order by lesson_date, session_start limit 6`)).map((r) => r.id);
      const s2 = await sessionsOf(c2.id);
      // The teacher supervises one class of a course outside the first department (their own progress, and an outsider there).
      const elsewhere = dir.courses.find((c) => c.orgUnitId !== dir.departmentIds[0])!;
      const sElsewhere = await sessionsOf(elsewhere.id);
      await tx.insert(assignments).values([
        { schoolId, taskId: task2, supervisorId: u('supervisor'), kind: 'course', courseId: c1.id },
        { schoolId, taskId: task2, supervisorId: u('leader'), kind: 'session', courseSessionId: s2[0]! },
        { schoolId, taskId: task2, supervisorId: u('leader'), kind: 'session', courseSessionId: s2[1]! },
        { schoolId, taskId: task2, supervisorId: u('admin'), kind: 'teacher', teacherId: c0.teacherId },
        { schoolId, taskId: task2, supervisorId: u('admin'), kind: 'course', courseId: c2.id, status: 'withdrawn' },
        { schoolId, taskId: task2, supervisorId: u('teacher'), kind: 'session', courseSessionId: sElsewhere[0]! },
      ]);
      const evaluate = async (sessionId: string, evaluatorId: string, opts: { anonymous?: boolean; draft?: boolean } = {}) => {
        const [c] = rowsOf<{ course_id: string; teacher_id: string }>(await tx.execute(sql`
          select c.id::text as course_id, c.teacher_id::text from course_sessions cs join courses c on c.id = cs.course_id where cs.id = ${sessionId}`));
        await tx.insert(evaluations).values({
          schoolId, templateVersionId: versionId, courseSessionId: sessionId, courseId: c!.course_id, teacherId: c!.teacher_id, evaluatorId,
          kind: 'free', status: opts.draft ? 'draft' : 'submitted', totalScore: opts.draft ? null : 80, anonymous: Boolean(opts.anonymous), answers: {},
          submittedAt: opts.draft ? null : new Date(),
        });
      };
      const s1 = await sessionsOf(c1.id);
      const s0 = await sessionsOf(c0.id);
      for (const s of s1.slice(0, 4)) await evaluate(s, u('supervisor'));
      anonymousSession = s1[4]!;
      await evaluate(anonymousSession, u('supervisor'), { anonymous: true });
      await evaluate(s1[5]!, u('supervisor'), { draft: true });
      await evaluate(s2[0]!, u('leader'));
      await evaluate(s2[3]!, u('leader')); // not assigned to them
      await evaluate(s2[2]!, u('admin')); // under the withdrawn assignment
      for (const s of s0.slice(0, 2)) await evaluate(s, u('admin'));
      await evaluate(sElsewhere[0]!, u('teacher'));
    });
    const r = await readRaw();
    raw = r.rows;
    pairs = r.ps;
  });
  afterAll(async () => env?.close());

  it('gives every task and supervisor as the raw rows do, attended against required', async () => {
    expect(pairs.length).toBeGreaterThanOrEqual(5);
    expect(raw.some((x) => x.attended) && raw.some((x) => !x.attended)).toBe(true);
    const res = await stats(admin, {});
    expect(res.body.code, res.body.msg).toBe(1);
    const d = res.body.data;
    expect(d.total).toEqual(figuresOf(pairs, raw));
    expect([d.ownOnly, d.partial, d.subject]).toEqual([false, false, { task: null, supervisor: null }]);
    const taskIds = [...new Set(pairs.map((p) => p.task))];
    expect(d.taskOptions.map((t) => t.taskId).sort()).toEqual([...taskIds].sort());
    expect(d.tasks.map((t) => t.taskId).sort()).toEqual(taskIds.sort());
    for (const t of d.tasks) {
      const { taskId, name: _n, startDate: _s, endDate: _e, minClasses: _m, ...fig } = t;
      expect(fig, taskId).toEqual(figuresOf(pairs.filter((p) => p.task === taskId), raw));
    }
    const sups = [...new Set(pairs.map((p) => p.sup))];
    expect(d.supervisors.map((s) => s.supervisor.userId).sort()).toEqual(sups.sort());
    for (const s of d.supervisors) {
      const { supervisor, ...fig } = s;
      expect(fig, supervisor.name).toEqual(figuresOf(pairs.filter((p) => p.sup === supervisor.userId), raw));
    }
    // The draft, the unassigned class and the withdrawn assignment's class are not attended.
    const sup2 = d.supervisors.find((s) => s.supervisor.userId === u('supervisor'))!;
    expect(sup2.attended).toBe(raw.filter((x) => x.sup === u('supervisor') && x.attended).length);
  });

  it('narrows to a task, lesson days and a supervisor, and lists the supervisor\'s classes', async () => {
    const days = raw.map((r) => r.lessonDate).sort();
    const from = days[0]!;
    const to = addDays(from, 9);
    const inDays = raw.filter((r) => r.lessonDate >= from && r.lessonDate <= to);
    const one = await stats(admin, { taskId: task2, from, to });
    expect(one.body.code, one.body.msg).toBe(1);
    expect(one.body.data.subject.task?.taskId).toBe(task2);
    expect(one.body.data.total).toEqual(figuresOf(pairs.filter((p) => p.task === task2), inDays));
    const mine = await stats(admin, { supervisorId: u('supervisor') });
    expect(mine.body.data.total).toEqual(figuresOf(pairs.filter((p) => p.sup === u('supervisor')), raw));
    expect(mine.body.data.supervisors.map((s) => s.supervisor.userId)).toEqual([u('supervisor')]);

    const list = await classes(admin, { supervisorId: u('supervisor'), taskId: task2 });
    expect(list.body.code, list.body.msg).toBe(1);
    const expected = raw.filter((r) => r.sup === u('supervisor') && r.task === task2);
    expect(list.body.data.total).toBe(expected.length);
    for (const row of list.body.data.list) {
      const r = expected.find((x) => x.session === row.courseSessionId)!;
      expect([row.held, row.attended], row.courseSessionId).toEqual([r.held, r.attended]);
      expect(row.evaluationId === null, row.courseSessionId).toBe(!r.attended || row.courseSessionId === anonymousSession);
    }
    // Classes up to today come first, latest first.
    const listed = list.body.data.list.map((x) => x.lessonDate);
    const today = zonedClock(new Date(), env.config.schoolTimezone).date;
    const past = listed.filter((x) => x <= today);
    expect(listed.slice(0, past.length)).toEqual([...past].sort().reverse());
    // The anonymous evaluation counts as attended without naming the evaluation.
    expect(list.body.data.list.find((x) => x.courseSessionId === anonymousSession)).toMatchObject({ attended: true, evaluationId: null });
  });

  it('counts only the classes of a member\'s selected departments, and refuses a supervisor with none there', async () => {
    const [inside] = env.schoolA.directory.departmentIds as [string];
    await db(async (tx) => {
      await tx.update(schoolMemberships).set({ deptScope: 'selected' }).where(sql`school_id = ${env.schoolA.schoolId} and account_id = ${u('leader')}`);
      await tx.insert(memberScopeUnits).values({ schoolId: env.schoolA.schoolId, accountId: u('leader'), orgUnitId: inside });
      // Units under the selected one count too.
    });
    const units = await db(async (tx) => rowsOf<{ id: string }>(await tx.execute(sql`
      with recursive u(id) as (select ${inside}::bigint union all select o.id from org_units o join u on o.parent_id = u.id) select id::text from u`)).map((x) => x.id));
    const reachRaw = raw.filter((r) => r.unit !== null && units.includes(r.unit));
    const reachPairs = pairs.filter((p) => reachRaw.some((r) => r.task === p.task && r.sup === p.sup));
    const res = await stats(leader, {});
    expect(res.body.code, res.body.msg).toBe(1);
    expect(res.body.data.partial).toBe(true);
    expect(res.body.data.total).toEqual(figuresOf(reachPairs, reachRaw));
    const outsider = pairs.map((p) => p.sup).find((s) => !reachPairs.some((p) => p.sup === s));
    expect(outsider, 'a supervisor with no class in the department').toBeDefined();
    const refused = await stats(leader, { supervisorId: outsider });
    expect([refused.status, refused.body.errorKey]).toEqual([403, 'statistics.supervisorOutOfScope']);
    expect(refused.body.msg).toContain('within the scope you supervise');
    expect((await classes(leader, { supervisorId: outsider })).status).toBe(403);
  });

  it('refuses a teacher without the menu, and another school\'s ids are not found', async () => {
    expect((await stats(teacher, {})).status).toBe(403);
    const foreignSemester = await stats(admin2, {});
    expect([foreignSemester.status, foreignSemester.body.errorKey]).toEqual([404, 'common.notFound']);
    const own = env.schoolB.directory.semesterId;
    const foreignTask = await call<TAssignmentStats>(env.app, { url: `${P}/assignments?${qs({ semesterId: own, taskId: task2 })}`, token: admin2, headers: en });
    expect([foreignTask.status, foreignTask.body.errorKey]).toEqual([404, 'common.notFound']);
    const foreignSupervisor = await call<Page<TAssignmentClassRow>>(env.app, { url: `${P}/assignments/classes?${qs({ semesterId: own, supervisorId: u('supervisor') })}`, token: admin2, headers: en });
    expect([foreignSupervisor.status, foreignSupervisor.body.errorKey]).toEqual([404, 'common.notFound']);
    // School B's own figures hold nothing of school A.
    const b = await call<TAssignmentStats>(env.app, { url: `${P}/assignments?${qs({ semesterId: own })}`, token: admin2, headers: en });
    expect(b.body.code, b.body.msg).toBe(1);
    expect(b.body.data.tasks.some((t) => t.taskId === task2 || t.taskId === env.schoolA.directory.taskId)).toBe(false);
    expect(b.body.data.supervisors.some((s) => Object.values(env.schoolA.users).some((x) => x.id === s.supervisor.userId))).toBe(false);
  });

  it('shows a teacher given the menu only their own progress as a supervisor', async () => {
    await db(async (tx) => {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(sql`school_id = ${env.schoolA.schoolId} and builtin = 4`);
      const menuIds = ['assignments', 'assignmentsEchartsTeport'].map((k) => MENU_BY_KEY.get(k)!.menuId);
      await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ schoolId: env.schoolA.schoolId, roleId: role!.id, menuId }))).onConflictDoNothing();
    });
    const me = await loginAs(env.app, 'teacher');
    const res = await stats(me, {});
    expect(res.body.code, res.body.msg).toBe(1);
    expect(res.body.data.ownOnly).toBe(true);
    expect(res.body.data.total).toEqual(figuresOf(pairs.filter((p) => p.sup === u('teacher')), raw));
    expect(res.body.data.total.attended).toBe(1);
    expect((await stats(me, { supervisorId: u('supervisor') })).body.errorKey).toBe('statistics.ownOnly');
  });
});
