import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { TLicenceInfo } from '@hxk/contracts';
import { buildings, classrooms, licences } from '../../db/schema/index.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { addSchool } from '../../cli/add-school.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { rawPublicKey, signLicence } from './licence-code.ts';
import { licencePayload } from './sign-cli.ts';

const DAY = 86_400_000;
const vendor = crypto.generateKeyPairSync('ed25519');
const stranger = crypto.generateKeyPairSync('ed25519');

describe.each(DRIVERS)('licence on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let adminB: string;
  let deploymentId: string;
  beforeAll(async () => {
    env = await createTestEnv(driver, { env: { LICENCE_PUBLIC_KEY: rawPublicKey(vendor.publicKey), LICENCE_NOTICE_EXEMPT_HOSTS: 'Exempt.example.edu, other.example' } });
    admin = await loginAs(env.app, 'admin');
    adminB = await loginAs(env.app, 'admin2');
  });
  afterAll(async () => env?.close());

  const info = (token?: string, host = 'localhost') => call<TLicenceInfo>(env.app, { url: '/base/licence/v1/info', headers: { host, language: 'en' }, ...(token ? { token } : {}) });
  const activate = (code: string, token?: string) => call<TLicenceInfo>(env.app, { url: '/base/licence/v1/activate', body: { code }, headers: { language: 'en' }, ...(token ? { token } : {}) });
  const code = (o: { days: number; schools?: number; classrooms?: number; deploymentId?: string | null; issuedAt?: Date }, key = vendor.privateKey) =>
    signLicence(licencePayload({
      licensee: 'Example University',
      deploymentId: o.deploymentId === undefined ? deploymentId : o.deploymentId,
      schools: o.schools ?? 10,
      classrooms: o.classrooms ?? 500,
      issuedAt: o.issuedAt ?? env.clock.now,
      expiresAt: new Date(env.clock.now.getTime() + o.days * DAY),
    }), key);
  const roomCount = async () => Number((await platformTx(env.dbh.db, 'seed', (tx) => tx.select({ n: count() }).from(classrooms)))[0]!.n);
  const buildingOf = async (schoolId: string) => (await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(buildings).where(eq(buildings.schoolId, schoolId))))[0]!.id;
  const room = (name: string, buildingId: string, id?: string) => ({ ...(id ? { id } : {}), buildingId, floor: 1, name, capacity: 40, seatRows: 8, frontRows: 2 });

  it('a new deployment runs on the demo terms; anyone may read the state, a signed-in person also what is in use; exempt hosts are told so', async () => {
    const anon = await info();
    expect(anon.body.data).toMatchObject({ state: 'demo', readOnly: false, licensee: 'Demo', licenceId: null, expiresAt: null, daysLeft: null, maxSchools: 5, maxClassrooms: 100, maxCameras: null, usage: null, noticeExempt: false });
    deploymentId = anon.body.data.deploymentId;
    expect(deploymentId).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
    expect((await info()).body.data.deploymentId).toBe(deploymentId);
    expect((await info(admin)).body.data.usage).toEqual({ schools: 2, classrooms: await roomCount(), cameras: expect.any(Number) });
    expect((await info(undefined, 'exempt.example.edu:8080')).body.data.noticeExempt).toBe(true);
  });

  it('refuses a code another key signed, one for another deployment, one already over, and a plain string; nothing is stored', async () => {
    expect((await activate(code({ days: 365 }, stranger.privateKey))).body).toMatchObject({ errorKey: 'licence.badSignature' });
    expect((await activate(code({ days: 365, deploymentId: 'FFFF-0000-FFFF-0000' }))).body).toMatchObject({ errorKey: 'licence.otherDeployment', msg: 'This licence code is for another deployment (FFFF-0000-FFFF-0000).' });
    expect((await activate(code({ days: -1 }))).body).toMatchObject({ errorKey: 'licence.alreadyExpired' });
    const plain = await activate('LICENCE-2026-DEMO');
    expect(plain.status).toBe(400);
    expect(plain.body.errorKey).toBe('licence.malformed');
    expect(await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(licences))).toEqual([]);
    expect((await info()).body.data.state).toBe('demo');
  });

  it('activates with a signed code (no sign-in needed), refuses it again and any older one', async () => {
    const first = code({ days: 365, schools: 3, classrooms: 200 });
    const r = await activate(first);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ state: 'active', readOnly: false, licensee: 'Example University', daysLeft: 365, maxSchools: 3, maxClassrooms: 200, usage: null });
    expect((await activate(first)).body).toMatchObject({ errorKey: 'licence.notNewer' });
    expect((await activate(code({ days: 900, issuedAt: new Date(env.clock.now.getTime() - DAY) }))).body).toMatchObject({ errorKey: 'licence.notNewer' });
    // A licence for any deployment is accepted too, when newer.
    env.clock.advance(60);
    expect((await activate(code({ days: 40, deploymentId: null, schools: 3, classrooms: 200 }), admin)).body.data).toMatchObject({ state: 'active', daysLeft: 40 });
  });

  it('limits: no classroom and no school past the licence, in any school; existing ones stay editable', async () => {
    const used = await roomCount();
    env.clock.advance(60);
    await activate(code({ days: 365, schools: 2, classrooms: used }));
    const buildingA = await buildingOf(env.schoolA.schoolId);
    const refused = await call(env.app, { url: '/base/classroom/v1/save', body: room('LIC1', buildingA), token: admin, headers: { language: 'en' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorKey: 'licence.classroomLimit', msg: `The licence limit is reached: at most ${used} classrooms.` });
    expect((await call(env.app, { url: '/base/classroom/v1/save', body: room('LIC1', await buildingOf(env.schoolB.schoolId)), token: adminB })).body.errorKey).toBe('licence.classroomLimit');
    expect(await roomCount()).toBe(used);
    const [existing] = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(classrooms).where(eq(classrooms.schoolId, env.schoolA.schoolId)));
    const edit = await call<{ name: string }>(env.app, { url: '/base/classroom/v1/save', body: room('Renamed', existing!.buildingId, existing!.id), token: admin });
    expect(edit.body.data.name).toBe('Renamed');
    await expect(addSchool(env.dbh, { name: 'Third', code: 'THIRD', domains: [] }, env.config)).rejects.toMatchObject({ key: 'licence.schoolLimit' });
    // A larger licence lifts the limit.
    env.clock.advance(60);
    await activate(code({ days: 365, schools: 3, classrooms: used + 1 }));
    expect((await call(env.app, { url: '/base/classroom/v1/save', body: room('LIC1', buildingA), token: admin })).body.code).toBe(1);
  });

  it('past expiry every school is read-only: writes refused and nothing lost; reading, list queries and signing in work; a newer licence ends it', async () => {
    env.clock.advance(60);
    await activate(code({ days: 2 }));
    expect((await info(admin)).body.data).toMatchObject({ state: 'expiring', daysLeft: 2 });
    env.clock.advance(2 * 86_400 + 1);
    // Signing in still works (the sessions of two days ago have gone idle).
    admin = await loginAs(env.app, 'admin');
    adminB = await loginAs(env.app, 'admin2');
    expect((await info(admin)).body.data).toMatchObject({ state: 'expired', readOnly: true, daysLeft: 0 });

    const before = await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(buildings));
    for (const [token, lang, msg] of [[admin, 'en', 'The licence of this deployment has expired'], [adminB, 'zh', '系统授权已到期']] as const) {
      const write = await call(env.app, { url: '/base/classroom/v1/building/save', body: { name: 'After expiry' }, token, headers: { language: lang } });
      expect(write.status).toBe(403);
      expect(write.body.errorKey).toBe('licence.expired');
      expect(write.body.msg).toContain(msg);
    }
    const [b] = before;
    const rename = await call(env.app, { url: '/base/classroom/v1/building/save', body: { id: b!.id, name: 'Renamed after expiry' }, token: admin });
    expect(rename.body.errorKey).toBe(b!.schoolId === env.schoolA.schoolId ? 'licence.expired' : 'common.notFound');
    expect(await platformTx(env.dbh.db, 'seed', (tx) => tx.select().from(buildings))).toEqual(before);

    // Reading: a GET, and a list sent as POST.
    expect((await call(env.app, { url: '/base/dict/data/v1/classroom/tree?flag=1', token: admin })).body.code).toBe(1);
    const list = await call<{ total: number }>(env.app, { url: '/base/user/v1/list', body: { pageSize: 5 }, token: admin });
    expect(list.body.code).toBe(1);
    expect(list.body.data.total).toBeGreaterThan(0);
    // Activating still works, and ends it.
    env.clock.advance(60);
    expect((await activate(code({ days: 365 }), admin)).body.data).toMatchObject({ state: 'active', readOnly: false });
    expect((await call(env.app, { url: '/base/classroom/v1/building/save', body: { name: 'After extension' }, token: admin })).body.code).toBe(1);
  });
});
