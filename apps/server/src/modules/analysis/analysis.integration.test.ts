import { and, asc, desc, eq, isNotNull, lt, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClassReport, TSensitiveWord, TSensitiveWordsImportResult, TWarningRuleRow } from '@hxk/contracts';
import { aiWarningRules, courseSessions, courses, sensitiveWords, warnings } from '../../db/schema/index.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { FILE_CSP } from '../files/files.routes.ts';
import * as repo from './analysis.repo.ts';
import { storeResult, type TAnalysisResult } from './analysis.service.ts';

const P = '/app/ddxk/ai/v1';
/** The frame kept as evidence at 60 s (a stand-in JPEG: the endpoint serves what was stored). */
const EVIDENCE_KEY = 'test/analysis/evidence-60.jpg';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);

/** A measured lesson of 4 minutes: students look down from minute 1 to 3, a sensitive word at 95 s. */
function result(): TAnalysisResult {
  const samples = Array.from({ length: 24 }, (_, i) => {
    const t = i * 10;
    const low = t >= 60 && t < 180;
    return { t, faces: 30, posed: 30, headUp: low ? 9 : 27, headDown: low ? 21 : 3, turnedAway: 0, frontRow: 8, expressions: { calm: 0.8, joy: 0.2 }, confidence: 0.9, evidenceKey: t === 60 ? EVIDENCE_KEY : null };
  });
  return {
    durationSeconds: 240,
    expectedStudents: 40,
    presentAvg: 30,
    attendanceRate: 0.75,
    headUpRate: 0.6,
    frontRowExpected: 10,
    frontRowActual: 8,
    frontRowRate: 0.8,
    pitchBaseline: -12,
    st: { sequence: 'TTSTTSTT', rt: 0.75, ch: 0.5, mode: 'lecture' },
    talk: { teacher: 160, student: 30, overlap: 0, silence: 50 },
    teacherAttendance: 'normal',
    transcriptStatus: 'done',
    speechRate: 210,
    methods: { attendanceRate: { method: 'faces/expected', confidence: 0.9 } },
    samples,
    teacherSamples: samples.map((s) => ({ t: s.t, faces: 1 })),
    talkSegments: [{ kind: 'teacher', start: 0, end: 50 }, { kind: 'student', start: 60, end: 75 }],
    transcript: [{ start: 90, end: 100, speaker: 'teacher', text: '今天我们不讨论暴力问题' }],
    hits: [{ word: '暴力', category: 'violence', severity: 'severe', start: 90, end: 100, context: '今天我们不讨论暴力问题' }],
  };
}

