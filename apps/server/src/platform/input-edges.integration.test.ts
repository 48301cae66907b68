import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, DRIVERS, loginAs, type TestEnv } from '../test/harness.ts';

/**
 * Finding 8: a NUL (or another control character) in any text, or an id between 2^63 and 10^19-1,
 * reached PostgreSQL and came back as a 500. Generated from the route table like the permission
 * snapshot: every route gets both, as a signed-in administrator (so the guard lets them through).
 */
type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; pattern?: string; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[] };
type Operation = { requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; parameters?: { in: string; name: string; schema?: JsonSchema }[] };

const NUL_TEXT = 'before\u0000after';
const TOO_BIG_ID = '9223372036854775808'; // 2^63: one above the largest bigint

const variants = (s: JsonSchema | undefined): JsonSchema[] => (s ? [s, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])] : []);
const isString = (s: JsonSchema | undefined) => variants(s).some((v) => v.type === 'string' || (Array.isArray(v.type) && v.type.includes('string')));
const isArray = (s: JsonSchema | undefined) => variants(s).some((v) => v.type === 'array');
const isIdLike = (name: string, s: JsonSchema | undefined) =>
  /(^id$|Id$|^ids$|Ids$)/.test(name) || variants(s).some((v) => v.pattern?.includes('[1-9]') || v.items?.pattern?.includes('[1-9]'));

/** The fields a route takes (body for writes, query for reads), from its OpenAPI description. */
function fieldsOf(op: Operation | undefined, method: string): Record<string, JsonSchema> {
  if (method === 'GET' || method === 'DELETE') {
    return Object.fromEntries((op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]));
  }
  const schema = op?.requestBody?.content?.['application/json']?.schema;
  return Object.assign({}, ...variants(schema).map((v) => v.properties ?? {})) as Record<string, JsonSchema>;
}

