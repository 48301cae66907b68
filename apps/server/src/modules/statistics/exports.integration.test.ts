import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  STATS_EXPORT_TEXT, type TEvaluationStats, type TLanguage, type TStatsEvaluationRow, type TStatsExportJob, type TStatsExportRequest, type TThreeRateStats,
  type TSensitiveStats,
} from '@hxk/contracts';
import { classAnalyses, classAnalysisHits, evaluations, evaluationSectionScores, memberScopeUnits, schoolMemberships } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/sql-rows.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import * as evalRepo from './statistics.repo.ts';
import * as rateRepo from './three-rate.repo.ts';

const P = '/app/ddxk/statistics/v1';
type Page<T> = { list: T[]; total: number };
type Sheet = (string | number | null)[][];

/** A downloaded workbook's sheets, by name, as rows of plain values (the header first). */
async function readBook(data: Buffer): Promise<Map<string, Sheet>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const out = new Map<string, Sheet>();
  wb.eachSheet((ws) => {
    const rows: Sheet = [];
    ws.eachRow({ includeEmpty: true }, (row) => {
      const values = row.values as unknown[]; // 1-based, with holes for empty cells
      rows.push(Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => (values[i + 1] ?? null) as string | number | null));
    });
    out.set(ws.name, rows);
  });
  return out;
}

