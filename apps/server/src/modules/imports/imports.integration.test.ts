import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, type TImportJob, type TImportKind, type TLanguage } from '@hxk/contracts';
import { accounts, buildings, classrooms, courseSessions, courses, jobs, recorders, schoolMemberships, semesters } from '../../db/schema/index.ts';
import { platformTx, schoolTx } from '../../platform/tenancy.ts';
import { createAccount } from '../../db/seed/account.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { demoName } from '../../db/seed/seed.ts';
import { rawPublicKey, signLicence } from '../licence/licence-code.ts';
import { licencePayload } from '../licence/sign-cli.ts';

type Cells = Record<string, string | number>;
const vendor = crypto.generateKeyPairSync('ed25519');

/** An .xlsx file written by exceljs itself (not by our writer), headers in the given language. */
async function workbook(kind: TImportKind, rows: Cells[], lang: TLanguage = 'zh'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  const cols = IMPORT_COLUMNS[kind];
  ws.addRow(cols.map((c) => c.label[lang]));
  for (const r of rows) ws.addRow(cols.map((c) => r[c.key] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readBook(data: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as never);
  return wb;
}

function multipart(file: Buffer, name = 'import.xlsx') {
  const boundary = '----hxkimport';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' } };
}

describe.each(DRIVERS)('Excel import and export on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let teacher: string;
  const auth = (token: string, lang: TLanguage = 'en') => ({ authorization: `Bearer ${token}`, language: lang });

  beforeAll(async () => {
    // This file uploads and runs far more imports a minute than a person may (rate-limit tests cover that).
    env = await createTestEnv(driver, { env: { RATE_LIMIT_IMPORT_PER_MINUTE: '1000', RATE_LIMIT_EXPORT_PER_MINUTE: '1000', LICENCE_PUBLIC_KEY: rawPublicKey(vendor.publicKey) } });
    admin = await loginAs(env.app, 'admin');
    admin2 = await loginAs(env.app, 'admin2');
    teacher = await loginAs(env.app, 'teacher');
  });
  afterAll(async () => {
    await env?.close();
  });

  const upload = async (kind: TImportKind, file: Buffer, token = admin) => {
    const m = multipart(file);
    const res = await env.app.inject({ method: 'POST', url: `/base/import/v1/${kind}/upload`, payload: m.payload, headers: { ...m.headers, ...auth(token) } });
    return { status: res.statusCode, body: res.json() as { code: number; data: { jobId: string }; errorKey?: string } };
  };
  const job = async (kind: TImportKind, jobId: string, opts: { lang?: TLanguage; pageNum?: number; pageSize?: number; token?: string } = {}) =>
    call<TImportJob>(env.app, { url: `/base/import/v1/${kind}/job?jobId=${jobId}&pageNum=${opts.pageNum ?? 1}&pageSize=${opts.pageSize ?? 100}`, headers: auth(opts.token ?? admin, opts.lang ?? 'en') });
  /** Polls the job until it ends, as the screen does. */
  const settle = async (kind: TImportKind, jobId: string, lang: TLanguage = 'en') => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const { body } = await job(kind, jobId, { lang });
      if (body.data.status === 'done' || body.data.status === 'failed') return body.data;
      if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish: ${JSON.stringify(body.data)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const check = async (kind: TImportKind, rows: Cells[], lang: TLanguage = 'zh') => {
    const up = await upload(kind, await workbook(kind, rows, lang));
    expect(up.body.code).toBe(1);
    return { jobId: up.body.data.jobId, result: await settle(kind, up.body.data.jobId) };
  };
  const run = async (kind: TImportKind, checkJobId: string) => call<{ jobId: string }>(env.app, { url: `/base/import/v1/${kind}/run`, body: { jobId: checkJobId }, headers: auth(admin) });
  const inA = <T>(fn: Parameters<typeof schoolTx<T>>[2]) => schoolTx(env.dbh.db, env.schoolA.schoolId, fn);

  it('serves a template with headers in the reader\'s language, an example row and a notes sheet', async () => {
    for (const [lang, header, notes] of [['zh', '*账号', '填写说明'], ['en', '*Account', 'Notes'], ['ja', '*アカウント', '記入方法']] as const) {
      const res = await env.app.inject({ url: '/base/import/v1/user/template', headers: auth(admin, lang) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const wb = await readBook(res.rawPayload);
      expect(wb.worksheets[0]!.getRow(1).getCell(1).value).toBe(header);
      expect(wb.worksheets[0]!.getRow(2).getCell(1).value).toBe('t20260001');
      expect(wb.worksheets[1]!.name).toBe(notes);
    }
    // The untouched template imports nothing (its example row is not data).
    const tpl = await env.app.inject({ url: '/base/import/v1/classroom/template', headers: auth(admin) });
    const up = await upload('classroom', tpl.rawPayload);
    expect(await settle('classroom', up.body.data.jobId)).toMatchObject({ status: 'failed', errorKey: 'import.empty' });
  });

  it('refuses what is not an .xlsx file, and a sheet without the required columns', async () => {
    const html = await upload('user', Buffer.from('<html>not a workbook</html>'));
    expect(html).toMatchObject({ status: 400, body: { errorKey: 'import.badFile' } });
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['Name', 'Phone']).commit();
    wb.worksheets[0]!.addRow(['Somebody', '13900001111']);
    const up = await upload('user', Buffer.from(await wb.xlsx.writeBuffer()));
    const res = await settle('user', up.body.data.jobId);
    expect(res).toMatchObject({ status: 'failed', errorKey: 'import.missingColumns' });
    expect(res.message).toContain('Account');
    expect(res.message).toContain('Identity');
  });

  it('people: the dry run lists every bad row in the reader\'s language and the import is refused; the fixed file imports', async () => {
    const dept = 'College of Science';
    const good: Cells[] = [
      { account: 'imp.t1', name: '导入教师一', phone: '13711110001', sex: '男', identity: '教师', department: dept },
      { account: 'imp.t2', name: 'Imported Two', phone: '', sex: 'female', identity: 'supervisor', department: '' },
      { account: 'imp.s3', name: '学生三', phone: '13711110003', sex: '', identity: '5', department: `Demo School/${dept}` },
    ];
    const bad: Cells[] = [
      { account: 'x', name: 'Bad account', identity: '教师' }, // row 5
      { account: 'imp.t1', name: 'Again', identity: '教师' }, // row 6: repeats row 2
      { account: 'imp.t7', name: 'No such dept', identity: '教师', department: 'Nowhere/Else' }, // row 7
      { account: 'imp.t8', name: 'Phone taken', identity: '教师', phone: env.schoolB.users.teacher!.phone }, // row 8
      { account: 'imp.t9', name: '', identity: 'wizard' }, // row 9: two errors
    ];
    const first = await check('user', [...good, ...bad]);
    expect(first.result).toMatchObject({ status: 'done', mode: 'dryRun', counts: { rows: 8, errors: 6 } });
    const en = first.result.errors.list.map((e) => [e.row, e.column, e.reason]);
    expect(en).toEqual([
      [5, 'account', 'must be 2-32 letters, digits, _ . or -'],
      [6, 'account', 'repeats row 2'],
      [7, 'department', 'no "Nowhere/Else" in the organisation tree'],
      [8, 'phone', 'this phone number belongs to another account'],
      [9, 'name', 'is required'],
      [9, 'identity', expect.stringContaining('must be one of:')],
    ]);
    const zh = (await job('user', first.jobId, { lang: 'zh', pageSize: 2, pageNum: 2 })).body.data;
    expect(zh.errors).toMatchObject({ total: 6, pageNum: 2, pageSize: 2 });
    expect(zh.errors.list.map((e) => [e.row, e.columnLabel, e.reason])).toEqual([
      [7, '部门', '组织机构中没有“Nowhere/Else”'],
      [8, '手机号', '该手机号已被其他账号使用'],
    ]);
    const refused = await run('user', first.jobId);
    expect(refused).toMatchObject({ status: 409, body: { errorKey: 'import.dryRunNotClean' } });

    const fixed = await check('user', good);
    expect(fixed.result).toMatchObject({ status: 'done', counts: { rows: 3, errors: 0, created: 3, updated: 0 } });
    const started = await run('user', fixed.jobId);
    expect(started.body.code).toBe(1);
    const done = await settle('user', started.body.data.jobId);
    expect(done).toMatchObject({ status: 'done', mode: 'run', progress: 3, total: 3, counts: { created: 3, errors: 0 } });
    expect(await run('user', fixed.jobId)).toMatchObject({ status: 409, body: { errorKey: 'import.alreadyRun' } });

    // The new people are members with the built-in role of their identity; they must set a password.
    const list = await call<{ list: { account: string; identity: number; roles: { builtin: number | null }[]; mustChangePassword: boolean }[] }>(env.app, { url: '/base/user/v1/list', body: { keyword: 'imp.', pageSize: 10 }, headers: auth(admin) });
    expect(list.body.data.list.map((m) => [m.account, m.identity, m.roles[0]?.builtin, m.mustChangePassword]).sort()).toEqual([
      ['imp.s3', 5, 5, true], ['imp.t1', 4, 4, true], ['imp.t2', 3, 3, true],
    ]);
    const [t1] = await inA((tx) => tx.select({ sex: accounts.sex, unit: schoolMemberships.orgUnitId }).from(schoolMemberships).innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId)).where(eq(accounts.account, 'imp.t1')));
    expect(t1!.sex).toBe('male');
    expect(t1!.unit).not.toBeNull();
    const signIn = await call<{ token: string; mustChangePassword: boolean }>(env.app, { url: '/base/login/v1/do', body: { type: 'password', account: 'imp.t1', password: env.config.defaultResetPassword } });
    expect(signIn.body.code).toBe(1);
  });

  it('people: a row matching an account outside the school invites it and changes nothing of it; the person accepts', async () => {
    const other = env.schoolB.users.admin!; // Second School's administrator: never adopted by Demo School
    const applicant = await platformTx(env.dbh.db, 'seed', async (tx) => {
      const a = await createAccount(tx, { account: 'imp.applicant', name: 'Applicant' });
      await tx.insert(schoolMemberships).values({ schoolId: env.schoolA.schoolId, accountId: a.id, identity: 4, status: 'pending' });
      return a;
    });
    const rows: Cells[] = [
      { account: other.account, name: 'Taken Over', phone: env.schoolA.users.teacher!.phone, sex: 'female', identity: 'teacher', department: 'College of Science' },
      { account: applicant.account, name: 'Applicant', identity: 'teacher' },
    ];
    const first = await check('user', rows, 'en');
    expect(first.result.errors.list.map((e) => [e.row, e.column, e.reason])).toEqual([[3, 'account', 'this person has applied to join this school: review the application instead']]);
    const checked = await check('user', rows.slice(0, 1), 'en');
    expect(checked.result).toMatchObject({ status: 'done', counts: { rows: 1, errors: 0, created: 0, updated: 0, invited: 1 } });
    const done = await settle('user', (await run('user', checked.jobId)).body.data.jobId);
    expect(done).toMatchObject({ status: 'done', counts: { created: 0, updated: 0, invited: 1 } });
    const [acc] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(accounts).where(eq(accounts.id, other.id)));
    expect(acc).toMatchObject({ name: demoName('admin2'), phone: other.phone, sex: 'unknown', mustChangePassword: false });
    const inDemo = await platformTx(env.dbh.db, 'seed', (tx) => tx.select({ status: schoolMemberships.status, identity: schoolMemberships.identity }).from(schoolMemberships).where(and(eq(schoolMemberships.schoolId, env.schoolA.schoolId), eq(schoolMemberships.accountId, other.id))));
    expect(inDemo).toEqual([{ status: 'invited', identity: 4 }]);
    // Not a member until they accept: not in the list, and the reset is refused.
    expect((await call<{ total: number }>(env.app, { url: '/base/user/v1/list', body: { keyword: other.account }, headers: auth(admin) })).body.data.total).toBe(0);
    expect((await call(env.app, { url: '/base/user/v1/reset/pwd', body: { userId: other.id }, headers: auth(admin) })).status).toBe(404);
    const mine = await call<{ code: string }[]>(env.app, { url: '/base/system/school/invitation/v1/mine', headers: auth(admin2) });
    expect(mine.body.data.map((i) => i.code)).toEqual(['DEMO']);
    expect((await call(env.app, { url: '/base/system/school/invitation/v1/accept', body: { schoolId: env.schoolA.schoolId }, headers: auth(admin2) })).body.code).toBe(1);
    const member = await call<{ list: { account: string; identity: number; editableProfile: boolean; orgUnit: { name: string } | null }[] }>(env.app, { url: '/base/user/v1/list', body: { keyword: other.account }, headers: auth(admin) });
    expect(member.body.data.list).toEqual([expect.objectContaining({ account: other.account, identity: 4, editableProfile: false, orgUnit: expect.objectContaining({ name: 'College of Science' }) })]);
    // A member shared with another school (even only by a pending application there) keeps their profile.
    const leader = env.schoolA.users.leader!;
    await platformTx(env.dbh.db, 'seed', (tx) => tx.insert(schoolMemberships).values({ schoolId: env.schoolB.schoolId, accountId: leader.id, identity: 4, status: 'pending' }));
    const shared = await check('user', [{ account: leader.account, name: 'Renamed', phone: leader.phone, identity: 'leader' }], 'en');
    expect(shared.result.errors.list.map((e) => e.reason)).toEqual(['this person also belongs to another school: name, phone and sex cannot change here']);
  });

  it('people: a row that turns bad between the dry run and the import rolls the whole import back', async () => {
    const rows: Cells[] = [
      { account: 'late.a', name: 'Late A', identity: 'teacher' },
      { account: 'late.b', name: 'Late B', phone: '13722220002', identity: 'teacher' },
    ];
    const checked = await check('user', rows, 'en');
    expect(checked.result.counts.errors).toBe(0);
    // Meanwhile someone takes late.b's phone.
    const other = await call(env.app, { url: '/base/system/user/v1/save', body: { account: 'late.other', name: 'Other', phone: '13722220002', identity: 4 }, headers: auth(admin) });
    expect(other.body.code).toBe(1);
    const started = await run('user', checked.jobId);
    const res = await settle('user', started.body.data.jobId);
    expect(res).toMatchObject({ status: 'failed', errorKey: 'import.rowErrors', message: '1 problems found: nothing was imported.', counts: { errors: 1, created: 0 } });
    expect(res.errors.list).toEqual([{ row: 3, column: 'phone', columnLabel: 'Phone', reason: 'this phone number belongs to another account' }]);
    const left = await inA((tx) => tx.select({ id: accounts.id }).from(accounts).where(sql`${accounts.account} in ('late.a', 'late.b')`));
    expect(left).toEqual([]);
  });

  it('people: an import that would leave the school without an administrator changes nothing', async () => {
    const me = env.schoolA.users.admin!;
    const checked = await check('user', [{ account: me.account, name: demoName('admin'), phone: me.phone, identity: 'teacher' }], 'en');
    // The whole job is compared (not only its counts), so a failure shows how the check ended.
    expect(checked.result).toMatchObject({ status: 'done', errorKey: null, counts: { rows: 1, errors: 0, updated: 1 } });
    const res = await settle('user', (await run('user', checked.jobId)).body.data.jobId);
    expect(res).toMatchObject({ status: 'failed', errorKey: 'role.lastAdmin' });
    const [still] = await inA((tx) => tx.select({ identity: schoolMemberships.identity }).from(schoolMemberships).where(eq(schoolMemberships.accountId, me.id)));
    expect(still!.identity).toBe(1);
  });

  it('people: an export has the template\'s columns and imports back as updates', async () => {
    const res = await env.app.inject({ url: '/base/export/v1/user?keyword=imp.', headers: auth(admin, 'zh') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const wb = await readBook(res.rawPayload);
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['*账号', '*姓名', '手机号', '性别', '*身份', '部门']);
    expect(sheet.actualRowCount).toBe(4);
    const up = await upload('user', res.rawPayload);
    const again = await settle('user', up.body.data.jobId);
    expect(again).toMatchObject({ status: 'done', counts: { rows: 3, created: 0, updated: 3, errors: 0 } });
  });

  it('classrooms: checks numbers and addresses, creates buildings, rooms and recorders, and round-trips through the export', async () => {
    const bad = await check('classroom', [
      { building: 'Lab Building', floor: 1, room: 'L101', capacity: 40, seatRows: 8, frontRows: 9 },
      { building: 'Lab Building', floor: 'one', room: 'L102', recorderOnvif: 'ftp://x' },
      { building: 'Lab Building', floor: 1, room: 'l101' },
    ], 'en');
    expect(bad.result).toMatchObject({ status: 'done', errorKey: null }); // a failure shows how the check ended
    expect(bad.result.errors.list.map((e) => [e.row, e.column])).toEqual([[2, 'frontRows'], [3, 'floor'], [3, 'recorderOnvif'], [3, 'recorderName'], [4, 'room']]);
    expect(await run('classroom', bad.jobId)).toMatchObject({ status: 409 });
    const rows: Cells[] = Array.from({ length: 12 }, (_, i) => ({
      building: `Import Hall ${i < 6 ? 'A' : 'B'}`, floor: Math.floor(i / 3) + 1, room: `R${100 + i}`, capacity: 50, seatRows: 10, frontRows: 3,
      ...(i % 2 ? {} : { recorderName: `R${100 + i} recorder`, recorderOnvif: `http://10.9.0.${i + 1}/onvif/device_service` }),
    }));
    const ok = await check('classroom', rows, 'ja');
    expect(ok.result.counts).toMatchObject({ rows: 12, created: 12, errors: 0 });
    const done = await settle('classroom', (await run('classroom', ok.jobId)).body.data.jobId);
    expect(done.status).toBe('done');
    // Neither the refused file nor the imported one is kept in storage.
    const fileOf = async (jobId: string) => ((await inA((tx) => tx.select({ p: jobs.payload }).from(jobs).where(eq(jobs.id, jobId))))[0]!.p as { fileKey: string }).fileKey;
    expect(await env.app.deps.storage.get(await fileOf(bad.jobId))).toBeNull();
    expect(await env.app.deps.storage.get(await fileOf(ok.jobId))).toBeNull();
    const made = await inA((tx) => tx.select({ n: count() }).from(classrooms).innerJoin(buildings, eq(buildings.id, classrooms.buildingId)).where(sql`${buildings.name} like 'Import Hall %'`));
    expect(Number(made[0]!.n)).toBe(12);
    const recs = await inA((tx) => tx.select({ n: count() }).from(recorders).where(sql`${recorders.onvifUrl} like 'http://10.9.0.%'`));
    expect(Number(recs[0]!.n)).toBe(6);
    const exp = await env.app.inject({ url: '/base/export/v1/classroom?keyword=Import%20Hall', headers: auth(admin, 'en') });
    const sheet = (await readBook(exp.rawPayload)).worksheets[0]!;
    expect(sheet.actualRowCount).toBe(13);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['Import Hall A', 1, 'R100', 50, 10, 3, 'R100 recorder', 'http://10.9.0.1/onvif/device_service']);
    const back = await upload('classroom', exp.rawPayload);
    expect(await settle('classroom', back.body.data.jobId)).toMatchObject({ status: 'done', counts: { rows: 12, created: 0, updated: 12, errors: 0 } });
  });

  it('courses: 10,000 timetable rows with bad ones: the dry run lists them (zh and en), the import is refused and changes nothing; fixed, it imports them all', async () => {
    // 50 rooms and 50 teachers of their own, and a semester of 20 weeks.
    const roomRows: Cells[] = Array.from({ length: 50 }, (_, i) => ({ building: 'Timetable Hall', floor: Math.floor(i / 10) + 1, room: `T${i}` }));
    const rc = await check('classroom', roomRows);
    await settle('classroom', (await run('classroom', rc.jobId)).body.data.jobId);
    const people: Cells[] = Array.from({ length: 50 }, (_, i) => ({ account: `tt.teacher${i}`, name: `Teacher ${i}`, identity: 'teacher' }));
    const pc = await check('user', people);
    await settle('user', (await run('user', pc.jobId)).body.data.jobId);
    await inA((tx) => tx.insert(semesters).values({ schoolId: env.schoolA.schoolId, name: '2030 Spring', startDate: '2030-02-25', weekCount: 20 }));

    // Course c meets in room c % 50 (its teacher's room) on weekday (c / 50) % 5 + 1 in double
    // session (c / 250) * 2 + 1, one row per week 1-10: 1,000 courses x 10 weeks, no clashes.
    const rows: Cells[] = [];
    for (let c = 0; c < 1000; c++) {
      for (let w = 1; w <= 10; w++) {
        const from = Math.floor(c / 250) * 2 + 1;
        rows.push({
          semester: '2030 Spring', code: `TT${String(c).padStart(4, '0')}`, name: `Course ${c}`, department: 'College of Science', teacher: `tt.teacher${c % 50}`,
          teachingClass: `Class ${c % 7}`, studentCount: 40, weeks: String(w), weekday: Math.floor(c / 50) % 5 + 1, sessionFrom: from, sessionTo: from + 1,
          building: 'Timetable Hall', room: `T${c % 50}`,
        });
      }
    }
    const broken = rows.map((r) => ({ ...r }));
    broken[9]!.teacher = 'nobody'; // row 11
    broken[100]!.weeks = '25'; // row 102: beyond 20 weeks
    broken[20]!.room = 'T1'; // row 22: course 2 in T1, where course 1 is at that time (row 12)
    broken[777]!.sessionFrom = 5;
    broken[777]!.sessionTo = 3; // row 779
    broken[4321]!.semester = '2099 Autumn'; // row 4323
    broken[9999]!.name = 'Another name'; // row 10001: differs from the course's first row
    const dry = await check('course', broken);
    expect(dry.result).toMatchObject({ status: 'done', counts: { rows: 10_000, errors: 6 } });
    const en = dry.result.errors.list.map((e) => [e.row, e.column, e.reason]);
    expect(en).toEqual([
      [11, 'teacher', 'no member of this school has the account "nobody"'],
      [22, 'room', 'the room is taken in week 1, day 1, sessions 1-2 by row 12'],
      [102, 'weeks', 'week 25 is beyond the semester\'s 20 weeks'],
      [779, 'sessionTo', 'must not be before the first session'],
      [4323, 'semester', 'no semester named "2099 Autumn"'],
      [10001, 'code', 'differs from row 9992 of the same course'],
    ]);
    const zh = (await job('course', dry.jobId, { lang: 'zh', pageSize: 3 })).body.data;
    expect(zh.errors.list.map((e) => [e.row, e.columnLabel, e.reason])).toEqual([
      [11, '教师账号', '本校没有账号为“nobody”的成员'],
      [22, '教室', '第 1 周星期1第 1-2 节该教室已被 第 12 行 占用'],
      [102, '上课周次', '第 25 周超出学期周数 20'],
    ]);
    expect(await run('course', dry.jobId)).toMatchObject({ status: 409, body: { errorKey: 'import.dryRunNotClean' } });
    const none = await inA((tx) => tx.select({ n: count() }).from(courses).where(sql`${courses.code} like 'TT%'`));
    expect(Number(none[0]!.n)).toBe(0);

    const fixed = await check('course', rows);
    expect(fixed.result).toMatchObject({ status: 'done', counts: { rows: 10_000, errors: 0, created: 1000, sessions: 10_000 } });
    const imported = await settle('course', (await run('course', fixed.jobId)).body.data.jobId);
    expect(imported).toMatchObject({ status: 'done', progress: 10_000, total: 10_000, counts: { created: 1000, sessions: 10_000 } });
    const [made] = await inA((tx) => tx.select({ courses: sql<number>`count(distinct ${courses.id})::int`, sessions: count() }).from(courseSessions).innerJoin(courses, eq(courses.id, courseSessions.courseId)).where(sql`${courses.code} like 'TT%'`));
    expect(made).toEqual({ courses: 1000, sessions: 10_000 });
    const [first] = await inA((tx) => tx.select({ date: courseSessions.lessonDate }).from(courseSessions).innerJoin(courses, eq(courses.id, courseSessions.courseId)).where(and(eq(courses.code, 'TT0000'), eq(courseSessions.week, 3))));
    expect(first!.date).toBe('2030-03-11'); // week 3, Monday

    // The export gathers each course's weeks into one row; it imports back as updates.
    const exp = await env.app.inject({ url: '/base/export/v1/course?keyword=TT000', headers: auth(admin, 'en') });
    const sheet = (await readBook(exp.rawPayload)).worksheets[0]!;
    expect(sheet.actualRowCount).toBe(11);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['2030 Spring', 'TT0000', 'Course 0', 'College of Science', 'tt.teacher0', 'Class 0', 40, '1-10', 1, 1, 2, 'Timetable Hall', 'T0']);
    const back = await upload('course', exp.rawPayload);
    expect(await settle('course', back.body.data.jobId)).toMatchObject({ status: 'done', counts: { rows: 10, created: 0, updated: 10, errors: 0 } });
  });

  it('courses: a room taken by the stored timetable is reported against that course', async () => {
    const res = await check('course', [{
      semester: '2030 Spring', code: 'CLASH1', name: 'Clash', teacher: 'teacher', weeks: '1-2', weekday: 1, sessionFrom: 2, sessionTo: 3, building: 'Timetable Hall', room: 'T0',
    }], 'en');
    expect(res.result.errors.list).toEqual([{ row: 2, column: 'room', columnLabel: 'Room', reason: 'the room is taken in week 1, day 1, sessions 2-3 by course TT0000' }]);
  });

  it('another school cannot read or run a school\'s job (404), and a teacher is refused everywhere (403)', async () => {
    const checked = await check('classroom', [{ building: 'Cross Hall', floor: 1, room: 'X1' }]);
    const asB = await job('classroom', checked.jobId, { token: admin2 });
    expect(asB.status).toBe(404);
    const runAsB = await call(env.app, { url: '/base/import/v1/classroom/run', body: { jobId: checked.jobId }, headers: auth(admin2) });
    expect(runAsB.status).toBe(404);
    // The same job asked for under another kind is not found either.
    expect((await job('user', checked.jobId)).status).toBe(404);
    const rooms = await inA((tx) => tx.select().from(classrooms).where(eq(classrooms.name, 'X1')));
    expect(rooms).toEqual([]);
    // B's export holds none of A's rooms.
    const exp = await env.app.inject({ url: '/base/export/v1/classroom?keyword=Import%20Hall', headers: auth(admin2) });
    expect((await readBook(exp.rawPayload)).worksheets[0]!.actualRowCount).toBe(1);

    for (const kind of ['user', 'course', 'classroom'] as const) {
      const urls = [
        { url: `/base/import/v1/${kind}/template` },
        { url: `/base/import/v1/${kind}/job?jobId=${checked.jobId}` },
        { url: `/base/export/v1/${kind}` },
        { url: `/base/import/v1/${kind}/run`, body: { jobId: checked.jobId } },
      ];
      for (const u of urls) expect((await call(env.app, { ...u, headers: auth(teacher) })).status, u.url).toBe(403);
      expect((await upload(kind, await workbook(kind, []), teacher)).status).toBe(403);
    }
  });

  it('classrooms: an import counts against the licence\'s classroom limit, at the check and again at the run', async () => {
    const rooms = async () => Number((await platformTx(env.dbh.db, 'seed', (tx) => tx.select({ n: count() }).from(classrooms)))[0]!.n);
    const activate = async (max: number) => {
      const { deploymentId } = (await call<{ deploymentId: string }>(env.app, { url: '/base/licence/v1/info', headers: auth(admin) })).body.data;
      env.clock.advance(60);
      const payload = licencePayload({ licensee: 'Example University', deploymentId, schools: 10, classrooms: max, issuedAt: env.clock.now, expiresAt: new Date(env.clock.now.getTime() + 365 * 86_400_000) });
      const r = await call(env.app, { url: '/base/licence/v1/activate', body: { code: signLicence(payload, vendor.privateKey) }, headers: auth(admin) });
      expect(r.body.code, r.body.msg).toBe(1);
    };
    const used = await rooms();
    await activate(used + 1);
    const hall = (room: string) => ({ building: 'Limit Hall', floor: 1, room, capacity: 40, seatRows: 8, frontRows: 2 });
    // Two new rooms where one fits: said at the check, in the reader's language, and nothing to run.
    const two = await check('classroom', [hall('LH1'), hall('LH2')]);
    expect(two.result).toMatchObject({ status: 'failed', errorKey: 'licence.classroomLimit', message: `The licence limit is reached: at most ${used + 1} classrooms.` });
    expect((await run('classroom', two.jobId)).status).toBe(409);
    // One fits at the check; a room made meanwhile takes the place, so the run counts again and refuses.
    const one = await check('classroom', [hall('LH1')]);
    expect(one.result).toMatchObject({ status: 'done', counts: { created: 1, errors: 0 } });
    const b = (await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(buildings).where(eq(buildings.schoolId, env.schoolA.schoolId))))[0]!;
    expect((await call(env.app, { url: '/base/classroom/v1/save', body: { buildingId: b.id, floor: 1, name: 'Meanwhile', capacity: 40, seatRows: 8, frontRows: 2 }, headers: auth(admin) })).body.code).toBe(1);
    const ran = await settle('classroom', (await run('classroom', one.jobId)).body.data.jobId);
    expect(ran).toMatchObject({ status: 'failed', errorKey: 'licence.classroomLimit' });
    expect(await rooms()).toBe(used + 1);
    // Changing rooms that exist creates none, so it goes on at the limit.
    const change = await check('classroom', [{ ...hall('Meanwhile'), building: b.name, capacity: 45 }]);
    expect(change.result).toMatchObject({ status: 'done', counts: { created: 0, updated: 1 } });
    expect(await settle('classroom', (await run('classroom', change.jobId)).body.data.jobId)).toMatchObject({ status: 'done' });
    expect((await inA((tx) => tx.select({ capacity: classrooms.capacity }).from(classrooms).where(eq(classrooms.name, 'Meanwhile'))))[0]!.capacity).toBe(45);
    await activate(used + 1000);
  });
});