describe.each(DRIVERS)('input edges on every route on %s', (driver) => {
  let env: TestEnv;
  let admin: string;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    env = await createTestEnv(driver);
    admin = await loginAs(env.app, 'admin');
    paths = ((await env.app.inject({ url: '/api/docs/json' })).json() as { paths: typeof paths }).paths;
  });
  afterAll(async () => {
    await env?.close();
  });

  /** Sends fields to a route as its client would: query for reads, JSON body for writes. */
  const send = async (method: string, url: string, fields: Record<string, unknown>) => {
    const res = await env.app.inject({
      method: method as 'GET',
      url: method === 'GET' || method === 'DELETE' ? `${url}?${new URLSearchParams(fields as Record<string, string>).toString()}` : url,
      headers: { authorization: `Bearer ${admin}`, language: 'en', ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: JSON.stringify(fields) }),
    });
    // Exports and downloads answer with files: only envelopes are read.
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: (json ? res.json() : {}) as { errorKey?: string; msg?: string; fields?: { path: string; message: string }[] } };
  };

  const routes = () => env.app.routeTable.filter((r) => !r.url.includes('logout'));

  it('answers a NUL in a text field with 400 naming the field, on every route', async () => {
    const failures: string[] = [];
    let named = 0;
    for (const r of routes()) {
      const fields = fieldsOf(paths[r.url]?.[r.method.toLowerCase()], r.method);
      const textField = Object.entries(fields).find(([, s]) => isString(s) && !isArray(s))?.[0] ?? 'text';
      const { status, body } = await send(r.method, r.url, { [textField]: NUL_TEXT });
      if (status === 500) failures.push(`${r.method} ${r.url}: 500`);
      // The guard answers first where the administrator lacks the permission (platform routes).
      if (status === 401 || status === 403) continue;
      if (status !== 400 || body.errorKey !== 'common.validation' || !body.fields?.some((f) => f.path === textField)) {
        failures.push(`${r.method} ${r.url}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
      } else named++;
    }
    expect(failures).toEqual([]);
    expect(named).toBeGreaterThan(200);
  });

  it('answers an id above 2^63-1 with 400, never 500, on every route', async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const r of routes()) {
      const fields = fieldsOf(paths[r.url]?.[r.method.toLowerCase()], r.method);
      const ids = Object.entries(fields).filter(([name, s]) => isIdLike(name, s));
      if (!ids.length) ids.push(['id', {}]);
      const values = Object.fromEntries(ids.map(([name, s]) => [name, isArray(s) && r.method !== 'GET' ? [TOO_BIG_ID] : TOO_BIG_ID]));
      const { status, body } = await send(r.method, r.url, values);
      if (status >= 500) failures.push(`${r.method} ${r.url}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
      if (status === 400) refused++;
      // Every session-changing route is left alone by these values; make sure the session lived.
      if (status === 401) admin = await loginAs(env.app, 'admin');
    }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(100);
  });

  it('answers malformed values in every field with 4xx, never 500 (a rule must not throw on them)', async () => {
    const failures: string[] = [];
    for (const r of routes()) {
      const fields = fieldsOf(paths[r.url]?.[r.method.toLowerCase()], r.method);
      const junk = 'not-a-date-or-id-zzzzzzzzzz';
      const values = Object.fromEntries(Object.entries(fields).map(([name, s]) => [name, isArray(s) && r.method !== 'GET' ? [junk] : junk]));
      const { status, body } = await send(r.method, r.url, values);
      if (status >= 500) failures.push(`${r.method} ${r.url}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
      if (status === 401) admin = await loginAs(env.app, 'admin');
    }
    expect(failures).toEqual([]);
  });

  it('names the field in the reader language for representative routes', async () => {
    const id = await send('GET', '/base/application/v1/getInfoById', { id: TOO_BIG_ID });
    expect(id.status).toBe(400);
    expect(id.body).toMatchObject({ errorKey: 'common.validation', fields: [{ path: 'id', message: 'id is not a valid id' }] });
    // The largest bigint itself is a valid id, merely not found.
    const max = await send('GET', '/base/application/v1/getInfoById', { id: '9223372036854775807' });
    expect(max.status).toBe(404);

    const nul = await send('POST', '/base/application/v1/saveOrUpdate', { category: 'A', name: `x${NUL_TEXT}`, webPath: '/x' });
    expect(nul.status).toBe(400);
    expect(nul.body.fields).toEqual([{ path: 'name', message: 'Name must not contain control characters (such as NUL)' }]);
    expect(nul.body.msg).toBe('Invalid input: Name must not contain control characters (such as NUL)');
    const zh = await env.app.inject({
      method: 'POST',
      url: '/base/application/v1/saveOrUpdate',
      headers: { authorization: `Bearer ${admin}`, language: 'zh', 'content-type': 'application/json' },
      payload: JSON.stringify({ category: 'A\u0007', name: 'ok', webPath: '/x' }),
    });
    expect(zh.json()).toMatchObject({ errorKey: 'common.validation', msg: '输入有误：category：不能包含控制字符（如 NUL）' });

    // Nested fields, keys and query strings are checked alike; tab, newline and carriage return pass.
    const nested = await send('POST', '/base/application/v1/saveOrUpdate', { category: 'A', name: 'ok', webPath: '/x', extra: { list: ['fine', 'bad\u001b'] } });
    expect(nested.body.fields).toEqual([{ path: 'extra.list.1', message: 'extra.list.1 must not contain control characters (such as NUL)' }]);
    const key = await send('POST', '/base/application/v1/saveOrUpdate', { category: 'A', name: 'ok', webPath: '/x', ['k\u0000']: 1 });
    expect(key.status).toBe(400);
    const query = await send('GET', '/base/application/v1/list', { queryName: 'a\u0000' });
    expect(query.body.fields).toEqual([{ path: 'queryName', message: 'queryName must not contain control characters (such as NUL)' }]);
    const fine = await send('POST', '/base/application/v1/saveOrUpdate', { category: 'Tabs\tand', name: 'lines', webPath: '/x' });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
  });

  it('refuses a NUL in a multipart field, and drops control characters from a file name, without a 500', async () => {
    const boundary = '----hxk-edges';
    const part = (name: string, value: string, filename?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n${filename === undefined ? '' : 'Content-Type: image/png\r\n'}\r\n${value}\r\n`;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f20000000049454e44ae426082', 'hex');
    for (const [fields, filename, expected] of [
      [part('context', `appeal:1${NUL_TEXT}`), 'a.png', 400],
      // A file name is the sender's file system's: cleaned (cleanFileName), not refused.
      ['', `a\u0000.png`, 200],
    ] as const) {
      const payload = Buffer.concat([
        Buffer.from(fields),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await env.app.inject({
        method: 'POST',
        url: '/base/tool/file/v1/simple/upload',
        headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}`, language: 'en' },
        payload,
      });
      expect(res.statusCode, res.body).toBe(expected);
      if (expected === 200) expect(res.json()).toMatchObject({ data: { name: 'a.png' } });
    }
  });
});
