import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { TGlobalSettings } from '@hxk/contracts';
import type { FastifyInstance } from 'fastify';
import { files, jobs } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { s3Storage } from '../../platform/adapters/s3.ts';
import { startS3Double, type S3Double } from '../../platform/adapters/s3.double.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { DOCX, MP4_HEAD, PDF, PLAIN_ZIP, PNG, XLSX } from './fixtures.ts';

const MB = 1024 * 1024;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** A multipart body as a stream: text fields, then the file: `head` followed by zeros up to `size` bytes. */
function multipart(fields: Record<string, string>, file: { name: string; head: Buffer; size?: number; type?: string }) {
  const boundary = '----hxktest' + Math.random().toString(16).slice(2);
  const size = file.size ?? file.head.length;
  const zeros = Buffer.alloc(64 * 1024);
  function* body() {
    for (const [k, v] of Object.entries(fields)) yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`);
    yield file.head;
    for (let left = size - file.head.length; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { payload: Readable.from(body(), { objectMode: false }), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...XHR } };
}

async function upload(app: FastifyInstance, token: string, fields: Record<string, string>, file: { name: string; head: Buffer; size?: number }, lang = 'en') {
  const m = multipart(fields, file);
  const res = await app.inject({ method: 'POST', url: '/base/tool/file/v1/simple/upload', headers: { ...m.headers, authorization: `Bearer ${token}`, language: lang }, payload: m.payload });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; errorKey?: string; data: { fileId: string; name: string; size: number; contentType: string; url: string } } };
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const e of await fsp.readdir(d, { withFileTypes: true }).catch(() => [])) {
      if (e.isDirectory()) await walk(path.join(d, e.name));
      else out.push(path.relative(dir, path.join(d, e.name)));
    }
  };
  await walk(dir);
  return out;
}

describe.each(DRIVERS)('files on %s', (driver) => {
  let env: TestEnv;
  let teacher: string;
  let filesDir: string;
  let tmpDir: string;
  beforeAll(async () => {
    env = await createTestEnv(driver);
    teacher = await loginAs(env.app, 'teacher');
    filesDir = path.join(env.config.dataDir, 'files');
    tmpDir = path.join(env.config.dataDir, 'tmp');
  });
  afterAll(async () => {
    await env?.close();
  });
  // Each test in a minute of its own: the per-person upload rate counts by the (frozen) test clock.
  beforeEach(() => env.clock.advance(61));

  it('accepts an image of exactly 10 MB and refuses 10 MB + 1 byte while streaming', async () => {
    const exact = await upload(env.app, teacher, {}, { name: 'photo.png', head: PNG, size: 10 * MB });
    expect(exact.body).toMatchObject({ code: 1, data: { size: 10 * MB, contentType: 'image/png', name: 'photo.png' } });
    const before = await listFiles(filesDir);
    const over = await upload(env.app, teacher, {}, { name: 'photo2.png', head: PNG, size: 10 * MB + 1 }, 'zh');
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ errorKey: 'file.tooLarge', msg: '文件大小不能超过10MB' });
    expect(await listFiles(filesDir)).toEqual(before);
    expect(await listFiles(tmpDir)).toEqual([]);
  });

  it('refuses a stream above 100 MB without holding it in memory', async () => {
    let peak = 0;
    const base = process.memoryUsage();
    const timer = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.arrayBuffers - base.arrayBuffers, m.heapUsed - base.heapUsed);
    }, 5);
    const before = await listFiles(filesDir);
    const over = await upload(env.app, teacher, {}, { name: 'lesson.mp4', head: MP4_HEAD, size: 100 * MB + 1 }, 'ja');
    clearInterval(timer);
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ errorKey: 'file.tooLarge', msg: 'ファイルサイズは100MBを超えられません。' });
    // Buffering the body would need more than 100 MB; streaming stays far below whatever the garbage collector lags.
    expect(peak).toBeLessThan(80 * MB);
    expect(await listFiles(filesDir)).toEqual(before);
    expect(await listFiles(tmpDir)).toEqual([]);
  });

  it('decides the type by content and refuses what contradicts the name', async () => {
    const html = await upload(env.app, teacher, {}, { name: 'cat.png', head: Buffer.from('<!DOCTYPE html><script>alert(1)</script>') }, 'en');
    expect(html.body).toMatchObject({ code: 444, errorKey: 'file.formatWrong', msg: 'File format is wrong.' });
    expect(html.status).toBe(400);
    const page = await upload(env.app, teacher, {}, { name: 'page.html', head: Buffer.from('hello') });
    expect(page.body.errorKey).toBe('file.formatWrong');
    const exe = await upload(env.app, teacher, {}, { name: 'plan.pdf', head: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]) });
    expect(exe.body.errorKey).toBe('file.formatWrong');
    const fakeDocx = await upload(env.app, teacher, {}, { name: 'plan.docx', head: PLAIN_ZIP });
    expect(fakeDocx.body.errorKey).toBe('file.formatWrong');
    const xlsxAsDocx = await upload(env.app, teacher, {}, { name: 'plan.docx', head: XLSX });
    expect(xlsxAsDocx.body.errorKey).toBe('file.formatWrong');
    const docx = await upload(env.app, teacher, { accept: 'lessonPlan' }, { name: '教案.docx', head: DOCX });
    expect(docx.body.data.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const png = await upload(env.app, teacher, { accept: 'lessonPlan' }, { name: 'slide.png', head: PNG }, 'zh');
    expect(png.body).toMatchObject({ errorKey: 'file.onlyLessonPlan', msg: '文件格式错误，教案只能是 PPT、PDF、Word 或 Excel 文件' });
    const csv = await upload(env.app, teacher, { accept: 'excel' }, { name: 'people.csv', head: Buffer.from('a,b\n') });
    expect(csv.body.errorKey).toBe('file.onlyExcel');
    const bad = await upload(env.app, teacher, { accept: 'everything' }, { name: 'a.txt', head: Buffer.from('x') });
    expect(bad.body).toMatchObject({ errorKey: 'file.badField' });
    expect(bad.status).toBe(400);
    expect(await listFiles(tmpDir)).toEqual([]);
  });

  it('keeps only the base name of a path-like name, and never uses it in the storage key', async () => {
    const up = await upload(env.app, teacher, {}, { name: '../../etc/passwd', head: Buffer.from('root:x:0:0\n') });
    expect(up.body.data.name).toBe('passwd');
    const win = await upload(env.app, teacher, {}, { name: 'C:\\x\\y.png', head: PNG });
    expect(win.body.data.name).toBe('y.png');
    const rows = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(files).where(eq(files.id, up.body.data.fileId)));
    expect(rows[0]!.storageKey).toMatch(new RegExp(`^schools/${env.schoolA.schoolId}/files/[0-9a-f]{32}$`));
    expect((await listFiles(filesDir)).some((f) => f.includes('passwd') || f.includes('etc'))).toBe(false);
  });

  it('refuses the same name twice in one context, not in another or without context', async () => {
    const first = await upload(env.app, teacher, { context: 'appeal:123' }, { name: 'evidence.pdf', head: PDF });
    expect(first.body.code).toBe(1);
    const again = await upload(env.app, teacher, { context: 'appeal:123' }, { name: 'evidence.pdf', head: PDF }, 'en');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorKey: 'file.nameTaken', msg: 'A file named "evidence.pdf" has already been uploaded here.' });
    // The same name reached through a path is the same name.
    const viaPath = await upload(env.app, teacher, { context: 'appeal:123' }, { name: 'x/evidence.pdf', head: PDF });
    expect(viaPath.body.errorKey).toBe('file.nameTaken');
    expect((await upload(env.app, teacher, { context: 'appeal:124' }, { name: 'evidence.pdf', head: PDF })).body.code).toBe(1);
    expect((await upload(env.app, teacher, {}, { name: 'evidence.pdf', head: PDF })).body.code).toBe(1);
    expect((await upload(env.app, teacher, {}, { name: 'evidence.pdf', head: PDF })).body.code).toBe(1);
    const badContext = await upload(env.app, teacher, { context: '../x' }, { name: 'evidence.pdf', head: PDF });
    expect(badContext.body.errorKey).toBe('file.badField');
  });

  it('serves a file with its type and name, inline only when safe', async () => {
    const up = await upload(env.app, teacher, {}, { name: '教案 v2;final.pdf', head: PDF });
    const info = await call<{ name: string; size: number; ownerId: string; context: string | null }>(env.app, { url: `/base/tool/file/v1/get/info/of/id?fileId=${up.body.data.fileId}`, token: teacher });
    expect(info.body.data).toMatchObject({ name: '教案 v2;final.pdf', size: PDF.length, ownerId: env.schoolA.users.teacher!.id, context: null });
    const dl = await env.app.inject({ method: 'GET', url: up.body.data.url, headers: { authorization: `Bearer ${teacher}` } });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="__ v2_final.pdf"; filename*=UTF-8''${encodeURIComponent('教案 v2;final.pdf')}`);
    // A PDF can carry JavaScript: it is an attachment even when asked inline, and sandboxed anyway.
    const inline = await env.app.inject({ method: 'GET', url: `${up.body.data.url}&disposition=inline`, headers: { authorization: `Bearer ${teacher}` } });
    expect(inline.headers['content-disposition']).toMatch(/^attachment;/);
    expect(inline.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    const video = await upload(env.app, teacher, {}, { name: 'lesson.mp4', head: MP4_HEAD });
    const videoInline = await env.app.inject({ method: 'GET', url: `${video.body.data.url}&disposition=inline`, headers: { authorization: `Bearer ${teacher}` } });
    expect(videoInline.headers['content-disposition']).toMatch(/^attachment;/);
    const png = await upload(env.app, teacher, {}, { name: 'board.png', head: PNG });
    const pngInline = await env.app.inject({ method: 'GET', url: `${png.body.data.url}&disposition=inline`, headers: { authorization: `Bearer ${teacher}` } });
    expect(pngInline.headers['content-disposition']).toMatch(/^inline;/);
    expect(pngInline.headers['content-type']).toBe('image/png');
    const txt = await upload(env.app, teacher, {}, { name: 'notes.txt', head: Buffer.from('plain') });
    const txtInline = await env.app.inject({ method: 'GET', url: `${txt.body.data.url}&disposition=inline`, headers: { authorization: `Bearer ${teacher}` } });
    expect(txtInline.headers['content-disposition']).toMatch(/^attachment;/);
    expect(txtInline.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('keeps files inside their school: info, download and delete from school B are 404 and change nothing', async () => {
    const up = await upload(env.app, teacher, {}, { name: 'a.pdf', head: PDF });
    const id = up.body.data.fileId;
    const before = await listFiles(filesDir);
    const admin2 = await loginAs(env.app, 'admin2');
    expect((await call(env.app, { url: `/base/tool/file/v1/get/info/of/id?fileId=${id}`, token: admin2 })).status).toBe(404);
    expect((await env.app.inject({ method: 'GET', url: `/base/tool/file/v1/download?fileId=${id}`, headers: { authorization: `Bearer ${admin2}` } })).statusCode).toBe(404);
    const del = await call(env.app, { url: `/base/tool/file/v1/delete?fileId=${id}`, method: 'POST', token: admin2, headers: XHR });
    expect(del.status).toBe(404);
    const [row] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(files).where(eq(files.id, id)));
    expect(row).toMatchObject({ name: 'a.pdf', size: PDF.length });
    expect(await listFiles(filesDir)).toEqual(before);
  });

  it("keeps an upload nothing took to its uploader: other members, the administrator too, neither read nor delete it (404)", async () => {
    const mine = await upload(env.app, teacher, {}, { name: 'mine.pdf', head: PDF });
    const id = mine.body.data.fileId;
    const before = await listFiles(filesDir);
    for (const account of ['student', 'supervisor', 'admin']) {
      const token = await loginAs(env.app, account);
      const info = await call(env.app, { url: `/base/tool/file/v1/get/info/of/id?fileId=${id}`, token, headers: { language: 'en' } });
      expect(info.status, account).toBe(404);
      expect(info.body).toMatchObject({ errorKey: 'common.notFound', msg: 'Resource not found.' });
      expect((await env.app.inject({ method: 'GET', url: mine.body.data.url, headers: { authorization: `Bearer ${token}` } })).statusCode, account).toBe(404);
      const del = await call(env.app, { url: `/base/tool/file/v1/delete?fileId=${id}`, method: 'POST', token, headers: { ...XHR, language: 'en' } });
      expect(del.status, account).toBe(404);
      expect(del.body).toEqual(info.body);
    }
    const [row] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(files).where(eq(files.id, id)));
    expect(row).toMatchObject({ name: 'mine.pdf', ownerId: env.schoolA.users.teacher!.id, attachedAt: null });
    expect(await listFiles(filesDir)).toEqual(before);
    expect((await call(env.app, { url: `/base/tool/file/v1/delete?fileId=${id}`, method: 'POST', token: teacher, headers: XHR })).body.code).toBe(1);
    expect((await listFiles(filesDir)).length).toBe(before.length - 1);
    expect((await call(env.app, { url: `/base/tool/file/v1/get/info/of/id?fileId=${id}`, token: teacher })).status).toBe(404);
  });

  /** The school's global settings with some upload settings changed, saved as its administrator. */
  async function saveUploadSettings(token: string, change: Partial<Pick<TGlobalSettings, 'uploadFilesPerMinute' | 'uploadMbPerHour' | 'storageQuotaMb'>>) {
    const current = await call<TGlobalSettings>(env.app, { url: '/base/system/settings/v1/get', token });
    const { defaultResetPasswordSet: _set, storageUsedBytes: _used, ...rest } = current.body.data;
    return call<TGlobalSettings>(env.app, { url: '/base/system/settings/v1/save', body: { ...rest, ...change }, token });
  }
  const resetRate = async (account: string, school = env.schoolA) => {
    for (const k of ['n', 'b']) await env.app.deps.counters.reset(`upload:${k}:${school.schoolId}:${school.users[account]!.id}`);
  };

  it("holds each person to the school's upload rate: files a minute and bytes an hour, refused before or while the body streams", async () => {
    const admin = await loginAs(env.app, 'admin');
    const supervisor = await loginAs(env.app, 'supervisor');
    const saved = await saveUploadSettings(admin, { uploadFilesPerMinute: 3, uploadMbPerHour: 1 });
    expect(saved.body.data).toMatchObject({ uploadFilesPerMinute: 3, uploadMbPerHour: 1 });
    try {
      await resetRate('teacher');
      for (let i = 0; i < 3; i++) expect((await upload(env.app, teacher, {}, { name: `r${i}.txt`, head: Buffer.from('x') })).body.code).toBe(1);
      const fourth = await upload(env.app, teacher, {}, { name: 'r3.txt', head: Buffer.from('x') }, 'en');
      expect(fourth.status).toBe(429);
      expect(fourth.body.errorKey).toBe('file.tooFast');
      expect(fourth.body.msg).toMatch(/^Too many uploads: at most 3 files a minute per person\. Try again in \d+ seconds\.$/);
      const zh = await upload(env.app, teacher, {}, { name: 'r4.txt', head: Buffer.from('x') }, 'zh');
      expect(zh.body.msg).toMatch(/^上传过于频繁：每人每分钟最多上传 3 个文件，请 \d+ 秒后再试$/);
      // Another person of the school has a count of their own.
      expect((await upload(env.app, supervisor, {}, { name: 's.txt', head: Buffer.from('x') })).body.code).toBe(1);
      env.clock.advance(61);
      // 1 MB an hour: 700 KB pass, the next 700 KB are cut while they stream and nothing is kept.
      expect((await upload(env.app, teacher, {}, { name: 'big1.pdf', head: PDF, size: 700 * 1024 })).body.code).toBe(1);
      const before = await listFiles(filesDir);
      const over = await upload(env.app, teacher, {}, { name: 'big2.pdf', head: PDF, size: 700 * 1024 }, 'ja');
      expect(over.status).toBe(429);
      expect(over.body.errorKey).toBe('file.hourlyLimit');
      expect(over.body.msg).toMatch(/^1 時間にアップロードできるのは 1MB までです。\d+ 分後にもう一度お試しください。$/);
      expect(await listFiles(filesDir)).toEqual(before);
      expect(await listFiles(tmpDir)).toEqual([]);
    } finally {
      await saveUploadSettings(admin, { uploadFilesPerMinute: 20, uploadMbPerHour: 1024 });
      await resetRate('teacher');
    }
  });

  it("refuses uploads past the school's storage quota, and the quota of one school is not another's", async () => {
    const admin = await loginAs(env.app, 'admin');
    const admin2 = await loginAs(env.app, 'admin2');
    const teacher2 = await loginAs(env.app, 'teacher2');
    const used = (await call<TGlobalSettings>(env.app, { url: '/base/system/settings/v1/get', token: admin })).body.data.storageUsedBytes;
    expect(used).toBeGreaterThan(10 * MB);
    const before2 = (await call<TGlobalSettings>(env.app, { url: '/base/system/settings/v1/get', token: admin2 })).body.data;
    try {
      // Between 1 and 2 MB left: 3 MB are cut while they stream.
      await saveUploadSettings(admin, { storageQuotaMb: Math.ceil(used / MB) + 1 });
      const files0 = await listFiles(filesDir);
      const over = await upload(env.app, teacher, {}, { name: 'big.pdf', head: PDF, size: 3 * MB }, 'en');
      expect(over.status).toBe(413);
      expect(over.body.errorKey).toBe('file.quotaExceeded');
      expect(over.body.msg).toMatch(/^The school's storage is full \(\d+MB used of \d+MB\)\. Ask your administrator to free space or raise the quota\.$/);
      expect(await listFiles(filesDir)).toEqual(files0);
      expect((await upload(env.app, teacher, {}, { name: 'small.txt', head: Buffer.from('fits') })).body.code).toBe(1);
      // Full: refused before the body is read.
      await saveUploadSettings(admin, { storageQuotaMb: 0 });
      const full = await upload(env.app, teacher, {}, { name: 'tiny.txt', head: Buffer.from('x') }, 'zh');
      expect(full.status).toBe(413);
      expect(full.body.msg).toMatch(/^学校存储空间已满（已用 \d+MB，共 0MB），请联系管理员清理或扩容$/);
      // Second School: its own quota and its own use; what School A set changed nothing there.
      const after2 = (await call<TGlobalSettings>(env.app, { url: '/base/system/settings/v1/get', token: admin2 })).body.data;
      expect(after2).toEqual(before2);
      expect((await upload(env.app, teacher2, {}, { name: 'b.txt', head: Buffer.from('school b') })).body.code).toBe(1);
      // ...and Second School's administrator cannot change School A's quota.
      await saveUploadSettings(admin2, { storageQuotaMb: 5 });
      expect((await call<TGlobalSettings>(env.app, { url: '/base/system/settings/v1/get', token: admin })).body.data.storageQuotaMb).toBe(0);
    } finally {
      await saveUploadSettings(admin, { storageQuotaMb: 20 * 1024 });
      await saveUploadSettings(admin2, { storageQuotaMb: before2.storageQuotaMb });
    }
    const bad = await saveUploadSettings(admin, { uploadFilesPerMinute: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errorKey).toBe('common.validation');
  });

  it('removes uploads nothing took a day after, rows and objects, in every school, and keeps attached files', async () => {
    const teacher2 = await loginAs(env.app, 'teacher2');
    const old = await upload(env.app, teacher, {}, { name: 'old.pdf', head: PDF });
    const kept = await upload(env.app, teacher, {}, { name: 'kept.png', head: PNG });
    const old2 = await upload(env.app, teacher2, {}, { name: 'old2.pdf', head: PDF });
    // Taken by something (as an appeal takes its images, see the appeals tests).
    await platformTx(env.dbh.db, 'seed', (tx) => tx.update(files).set({ attachedAt: env.clock.now }).where(eq(files.id, kept.body.data.fileId)));
    // Read before the clock moves: from then on the background worker may sweep at any moment.
    const keyOf = async (id: string) => (await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(files).where(eq(files.id, id))))[0]?.storageKey;
    const oldKey = (await keyOf(old.body.data.fileId))!;
    expect((await listFiles(filesDir))).toContain(oldKey);
    env.clock.advance(25 * 3600);
    teacher = await loginAs(env.app, 'teacher'); // the old session has expired meanwhile
    await resetRate('teacher');
    const fresh = await upload(env.app, teacher, {}, { name: 'fresh.pdf', head: PDF });
    expect(fresh.body.code, fresh.body.msg).toBe(1);

    await env.app.deps.jobs.enqueueRecurring(true);
    while (await env.app.deps.jobs.runNext());
    // The background worker may hold one of the rounds: wait for it.
    const pending = () => platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(jobs).where(and(eq(jobs.kind, 'files.sweep'), inArray(jobs.status, ['queued', 'running']))));
    for (let i = 0; i < 100 && (await pending()).length; i++) await new Promise((r) => setTimeout(r, 50));
    const runs = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(jobs).where(eq(jobs.kind, 'files.sweep')));
    expect(new Set(runs.filter((j) => j.status === 'done').map((j) => j.schoolId))).toEqual(new Set([env.schoolA.schoolId, env.schoolB.schoolId]));

    const left = await platformTx(env.dbh.db, 'seed', (tx) => tx.select({ id: files.id }).from(files)
      .where(inArray(files.id, [old.body.data.fileId, kept.body.data.fileId, old2.body.data.fileId, fresh.body.data.fileId])));
    expect(left.map((r) => r.id).sort()).toEqual([kept.body.data.fileId, fresh.body.data.fileId].sort());
    expect(await listFiles(filesDir)).not.toContain(oldKey);
    expect((await env.app.inject({ method: 'GET', url: kept.body.data.url, headers: { authorization: `Bearer ${teacher}` } })).statusCode).toBe(200);
    // A second round within the hour queues nothing.
    expect(await env.app.deps.jobs.enqueueRecurring(true)).toBe(0);
  });

  it('refuses an upload without a file part', async () => {
    const boundary = 'xyz';
    const res = await env.app.inject({
      method: 'POST', url: '/base/tool/file/v1/simple/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${teacher}`, ...XHR },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nfile\r\n--${boundary}--\r\n`,
    });
    expect(res.json()).toMatchObject({ errorKey: 'file.missing' });
  });
});

