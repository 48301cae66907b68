/**
 * The school's own transcription service (issue 15): set, kept sealed, never returned, tested against
 * the local double of the OpenAI protocol, used by the school's analyses instead of the
 * deployment's, and kept apart between schools.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTranscriptionSettings, TTranscriptionTestResult } from '@hxk/contracts';
import { schoolSettings } from '../../db/schema/index.ts';
import { schoolTx } from '../../platform/tenancy.ts';
import { call, createTestEnv, DRIVERS, loginAs, type TestEnv } from '../../test/harness.ts';
import { startTranscriptionDouble } from '../../test/transcription-double.ts';
import { schoolTranscriber, silentWav } from './transcription-settings.ts';

const P = '/app/ddxk/ai/v1/transcription';
const KEY = 'sk-school-own-key-123';

describe.each(DRIVERS)('school transcription settings on %s', (driver) => {
  const double = startTranscriptionDouble({ apiKey: KEY, model: 'whisper-large' });
  let env: TestEnv;
  let admin: string;
  let admin2: string;
  let teacher: string;
  let baseUrl: string;
  const en = { language: 'en' };

  beforeAll(async () => {
    baseUrl = await double.listen();
    // The loopback double is a private address: the operator allows it, as for any private host.
    env = await createTestEnv(driver, { env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
    [admin, admin2, teacher] = await Promise.all([loginAs(env.app, 'admin'), loginAs(env.app, 'admin2'), loginAs(env.app, 'teacher')]);
  });
  afterAll(async () => {
    await env?.close();
    await double.close();
  });

  const get = (token: string) => call<TTranscriptionSettings>(env.app, { url: P, token, headers: en });
  const save = (token: string, body: unknown) => call<TTranscriptionSettings>(env.app, { url: `${P}/save`, token, body, headers: en });

  it('starts with none, refuses an incomplete service with the reason, and a teacher', async () => {
    expect((await get(admin)).body.data).toEqual({ baseUrl: null, model: null, apiKeySet: false, inUse: 'none', deploymentConfigured: false });
    const partial = await save(admin, { baseUrl, model: 'whisper-large', apiKey: null });
    expect(partial.status).toBe(400);
    expect(partial.body.errorKey).toBe('transcription.incomplete');
    expect(partial.body.msg).toContain('address, model and API key together');
    expect((await save(admin, { baseUrl: 'ftp://x', model: 'm', apiKey: 'k' })).status).toBe(400);
    expect((await get(teacher)).status).toBe(403);
    expect((await save(teacher, { baseUrl, model: 'whisper-large', apiKey: KEY })).status).toBe(403);
    expect((await get(admin)).body.data.apiKeySet).toBe(false);
  });

  it('keeps the key sealed and never returns it; tests and uses the school\'s service', async () => {
    const saved = await save(admin, { baseUrl, model: 'whisper-large', apiKey: KEY });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ baseUrl, model: 'whisper-large', apiKeySet: true, inUse: 'school', deploymentConfigured: false });
    expect(JSON.stringify(saved.body)).not.toContain(KEY);
    const [row] = await schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => tx.select().from(schoolSettings));
    expect(row!.transcriptionApiKey).toMatch(/^sealed:v1:/);
    expect(row!.transcriptionApiKey).not.toContain(KEY);

    double.reset();
    double.state.segments = [];
    const tested = await call<TTranscriptionTestResult>(env.app, { url: `${P}/test`, token: admin, body: {}, headers: en });
    expect(tested.status).toBe(200);
    expect(tested.body.data).toMatchObject({ service: 'school', segments: 0, language: 'chinese' });
    expect(double.state.requests).toHaveLength(1);
    expect(double.state.requests[0]!.authorization).toBe(`Bearer ${KEY}`);
    expect(double.state.requests[0]!.file!.bytes.equals(silentWav())).toBe(true);

    // The analysis job's transcriber is the school's.
    const t = await schoolTx(env.dbh.db, env.schoolA.schoolId, (tx) => schoolTranscriber(env.app.deps, tx));
    expect(t.configured).toBe(true);
    double.state.segments = [{ start: 0, end: 1, text: ' 同学们好' }];
    expect((await t.transcribe({ data: silentWav(), filename: 'a.wav', contentType: 'audio/wav' })).segments).toEqual([{ start: 0, end: 1, text: '同学们好' }]);
  });

  it('keeps the key for the same address only, says when the service refuses it, and goes back to none', async () => {
    // Model changed, key kept (absent).
    expect((await save(admin, { baseUrl, model: 'whisper-large' })).body.data.apiKeySet).toBe(true);
    // Another address without the key again: the key is not sent elsewhere.
    const moved = await save(admin, { baseUrl: 'https://stt.example.com', model: 'whisper-large' });
    expect(moved.body.errorKey).toBe('transcription.incomplete');
    expect((await get(admin)).body.data.baseUrl).toBe(baseUrl);

    await save(admin, { baseUrl, model: 'whisper-large', apiKey: 'sk-wrong' });
    const refused = await call(env.app, { url: `${P}/test`, token: admin, body: {}, headers: en });
    expect(refused.status).toBe(502);
    expect(refused.body.errorKey).toBe('transcription.auth');

    const cleared = await save(admin, { baseUrl: null, model: null, apiKey: null });
    expect(cleared.body.data).toEqual({ baseUrl: null, model: null, apiKeySet: false, inUse: 'none', deploymentConfigured: false });
    const none = await call(env.app, { url: `${P}/test`, token: admin, body: {}, headers: en });
    expect(none.body.errorKey).toBe('transcription.notConfigured');
  });

  it('keeps each school\'s service apart', async () => {
    await save(admin, { baseUrl, model: 'whisper-large', apiKey: KEY });
    expect((await get(admin2)).body.data).toMatchObject({ baseUrl: null, apiKeySet: false, inUse: 'none' });
    const t = await schoolTx(env.dbh.db, env.schoolB.schoolId, (tx) => schoolTranscriber(env.app.deps, tx));
    expect(t.configured).toBe(false);
    await save(admin2, { baseUrl: 'https://stt.example.org', model: 'm2', apiKey: 'sk-b' });
    expect((await get(admin)).body.data).toMatchObject({ baseUrl, model: 'whisper-large', apiKeySet: true });
  });
});

describe('school transcription settings beside the deployment\'s', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('pglite', { env: { TRANSCRIPTION_BASE_URL: 'https://api.openai.com', TRANSCRIPTION_API_KEY: 'sk-deploy' } });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('uses the deployment\'s service while the school has none of its own', async () => {
    const admin = await loginAs(env.app, 'admin');
    const r = await call<TTranscriptionSettings>(env.app, { url: P, token: admin });
    expect(r.body.data).toMatchObject({ inUse: 'deployment', deploymentConfigured: true, apiKeySet: false });
    expect(JSON.stringify(r.body)).not.toContain('sk-deploy');
  });
});