describe.each(DRIVERS)('AI analysis API on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let teacher: string;
  let mine: { id: string; classroomId: string | null };
  let notMine: { id: string };
  const en = { language: 'en' };
  const A = () => env.schoolA.schoolId;

  beforeAll(async () => {
    env = await createTestEnv(driver);
    [admin, admin2, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'teacher')]);
    const teacherId = env.schoolA.users.teacher!.id;
    const today = new Date().toISOString().slice(0, 10);
    const classes = (own: boolean) =>
      platformTx(env.dbh.db, 'seed', (tx) =>
        tx.select({ id: courseSessions.id, classroomId: courseSessions.classroomId, teacherId: courses.teacherId }).from(courseSessions)
          .innerJoin(courses, and(eq(courses.schoolId, courseSessions.schoolId), eq(courses.id, courseSessions.courseId)))
          .where(and(eq(courseSessions.schoolId, A()), own ? eq(courses.teacherId, teacherId) : ne(courses.teacherId, teacherId), isNotNull(courseSessions.classroomId), lt(courseSessions.lessonDate, today)))
          .orderBy(desc(courseSessions.lessonDate), asc(courseSessions.id)).limit(1));
    mine = (await classes(true))[0]!;
    notMine = (await classes(false))[0]!;
  });
  afterAll(async () => env?.close());

  describe('warning rules', () => {
    const save = (token: string, body: unknown, language = 'en') => call<TWarningRuleRow>(env.app, { url: `${P}/warning-rules/save`, token, body, headers: { language } });

    it('adds, lists, changes and deletes a rule, keeping only what its kind uses', async () => {
      const added = await save(admin, { kind: 'headUpBelow', threshold: 50, minutes: 5, category: 'ignored', level: 'moderate' });
      expect(added.status).toBe(200);
      expect(added.body.data).toMatchObject({ kind: 'headUpBelow', threshold: 50, minutes: 5, category: null, level: 'moderate', enabled: true });
      const word = await save(admin, { kind: 'sensitiveWord', threshold: 10, minutes: 3, category: 'violence', level: 'severe' });
      expect(word.body.data).toMatchObject({ threshold: null, minutes: null, category: 'violence' });
      const list = await call<TWarningRuleRow[]>(env.app, { url: `${P}/warning-rules`, token: admin });
      expect(list.body.data.map((r) => r.kind)).toEqual(['headUpBelow', 'sensitiveWord']);
      const changed = await save(admin, { id: added.body.data.id, kind: 'headUpBelow', threshold: 40, minutes: 2, level: 'severe', enabled: false });
      expect(changed.body.data).toMatchObject({ id: added.body.data.id, threshold: 40, minutes: 2, level: 'severe', enabled: false });
      const deleted = await call(env.app, { url: `${P}/warning-rules/delete`, token: admin, body: { id: added.body.data.id } });
      expect(deleted.status).toBe(200);
      expect((await call<TWarningRuleRow[]>(env.app, { url: `${P}/warning-rules`, token: admin })).body.data).toHaveLength(1);
    });

    it('refuses a rate rule without its threshold, naming the field in the reader\'s language', async () => {
      const r = await save(admin, { kind: 'attendanceBelow', minutes: 5, level: 'mild' });
      expect(r.status).toBe(400);
      expect(r.body.msg).toContain('threshold');
      const ja = await save(admin, { kind: 'headUpBelow', threshold: 101, minutes: 5, level: 'mild' }, 'ja');
      expect(ja.status).toBe(400);
      expect(ja.body.msg).toContain('0〜100');
      const minutes = await save(admin, { kind: 'teacherAbsent', minutes: 999, level: 'mild' });
      expect(minutes.status).toBe(400);
    });

    it('is refused to a teacher, and another school cannot read, change or delete a rule (404, unchanged)', async () => {
      expect((await call(env.app, { url: `${P}/warning-rules`, token: teacher })).status).toBe(403);
      const rule = await save(admin, { kind: 'teacherAbsent', minutes: 5, level: 'severe' });
      const id = rule.body.data.id;
      const other = await save(admin2, { id, kind: 'teacherAbsent', minutes: 1, level: 'mild' });
      expect(other.status).toBe(404);
      expect((await call(env.app, { url: `${P}/warning-rules/delete`, token: admin2, body: { id } })).status).toBe(404);
      expect((await call<TWarningRuleRow[]>(env.app, { url: `${P}/warning-rules`, token: admin2 })).body.data).toEqual([]);
      const row = await schoolTx(env.dbh.db, A(), (tx) => tx.select().from(aiWarningRules).where(eq(aiWarningRules.id, id)));
      expect(row[0]).toMatchObject({ minutes: 5, level: 'severe' });
      await call(env.app, { url: `${P}/warning-rules/delete`, token: admin, body: { id } });
    });
  });

  describe('sensitive-word lexicon', () => {
    const save = (token: string, body: unknown) => call<TSensitiveWord>(env.app, { url: `${P}/sensitive-words/save`, token, body, headers: en });
    const upload = (token: string, csv: string) => {
      const boundary = 'hxkboundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="words.csv"\r\nContent-Type: text/csv\r\n\r\n`),
        Buffer.from(csv),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return env.app.inject({ method: 'POST', url: `${P}/sensitive-words/import`, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'test', language: 'en' }, payload });
    };

    it('adds words, refuses the same word twice (also in full width), searches and deletes', async () => {
      const a = await save(admin, { word: '暴力', category: 'violence', severity: 'severe' });
      expect(a.status).toBe(200);
      const dup = await save(admin, { word: ' 暴力 ', category: 'x', severity: 'mild' });
      expect(dup.status).toBe(409);
      expect(dup.body.msg).toContain('暴力');
      await save(admin, { word: 'ＧＡＭＢＬＥ', category: 'gambling', severity: 'moderate' });
      const found = await call<{ list: TSensitiveWord[]; total: number }>(env.app, { url: `${P}/sensitive-words?keyword=GAM`, token: admin });
      expect(found.body.data).toMatchObject({ total: 1, list: [{ word: 'GAMBLE', category: 'gambling' }] });
      const empty = await save(admin, { word: '', category: 'x', severity: 'mild' });
      expect(empty.status).toBe(400);
      expect((await call(env.app, { url: `${P}/sensitive-words/delete`, token: admin, body: { id: found.body.data.list[0]!.id } })).status).toBe(200);
    });

    it('imports a CSV all or nothing with the errors per line, and exports what it holds', async () => {
      const bad = await upload(admin, 'word,category,severity\n赌博,gambling,moderate\n,x,mild\nfoo,bar,terrible\n');
      const badBody = bad.json<{ data: TSensitiveWordsImportResult }>();
      expect(bad.statusCode).toBe(200);
      expect(badBody.data.imported).toBe(0);
      expect(badBody.data.errors.map((e) => [e.line, e.column])).toEqual([[3, 'word'], [4, 'severity']]);
      const before = await schoolTx(env.dbh.db, A(), (tx) => tx.select().from(sensitiveWords));
      expect(before.map((w) => w.word)).not.toContain('赌博');
      const good = await upload(admin, 'word,category,severity\n赌博,gambling,moderate\n暴力,violence,mild\n');
      expect(good.json<{ data: TSensitiveWordsImportResult }>().data).toEqual({ imported: 2, errors: [] });
      const exported = await env.app.inject({ method: 'GET', url: `${P}/sensitive-words/export`, headers: { authorization: `Bearer ${admin}` } });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain('text/csv');
      const lines = exported.body.replace(/^\uFEFF/, '').trim().split(/\r\n/);
      expect(lines).toEqual(['word,category,severity', '暴力,violence,mild', '赌博,gambling,moderate']);
    });

    it('keeps each school\'s lexicon apart (404 on another school\'s word, unchanged)', async () => {
      const list = await call<{ list: TSensitiveWord[] }>(env.app, { url: `${P}/sensitive-words`, token: admin });
      const word = list.body.data.list[0]!;
      expect((await call<{ total: number }>(env.app, { url: `${P}/sensitive-words`, token: admin2 })).body.data.total).toBe(0);
      expect((await save(admin2, { id: word.id, word: 'changed', category: 'x', severity: 'mild' })).status).toBe(404);
      expect((await call(env.app, { url: `${P}/sensitive-words/delete`, token: admin2, body: { id: word.id } })).status).toBe(404);
      const still = await schoolTx(env.dbh.db, A(), (tx) => tx.select().from(sensitiveWords).where(eq(sensitiveWords.id, word.id)));
      expect(still[0]?.word).toBe(word.word);
      expect((await call(env.app, { url: `${P}/sensitive-words`, token: teacher })).status).toBe(403);
    });
  });

  describe('the AI classroom report', () => {
    const report = (token: string, id: string) => call<TClassReport>(env.app, { url: `${P}/report?courseSessionId=${id}`, token, headers: en });

    beforeAll(async () => {
      // Rules of the school (only these), then a stored run of the pipeline for the teacher's class.
      for (const r of (await call<TWarningRuleRow[]>(env.app, { url: `${P}/warning-rules`, token: admin })).body.data) {
        await call(env.app, { url: `${P}/warning-rules/delete`, token: admin, body: { id: r.id } });
      }
      await call(env.app, { url: `${P}/warning-rules/save`, token: admin, body: { kind: 'headUpBelow', threshold: 50, minutes: 1, level: 'moderate' } });
      await call(env.app, { url: `${P}/warning-rules/save`, token: admin, body: { kind: 'sensitiveWord', category: 'violence', level: 'severe' } });
      await call(env.app, { url: `${P}/warning-rules/save`, token: admin, body: { kind: 'attendanceBelow', threshold: 50, minutes: 0, level: 'mild' } });
      await env.app.deps.storage.put(EVIDENCE_KEY, JPEG, JPEG.length);
      await schoolTx(env.dbh.db, A(), async (tx) => {
        const analysis = await repo.upsertAnalysis(tx, { schoolId: A(), courseSessionId: mine.id, classroomId: mine.classroomId, source: 'recording', status: 'running', sampleSeconds: 10, stIntervalSeconds: 30 });
        await storeResult(tx, { analysis, result: result(), startedAt: new Date('2026-11-20T00:00:00Z'), classroomId: mine.classroomId, finished: true });
        // Stored again (a re-run): the details are replaced and no warning is raised twice.
        await storeResult(tx, { analysis, result: result(), startedAt: new Date('2026-11-20T00:00:00Z'), classroomId: mine.classroomId, finished: true });
      });
    });

    it('shows the class\'s teacher every figure with its method, the samples, talk, transcript, hits and the warnings raised', async () => {
      const r = await report(teacher, mine.id);
      expect(r.status).toBe(200);
      const a = r.body.data.analysis!;
      expect(a).toMatchObject({ status: 'done', attendanceRate: 0.75, headUpRate: 0.6, rt: 0.75, ch: 0.5, mode: 'lecture', stSequence: 'TTSTTSTT', teacherAttendance: 'normal', progress: null });
      expect(a.methods.attendanceRate).toEqual({ method: 'faces/expected', confidence: 0.9 });
      expect(a.samples).toHaveLength(24);
      expect(a.teacherSamples).toHaveLength(24);
      expect(a.talk).toEqual([{ kind: 'teacher', start: 0, end: 50 }, { kind: 'student', start: 60, end: 75 }]);
      expect(a.transcript[0]).toMatchObject({ speaker: 'teacher', text: '今天我们不讨论暴力问题' });
      expect(a.hits).toEqual([{ word: '暴力', category: 'violence', severity: 'severe', start: 90, end: 100, context: '今天我们不讨论暴力问题' }]);
      // Head-up 30 % from 60 s: a minute of samples (60..110) raises it at 110 s; the word at 90 s; attendance 75 % is above 50 %.
      expect(a.warnings.map((w) => [w.kind, w.level, w.moments[0]])).toEqual([
        ['ai.sensitiveWord', 'severe', 90],
        ['ai.headUpBelow', 'moderate', 60],
      ]);
      expect(a.warnings.find((w) => w.kind === 'ai.headUpBelow')!.startedAt).toBe('2026-11-20T00:01:50.000Z');
      const rows = await schoolTx(env.dbh.db, A(), (tx) => tx.select().from(warnings).where(eq(warnings.courseSessionId, mine.id)));
      expect(rows).toHaveLength(2);
    });

    it('lets an administrator read it, and says when a class has no analysis', async () => {
      expect((await report(admin, mine.id)).body.data.analysis?.headUpRate).toBe(0.6);
      const none = await report(admin, notMine.id);
      expect(none.status).toBe(200);
      expect(none.body.data.analysis).toBeNull();
    });

    it('refuses a teacher another teacher\'s class (no patrol reach), and another school (404)', async () => {
      const notTheirs = await report(teacher, notMine.id);
      expect(notTheirs.status).toBe(403);
      expect(notTheirs.body.errorKey).toBe('live.noPatrol');
      const other = await report(admin2, mine.id);
      expect(other.status).toBe(404);
      expect(other.body.data).toBeNull();
    });

    it('serves a frame kept as evidence to the report\'s readers only, and says not found where none was kept', async () => {
      const evidence = (token: string, id: string, t: number) => env.app.inject({ url: `${P}/evidence?courseSessionId=${id}&t=${t}`, headers: { authorization: `Bearer ${token}`, ...en } });
      const a = (await report(teacher, mine.id)).body.data.analysis!;
      expect(a.samples.filter((s) => s.hasEvidence).map((s) => s.t)).toEqual([60]);
      const frame = await evidence(teacher, mine.id, 60);
      expect(frame.statusCode).toBe(200);
      expect(frame.headers['content-type']).toBe('image/jpeg');
      expect(frame.headers['cache-control']).toBe('private, max-age=300');
      // The files' security headers: shown inline as an image, never sniffed as anything else, running nothing.
      expect(frame.headers['x-content-type-options']).toBe('nosniff');
      expect(frame.headers['content-security-policy']).toBe(FILE_CSP);
      expect(frame.headers['content-disposition']).toMatch(/^inline; filename="evidence-60\.jpg"/);
      expect(frame.rawPayload.equals(JPEG)).toBe(true);
      expect((await evidence(admin, mine.id, 60)).statusCode).toBe(200);
      // No frame kept at 70 s; a class with no analysis; a bad second.
      expect((await evidence(teacher, mine.id, 70)).json()).toMatchObject({ errorKey: 'common.notFound' });
      expect((await evidence(admin, notMine.id, 60)).statusCode).toBe(404);
      expect((await evidence(teacher, mine.id, -1)).statusCode).toBe(400);
      // Another teacher's class, another school.
      expect((await evidence(teacher, notMine.id, 60)).statusCode).toBe(403);
      const other = await evidence(admin2, mine.id, 60);
      expect(other.statusCode).toBe(404);
      expect(other.rawPayload.includes(JPEG)).toBe(false);
    });
  });
});