describe('files on S3-compatible storage', () => {
  let env: TestEnv;
  let s3: S3Double;
  const creds = { bucket: 'hxk', region: 'us-east-1', accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' };
  beforeAll(async () => {
    s3 = await startS3Double(creds);
    env = await createTestEnv('pglite', { storage: s3Storage({ ...creds, endpoint: s3.endpoint, forcePathStyle: true }) });
  });
  afterAll(async () => {
    await env?.close();
    await s3?.close();
  });

  it('streams uploads into the bucket under the school prefix, and out again', async () => {
    const teacher = await loginAs(env.app, 'teacher');
    const up = await upload(env.app, teacher, { context: 'lessonPlan:1' }, { name: 'plan.pdf', head: PDF, size: 3 * MB });
    expect(up.body.code).toBe(1);
    const keys = [...s3.objects.keys()];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^schools/${env.schoolA.schoolId}/files/[0-9a-f]{32}$`));
    expect(s3.objects.get(keys[0]!)!.length).toBe(3 * MB);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', unsignedPayload: true });
    const dl = await env.app.inject({ method: 'GET', url: up.body.data.url, headers: { authorization: `Bearer ${teacher}` } });
    expect(dl.rawPayload.length).toBe(3 * MB);
    expect(dl.rawPayload.subarray(0, PDF.length).equals(PDF)).toBe(true);
    const tooBig = await upload(env.app, teacher, {}, { name: 'p.png', head: PNG, size: 10 * MB + 1 });
    expect(tooBig.status).toBe(413);
    expect(s3.objects.size).toBe(1);
    const avatar = await upload(env.app, teacher, { purpose: 'avatar' }, { name: 'me.png', head: PNG });
    expect(avatar.body.code).toBe(1);
    expect([...s3.objects.keys()].some((k) => k.startsWith(`avatars/${env.schoolA.users.teacher!.id}/`) && k.endsWith('.png'))).toBe(true);
    expect((await call(env.app, { url: `/base/tool/file/v1/delete?fileId=${up.body.data.fileId}`, method: 'POST', token: teacher, headers: XHR })).body.code).toBe(1);
    expect([...s3.objects.keys()].filter((k) => k.startsWith('schools/'))).toEqual([]);
  });
});
