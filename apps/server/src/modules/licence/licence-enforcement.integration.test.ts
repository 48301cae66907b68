import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { LICENCE_FEATURES, type TLicenceFeature, type TLicenceInfo } from '@hxk/contracts';
import { buildApp } from '../../app.ts';
import { accounts, buildings, cameras, classrooms } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { rawPublicKey, signLicence } from './licence-code.ts';
import { licencePayload } from './sign-cli.ts';

const DAY = 86_400_000;
const vendor = crypto.generateKeyPairSync('ed25519');
type Menu = { key: string; children: Menu[] };
const keysOf = (tree: Menu[]): string[] => tree.flatMap((n) => [n.key, ...keysOf(n.children)]);

/** Features (decision 0027), the camera limit, creations racing at a limit, two server nodes, and read-only past expiry. */
describe.each(DRIVERS)('licence enforcement on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let teacher: string;
  beforeAll(async () => {
    env = await createTestEnv(driver, { env: { LICENCE_PUBLIC_KEY: rawPublicKey(vendor.publicKey) } });
    admin = await loginAs(env.app, 'admin');
    teacher = await loginAs(env.app, 'teacher');
  });
  afterAll(async () => env?.close());

  let deploymentId: string | undefined;
  const activate = async (o: { days?: number; classrooms?: number; cameras?: number; features?: TLicenceFeature[] }) => {
    deploymentId ??= (await call<TLicenceInfo>(env.app, { url: '/base/licence/v1/info' })).body.data.deploymentId;
    env.clock.advance(60);
    const payload = licencePayload({
      licensee: 'Example University', deploymentId, schools: 10, classrooms: o.classrooms ?? 500, cameras: o.cameras, features: o.features,
      issuedAt: env.clock.now, expiresAt: new Date(env.clock.now.getTime() + (o.days ?? 365) * DAY),
    });
    const code = signLicence(payload, vendor.privateKey);
    const r = await call<TLicenceInfo>(env.app, { url: '/base/licence/v1/activate', body: { code } });
    expect(r.body.code, r.body.msg).toBe(1);
    return r.body.data;
  };
  const count_ = async (table: typeof classrooms | typeof cameras) => Number((await platformTx(env.dbh.db, 'seed', (tx) => tx.select({ n: count() }).from(table)))[0]!.n);
  const buildingA = async () => (await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(buildings).where(eq(buildings.schoolId, env.schoolA.schoolId))))[0]!.id;
  const room = (name: string, buildingId: string) => ({ buildingId, floor: 2, name, capacity: 40, seatRows: 8, frontRows: 2 });
  const camera = (name: string, classroomId: string, id?: string) => ({ ...(id ? { id } : {}), classroomId, name, frame: 'composite' });
  const menus = async (token: string) => keysOf((await call<Menu[]>(env.app, { url: '/app/ddxk/role/v1/getRoleMenuByUserId', token })).body.data);
  const permissions = async (token: string) => (await call<{ permissions: string[] }>(env.app, { url: '/base/user/v1/info', token })).body.data.permissions;
  const LESSON_PLANS = '/app/ddxk/lessonPlan/v1/collection/list';
  const STATISTICS = '/app/ddxk/statistics/v1/three-rate';

  it('the routes each feature switches, as reviewed (a diff is a licence change to review)', () => {
    if (driver !== 'pglite') return;
    expect([...env.app.licensedRoutes].sort()).toMatchSnapshot();
  });

  it('the demo terms switch every feature on', async () => {
    const info = (await call<TLicenceInfo>(env.app, { url: '/base/licence/v1/info' })).body.data;
    expect(info.state).toBe('demo');
    expect(info.features).toEqual([...LICENCE_FEATURES]);
    expect(await menus(admin)).toEqual(expect.arrayContaining(['lessonPlans', 'lessonPlanManagement', 'statistics', 'threeRateStatistics', 'patrol', 'SCADA', 'aiWarningSettings']));
    expect((await call(env.app, { url: LESSON_PLANS, token: admin })).status).not.toBe(403);
  });

  it('a feature the licence leaves off: its routes refused with a localized 403, its menu nodes and keys gone; the rest works', async () => {
    await activate({ features: ['live', 'ai', 'assistant', 'sso'] });
    for (const [url, lang, msg] of [
      [LESSON_PLANS, 'en', 'The licence of this deployment does not include this feature (Lesson plans). Ask an administrator.'],
      [STATISTICS, 'zh', '当前授权不包含此功能（统计分析），请联系管理员'],
      [STATISTICS, 'ja', 'このシステムのライセンスにはこの機能（統計）が含まれていません。管理者に連絡してください。'],
    ] as const) {
      const r = await call(env.app, { url, token: admin, headers: { language: lang } });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ errorKey: 'licence.featureOff', msg });
    }
    // A module route with the lowest permission ('member') is refused as well: the module is off.
    expect((await call(env.app, { url: '/app/ddxk/lessonPlan/v1/class', token: teacher })).body.errorKey).toBe('licence.featureOff');
    const adminMenus = await menus(admin);
    expect(adminMenus).not.toEqual(expect.arrayContaining(['lessonPlans']));
    for (const key of ['lessonPlans', 'lessonPlanManagement', 'lessonPlanStatistics', 'statistics', 'threeRateStatistics', 'sensitiveTopic', 'dataAnalysisReport']) {
      expect(adminMenus).not.toContain(key);
      expect(await permissions(admin)).not.toContain(key);
    }
    expect(await menus(teacher)).not.toContain('lessonPlan');
    // Features still on, and the core, keep working.
    expect(adminMenus).toEqual(expect.arrayContaining(['patrol', 'SCADA', 'aiWarningSettings', 'userManagement', 'evaluation']));
    expect((await call(env.app, { url: '/base/dict/data/v1/classroom/tree?flag=1', token: admin })).body.code).toBe(1);
    expect((await call(env.app, { url: '/base/user/v1/list', body: { pageSize: 5 }, token: admin })).body.code).toBe(1);

    // The AI settings screen holds the analysis and the assistant: it stays while either is on.
    await activate({ features: ['assistant'] });
    expect(await menus(admin)).toContain('aiWarningSettings');
    expect((await call(env.app, { url: '/app/patrol/v1/records/supervisors', token: admin })).body.errorKey).toBe('licence.featureOff');
    await activate({ features: ['statistics'] });
    const left = await menus(admin);
    expect(left).not.toContain('aiWarningSettings');
    expect(left).not.toContain('patrol');
    // The data board is a statistics screen of the AI: off with the AI.
    expect(left).toContain('threeRateStatistics');
    expect(left).not.toContain('dataAnalysisReport');

    // Without 'sso' the school's sign-in settings are read, not changed; the SCIM sync beside them is core.
    const SSO = '/base/system/sso/v1/settings';
    expect((await call<{ signInLicensed: boolean }>(env.app, { url: SSO, token: admin })).body.data.signInLicensed).toBe(false);
    const refused = await call(env.app, { url: SSO, body: { protocol: 'cas', casServerUrl: 'https://cas.example.edu/cas' }, token: admin, headers: { language: 'en' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorKey: 'licence.featureOff', msg: 'The licence of this deployment does not include this feature (Single sign-on). Ask an administrator.' });
    const scim = await call<{ scimUrl: string; protocol: string | null }>(env.app, { url: SSO, body: { scimUrl: 'https://idm.example.edu/scim/v2', scimToken: 't' }, token: admin });
    expect(scim.body.data).toMatchObject({ scimUrl: 'https://idm.example.edu/scim/v2', protocol: null, signInLicensed: false });
    await activate({});
    expect((await call<{ signInLicensed: boolean }>(env.app, { url: SSO, token: admin })).body.data.signInLicensed).toBe(true);
    expect(await menus(admin)).toEqual(expect.arrayContaining(['lessonPlans', 'patrol', 'aiWarningSettings', 'dataAnalysisReport']));
  });

  it('cameras: limited apart from classrooms when the licence says so (409, localized); editing goes on', async () => {
    const [seeded] = env.schoolA.directory.classrooms;
    const used = await count_(cameras);
    await activate({ cameras: used });
    const refused = await call(env.app, { url: '/base/camera/v1/save', body: camera('Extra', seeded!.id), token: admin, headers: { language: 'en' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorKey: 'licence.cameraLimit', msg: `The licence limit is reached: at most ${used} cameras.` });
    const zh = await call(env.app, { url: '/base/camera/v1/save', body: camera('Extra', seeded!.id), token: admin, headers: { language: 'zh' } });
    expect(zh.body.msg).toBe(`已达到授权上限：最多 ${used} 路摄像头`);
    expect(await count_(cameras)).toBe(used);
    const edit = await call<{ name: string }>(env.app, { url: '/base/camera/v1/save', body: camera('Renamed camera', seeded!.id, seeded!.cameraIds[0]), token: admin });
    expect(edit.body.data.name).toBe('Renamed camera');
    // Classrooms are not held by the camera limit.
    expect((await call(env.app, { url: '/base/classroom/v1/save', body: room('CAMLIM', await buildingA()), token: admin })).body.code).toBe(1);
    // A licence without a camera limit counts classrooms only.
    expect((await activate({})).maxCameras).toBeNull();
    expect((await call(env.app, { url: '/base/camera/v1/save', body: camera('Extra', seeded!.id), token: admin })).body.code).toBe(1);
  });

  it('creations at the same moment never go past a limit', async () => {
    const usedRooms = await count_(classrooms);
    await activate({ classrooms: usedRooms + 2 });
    const b = await buildingA();
    const rooms = await Promise.all(Array.from({ length: 6 }, (_, i) => call(env.app, { url: '/base/classroom/v1/save', body: room(`RACE${i}`, b), token: admin })));
    expect(rooms.filter((r) => r.body.code === 1)).toHaveLength(2);
    expect(rooms.filter((r) => r.body.errorKey === 'licence.classroomLimit')).toHaveLength(4);
    expect(await count_(classrooms)).toBe(usedRooms + 2);

    const usedCams = await count_(cameras);
    await activate({ cameras: usedCams + 1 });
    const [seeded] = env.schoolA.directory.classrooms;
    const cams = await Promise.all(Array.from({ length: 5 }, (_, i) => call(env.app, { url: '/base/camera/v1/save', body: camera(`Race ${i}`, seeded!.id), token: admin })));
    expect(cams.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(await count_(cameras)).toBe(usedCams + 1);
  });

  it('another server node on the same database follows an activation within 10 s', async () => {
    const other = await buildApp({ config: { ...env.config }, dbh: env.dbh, logger: false, now: () => env.clock.now });
    await other.ready();
    try {
      const otherAdmin = await loginAs(other, 'admin');
      expect((await call(other, { url: LESSON_PLANS, token: otherAdmin })).body.errorKey).not.toBe('licence.featureOff');
      // This node takes the activation and follows it at once; the other within its 10 s.
      await activate({ features: ['live'] });
      expect((await call(env.app, { url: LESSON_PLANS, token: admin })).body.errorKey).toBe('licence.featureOff');
      env.clock.advance(10);
      expect((await call(other, { url: LESSON_PLANS, token: otherAdmin })).body.errorKey).toBe('licence.featureOff');
      const otherMenus = keysOf((await call<Menu[]>(other, { url: '/app/ddxk/role/v1/getRoleMenuByUserId', token: otherAdmin })).body.data);
      expect(otherMenus).not.toContain('lessonPlans');
      await activate({});
      env.clock.advance(10);
      expect((await call(other, { url: LESSON_PLANS, token: otherAdmin })).body.errorKey).not.toBe('licence.featureOff');
    } finally {
      await other.close();
    }
  });

  it("past expiry an administrator's changes to a person's account are refused too; one's own account and activation go on", async () => {
    await activate({ days: 1 });
    env.clock.advance(DAY / 1000 + 1);
    admin = await loginAs(env.app, 'admin');
    teacher = await loginAs(env.app, 'teacher');
    const teacherId = env.schoolA.users.teacher!.id;
    const before = (await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(accounts).where(eq(accounts.id, teacherId))))[0]!;
    for (const [url, body] of [
      ['/base/user/v1/reset/pwd', { userId: teacherId }],
      ['/base/system/user/v1/status', { userId: teacherId, enabled: false }],
    ] as const) {
      const r = await call(env.app, { url, body, token: admin, headers: { language: 'en' } });
      expect(r.status, url).toBe(403);
      expect(r.body).toMatchObject({ errorKey: 'licence.expired' });
    }
    expect((await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(accounts).where(eq(accounts.id, teacherId))))[0]).toEqual(before);
    // The teacher still signs in with the old password and changes their own.
    const own = await call(env.app, { url: '/base/user/v1/update/pwd', body: { oldPassword: 'Demo@2026', newPassword: 'Demo@2027x', confirmPassword: 'Demo@2027x' }, token: await loginAs(env.app, 'teacher') });
    expect(own.body.code, own.body.msg).toBe(1);
    // Reading goes on.
    expect((await call(env.app, { url: '/base/user/v1/list', body: { pageSize: 5 }, token: admin })).body.code).toBe(1);
    // A newer licence ends it: the reset works again.
    await activate({});
    expect((await call(env.app, { url: '/base/user/v1/reset/pwd', body: { userId: teacherId }, token: admin })).body.code).toBe(1);
  });
});
