import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { files } from '../../db/schema/index.ts';
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
    const inline = await env.app.inject({ method: 'GET', url: `${up.body.data.url}&disposition=inline`, headers: { authorization: `Bearer ${teacher}` } });
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
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

  it('lets the uploader or a school administrator delete a file, not another teacher', async () => {
    const mine = await upload(env.app, teacher, {}, { name: 'mine.pdf', head: PDF });
    const other = await loginAs(env.app, 'supervisor');
    const refused = await call(env.app, { url: `/base/tool/file/v1/delete?fileId=${mine.body.data.fileId}`, method: 'POST', token: other, headers: { ...XHR, language: 'en' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorKey: 'file.deleteForbidden', msg: 'Only the uploader or a school administrator can delete this file.' });
    expect((await call(env.app, { url: `/base/tool/file/v1/get/info/of/id?fileId=${mine.body.data.fileId}`, token: other })).status).toBe(200);
    const admin = await loginAs(env.app, 'admin');
    const before = (await listFiles(filesDir)).length;
    expect((await call(env.app, { url: `/base/tool/file/v1/delete?fileId=${mine.body.data.fileId}`, method: 'POST', token: admin, headers: XHR })).body.code).toBe(1);
    expect((await listFiles(filesDir)).length).toBe(before - 1);
    expect((await call(env.app, { url: `/base/tool/file/v1/get/info/of/id?fileId=${mine.body.data.fileId}`, token: teacher })).status).toBe(404);
    const own = await upload(env.app, teacher, {}, { name: 'own.pdf', head: PDF });
    expect((await call(env.app, { url: `/base/tool/file/v1/delete?fileId=${own.body.data.fileId}`, method: 'POST', token: teacher, headers: XHR })).body.code).toBe(1);
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
