import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TSensitiveClassHits, TSensitiveClassRow, TSensitiveStats } from '@hxk/contracts';
import { MENU_BY_KEY } from '@hxk/contracts';
import { classAnalyses, classAnalysisHits, roleMenus, roles } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';

const P = '/app/ddxk/statistics/v1';
type Page<T> = { list: T[]; total: number };
/** One hit of a class's report analysis, read straight from the tables. */
type Raw = { session: string; teacher: string; unit: string | null; lessonDate: string; category: string; severity: string; word: string };

const WORDS = [['赌博', '违法', 'severe'], ['迷信', '迷信', 'moderate'], ['笨蛋', '不文明用语', 'mild'], ['gamble', 'illegal', 'severe']] as const;
const pct = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 10 : null);

/** Sensitive-topic figures equal counting the raw hits; the reach holds as elsewhere in statistics (issue 17). */
describe.each(DRIVERS)('sensitive-topic classrooms on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let teacher: string;
  let admin2: string;
  let semesterId: string;
  let raw: Raw[];
  let analysed: { session: string; teacher: string; unit: string | null }[];
  let started: Date;
  const u = (name: string) => env.schoolA.users[name]!.id;
  const db = <T>(fn: (tx: Tx) => Promise<T>) => platformTx(env.dbh.db, 'seed', fn);
  const en = { language: 'en' };
  const qs = (q: Record<string, string | undefined>) => new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  const stats = (token: string, q: Record<string, string | undefined>) => call<TSensitiveStats>(env.app, { url: `${P}/sensitive?${qs({ semesterId, ...q })}`, token, headers: en });
  const classes = (token: string, q: Record<string, string | undefined>) =>
    call<Page<TSensitiveClassRow>>(env.app, { url: `${P}/sensitive/classes?${qs({ semesterId, pageSize: '100', ...q })}`, token, headers: en });
  const hits = (token: string, courseSessionId: string) => call<TSensitiveClassHits>(env.app, { url: `${P}/sensitive/hits?courseSessionId=${courseSessionId}`, token, headers: en });

  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, teacher, admin2] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'teacher'), loginAs(env.app, 'admin2')]);
    semesterId = env.schoolA.directory.semesterId;
    const schoolId = env.schoolA.schoolId;
    started = new Date('2026-03-02T00:10:00.000Z');
    // Generated: three classes in a room per course analysed, hits on two of every three, a failed
    // analysis with hits and a live analysis beside a recording (neither is the report's, so neither counts).
    await db(async (tx) => {
      const sessions = rowsOf<{ id: string; classroom_id: string }>(await tx.execute(sql`
        select id::text, classroom_id::text from (select cs.*, row_number() over (partition by course_id order by lesson_date, session_start) as k
          from course_sessions cs where school_id = ${schoolId} and classroom_id is not null) x where k <= 3 order by course_id, k`));
      let i = 0;
      for (const s of sessions) {
        i++;
        const base = { schoolId, courseSessionId: s.id, classroomId: s.classroom_id, sampleSeconds: 10, stIntervalSeconds: 30, startedAt: started };
        const [a] = await tx.insert(classAnalyses).values({ ...base, source: 'recording', status: i % 10 === 0 ? 'failed' : 'done' }).returning({ id: classAnalyses.id });
        const n = i % 3 === 0 ? 0 : 1 + (i % 4);
        for (let k = 0; k < n; k++) {
          const [word, category, severity] = WORDS[(i + k) % WORDS.length]!;
          await tx.insert(classAnalysisHits).values({ schoolId, analysisId: a!.id, word, category, severity, start: 30 + k * 45.5, end: 31 + k * 45.5, context: `老师说 ${word} 这个话题` });
        }
        if (i % 7 === 0) {
          const [l] = await tx.insert(classAnalyses).values({ ...base, source: 'live', status: 'done' }).returning({ id: classAnalyses.id });
          await tx.insert(classAnalysisHits).values({ schoolId, analysisId: l!.id, word: '暴力', category: '暴力', severity: 'severe', start: 5, end: 6, context: '暴力' });
        }
      }
    });
    const report = sql`(select a.id, a.status from class_analyses a where a.course_session_id = cs.id order by (a.source = 'recording') desc limit 1)`;
    [raw, analysed] = await db(async (tx) => [
      rowsOf<Raw>(await tx.execute(sql`
        select cs.id::text as session, c.teacher_id::text as teacher, c.org_unit_id::text as unit, cs.lesson_date::text as "lessonDate", h.category, h.severity, h.word
        from course_sessions cs join courses c on c.id = cs.course_id cross join lateral ${report} a
        join class_analysis_hits h on h.analysis_id = a.id
        where cs.school_id = ${schoolId} and c.semester_id = ${semesterId} and cs.classroom_id is not null and a.status = 'done'`)),
      rowsOf<{ session: string; teacher: string; unit: string | null }>(await tx.execute(sql`
        select cs.id::text as session, c.teacher_id::text as teacher, c.org_unit_id::text as unit
        from course_sessions cs join courses c on c.id = cs.course_id cross join lateral ${report} a
        where cs.school_id = ${schoolId} and c.semester_id = ${semesterId} and cs.classroom_id is not null and a.status = 'done'`)),
    ]);
  });
  afterAll(async () => env?.close());

  it('counts classes and hits by category and severity as the raw hits do', async () => {
    expect(raw.length).toBeGreaterThan(10);
    const res = await stats(admin, {});
    expect(res.body.code, res.body.msg).toBe(1);
    const d = res.body.data;
    const withHits = new Set(raw.map((r) => r.session)).size;
    expect(d.school).toEqual({ analysedClasses: analysed.length, classesWithHits: withHits, hits: raw.length, share: pct(withHits, analysed.length) });
    expect(d.scope).toEqual(d.school);
    const cats = [...new Set(raw.map((r) => r.category))];
    expect(d.categories.map((c) => c.category).sort()).toEqual(cats.sort());
    for (const c of d.categories) {
      const mine = raw.filter((r) => r.category === c.category);
      expect(c).toEqual({
        category: c.category, classes: new Set(mine.map((r) => r.session)).size, hits: mine.length,
        mild: mine.filter((r) => r.severity === 'mild').length, moderate: mine.filter((r) => r.severity === 'moderate').length, severe: mine.filter((r) => r.severity === 'severe').length,
      });
    }
    for (const s of d.severities) expect(s.hits).toBe(raw.filter((r) => r.severity === s.severity).length);
    // The live analysis's word never counts: the report shows the recording's.
    expect(d.categories.some((c) => c.category === '暴力')).toBe(false);
  });

  it('filters by severity and department, and lists the classes behind the figures', async () => {
    const unit = raw[0]!.unit!;
    const res = await stats(admin, { severity: 'severe', orgUnitId: unit });
    expect(res.body.code, res.body.msg).toBe(1);
    const severe = raw.filter((r) => r.severity === 'severe');
    const mine = severe.filter((r) => r.unit === unit);
    expect(res.body.data.scope.hits).toBe(mine.length);
    expect(res.body.data.scope.classesWithHits).toBe(new Set(mine.map((r) => r.session)).size);
    expect(res.body.data.scope.analysedClasses).toBe(analysed.filter((a) => a.unit === unit).length);
    expect(res.body.data.school.hits).toBe(severe.length);
    const list = await classes(admin, { severity: 'severe', orgUnitId: unit });
    expect(list.body.data.total).toBe(new Set(mine.map((r) => r.session)).size);
    for (const row of list.body.data.list) {
      const theirs = mine.filter((r) => r.session === row.courseSessionId);
      expect([row.hits, row.severity, row.words]).toEqual([theirs.length, 'severe', [...new Set(theirs.map((r) => r.word))].sort()]);
    }
  });

  it('gives a class its hits in context with the moment in the recording', async () => {
    const session = raw.find((r) => raw.filter((x) => x.session === r.session).length >= 2)!.session;
    const res = await hits(admin, session);
    expect(res.body.code, res.body.msg).toBe(1);
    const d = res.body.data;
    expect(d.hits.length).toBe(raw.filter((r) => r.session === session).length);
    expect(d.hits.map((h) => h.start)).toEqual([...d.hits.map((h) => h.start)].sort((a, b) => a - b));
    for (const h of d.hits) {
      expect(h.context).toContain(h.word);
      expect(h.at).toBe(new Date(started.getTime() + Math.round(h.start * 1000)).toISOString());
    }
  });

  it('refuses another school by id (404) and gives it nothing; a teacher without the menu is refused', async () => {
    expect((await stats(teacher, {})).status).toBe(403);
    expect((await stats(admin2, {})).status).toBe(404);
    const foreign = await hits(admin2, raw[0]!.session);
    expect([foreign.status, foreign.body.errorKey]).toEqual([404, 'common.notFound']);
    const own = await call<TSensitiveStats>(env.app, { url: `${P}/sensitive?${qs({ semesterId: env.schoolB.directory.semesterId })}`, token: admin2, headers: en });
    expect(own.body.code, own.body.msg).toBe(1);
    expect([own.body.data.school.hits, own.body.data.categories]).toEqual([0, []]);
  });

  it('shows a teacher given the menus only their own classes', async () => {
    await db(async (tx) => {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(sql`school_id = ${env.schoolA.schoolId} and builtin = 4`);
      const menuIds = ['statistics', 'sensitiveTopic', 'sensitiveTopicDetails'].map((k) => MENU_BY_KEY.get(k)!.menuId);
      await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ schoolId: env.schoolA.schoolId, roleId: role!.id, menuId }))).onConflictDoNothing();
    });
    const me = await loginAs(env.app, 'teacher');
    const res = await stats(me, {});
    expect(res.body.code, res.body.msg).toBe(1);
    const mine = raw.filter((r) => r.teacher === u('teacher'));
    expect([res.body.data.ownOnly, res.body.data.scope.hits]).toEqual([true, mine.length]);
    const other = raw.find((r) => r.teacher !== u('teacher'))!;
    const refused = await hits(me, other.session);
    expect([refused.status, refused.body.errorKey]).toEqual([403, 'statistics.ownOnly']);
    expect((await classes(me, {})).body.data.list.every((r) => r.teacher.userId === u('teacher'))).toBe(true);
  });
});