/** An exported view re-read and compared with the screen's own numbers; anonymity, scopes and owners hold (issue 17). */
describe.each(DRIVERS)('statistics exports on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let leader: string;
  let supervisor: string;
  let admin2: string;
  let semesterId: string;
  const u = (name: string) => env.schoolA.users[name]!.id;
  const db = <T>(fn: (tx: Tx) => Promise<T>) => platformTx(env.dbh.db, 'seed', fn);
  const hdr = (lang: TLanguage = 'en') => ({ language: lang });
  const qs = (q: Record<string, string | undefined>) => new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  const w = (k: keyof typeof STATS_EXPORT_TEXT, lang: TLanguage = 'en') => STATS_EXPORT_TEXT[k][lang];

  const start = (token: string, body: TStatsExportRequest, lang: TLanguage = 'en') => call<{ jobId: string }>(env.app, { method: 'POST', url: `${P}/exports`, body, token, headers: hdr(lang) });
  const job = (token: string, jobId: string) => call<TStatsExportJob>(env.app, { url: `${P}/exports/job?jobId=${jobId}`, token, headers: hdr() });
  const settle = async (token: string, jobId: string) => {
    const deadline = Date.now() + 90_000;
    let last: TStatsExportJob | undefined;
    for (;;) {
      const { body } = await job(token, jobId);
      expect(body.code, body.msg).toBe(1);
      // Progress only grows, and never passes the total.
      if (last) expect(body.data.progress).toBeGreaterThanOrEqual(last.progress);
      expect(body.data.progress).toBeLessThanOrEqual(Math.max(body.data.total, 0));
      last = body.data;
      if (body.data.status === 'done' || body.data.status === 'failed') return body.data;
      if (Date.now() > deadline) throw new Error(`export ${jobId} did not finish: ${JSON.stringify(body.data)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const download = (token: string, jobId: string) =>
    env.app.inject({ method: 'GET', url: `${P}/exports/download?jobId=${jobId}`, headers: { authorization: `Bearer ${token}`, language: 'en' } });
  const exportBook = async (token: string, body: TStatsExportRequest, lang: TLanguage = 'en') => {
    const s = await start(token, body, lang);
    expect(s.body.code, s.body.msg).toBe(1);
    const done = await settle(token, s.body.data.jobId);
    expect(done.status, done.message ?? '').toBe('done');
    const res = await download(token, s.body.data.jobId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    return { job: done, book: await readBook(res.rawPayload), jobId: s.body.data.jobId };
  };

  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, leader, supervisor, admin2] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'leader'), loginAs(env.app, 'supervisor'), loginAs(env.app, 'admin2')]);
    semesterId = env.schoolA.directory.semesterId;
    const schoolId = env.schoolA.schoolId;
    const versionId = env.schoolA.evaluation.templateVersionId;
    const courses = env.schoolA.directory.courses;
    // Generated evaluations over the courses' first classes, some anonymous; analyses of classes in a room.
    await db(async (tx) => {
      const full = rowsOf<{ t: number }>(await tx.execute(sql`select total_score as t from template_versions where id = ${versionId}`))[0]!.t;
      const sessions = rowsOf<{ id: string; course_id: string; classroom_id: string | null }>(await tx.execute(sql`
        select id::text, course_id::text, classroom_id::text from (select cs.*, row_number() over (partition by course_id order by lesson_date, session_start) as k
          from course_sessions cs where school_id = ${schoolId}) x where k <= 5 order by course_id, k`));
      const evaluators = [u('admin'), u('leader'), u('supervisor')];
      const teacherOf = new Map(courses.map((c) => [c.id, c.teacherId]));
      let i = 0;
      for (const s of sessions) {
        i++;
        const score = Math.min(Number(full), Math.round(Number(full) * (0.45 + ((i * 37) % 55) / 100)));
        const [e] = await tx.insert(evaluations).values({
          schoolId, templateVersionId: versionId, courseSessionId: s.id, courseId: s.course_id, teacherId: teacherOf.get(s.course_id)!, evaluatorId: evaluators[i % 3]!,
          kind: 'free', status: 'submitted', totalScore: score, anonymous: i % 4 === 0, answers: {}, submittedAt: new Date(),
        }).returning({ id: evaluations.id });
        await tx.insert(evaluationSectionScores).values({ schoolId, evaluationId: e!.id, sectionKey: 's1', indicatorKey: 'k1', name: 'Teaching', score: (i * 13) % 61, full: 60 });
        if (s.classroom_id) {
          const [a] = await tx.insert(classAnalyses).values({
            schoolId, courseSessionId: s.id, classroomId: s.classroom_id, sampleSeconds: 10, stIntervalSeconds: 30, source: 'recording', status: 'done',
            attendanceRate: ((i * 37) % 50 + 50) / 100, headUpRate: i % 7 === 0 ? null : ((i * 23) % 70 + 30) / 100, frontRowRate: ((i * 13) % 90 + 10) / 100,
          }).returning({ id: classAnalyses.id });
          if (i % 3 === 0) {
            for (let k = 0; k <= i % 2; k++) {
              await tx.insert(classAnalysisHits).values({ schoolId, analysisId: a!.id, word: k ? 'cheat' : 'fight', category: k ? 'Exams' : 'Violence', severity: k ? 'severe' : 'mild', start: 30 + k * 40, end: 31 + k * 40, context: `they said ${k ? 'cheat' : 'fight'} here` });
            }
          }
        }
      }
    });
  });
  afterAll(async () => env?.close());

  it('exports the evaluation view with its filters: the file holds the screen\'s numbers and every evaluation, no anonymous evaluator', async () => {
    const unit = env.schoolA.directory.courses[0]!.orgUnitId;
    const query = { semesterId, orgUnitId: unit, groupBy: 'teacher' as const };
    const screen = await call<TEvaluationStats>(env.app, { url: `${P}/evaluation?${qs(query)}`, token: admin, headers: hdr() });
    expect(screen.body.code, screen.body.msg).toBe(1);
    const records = await call<Page<TStatsEvaluationRow>>(env.app, { url: `${P}/evaluation/records?${qs({ semesterId, orgUnitId: unit, pageSize: '100' })}`, token: admin, headers: hdr() });
    const d = screen.body.data;
    expect(d.scope.evaluations).toBeGreaterThan(3);
    expect(records.body.data.total).toBe(d.scope.evaluations);

    const { job: done, book } = await exportBook(admin, { view: 'evaluation', query });
    expect(done.rows).toBe(d.scope.evaluations);
    expect(done.progress).toBe(done.total);
    expect(done.fileName).toMatch(/^evaluation-statistics-\d{4}-\d{2}-\d{2}\.xlsx$/);

    // Summary: each figure, scope and school, as the screen gives it.
    const summary = book.get(w('sheetSummary'))!;
    const figure = (k: keyof typeof STATS_EXPORT_TEXT) => summary.find((r) => r[0] === w(k))!;
    for (const k of ['evaluations', 'teachersEvaluated', 'teachersTeaching', 'coverage', 'meanPercent'] as const) {
      expect(figure(k).slice(1, 3), k).toEqual([d.scope[k], d.school[k]]);
    }
    expect(figure('unit')[1]).toBe(d.subject.orgUnit!.name);
    // The teachers of the department, as the screen's table.
    const groups = book.get(w('sheetGroups'))!;
    expect(groups.slice(1).map((r) => [r[0], r[2], r[6]])).toEqual(d.groups.map((g) => [g.name, g.evaluations, g.meanPercent]));
    expect(book.get(w('sheetDistribution'))!.slice(1).map((r) => r[1])).toEqual(d.distribution.map((b) => b.count));
    expect(book.get(w('sheetTrend'))!.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual(d.trend.map((t) => [t.week, t.evaluations, t.meanPercent]));

    // Every evaluation behind the figures, in the list's order, each as the list shows it.
    const rows = book.get(w('sheetEvaluations'))!.slice(1);
    expect(rows.length).toBe(records.body.data.total);
    records.body.data.list.forEach((r, i) => {
      const x = rows[i]!;
      expect([x[0], x[3], x[5], x[16]]).toEqual([r.lessonDate, r.course.name, r.teacher.name, r.percent]);
      if (r.anonymous) expect([x[8], x[9], x[10]]).toEqual([w('anonymous'), null, w('yes')]);
      else expect([x[8], x[9]]).toEqual([r.evaluator!.name, r.evaluator!.account]);
    });
    // Nothing in the file names an anonymous evaluation's evaluator.
    const anonymous = rowsOf<{ evaluator: string }>(await db((tx) => tx.execute(sql`
      select distinct a.account as evaluator from evaluations e join accounts a on a.id = e.evaluator_id join courses c on c.id = e.course_id
      where e.school_id = ${env.schoolA.schoolId} and e.anonymous and c.org_unit_id = ${unit}`)));
    expect(anonymous.length).toBeGreaterThan(0);
    const anonymousRows = rows.filter((r) => r[10] === w('yes'));
    expect(anonymousRows.length).toBe(records.body.data.list.filter((r) => r.anonymous).length);
    for (const r of anonymousRows) for (const a of anonymous) expect(r).not.toContain(a.evaluator);
  });

  it('writes the workbook in the language of the person who asked', async () => {
    const { book } = await exportBook(admin, { view: 'evaluation', query: { semesterId, groupBy: 'unit' } }, 'ja');
    expect([...book.keys()]).toContain(w('sheetEvaluations', 'ja'));
    expect(book.get(w('sheetSummary', 'ja'))![0]).toEqual([w('item', 'ja'), w('scope', 'ja'), w('school', 'ja')]);
  });

  it('exports the three-rate view with its grouping: the file holds the screen\'s numbers and every analysed class', async () => {
    const query = { semesterId, groupBy: 'building' as const };
    const screen = await call<TThreeRateStats>(env.app, { url: `${P}/three-rate?${qs(query)}`, token: admin, headers: hdr() });
    expect(screen.body.code, screen.body.msg).toBe(1);
    const d = screen.body.data;
    expect(d.scope.classes).toBeGreaterThan(3);
    const { job: done, book } = await exportBook(admin, { view: 'threeRate', query });
    expect(done.rows).toBe(d.scope.classes);
    const summary = book.get(w('sheetSummary'))!;
    for (const k of ['classes', 'attendance', 'headUp', 'frontRow', 'headUpClasses'] as const) {
      expect(summary.find((r) => r[0] === w(k))!.slice(1, 3), k).toEqual([d.scope[k], d.school[k]]);
    }
    expect(book.get(w('sheetGroups'))!.slice(1).map((r) => [r[0], r[2], r[3], r[4], r[5]])).toEqual(d.groups.map((g) => [g.name, g.classes, g.attendance, g.headUp, g.frontRow]));
    const classes = book.get(w('sheetClasses'))!.slice(1);
    expect(classes.length).toBe(d.scope.classes);
    // The classes' mean attendance is the screen's figure.
    const att = classes.map((r) => r[11]).filter((v): v is number => typeof v === 'number');
    expect(att.length).toBe(d.scope.attendanceClasses);
  });

  it('exports sensitive-topic classrooms and one class\'s words, as the screens give them', async () => {
    const screen = await call<TSensitiveStats>(env.app, { url: `${P}/sensitive?${qs({ semesterId })}`, token: admin, headers: hdr() });
    expect(screen.body.code, screen.body.msg).toBe(1);
    const d = screen.body.data;
    expect(d.scope.classesWithHits).toBeGreaterThan(1);
    const { job: done, book } = await exportBook(admin, { view: 'sensitive', query: { semesterId } });
    expect(done.rows).toBe(d.scope.classesWithHits);
    const summary = book.get(w('sheetSummary'))!;
    for (const k of ['analysedClasses', 'classesWithHits', 'hits', 'share'] as const) expect(summary.find((r) => r[0] === w(k))!.slice(1, 3), k).toEqual([d.scope[k], d.school[k]]);
    expect(book.get(w('sheetCategories'))!.slice(1).map((r) => [r[0], r[2]])).toEqual(d.categories.map((c) => [c.category, c.hits]));
    const classes = book.get(w('sheetClasses'))!.slice(1);
    expect(classes.reduce((n, r) => n + Number(r[10]), 0)).toBe(d.scope.hits);
    // One class's words in context.
    const one = rowsOf<{ id: string; n: number }>(await db((tx) => tx.execute(sql`
      select a.course_session_id::text as id, count(*)::int as n from class_analysis_hits h join class_analyses a on a.id = h.analysis_id
      where h.school_id = ${env.schoolA.schoolId} group by 1 order by 2 desc limit 1`)))[0]!;
    const hits = await exportBook(admin, { view: 'sensitiveHits', query: { courseSessionId: one.id } });
    const rows = hits.book.get(w('sheetHits'))!.slice(1);
    expect(rows.length).toBe(Number(one.n));
    expect(rows.every((r) => String(r[5]).includes(String(r[2])))).toBe(true);
  });

  it('reads every row in keyset batches: the batches together are the list, in its order', async () => {
    await schoolTx(env.dbh.db, env.schoolA.schoolId, async (tx) => {
      const f = { semesterId };
      const reach = { kind: 'school' as const };
      const all = await evalRepo.evaluationPage(tx, f, reach, { pageNum: 1, pageSize: 10_000 });
      const got: string[] = [];
      let after: evalRepo.RowCursor | undefined;
      for (;;) {
        const b = await evalRepo.evaluationBatch(tx, f, reach, after, 7);
        got.push(...b.map((r) => r.evaluationId));
        if (b.length < 7) break;
        const last = b[b.length - 1]!;
        after = { lessonDate: last.lessonDate, session: last.sessionStart, id: last.evaluationId };
      }
      expect(got).toEqual(all.map((r) => r.evaluationId));
      const classes = await rateRepo.classPage(tx, f, reach, { pageNum: 1, pageSize: 10_000 });
      const gotClasses: string[] = [];
      let afterClass: evalRepo.RowCursor | undefined;
      for (;;) {
        const b = await rateRepo.classBatch(tx, f, reach, afterClass, 5);
        gotClasses.push(...b.map((r) => r.courseSessionId));
        if (b.length < 5) break;
        const last = b[b.length - 1]!;
        afterClass = { lessonDate: last.lessonDate, session: last.session, id: last.courseSessionId };
      }
      expect(gotClasses).toEqual(classes.map((r) => r.courseSessionId));
    });
  });

  it('refuses a scope outside the reader\'s reach, and a view without its menu', async () => {
    const [inside, outside] = env.schoolA.directory.departmentIds as [string, string];
    await db(async (tx) => {
      await tx.update(schoolMemberships).set({ deptScope: 'selected' }).where(sql`school_id = ${env.schoolA.schoolId} and account_id = ${u('leader')}`);
      await tx.insert(memberScopeUnits).values({ schoolId: env.schoolA.schoolId, accountId: u('leader'), orgUnitId: inside });
    });
    const refused = await start(leader, { view: 'evaluation', query: { semesterId, orgUnitId: outside, groupBy: 'teacher' } });
    expect([refused.status, refused.body.errorKey]).toEqual([403, 'statistics.outOfScope']);
    const zh = await start(leader, { view: 'threeRate', query: { semesterId, orgUnitId: outside, groupBy: 'teacher' } }, 'zh');
    expect(zh.body.msg).toBe('所选部门、教师或课程不在您的督导范围内');
    // Inside the reach, the export holds only the reach's evaluations.
    const { book } = await exportBook(leader, { view: 'evaluation', query: { semesterId, groupBy: 'unit' } });
    const mine = rowsOf<{ n: number }>(await db((tx) => tx.execute(sql`
      select count(*)::int as n from evaluations e join courses c on c.id = e.course_id where e.school_id = ${env.schoolA.schoolId} and e.status = 'submitted'
        and c.semester_id = ${semesterId} and c.org_unit_id in (with recursive t(id) as (select ${inside}::bigint union all select o.id from org_units o join t on o.parent_id = t.id) select id from t)`)))[0]!.n;
    expect(book.get(w('sheetEvaluations'))!.length - 1).toBe(Number(mine));
    // A member without the view's menu (a supervisor has no sensitive-topic screen by default) is refused.
    const sup = await start(supervisor, { view: 'sensitive', query: { semesterId } });
    expect(sup.status).toBe(403);
  });

  it('keeps a job and its file to the person who started it, in their school', async () => {
    const { jobId } = await exportBook(admin, { view: 'evaluation', query: { semesterId, groupBy: 'unit' } });
    // Another school's administrator: neither the job nor the file exists for them.
    const other = await job(admin2, jobId);
    expect([other.status, other.body.errorKey]).toEqual([404, 'common.notFound']);
    const otherFile = await download(admin2, jobId);
    expect(otherFile.statusCode).toBe(404);
    // Another person of the same school with the same menus: not theirs either.
    const colleague = await download(leader, jobId);
    expect(colleague.statusCode).toBe(404);
    expect((await job(leader, jobId)).status).toBe(404);
    // A day later the file is gone, and the job says so.
    await db((tx) => tx.execute(sql`update jobs set finished_at = now() - interval '25 hours' where id = ${jobId}`));
    const sweep = await import('./exports.service.ts');
    await db(async (tx) => {
      const keys = await (await import('./exports.repo.ts')).expireBefore(tx, sweep.EXPORT_JOB, new Date(Date.now() - 24 * 3_600_000).toISOString(), 10);
      expect(keys.length).toBeGreaterThan(0);
    });
    const gone = await download(admin, jobId);
    expect([gone.statusCode, (gone.json() as { errorKey: string }).errorKey]).toEqual([410, 'statistics.exportGone']);
    expect((await job(admin, jobId)).body.data.fileName).toBeNull();
  });
});
